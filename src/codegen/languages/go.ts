// Go models of the stored history: one package file with a struct per record, the part union as an
// interface whose decoder switches on `type`, and OptionalField keeping null apart from absent.
import { bannerText } from "../generated-file.js";
import { type FieldType, type HistoryModel, type RecordModel, knownJsonNames, variantTag } from "./history-model.js";
import { goExportedName, stringLiteral } from "./identifiers.js";
import { type LanguageGenerator, commentLines, renderLanguageTemplate } from "./language-support.js";
import { unreachable } from "../../parts/part-kinds.js";

const GENERATOR = "src/codegen/languages/go.ts";
const PACKAGE = "partwise";

/** A Go doc comment: `// Name is <description>` (the description's first word lower-cased when it is a plain word). */
function goDoc(name: string, description: string, indent: string): string {
  const sentence = /^[A-Z][a-z]/.test(description) ? description[0]!.toLowerCase() + description.slice(1) : description;
  return commentLines(`${name} is ${sentence}`, `${indent}// `);
}

function goType(type: FieldType): string {
  switch (type.kind) {
    case "string":
    case "literal":
      return "string";
    case "boolean":
      return "bool";
    case "enum":
    case "record":
    case "union":
      return type.name;
    case "array":
      return `[]${goType(type.items)}`;
    case "string-map":
      return "map[string]string";
    case "json-object":
      return "map[string]json.RawMessage";
    default:
      return unreachable(type, "field type");
  }
}

function literalJson(value: string | number): string {
  return typeof value === "string" ? stringLiteral(value) : String(value);
}

function reader(type: FieldType): string {
  switch (type.kind) {
    case "string":
      return "readString";
    case "boolean":
      return "readBoolean";
    case "literal":
      return `literal(\`${literalJson(type.value)}\`)`;
    case "enum":
    case "record":
    case "union":
      return `decode${type.name}`;
    case "array":
      return `arrayOf(${reader(type.items)})`;
    case "string-map":
      return "readStringMap";
    case "json-object":
      return "readJSONObject";
    default:
      return unreachable(type, "field type");
  }
}

/** An `if ...; err != nil { return err }` statement, indented for a method body. */
function checked(statement: string): string {
  return `if ${statement}; err != nil {\n\t\treturn err\n\t}`;
}

/** The records other records hold as fields: only those need a decode function of their own. */
function heldRecords(model: HistoryModel): Set<string> {
  const held = new Set<string>();
  const visit = (type: FieldType): void => {
    if (type.kind === "record") held.add(type.name);
    if (type.kind === "array") visit(type.items);
  };
  for (const record of model.records) for (const field of record.fields) visit(field.type);
  return held;
}

function recordView(record: RecordModel, model: HistoryModel, held: ReadonlySet<string>) {
  const union = model.union;
  const tag = variantTag(union, record.name);
  const reads: string[] = [];
  const writes: string[] = [];
  const discriminator = stringLiteral(union.discriminator);
  if (tag !== undefined) {
    reads.push(checked(`_, err = requiredField(object, ${discriminator}, pointer, literal(\`${stringLiteral(tag)}\`))`));
    writes.push(`w.field(${discriminator}, ${stringLiteral(tag)})`);
  }
  const fields = [];
  for (const field of record.fields) {
    const key = stringLiteral(field.jsonName);
    const name = goExportedName(field.jsonName);
    if (field.type.kind === "literal") {
      reads.push(checked(`_, err = requiredField(object, ${key}, pointer, ${reader(field.type)})`));
      writes.push(`w.field(${key}, ${literalJson(field.type.value)})`);
      continue;
    }
    const type = goType(field.type);
    fields.push({ doc: goDoc(name, field.description, "\t"), goName: name, goType: field.required ? type : `OptionalField[${type}]` });
    if (field.required) {
      reads.push(checked(`r.${name}, err = requiredField(object, ${key}, pointer, ${reader(field.type)})`));
      writes.push(`w.field(${key}, ${field.type.kind === "array" ? `nonNil(r.${name})` : `r.${name}`})`);
    } else {
      reads.push(checked(`r.${name}, err = optionalField(object, ${key}, pointer, ${field.nullable}, ${reader(field.type)})`));
      writes.push(`writeOptional(&w, ${key}, r.${name})`);
    }
  }
  return {
    name: record.name,
    doc: goDoc(record.name, record.description, ""),
    tag: tag === undefined ? "" : stringLiteral(tag),
    fields,
    reads,
    writes,
    knownKeys: knownJsonNames(union, record).map(stringLiteral).join(", "),
    held: held.has(record.name),
  };
}

export const generateGo: LanguageGenerator = async (model) => {
  const held = heldRecords(model);
  const content = await renderLanguageTemplate("go", "models.go.tmpl", {
    generator: GENERATOR,
    banner: bannerText(GENERATOR),
    package: PACKAGE,
    formatVersion: model.formatVersion,
    root: model.root,
    enums: model.enums.map((entry) => {
      const constants = entry.values.map((value) => goExportedName(`${entry.name}_${value}`));
      const width = Math.max(...constants.map((constant) => constant.length));
      return {
        name: entry.name,
        doc: goDoc(entry.name, entry.description, ""),
        members: entry.values.map((value, index) => ({
          constant: constants[index],
          padded: constants[index]!.padEnd(width),
          enum: entry.name,
          literal: stringLiteral(value),
          comma: index < entry.values.length - 1 ? ", " : "",
        })),
      };
    }),
    union: model.union.name,
    unionDoc: goDoc(model.union.name, model.union.description, ""),
    unionMethod: `${model.union.name}Type`,
    discriminator: model.union.discriminator,
    fallback: model.union.fallback,
    variants: model.union.variants.map((variant) => ({ tag: stringLiteral(variant.tag), record: variant.record })),
    records: model.records.map((record) => recordView(record, model, held)),
  });
  return [{ path: "models.go", content }];
};
