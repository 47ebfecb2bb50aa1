// Kotlin models (kotlinx.serialization JSON tree) of the stored history: a data class per model, the
// part union as a sealed interface read by a serializer switching on `type`, OptionalField for null.
import { bannerText } from "../generated-file.js";
import { type FieldType, type HistoryModel, type RecordModel, knownJsonNames, variantTag } from "./history-model.js";
import { camelCase, stringLiteral, upperSnakeCase } from "./identifiers.js";
import { type LanguageGenerator, commentLines, renderLanguageTemplate } from "./language-support.js";
import { unreachable } from "../../parts/part-kinds.js";

const GENERATOR = "src/codegen/languages/kotlin.ts";
const PACKAGE = "partwise.models";
const HELPERS = "PartwiseJson";

function kdoc(text: string, indent: string): string {
  const body = text.replace(/\*\//g, "*&#47;");
  return body.includes("\n") ? `${indent}/**\n${commentLines(body, `${indent} * `)}\n${indent} */` : `${indent}/** ${body} */`;
}

function ktType(type: FieldType): string {
  switch (type.kind) {
    case "string":
    case "literal":
      return "String";
    case "boolean":
      return "Boolean";
    case "enum":
    case "record":
    case "union":
      return type.name;
    case "array":
      return `List<${ktType(type.items)}>`;
    case "string-map":
      return "Map<String, String>";
    case "json-object":
      return "Map<String, JsonElement>";
    default:
      return unreachable(type, "field type");
  }
}

function literalPrimitive(value: string | number): string {
  return `JsonPrimitive(${typeof value === "string" ? stringLiteral(value) : value})`;
}

function reader(type: FieldType): string {
  switch (type.kind) {
    case "string":
      return `${HELPERS}::readString`;
    case "boolean":
      return `${HELPERS}::readBoolean`;
    case "literal":
      return `${HELPERS}.literal(${literalPrimitive(type.value)})`;
    case "enum":
    case "record":
    case "union":
      return `${type.name}.Companion::fromJson`;
    case "array":
      return `${HELPERS}.list(${reader(type.items)})`;
    case "string-map":
      return `${HELPERS}::readStringMap`;
    case "json-object":
      return `${HELPERS}::readJsonObject`;
    default:
      return unreachable(type, "field type");
  }
}

/** An expression writing `value` (of the type) as a JsonElement. */
function written(type: FieldType, value: string): string {
  switch (type.kind) {
    case "string":
    case "literal":
    case "boolean":
      return `JsonPrimitive(${value})`;
    case "enum":
    case "record":
    case "union":
      return `${value}.toJson()`;
    case "array":
      return `JsonArray(${value}.map { ${written(type.items, "it")} })`;
    case "string-map":
      return `JsonObject(${value}.mapValues { JsonPrimitive(it.value) })`;
    case "json-object":
      return `JsonObject(${value})`;
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
    checks.push(`${HELPERS}.required(json, ${discriminator}, pointer, ${HELPERS}.literal(JsonPrimitive(TYPE)))`);
    writes.push(`json[${discriminator}] = JsonPrimitive(TYPE)`);
  }
  const params = [];
  for (const field of record.fields) {
    const key = stringLiteral(field.jsonName);
    const name = camelCase(field.jsonName);
    if (field.type.kind === "literal") {
      checks.push(`${HELPERS}.required(json, ${key}, pointer, ${reader(field.type)})`);
      writes.push(`json[${key}] = ${literalPrimitive(field.type.value)}`);
      continue;
    }
    params.push({
      doc: kdoc(field.description, "    "),
      ktName: name,
      ktType: field.required ? ktType(field.type) : `OptionalField<${ktType(field.type)}>`,
      default: field.required ? "" : " = OptionalField.Absent",
    });
    if (field.required) {
      reads.push(`${name} = ${HELPERS}.required(json, ${key}, pointer, ${reader(field.type)})`);
      writes.push(`json[${key}] = ${written(field.type, name)}`);
    } else {
      reads.push(`${name} = ${HELPERS}.optional(json, ${key}, pointer, ${field.nullable}, ${reader(field.type)})`);
      writes.push(`${HELPERS}.putOptional(json, ${key}, ${name}) { ${written(field.type, "it")} }`);
    }
  }
  return {
    name: record.name,
    doc: kdoc(record.description, ""),
    params,
    base: tag === undefined ? "JsonModel" : model.union.name,
    tag: tag === undefined ? "" : stringLiteral(tag),
    checks,
    writes,
    reads: [...reads, `extra = ${HELPERS}.extra(json, ${knownJsonNames(model.union, record).map(stringLiteral).join(", ")})`],
  };
}

export const generateKotlin: LanguageGenerator = async (model) => {
  const content = await renderLanguageTemplate("kotlin", "partwise-models.kt.tmpl", {
    banner: bannerText(GENERATOR),
    formatVersion: model.formatVersion,
    root: model.root,
    package: PACKAGE,
    enums: model.enums.map((entry) => ({
      name: entry.name,
      doc: kdoc(entry.description, ""),
      members: entry.values.map((value, index) => ({ constant: upperSnakeCase(value), literal: stringLiteral(value), separator: index < entry.values.length - 1 ? "," : ";" })),
      allowed: entry.values.map((value) => `\\"${value}\\"`).join(", "),
    })),
    union: model.union.name,
    unionDoc: kdoc(model.union.description, ""),
    discriminator: model.union.discriminator,
    fallback: model.union.fallback,
    variants: model.union.variants.map((variant) => ({ tag: stringLiteral(variant.tag), record: variant.record })),
    records: model.records.map((record) => recordView(record, model)),
  });
  return [{ path: "PartwiseModels.kt", content }];
};
