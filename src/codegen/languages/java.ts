// Java models (Jackson 2 tree model) of the stored history: a record per model, the part union as a
// sealed interface with a Jackson deserializer switching on `type`, OptionalField keeping null apart.
import { type GeneratedFile, bannerText } from "../generated-file.js";
import { type FieldModel, type FieldType, type HistoryModel, type RecordModel, knownJsonNames, variantTag } from "./history-model.js";
import { camelCase, stringLiteral, upperSnakeCase } from "./identifiers.js";
import { type LanguageGenerator, commentLines, renderLanguageTemplate } from "./language-support.js";
import { unreachable } from "../../parts/part-kinds.js";

const GENERATOR = "src/codegen/languages/java.ts";
const PACKAGE = "partwise.models";
/** The classes every model uses, by template. */
const RUNTIME: Record<string, string> = {
  "optional-field": "OptionalField",
  "partwise-decode-exception": "PartwiseDecodeException",
  "json-model": "JsonModel",
  "partwise-json": "PartwiseJson",
};
const HELPERS = "PartwiseJson";

function javadoc(text: string): string {
  return commentLines(text.replace(/\*\//g, "*&#47;").replace(/&(?!#47;)/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"), " * ");
}

function javaType(type: FieldType, boxed: boolean): string {
  switch (type.kind) {
    case "string":
    case "literal":
      return "String";
    case "boolean":
      return boxed ? "Boolean" : "boolean";
    case "enum":
    case "record":
    case "union":
      return type.name;
    case "array":
      return `List<${javaType(type.items, true)}>`;
    case "string-map":
      return "Map<String, String>";
    case "json-object":
      return "Map<String, JsonNode>";
    default:
      return unreachable(type, "field type");
  }
}

function reader(type: FieldType): string {
  switch (type.kind) {
    case "string":
      return `${HELPERS}::string`;
    case "boolean":
      return `${HELPERS}::bool`;
    case "literal":
      return `${HELPERS}.literal(${typeof type.value === "string" ? stringLiteral(type.value) : `${type.value}L`})`;
    case "enum":
    case "record":
    case "union":
      return `${type.name}::fromJson`;
    case "array":
      return `${HELPERS}.list(${reader(type.items)})`;
    case "string-map":
      return `${HELPERS}::stringMap`;
    case "json-object":
      return `${HELPERS}::jsonObject`;
    default:
      return unreachable(type, "field type");
  }
}

/** A `Function<T, JsonNode>` writing a value of the type. */
function writer(type: FieldType): string {
  switch (type.kind) {
    case "string":
    case "literal":
      return `${HELPERS}::textNode`;
    case "boolean":
      return `${HELPERS}::booleanNode`;
    case "enum":
    case "record":
    case "union":
      return `${type.name}::toJson`;
    case "array":
      return `${HELPERS}.arrayNode(${writer(type.items)})`;
    case "string-map":
      return `${HELPERS}::stringMapNode`;
    case "json-object":
      return `${HELPERS}::objectNode`;
    default:
      return unreachable(type, "field type");
  }
}

/** An expression writing `value` (of the type) as a JsonNode. */
function written(type: FieldType, value: string): string {
  switch (type.kind) {
    case "enum":
    case "record":
    case "union":
      return `${value}.toJson()`;
    case "array":
      return `${writer(type)}.apply(${value})`;
    case "string":
    case "literal":
      return `${HELPERS}.textNode(${value})`;
    case "boolean":
      return `${HELPERS}.booleanNode(${value})`;
    case "string-map":
      return `${HELPERS}.stringMapNode(${value})`;
    case "json-object":
      return `${HELPERS}.objectNode(${value})`;
    default:
      return unreachable(type, "field type");
  }
}

function recordFile(record: RecordModel, model: HistoryModel) {
  const tag = variantTag(model.union, record.name);
  const discriminator = stringLiteral(model.union.discriminator);
  const stored = record.fields.filter((field) => field.type.kind !== "literal");
  const checks: string[] = [];
  const reads: string[] = [];
  const writes: string[] = [];
  if (tag !== undefined) {
    checks.push(`${HELPERS}.required(object, ${discriminator}, pointer, ${HELPERS}.literal(TYPE))`);
    writes.push(`object.set(${discriminator}, ${HELPERS}.textNode(TYPE))`);
  }
  for (const field of record.fields) {
    const key = stringLiteral(field.jsonName);
    const name = camelCase(field.jsonName);
    if (field.type.kind === "literal") {
      checks.push(`${HELPERS}.required(object, ${key}, pointer, ${reader(field.type)})`);
      const value = field.type.value;
      writes.push(`object.set(${key}, ${typeof value === "string" ? `${HELPERS}.textNode(${stringLiteral(value)})` : `${HELPERS}.numberNode(${value}L)`})`);
    } else if (field.required) {
      reads.push(`${HELPERS}.required(object, ${key}, pointer, ${reader(field.type)})`);
      writes.push(`object.set(${key}, ${written(field.type, name)})`);
    } else {
      reads.push(`${HELPERS}.optional(object, ${key}, pointer, ${field.nullable}, ${reader(field.type)})`);
      writes.push(`${HELPERS}.putOptional(object, ${key}, ${name}, ${writer(field.type)})`);
    }
  }
  const componentType = (field: FieldModel) => (field.required ? javaType(field.type, false) : `OptionalField<${javaType(field.type, true)}>`);
  const imports = [
    "com.fasterxml.jackson.core.JsonParser",
    "com.fasterxml.jackson.databind.DeserializationContext",
    "com.fasterxml.jackson.databind.JsonNode",
    "com.fasterxml.jackson.databind.annotation.JsonDeserialize",
    "com.fasterxml.jackson.databind.deser.std.StdDeserializer",
    "com.fasterxml.jackson.databind.node.ObjectNode",
    "java.io.IOException",
    "java.util.Collections",
    "java.util.LinkedHashMap",
    ...(stored.some((field) => field.type.kind === "array") ? ["java.util.List"] : []),
    "java.util.Map",
    "java.util.Objects",
    "java.util.Set",
  ];
  return {
    name: record.name,
    imports,
    doc: javadoc(record.description),
    implements: tag === undefined ? "JsonModel" : model.union.name,
    tag: tag === undefined ? "" : stringLiteral(tag),
    components: stored.map((field) => ({
      javaName: camelCase(field.jsonName),
      javaType: componentType(field),
      paramDoc: javadoc(field.description).replace(/^ \* /, "").replace(/\n \* /g, " "),
      reference: componentType(field) !== "boolean",
    })),
    checks,
    reads,
    writes,
    knownKeys: knownJsonNames(model.union, record).map(stringLiteral).join(", "),
  };
}

function path(name: string): string {
  return `${PACKAGE.replace(/\./g, "/")}/${name}.java`;
}

export const generateJava: LanguageGenerator = async (model) => {
  const common = { banner: bannerText(GENERATOR), package: PACKAGE, root: model.root };
  const files: GeneratedFile[] = [];
  for (const [template, name] of Object.entries(RUNTIME)) files.push({ path: path(name), content: await renderLanguageTemplate("java", `${template}.java.tmpl`, common) });
  for (const entry of model.enums) {
    files.push({
      path: path(entry.name),
      content: await renderLanguageTemplate("java", "enum.java.tmpl", {
        ...common,
        name: entry.name,
        doc: javadoc(entry.description),
        members: entry.values.map((value, index) => ({
          constant: upperSnakeCase(value),
          literal: stringLiteral(value),
          separator: index < entry.values.length - 1 ? "," : ";",
        })),
        allowed: entry.values.map((value) => `\\"${value}\\"`).join(", "),
      }),
    });
  }
  const union = {
    ...common,
    union: model.union.name,
    doc: javadoc(model.union.description),
    discriminator: model.union.discriminator,
    fallback: model.union.fallback,
    variants: model.union.variants.map((variant) => ({ tag: stringLiteral(variant.tag), record: variant.record })),
  };
  files.push({ path: path(model.union.name), content: await renderLanguageTemplate("java", "union.java.tmpl", union) });
  files.push({ path: path(model.union.fallback), content: await renderLanguageTemplate("java", "fallback.java.tmpl", union) });
  for (const record of model.records) {
    files.push({ path: path(record.name), content: await renderLanguageTemplate("java", "record.java.tmpl", { ...common, ...recordFile(record, model) }) });
  }
  return files;
};
