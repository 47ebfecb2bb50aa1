// Rust models (serde) of the stored history: a struct per record, the part union as an enum read by
// serde's internally tagged form plus a catch-all variant, Option<Option<T>> keeping null apart.
import { bannerText } from "../generated-file.js";
import { type FieldModel, type FieldType, type RecordModel, fallbackCaseName } from "./history-model.js";
import { pascalCase, snakeCase, stringLiteral } from "./identifiers.js";
import { type LanguageGenerator, commentLines, renderLanguageTemplate } from "./language-support.js";
import { unreachable } from "../../parts/part-kinds.js";

const GENERATOR = "src/codegen/languages/rust.ts";
const KEYWORDS = new Set(["type", "match", "ref", "self", "struct", "enum", "fn", "mod", "use", "move", "box", "impl", "trait", "where", "loop", "static", "const", "crate", "super"]);

function rustDoc(text: string, indent: string): string {
  return commentLines(text, `${indent}/// `);
}

function rustName(jsonName: string): string {
  const name = snakeCase(jsonName);
  return KEYWORDS.has(name) ? `r#${name}` : name;
}

function literalTypeName(record: string, field: string): string {
  return pascalCase(`${record}_${field}`);
}

function rustType(type: FieldType, record: string, field: string): string {
  switch (type.kind) {
    case "string":
      return "String";
    case "boolean":
      return "bool";
    case "literal":
      return literalTypeName(record, field);
    case "enum":
    case "record":
    case "union":
      return type.name;
    case "array":
      return `Vec<${rustType(type.items, record, field)}>`;
    case "string-map":
      return "BTreeMap<String, String>";
    case "json-object":
      return "Map<String, Value>";
    default:
      return unreachable(type, "field type");
  }
}

function fieldView(field: FieldModel, record: RecordModel) {
  const name = rustName(field.jsonName);
  const attributes: string[] = [];
  if (name.replace(/^r#/, "") !== field.jsonName) attributes.push(`#[serde(rename = ${stringLiteral(field.jsonName)})]`);
  let type = rustType(field.type, record.name, field.jsonName);
  if (!field.required) {
    type = field.nullable ? `Option<Option<${type}>>` : `Option<${type}>`;
    attributes.push(`#[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "${field.nullable ? "nullable" : "present"}")]`);
  }
  return { doc: rustDoc(field.description, "    "), attributes, rustName: name, rustType: type };
}

export const generateRust: LanguageGenerator = async (model) => {
  const literals = model.records.flatMap((record) => record.fields.flatMap((field) => {
    if (field.type.kind !== "literal") return [];
    const json = typeof field.type.value === "string" ? stringLiteral(field.type.value) : String(field.type.value);
    return [{ name: literalTypeName(record.name, field.jsonName), json, doc: rustDoc(`The literal \`${json}\`: ${field.description}`, "    ") }];
  }));
  const content = await renderLanguageTemplate("rust", "models.rs.tmpl", {
    banner: bannerText(GENERATOR),
    formatVersion: model.formatVersion,
    root: model.root,
    literals,
    enums: model.enums.map((entry) => ({
      name: entry.name,
      doc: rustDoc(entry.description, ""),
      members: entry.values.map((value) => ({ literal: stringLiteral(value), variant: pascalCase(value) })),
    })),
    records: model.records.map((record) => ({
      name: record.name,
      doc: rustDoc(record.description, ""),
      fields: record.fields.map((field) => fieldView(field, record)),
    })),
    union: model.union.name,
    unionDoc: rustDoc(model.union.description, ""),
    discriminator: model.union.discriminator,
    fallback: model.union.fallback,
    fallbackVariant: fallbackCaseName(model.union),
    variants: model.union.variants.map((variant) => ({ tag: variant.tag, tagLiteral: stringLiteral(variant.tag), variant: pascalCase(variant.tag), record: variant.record })),
  });
  return [{ path: "models.rs", content }];
};
