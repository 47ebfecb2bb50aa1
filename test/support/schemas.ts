// The published JSON Schema files of generated/schema, loaded for tests that compare against them.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const schemaDirectory = fileURLToPath(new URL("../../generated/schema/", import.meta.url));

/** Every per-model schema file, keyed by model name (the bundle excluded). */
export function loadSchemas(): Map<string, Record<string, unknown>> {
  const schemas = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(schemaDirectory).sort()) {
    if (!file.endsWith(".json") || file === "partwise.schema.json") continue;
    schemas.set(file.slice(0, -5), JSON.parse(readFileSync(schemaDirectory + file, "utf8")));
  }
  return schemas;
}

/** The providers.json wire-model names, which are not part of the canonical schema. */
export function wireModelNames(): Set<string> {
  const providers = JSON.parse(readFileSync(new URL("../../generated/providers.json", import.meta.url), "utf8")) as {
    providers: { wireModels: string[] }[];
  };
  return new Set(providers.providers.flatMap((provider) => provider.wireModels));
}
