// Merges the per-model JSON Schema files into one document (every model under `$defs`, refs rewritten
// to `#/$defs/<Model>`), and derives from it the view that json-schema-to-typescript reads.
import type { JsonSchemaDocument } from "./compile-spec.js";
import { InternalError } from "../errors/partwise-error.js";

/** The extension keyword that says how partwise reads a stored shape in memory (see FuturePart in spec/parts.tsp). */
export const READ_AS_KEYWORD = "x-partwise-read-as";

/**
 * The extension keyword that gives a request-side schema its TypeScript type where JSON Schema has no
 * closed form an SDK type accepts: an item replayed as received is whatever the server sent, so its type
 * is `any` (OpenAiResponsesOtherInputItem in spec/providers/openai-responses.tsp). Validators ignore it.
 */
export const TS_TYPE_KEYWORD = "x-partwise-ts-type";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Rewrites every `$ref: "<Model>.json"` to `#/$defs/<Model>` (deep copy). */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!isObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    copy[key] = key === "$ref" && typeof child === "string" && child.endsWith(".json")
      ? `#/$defs/${child.slice(0, -".json".length)}`
      : rewriteRefs(child);
  }
  return copy;
}

/**
 * One document holding the given models under `$defs`. `$schema` and `$id` move to the top; the
 * per-model `$schema`/`$id` are dropped. With `root`, the document itself validates that model.
 */
export function bundleSchemas(
  schemas: ReadonlyMap<string, JsonSchemaDocument>,
  names: readonly string[],
  options: { id: string; description: string; root?: string },
): JsonSchemaDocument {
  const defs: Record<string, unknown> = {};
  for (const name of [...names].sort()) {
    const schema = schemas.get(name);
    if (!schema) throw new InternalError("internal/invariant", `bundleSchemas: no schema for ${name}`);
    const { $schema: _schema, $id: _id, $comment: _comment, ...body } = schema;
    defs[name] = rewriteRefs(body);
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: options.id,
    description: options.description,
    ...(options.root ? { $ref: `#/$defs/${options.root}` } : {}),
    $defs: defs,
  };
}

/**
 * The view of a bundle that json-schema-to-typescript turns into good types:
 * - each model gets `title` = its name, so types are named after models;
 * - `if`/`then`/`else` over a tag becomes the union of the branches (nested ones flattened), and an
 *   `else` branch whose model is read as another type in memory (READ_AS_KEYWORD) is left out;
 * - a schema with no type keyword becomes `unknown` (json-schema-to-typescript would make an annotated
 *   `{}` an object type);
 * - `unevaluatedProperties` is copied to `additionalProperties`, which is the keyword it reads;
 * - a `$ref` is written as the referenced type's name (`tsType`), because json-schema-to-typescript
 *   declares a numbered copy of the type for every `$ref` that has a sibling such as `description`;
 * - a schema with TS_TYPE_KEYWORD is that TypeScript type.
 */
export function typescriptView(bundle: JsonSchemaDocument): JsonSchemaDocument {
  const defs = bundle.$defs as Record<string, Record<string, unknown>>;
  const view: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(defs)) {
    view[name] = { ...(adaptForTypescript(schema, defs) as Record<string, unknown>), title: name };
  }
  return { $schema: bundle.$schema, $defs: view };
}

function referencedDefinition(schema: unknown, defs: Record<string, Record<string, unknown>>) {
  if (!isObject(schema) || typeof schema.$ref !== "string") return undefined;
  return defs[schema.$ref.replace("#/$defs/", "")];
}

function conditionalBranches(schema: Record<string, unknown>, defs: Record<string, Record<string, unknown>>): unknown[] {
  const branches: unknown[] = [schema.then];
  const otherwise = schema.else;
  const target = referencedDefinition(otherwise, defs);
  if (target?.[READ_AS_KEYWORD] !== undefined) return branches;
  if (target && "if" in target) return [...branches, ...conditionalBranches(target, defs)];
  return [...branches, otherwise];
}

const TYPE_KEYWORDS = ["type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const", "properties", "items", "if", "tsType"];

function adaptForTypescript(schema: unknown, defs: Record<string, Record<string, unknown>>): unknown {
  if (!isObject(schema)) return schema;
  if (typeof schema[TS_TYPE_KEYWORD] === "string") {
    const { [TS_TYPE_KEYWORD]: tsType, ...annotations } = schema;
    return { ...(typeof annotations.description === "string" ? { description: annotations.description } : {}), tsType };
  }
  if ("if" in schema && "then" in schema) {
    const branches = conditionalBranches(schema, defs);
    const description = schema.description;
    return branches.length === 1
      ? { ...(branches[0] as object), ...(description ? { description } : {}) }
      : { anyOf: branches, ...(description ? { description } : {}) };
  }
  if (typeof schema.$ref === "string") {
    const { $ref: reference, ...siblings } = schema;
    return { ...siblings, tsType: reference.replace("#/$defs/", "") };
  }
  const adapted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" && isObject(value)) {
      adapted[key] = Object.fromEntries(
        Object.entries(value).map(([property, child]) => [property, adaptForTypescript(child, defs)]),
      );
    } else if (["items", "additionalProperties", "unevaluatedProperties", "not"].includes(key)) {
      adapted[key] = adaptForTypescript(value, defs);
    } else if (["anyOf", "oneOf", "allOf"].includes(key) && Array.isArray(value)) {
      adapted[key] = value.map((child) => adaptForTypescript(child, defs));
    } else {
      adapted[key] = value;
    }
  }
  if ("unevaluatedProperties" in adapted && !("additionalProperties" in adapted)) {
    adapted.additionalProperties = adapted.unevaluatedProperties;
  }
  delete adapted.unevaluatedProperties;
  if (!TYPE_KEYWORDS.some((keyword) => keyword in adapted)) adapted.tsType = "unknown";
  return adapted;
}
