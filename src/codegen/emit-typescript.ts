// Turns a bundled JSON Schema document into TypeScript declarations with json-schema-to-typescript.
import { compile } from "json-schema-to-typescript";
import { typescriptView } from "./bundle-schema.js";
import type { JsonSchemaDocument } from "./compile-spec.js";
import { scriptBanner } from "./generated-file.js";
import { InternalError } from "../errors/partwise-error.js";

const GENERATOR = "src/codegen/emit-typescript.ts";
const ROOT = "GeneratedRoot";

/** The names of types a schema refers to (the `tsType` of its adapted `$ref`s). */
function referencedTypes(value: unknown, names: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((child) => referencedTypes(child, names));
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === "tsType" && typeof child === "string" && /^[A-Z]\w*$/.test(child)) names.add(child);
      else referencedTypes(child, names);
    }
  }
  return names;
}

/**
 * TypeScript declarations of every model of the bundle, one exported type per model. Types the bundle
 * refers to but does not hold (a wire shape using a canonical type) are imported from `importFrom`.
 * `banner` heads the file (partwise's own; `partwise generate --provider` writes one naming its command).
 */
export async function emitTypescript(
  bundle: JsonSchemaDocument,
  description: string,
  importFrom?: string,
  banner = scriptBanner(GENERATOR),
): Promise<string> {
  const view = typescriptView(bundle);
  const declared = new Set(Object.keys(view.$defs as object));
  const imported = [...referencedTypes(view.$defs, new Set())].filter((name) => !declared.has(name)).sort();
  if (imported.length > 0 && importFrom === undefined) {
    throw new InternalError("internal/invariant", `emitTypescript: ${imported.join(", ")} referenced but not declared`);
  }
  const importLine = imported.length > 0 ? `\nimport type { ${imported.join(", ")} } from "${importFrom}";\n` : "";
  // The document root holds only `$defs`; `unreachableDefinitions` emits every model, and the empty
  // root interface and the "referenced by" notes json-schema-to-typescript adds are removed after.
  const source = await compile({ ...view, title: ROOT } as never, ROOT, {
    bannerComment: `${banner}// ${description}\n${importLine}`,
    unreachableDefinitions: true,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: false,
    unknownAny: true,
    format: true,
    style: { printWidth: 110, singleQuote: false, trailingComma: "all" },
  });
  return source
    .replace(new RegExp(`\\nexport interface ${ROOT} \\{\\n  \\[k: string\\]: unknown;\\n\\}\\n`), "\n")
    .replace(/ \*\n \* This interface was referenced by `\w+`'s JSON-Schema\n \* via the `definition` "\w+".\n/g, "");
}
