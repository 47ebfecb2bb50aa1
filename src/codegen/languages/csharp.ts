// C# models (System.Text.Json nodes) of the stored history: a sealed record per model, the part union
// as an abstract record read by a converter switching on `type`, OptionalField keeping null apart.
import { bannerText } from "../generated-file.js";
import { type FieldType, type HistoryModel, type RecordModel, knownJsonNames, variantTag } from "./history-model.js";
import { pascalCase, stringLiteral } from "./identifiers.js";
import { type LanguageGenerator, renderLanguageTemplate } from "./language-support.js";
import { unreachable } from "../../parts/part-kinds.js";

const GENERATOR = "src/codegen/languages/csharp.ts";
const NAMESPACE = "Partwise.Models";
const HELPERS = "PartwiseJson";

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function summary(text: string): string {
  return `/// <summary>${xml(text).replace(/\n/g, " ")}</summary>`;
}

function csType(type: FieldType): string {
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
      return `IReadOnlyList<${csType(type.items)}>`;
    case "string-map":
      return "IReadOnlyDictionary<string, string>";
    case "json-object":
      return "IReadOnlyDictionary<string, JsonNode?>";
    default:
      return unreachable(type, "field type");
  }
}

function literalNode(value: string | number): string {
  return `${HELPERS}.Literal(JsonValue.Create(${typeof value === "string" ? stringLiteral(value) : value})!)`;
}

function reader(type: FieldType): string {
  switch (type.kind) {
    case "string":
      return `${HELPERS}.ReadString`;
    case "boolean":
      return `${HELPERS}.ReadBoolean`;
    case "literal":
      return literalNode(type.value);
    case "enum":
      return `${type.name}Json.FromJson`;
    case "record":
    case "union":
      return `${type.name}.FromJson`;
    case "array":
      return `${HELPERS}.List(${reader(type.items)})`;
    case "string-map":
      return `${HELPERS}.ReadStringMap`;
    case "json-object":
      return `${HELPERS}.ReadJsonObject`;
    default:
      return unreachable(type, "field type");
  }
}

/** An expression writing `value` (of the type) as a JsonNode. */
function written(type: FieldType, value: string): string {
  switch (type.kind) {
    case "string":
    case "literal":
      return `${HELPERS}.Text(${value})`;
    case "boolean":
      return `JsonValue.Create(${value})`;
    case "enum":
    case "record":
    case "union":
      return `${value}.ToJson()`;
    case "array":
      return `${HELPERS}.ArrayNode(${value}, item => ${written(type.items, "item")})`;
    case "string-map":
      return `${HELPERS}.StringMapNode(${value})`;
    case "json-object":
      return `${HELPERS}.ObjectNode(${value})`;
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
    checks.push(`${HELPERS}.Required(json, ${discriminator}, pointer, ${HELPERS}.Literal(${HELPERS}.Text(TypeTag)))`);
    writes.push(`json[${discriminator}] = TypeTag`);
  }
  const params = [];
  for (const field of record.fields) {
    const key = stringLiteral(field.jsonName);
    const name = pascalCase(field.jsonName);
    if (field.type.kind === "literal") {
      checks.push(`${HELPERS}.Required(json, ${key}, pointer, ${reader(field.type)})`);
      writes.push(`json[${key}] = ${typeof field.type.value === "string" ? stringLiteral(field.type.value) : field.type.value}`);
      continue;
    }
    params.push({ csName: name, csType: field.required ? csType(field.type) : `OptionalField<${csType(field.type)}>`, paramDoc: xml(field.description).replace(/\n/g, " ") });
    if (field.required) {
      reads.push(`${HELPERS}.Required(json, ${key}, pointer, ${reader(field.type)})`);
      writes.push(`json[${key}] = ${written(field.type, name)}`);
    } else {
      reads.push(`${HELPERS}.Optional(json, ${key}, pointer, ${field.nullable ? "true" : "false"}, ${reader(field.type)})`);
      writes.push(`${HELPERS}.PutOptional(json, ${key}, ${name}, value => ${written(field.type, "value")})`);
    }
  }
  return {
    name: record.name,
    doc: summary(record.description),
    params,
    base: tag === undefined ? `IJsonModel<${record.name}>` : `${model.union.name}, IJsonModel<${record.name}>`,
    tag: tag === undefined ? "" : stringLiteral(tag),
    newModifier: tag === undefined ? "" : "new ",
    overrideModifier: tag === undefined ? "" : "override ",
    checks,
    reads,
    writes,
    knownKeys: knownJsonNames(model.union, record).map(stringLiteral).join(", "),
  };
}

export const generateCsharp: LanguageGenerator = async (model) => {
  const content = await renderLanguageTemplate("csharp", "partwise-models.cs.tmpl", {
    banner: bannerText(GENERATOR),
    formatVersion: model.formatVersion,
    root: model.root,
    namespace: NAMESPACE,
    enums: model.enums.map((entry) => ({
      name: entry.name,
      doc: summary(entry.description),
      members: entry.values.map((value) => ({ constant: pascalCase(value), literal: stringLiteral(value) })),
      allowed: entry.values.map((value) => `\\"${value}\\"`).join(", "),
    })),
    union: model.union.name,
    unionDoc: summary(model.union.description),
    tagProperty: "Type",
    discriminator: model.union.discriminator,
    fallback: model.union.fallback,
    variants: model.union.variants.map((variant) => ({ tag: stringLiteral(variant.tag), record: variant.record })),
    records: model.records.map((record) => recordView(record, model)),
  });
  return [{ path: "PartwiseModels.cs", content }];
};
