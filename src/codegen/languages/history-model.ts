// The stored-history vocabulary (History, Message, the part union and the records they use) read from
// the published JSON Schema files into a language-neutral description that every language generator
// renders. Read from the schema, not restated, so a spec change reaches every language.
import { READ_AS_KEYWORD } from "../bundle-schema.js";
import type { JsonSchemaDocument } from "../compile-spec.js";

/** The model a history document starts from. */
const ROOT = "History";

/** The type of a field, as far as the generated models care. */
export type FieldType =
  | { readonly kind: "string" }
  | { readonly kind: "boolean" }
  | { readonly kind: "literal"; readonly value: string | number }
  | { readonly kind: "enum"; readonly name: string }
  | { readonly kind: "record"; readonly name: string }
  | { readonly kind: "union"; readonly name: string }
  | { readonly kind: "array"; readonly items: FieldType }
  /** An object of string values (`Attributes`). */
  | { readonly kind: "string-map" }
  /** An object of arbitrary JSON values (`Record<unknown>`). */
  | { readonly kind: "json-object" };

export interface FieldModel {
  /** The property name in the JSON. */
  readonly jsonName: string;
  readonly type: FieldType;
  readonly required: boolean;
  /** Null is a valid value (`T | null`); kept apart from an absent field. */
  readonly nullable: boolean;
  readonly description: string;
}

export interface RecordModel {
  readonly name: string;
  readonly description: string;
  /** The fields in canonical (schema) order; a union variant's tag field is not among them. */
  readonly fields: readonly FieldModel[];
}

export interface EnumModel {
  readonly name: string;
  readonly description: string;
  readonly values: readonly string[];
}

export interface UnionVariant {
  /** The discriminator value. */
  readonly tag: string;
  /** The record the variant holds. */
  readonly record: string;
}

export interface UnionModel {
  readonly name: string;
  readonly description: string;
  /** The discriminator property (`type`). */
  readonly discriminator: string;
  readonly variants: readonly UnionVariant[];
  /** The model whose branch takes every other tag: a part of a later format version, kept as received. */
  readonly fallback: string;
}

export interface HistoryModel {
  /** The root record (`History`). */
  readonly root: string;
  /** The format version: the literal `version` of the root. */
  readonly formatVersion: number;
  /** Records in the order they are first reached from the root. */
  readonly records: readonly RecordModel[];
  readonly enums: readonly EnumModel[];
  readonly union: UnionModel;
}

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Thrown when the schema uses a construct the generators cannot render, so a spec change fails loudly. */
export class UnsupportedSchemaError extends Error {
  override readonly name = "UnsupportedSchemaError";
}

function referenceName(schema: Schema): string | undefined {
  return typeof schema.$ref === "string" ? schema.$ref.replace(/^.*\//, "").replace(/\.json$/, "") : undefined;
}

function isStringMap(schema: Schema): boolean {
  return isObject(schema.unevaluatedProperties) && schema.unevaluatedProperties.type === "string"
    && Object.keys((schema.properties as Schema | undefined) ?? {}).length === 0;
}

function isJsonObject(schema: Schema): boolean {
  return isObject(schema.unevaluatedProperties) && Object.keys(schema.unevaluatedProperties).length === 0
    && Object.keys((schema.properties as Schema | undefined) ?? {}).length === 0;
}

/** Reads the history vocabulary from the per-model schemas (name -> schema, as in generated/schema). */
export function readHistoryModel(schemas: ReadonlyMap<string, JsonSchemaDocument>): HistoryModel {
  const records = new Map<string, RecordModel>();
  const enums = new Map<string, EnumModel>();
  let union: UnionModel | undefined;
  const pending: string[] = [ROOT];

  function schemaOf(name: string): Schema {
    const schema = schemas.get(name);
    if (!schema) throw new UnsupportedSchemaError(`no schema for ${name}`);
    return schema;
  }

  /** The field type of a property schema; nullability is handled by the caller. */
  function typeOf(schema: Schema, where: string): FieldType {
    const reference = referenceName(schema);
    if (reference !== undefined) return namedType(reference);
    if (schema.const !== undefined) {
      if (typeof schema.const !== "string" && typeof schema.const !== "number") throw new UnsupportedSchemaError(`${where}: literal ${JSON.stringify(schema.const)}`);
      return { kind: "literal", value: schema.const };
    }
    switch (schema.type) {
      case "string":
        return { kind: "string" };
      case "boolean":
        return { kind: "boolean" };
      case "array":
        if (!isObject(schema.items)) throw new UnsupportedSchemaError(`${where}: array without items`);
        return { kind: "array", items: typeOf(schema.items, `${where}[]`) };
      default:
        throw new UnsupportedSchemaError(`${where}: unsupported schema ${JSON.stringify(schema)}`);
    }
  }

  function namedType(name: string): FieldType {
    const schema = schemaOf(name);
    if (Array.isArray(schema.enum)) {
      if (!enums.has(name)) enums.set(name, { name, description: String(schema.description ?? ""), values: schema.enum.map(String) });
      return { kind: "enum", name };
    }
    if (isStringMap(schema)) return { kind: "string-map" };
    if (isJsonObject(schema)) return { kind: "json-object" };
    if ("if" in schema && "then" in schema && "else" in schema) {
      union ??= readUnion(name, schema);
      if (union.name !== name) throw new UnsupportedSchemaError(`${name}: only one union (${union.name}) is supported`);
      return { kind: "union", name };
    }
    if (schema.type === "object" && isObject(schema.properties)) {
      if (!records.has(name) && !pending.includes(name)) pending.push(name);
      return { kind: "record", name };
    }
    throw new UnsupportedSchemaError(`${name}: unsupported schema`);
  }

  function readUnion(name: string, schema: Schema): UnionModel {
    const known = schemaOf(referenceName(schema.then as Schema) ?? "");
    const fallbackName = referenceName(schema.else as Schema) ?? "";
    const fallback = schemaOf(fallbackName);
    const discriminator = (known.discriminator as Schema | undefined)?.propertyName;
    if (typeof discriminator !== "string" || !Array.isArray(known.oneOf) || fallback[READ_AS_KEYWORD] === undefined) {
      throw new UnsupportedSchemaError(`${name}: expected a discriminated oneOf with a catch-all branch`);
    }
    const variants = known.oneOf.map((branch: Schema) => {
      const record = referenceName(branch) ?? "";
      const tag = ((schemaOf(record).properties as Schema)[discriminator] as Schema | undefined)?.const;
      if (typeof tag !== "string") throw new UnsupportedSchemaError(`${record}: no literal ${discriminator}`);
      if (!records.has(record) && !pending.includes(record)) pending.push(record);
      return { tag, record };
    });
    return {
      name,
      description: String(schema.description ?? ""),
      discriminator,
      variants,
      fallback: fallbackName,
    };
  }

  function readRecord(name: string): RecordModel {
    const schema = schemaOf(name);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const tag = union && variantTag(union, name) !== undefined ? union.discriminator : undefined;
    const fields: FieldModel[] = [];
    for (const [jsonName, property] of Object.entries(schema.properties as Record<string, Schema>)) {
      if (jsonName === tag) continue;
      const where = `${name}.${jsonName}`;
      const branches = Array.isArray(property.anyOf) ? (property.anyOf as Schema[]) : undefined;
      const nullable = branches?.length === 2 && branches.some((branch) => branch.type === "null");
      const valueSchema = nullable ? (branches!.find((branch) => branch.type !== "null") as Schema) : property;
      if (branches && !nullable) throw new UnsupportedSchemaError(`${where}: unions other than T | null are not supported`);
      fields.push({
        jsonName,
        type: typeOf(valueSchema, where),
        required: required.has(jsonName),
        nullable,
        description: String(property.description ?? ""),
      });
    }
    return { name, description: String(schema.description ?? ""), fields };
  }

  // Variants are queued by the union, so the union is known (and their tag left out) when they are read.
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) records.set(name, readRecord(name));
  if (!union) throw new UnsupportedSchemaError(`${ROOT}: no part union reached`);
  const version = records.get(ROOT)?.fields.find((field) => field.jsonName === "version")?.type;
  if (version?.kind !== "literal" || typeof version.value !== "number") throw new UnsupportedSchemaError(`${ROOT}: no literal version`);
  return { root: ROOT, formatVersion: version.value, records: [...records.values()], enums: [...enums.values()], union };
}

/** The tag of the union variant holding the record; undefined for a record outside the union. */
export function variantTag(union: UnionModel, record: string): string | undefined {
  return union.variants.find((variant) => variant.record === record)?.tag;
}

/** The JSON names a record reads (a variant's discriminator first): every other member is kept as an unknown field. */
export function knownJsonNames(union: UnionModel, record: RecordModel): string[] {
  return [...(variantTag(union, record.name) === undefined ? [] : [union.discriminator]), ...record.fields.map((field) => field.jsonName)];
}

/** The name of the union's catch-all case without the union's name: `FuturePart` in `Part` is `Future`. */
export function fallbackCaseName(union: UnionModel): string {
  return union.fallback.endsWith(union.name) && union.fallback !== union.name ? union.fallback.slice(0, -union.name.length) : union.fallback;
}
