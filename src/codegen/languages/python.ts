// Python models (standard library dataclasses) of the stored history: one module with a class per
// record, the part union as a Union of dataclasses dispatched on `type`, ABSENT kept apart from None.
import { bannerText } from "../generated-file.js";
import { type FieldType, type HistoryModel, type RecordModel, knownJsonNames, variantTag } from "./history-model.js";
import { snakeCase, stringLiteral, upperSnakeCase } from "./identifiers.js";
import { type LanguageGenerator, commentLines, renderLanguageTemplate } from "./language-support.js";
import { unreachable } from "../../parts/part-kinds.js";

const GENERATOR = "src/codegen/languages/python.ts";
const MODULE = "partwise_models.py";

/** A docstring indented for a class body (or a field, after its annotation). */
function docstring(text: string, indent: string): string {
  const escaped = text.replace(/\\/g, "\\\\").replace(/"""/g, '\\"\\"\\"');
  const lines = escaped.split("\n");
  return lines.length === 1 ? `${indent}"""${escaped}"""` : `${indent}"""${lines[0]}\n${commentLines(lines.slice(1).join("\n"), indent)}\n${indent}"""`;
}

function annotation(type: FieldType, unionName: string): string {
  switch (type.kind) {
    case "string":
      return "str";
    case "boolean":
      return "bool";
    case "literal":
      return typeof type.value === "string" ? "str" : "int";
    case "enum":
    case "record":
      return type.name;
    case "union":
      return unionName;
    case "array":
      return `List[${annotation(type.items, unionName)}]`;
    case "string-map":
      return "Dict[str, str]";
    case "json-object":
      return "Dict[str, Any]";
    default:
      return unreachable(type, "field type");
  }
}

/** A `(value, pointer) -> T` reader for a field type. */
function reader(type: FieldType, unionFunction: string): string {
  switch (type.kind) {
    case "string":
      return "_string";
    case "boolean":
      return "_boolean";
    case "literal":
      return `lambda item, at: _literal(item, at, ${typeof type.value === "string" ? stringLiteral(type.value) : type.value})`;
    case "enum":
    case "record":
      return `${type.name}.from_json`;
    case "union":
      return `${unionFunction}_from_json`;
    case "array":
      return `lambda item, at: _list(item, at, ${reader(type.items, unionFunction)})`;
    case "string-map":
      return "_string_map";
    case "json-object":
      return "_json_object";
    default:
      return unreachable(type, "field type");
  }
}

/** An expression writing `value` (a non-null field value) as JSON. */
function writer(type: FieldType, value: string): string {
  switch (type.kind) {
    case "string":
    case "boolean":
    case "literal":
      return value;
    case "enum":
      return `${value}.value`;
    case "record":
    case "union":
      return `${value}.to_json()`;
    case "array":
      return `[${writer(type.items, "item")} for item in ${value}]`;
    case "string-map":
    case "json-object":
      return `dict(${value})`;
    default:
      return unreachable(type, "field type");
  }
}

function recordView(record: RecordModel, model: HistoryModel, unionFunction: string) {
  const tag = variantTag(model.union, record.name);
  const stored = record.fields.filter((field) => field.type.kind !== "literal");
  // Dataclass fields without a default come first; reading and writing keep the schema's order.
  const ordered = [...stored.filter((field) => field.required), ...stored.filter((field) => !field.required)];
  const checks: string[] = [];
  const reads: string[] = [];
  const writes: string[] = [];
  if (tag !== undefined) {
    const discriminator = stringLiteral(model.union.discriminator);
    checks.push(`_required(members, ${discriminator}, pointer, lambda item, at: _literal(item, at, cls.TYPE))`);
    writes.push(`result[${discriminator}] = self.TYPE`);
  }
  for (const field of record.fields) {
    const key = stringLiteral(field.jsonName);
    const attribute = snakeCase(field.jsonName);
    const read = reader(field.type, unionFunction);
    if (field.type.kind === "literal") {
      checks.push(`_required(members, ${key}, pointer, ${read})`);
      writes.push(`result[${key}] = ${typeof field.type.value === "string" ? stringLiteral(field.type.value) : field.type.value}`);
    } else if (field.required) {
      reads.push(`${attribute}=_required(members, ${key}, pointer, ${read})`);
      writes.push(`result[${key}] = ${writer(field.type, `self.${attribute}`)}`);
    } else {
      reads.push(`${attribute}=_optional(members, ${key}, pointer, ${read}, nullable=${field.nullable ? "True" : "False"})`);
      const plain = writer(field.type, "value") === "value";
      const value = field.nullable && !plain ? `_nullable(self.${attribute}, lambda value: ${writer(field.type, "value")})` : writer(field.type, `self.${attribute}`);
      writes.push(`if self.${attribute} is not ABSENT:\n            result[${key}] = ${value}`);
    }
  }
  return {
    name: record.name,
    docstring: docstring(record.description, "    "),
    tag: tag === undefined ? "" : stringLiteral(tag),
    fields: ordered.map((field) => {
      const type = annotation(field.type, model.union.name);
      return {
        attribute: snakeCase(field.jsonName),
        annotation: field.required ? type : `Union[${type}, ${field.nullable ? "None, " : ""}Absent]`,
        default: field.required ? "" : " = ABSENT",
        doc: docstring(field.description, "    "),
      };
    }),
    checks,
    reads,
    writes,
    knownKeys: `(${knownJsonNames(model.union, record).map(stringLiteral).join(", ")})`,
  };
}

export const generatePython: LanguageGenerator = async (model) => {
  const unionFunction = snakeCase(model.union.name);
  const content = await renderLanguageTemplate("python", "partwise-models.py.tmpl", {
    banner: bannerText(GENERATOR),
    formatVersion: model.formatVersion,
    exports: [...model.enums.map((entry) => entry.name), ...model.records.map((record) => record.name), model.union.fallback, model.union.name, `${unionFunction}_from_json`].sort(),
    enums: model.enums.map((entry) => ({
      name: entry.name,
      docstring: docstring(entry.description, "    "),
      members: entry.values.map((value) => ({ name: upperSnakeCase(value), literal: stringLiteral(value) })),
    })),
    records: model.records.map((record) => recordView(record, model, unionFunction)),
    union: model.union.name,
    unionDocstring: docstring(model.union.description, ""),
    unionConstant: upperSnakeCase(model.union.name),
    unionFunction,
    discriminator: model.union.discriminator,
    fallback: model.union.fallback,
    variants: model.union.variants.map((variant) => ({ tag: stringLiteral(variant.tag), record: variant.record })),
  });
  return [{ path: MODULE, content }];
};
