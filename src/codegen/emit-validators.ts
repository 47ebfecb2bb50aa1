// Compiles the canonical JSON Schemas into ajv standalone validators: an ESM module that validates
// without compiling schemas at run time, plus its declaration file.
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormats from "ajv-formats";
import { READ_AS_KEYWORD, TS_TYPE_KEYWORD } from "./bundle-schema.js";
import type { JsonSchemaDocument } from "./compile-spec.js";
import { scriptBanner } from "./generated-file.js";
import { inlineRuntimeHelpers } from "./validator-runtime.js";
import { emitPredicates } from "./emit-predicates.js";
import { MAX_NESTING_DEPTH } from "../json/nesting-depth.js";
import { InternalError } from "../errors/partwise-error.js";

const GENERATOR = "src/codegen/emit-validators.ts";

/** The exported validator name for each entry-point model. */
export const VALIDATOR_ENTRY_POINTS = {
  validateHistory: "History",
  validateMessage: "Message",
  validatePart: "Part",
  validateOpaquePayload: "OpaquePayload",
  validateSessionEvent: "SessionEvent",
  validateSessionExportHeader: "SessionExportHeader",
  validateStreamChunk: "StreamChunk",
  validateStreamEvent: "StreamEvent",
  validateErrorObject: "ErrorObject",
  validateProviderDescription: "ProviderDescription",
} as const;

/** The ajv options the standalone validators are compiled with (and the plain instances createAjv gives tests). */
const AJV_OPTIONS = { strict: true, discriminator: true, allErrors: false } as const;

/** A plain ajv instance holding the given schemas, configured like the standalone validators. */
export function createAjv(schemas: Iterable<JsonSchemaDocument>, options: { standalone: boolean }) {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...(options.standalone ? { code: { source: true, esm: true } } : {}) });
  addFormats.default(ajv);
  ajv.addKeyword({ keyword: READ_AS_KEYWORD, schemaType: "string" });
  ajv.addKeyword({ keyword: TS_TYPE_KEYWORD, schemaType: "string" });
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

/** The index just past the JSON value that starts at `start` (ajv writes schemas as JSON text). */
function endOfJsonValue(code: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < code.length; index++) {
    const character = code[index];
    if (inString) {
      if (character === "\\") index++;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === "{" || character === "[") depth++;
    else if (character === "}" || character === "]") {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  throw new InternalError("internal/invariant", `emit-validators: a schema constant at ${start} does not end`);
}

/**
 * The code without the `const schemaN = {...};` constants nothing refers to. ajv's standalone output
 * declares every schema it compiled, but the validators only read a few (an enum's values for an error);
 * the rest would be built at every import of the module for nothing.
 */
function withoutUnusedSchemaConstants(code: string): string {
  let result = code;
  for (const match of [...code.matchAll(/const (schema\d+) = /g)].reverse()) {
    const name = match[1] as string;
    if ((code.match(new RegExp(`\\b${name}\\b`, "g")) ?? []).length > 1) continue;
    const start = match.index;
    const end = endOfJsonValue(result, start + match[0].length);
    if (result[end] !== ";") throw new InternalError("internal/invariant", `emit-validators: expected ";" after ${name}`);
    result = result.slice(0, start) + result.slice(end + 1);
  }
  return result;
}

/**
 * A validators module and its declarations: one exported validator per entry point (export name ->
 * model name), compiled with every given schema available for references, each file headed by `banner`.
 */
export function emitValidators(
  schemas: Iterable<JsonSchemaDocument>,
  entryPoints: Readonly<Record<string, string>> = VALIDATOR_ENTRY_POINTS,
  banner = scriptBanner(GENERATOR),
): { module: string; declarations: string } {
  const documents = [...schemas];
  const ajv = createAjv(documents, { standalone: true });
  const exports = Object.fromEntries(Object.entries(entryPoints).map(([name, model]) => [name, `${model}.json`]));
  // Each validator also carries `accepts`: ajv's verdict without its error bookkeeping (emit-predicates.ts).
  const predicates = emitPredicates(documents, entryPoints, MAX_NESTING_DEPTH);
  const attach = Object.entries(predicates.names).map(([name, predicate]) => `${name}.accepts = ${predicate};`);
  // ajv's ESM output still calls require() for its run-time helpers; they are written out instead.
  const { definitions, code } = inlineRuntimeHelpers(withoutUnusedSchemaConstants(standaloneCode.default(ajv, exports)), predicates.code);
  const module = [banner, ...definitions, code, predicates.code, ...attach, ""].join("\n");
  const declarations = [
    banner,
    "",
    "/** One validation error, as ajv reports it. */",
    "export interface ValidationError {",
    "  instancePath: string;",
    "  schemaPath: string;",
    "  keyword: string;",
    "  params: Record<string, unknown>;",
    "  message?: string;",
    "}",
    "",
    "/**",
    " * A standalone JSON Schema validator. It returns whether the value is valid and, when it is not,",
    " * leaves the first error on `errors` (instance path, schema path, keyword, message).",
    " */",
    "export interface StandaloneValidator {",
    "  (data: unknown): boolean;",
    "  errors?: ValidationError[] | null;",
    "  /**",
    `   * The same verdict without the error bookkeeping, for values nested at most ${MAX_NESTING_DEPTH} levels deep`,
    "   * (false for deeper ones): true means the validator accepts the value; on false, call the validator",
    "   * for its errors. Generated validators have it; ajv instances compiled at run time do not.",
    "   * `level` is the container level of `data` (default 1, a document of its own): a member checked on",
    "   * its own, as a history's message at level 3, keeps the depth limit of the whole document.",
    "   */",
    "  readonly accepts?: (data: unknown, level?: number) => boolean;",
    "}",
    "",
    ...Object.entries(entryPoints).map(
      ([name, model]) => `/** Validates a \`${model}\` against ${model}.json. */\nexport declare const ${name}: StandaloneValidator;\n`,
    ),
  ].join("\n");
  return { module, declarations };
}
