// TypeScript declarations of the stored history, for code that reads histories without the partwise
// package: the history's models from the JSON Schema through the same emitter as generated/types.ts.
import { bundleSchemas } from "../bundle-schema.js";
import type { JsonSchemaDocument } from "../compile-spec.js";
import type { LanguageGenerator } from "./language-support.js";

/** The names of the schemas reachable from `root` through `$ref`s, sorted. */
function reachableSchemas(schemas: ReadonlyMap<string, JsonSchemaDocument>, root: string): string[] {
  const seen = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === "$ref" && typeof child === "string") enter(child.replace(/\.json$/, ""));
        else visit(child);
      }
    }
  };
  const enter = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    visit(schemas.get(name));
  };
  enter(root);
  return [...seen].sort();
}

export const generateTypescript: LanguageGenerator = async (model, schemas) => {
  // Loaded here, not at the top: json-schema-to-typescript is a build tool, and the other languages
  // must generate without it.
  const { emitTypescript } = await import("../emit-typescript.js");
  const bundle = bundleSchemas(schemas, reachableSchemas(schemas, model.root), {
    id: "partwise-models.schema.json",
    description: "The stored history of the partwise canonical JSON.",
  });
  const content = await emitTypescript(bundle, `The stored history (format version ${model.formatVersion}): histories, messages and the part union discriminated by \`${model.union.discriminator}\`.`);
  return [{ path: "partwise-models.ts", content }];
};
