// Compiles the canonical JSON Schemas into ajv standalone validators: an ESM module that validates
// without compiling schemas at run time, plus its declaration file.
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormats from "ajv-formats";
import { READ_AS_KEYWORD } from "./bundle-schema.js";
import type { JsonSchemaDocument } from "./compile-spec.js";
import { scriptBanner } from "./generated-file.js";

const GENERATOR = "src/codegen/emit-validators.ts";

/** The exported validator name for each entry-point model. */
export const VALIDATOR_ENTRY_POINTS = {
  validateHistory: "History",
  validateMessage: "Message",
  validatePart: "Part",
  validateSessionEvent: "SessionEvent",
  validateStreamChunk: "StreamChunk",
  validateStreamEvent: "StreamEvent",
  validateErrorObject: "ErrorObject",
} as const;

/** The ajv options the standalone validators are compiled with (and the plain instances createAjv gives tests). */
const AJV_OPTIONS = { strict: true, discriminator: true, allErrors: false } as const;

/** A plain ajv instance holding the given schemas, configured like the standalone validators. */
export function createAjv(schemas: Iterable<JsonSchemaDocument>, options: { standalone: boolean }) {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...(options.standalone ? { code: { source: true, esm: true } } : {}) });
  addFormats.default(ajv);
  ajv.addKeyword({ keyword: READ_AS_KEYWORD, schemaType: "string" });
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

/**
 * ajv's ESM output still calls require() for its runtime helpers and format checks
 * (`require("ajv/dist/runtime/ucs2length").default`); each becomes a static import so the validators
 * load in browsers and workers, where neither require nor node:module exists. The helpers are CommonJS
 * marked `__esModule`, whose default import differs by loader (module.exports in Node and esbuild,
 * exports.default in Vite), so `commonJsExports` recovers module.exports from the namespace either way.
 */
function requiresToImports(code: string): { imports: string[]; code: string } {
  const names = new Map<string, string>();
  const rewritten = code.replace(/require\("([^"]+)"\)/g, (_call, specifier: string) => {
    let name = names.get(specifier);
    if (name === undefined) {
      name = `ajvRuntime${names.size}`;
      names.set(specifier, name);
    }
    return name;
  });
  const imports = [...names].map(([specifier, name]) => `import * as ${name}Namespace from ${JSON.stringify(`${specifier}.js`)};`);
  const bindings = [...names.values()].map((name) => `const ${name} = commonJsExports(${name}Namespace);`);
  const helper = "function commonJsExports(namespace) { return typeof namespace.default === \"object\" && namespace.default !== null ? namespace.default : namespace; }";
  return { imports: [...imports, helper, ...bindings], code: rewritten };
}

/**
 * A validators module and its declarations: one exported validator per entry point (export name ->
 * model name), compiled with every given schema available for references.
 */
export function emitValidators(
  schemas: Iterable<JsonSchemaDocument>,
  entryPoints: Readonly<Record<string, string>> = VALIDATOR_ENTRY_POINTS,
): { module: string; declarations: string } {
  const ajv = createAjv(schemas, { standalone: true });
  const exports = Object.fromEntries(Object.entries(entryPoints).map(([name, model]) => [name, `${model}.json`]));
  const { imports, code } = requiresToImports(standaloneCode.default(ajv, exports));
  const module = [scriptBanner(GENERATOR), ...imports, code, ""].join("\n");
  const declarations = [
    scriptBanner(GENERATOR),
    `import type { ErrorObject as AjvErrorObject } from "ajv";`,
    "",
    "/**",
    " * A standalone JSON Schema validator. It returns whether the value is valid and, when it is not,",
    " * leaves the first error on `errors` (instance path, schema path, keyword, message).",
    " */",
    "export interface StandaloneValidator {",
    "  (data: unknown): boolean;",
    "  errors?: AjvErrorObject[] | null;",
    "}",
    "",
    ...Object.entries(entryPoints).map(
      ([name, model]) => `/** Validates a \`${model}\` against ${model}.json. */\nexport declare const ${name}: StandaloneValidator;\n`,
    ),
  ].join("\n");
  return { module, declarations };
}
