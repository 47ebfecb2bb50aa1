// Swift models (Codable over a JSON value tree) of the stored history: a struct per model, the part
// union as an enum with associated values chosen by `type`, OptionalField keeping null apart.
import { bannerText } from "../generated-file.js";
import { type FieldType, type HistoryModel, type RecordModel, fallbackCaseName, knownJsonNames, variantTag } from "./history-model.js";
import { camelCase, stringLiteral } from "./identifiers.js";
import { type LanguageGenerator, commentLines, renderLanguageTemplate } from "./language-support.js";
import { unreachable } from "../../parts/part-kinds.js";

const GENERATOR = "src/codegen/languages/swift.ts";
const HELPERS = "PartwiseJSON";

function swiftDoc(text: string, indent: string): string {
  return commentLines(text, `${indent}/// `);
}

function swiftType(type: FieldType): string {
  switch (type.kind) {
    case "string":
    case "literal":
      return "String";
    case "boolean":
      return "Bool";
    case "enum":
    case "record":
    case "union":
      return type.name;
    case "array":
      return `[${swiftType(type.items)}]`;
    case "string-map":
      return "[String: String]";
    case "json-object":
      return "[String: JSONValue]";
    default:
      return unreachable(type, "field type");
  }
}

function literalValue(value: string | number): string {
  return typeof value === "string" ? `.string(${stringLiteral(value)})` : `.number(${value})`;
}

/** The expected value as the error names it, inside a Swift string literal. */
function literalText(value: string | number): string {
  return typeof value === "string" ? `\\"${value}\\"` : String(value);
}

function reader(type: FieldType): string {
  switch (type.kind) {
    case "string":
      return `${HELPERS}.readString`;
    case "boolean":
      return `${HELPERS}.readBoolean`;
    case "literal":
      return `${HELPERS}.literal(${literalValue(type.value)}, "${literalText(type.value)}")`;
    case "enum":
    case "record":
    case "union":
      return `${type.name}.init(json:pointer:)`;
    case "array":
      return `${HELPERS}.list(${reader(type.items)})`;
    case "string-map":
      return `${HELPERS}.readStringMap`;
    case "json-object":
      return `${HELPERS}.readObject`;
    default:
      return unreachable(type, "field type");
  }
}

/** An expression writing `value` (of the type) as a JSONValue. */
function written(type: FieldType, value: string): string {
  switch (type.kind) {
    case "string":
    case "literal":
      return `.string(${value})`;
    case "boolean":
      return `.bool(${value})`;
    case "enum":
    case "record":
    case "union":
      return `${value}.toJSON()`;
    case "array":
      return `.array(${value}.map { ${written(type.items, "$0")} })`;
    case "string-map":
      return `.object(${value}.mapValues { .string($0) })`;
    case "json-object":
      return `.object(${value})`;
    default:
      return unreachable(type, "field type");
  }
}

function recordView(record: RecordModel, model: HistoryModel) {
  const tag = variantTag(model.union, record.name);
  const discriminator = stringLiteral(model.union.discriminator);
  const checks: string[] = [];
  const reads: string[] = [];
  const writes: string[] = [];
  if (tag !== undefined) {
    checks.push(`try ${HELPERS}.required(members, ${discriminator}, pointer, ${HELPERS}.literal(.string(Self.type), "${literalText(tag)}"))`);
    writes.push(`json[${discriminator}] = .string(Self.type)`);
  }
  const params = [];
  for (const field of record.fields) {
    const key = stringLiteral(field.jsonName);
    const name = camelCase(field.jsonName);
    if (field.type.kind === "literal") {
      checks.push(`try ${HELPERS}.required(members, ${key}, pointer, ${reader(field.type)})`);
      writes.push(`json[${key}] = ${literalValue(field.type.value)}`);
      continue;
    }
    params.push({
      doc: swiftDoc(field.description, "    "),
      swiftName: name,
      swiftType: field.required ? swiftType(field.type) : `OptionalField<${swiftType(field.type)}>`,
      default: field.required ? "" : " = .absent",
    });
    if (field.required) {
      reads.push(`${name} = try ${HELPERS}.required(members, ${key}, pointer, ${reader(field.type)})`);
      writes.push(`json[${key}] = ${written(field.type, name)}`);
    } else {
      reads.push(`${name} = try ${HELPERS}.optional(members, ${key}, pointer, nullable: ${field.nullable}, ${reader(field.type)})`);
      writes.push(`${HELPERS}.putOptional(&json, ${key}, ${name}) { ${written(field.type, "$0")} }`);
    }
  }
  return {
    name: record.name,
    doc: swiftDoc(record.description, ""),
    tag: tag === undefined ? "" : stringLiteral(tag),
    params,
    checks,
    reads,
    writes,
    knownKeys: knownJsonNames(model.union, record).map(stringLiteral).join(", "),
  };
}

export const generateSwift: LanguageGenerator = async (model) => {
  const fallbackCase = camelCase(fallbackCaseName(model.union));
  const content = await renderLanguageTemplate("swift", "partwise-models.swift.tmpl", {
    banner: bannerText(GENERATOR),
    formatVersion: model.formatVersion,
    root: model.root,
    enums: model.enums.map((entry) => ({
      name: entry.name,
      doc: swiftDoc(entry.description, ""),
      members: entry.values.map((value) => ({ constant: camelCase(value), literal: stringLiteral(value) })),
      allowed: entry.values.map((value) => `\\"${value}\\"`).join(", "),
    })),
    union: model.union.name,
    unionDoc: swiftDoc(model.union.description, ""),
    discriminator: model.union.discriminator,
    fallbackCase,
    variants: model.union.variants.map((variant) => ({ tag: stringLiteral(variant.tag), caseName: camelCase(variant.tag), record: variant.record })),
    records: model.records.map((record) => recordView(record, model)),
  });
  return [{ path: "PartwiseModels.swift", content }];
};
