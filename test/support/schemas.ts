// Where the published JSON Schema files are (generated/schema), and which of providers.json's models are wire models.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const schemaDirectory = fileURLToPath(new URL("../../generated/schema/", import.meta.url));

/** The providers.json wire-model names, which are not part of the canonical schema. */
export function wireModelNames(): Set<string> {
  const providers = JSON.parse(readFileSync(new URL("../../generated/providers.json", import.meta.url), "utf8")) as {
    providers: { wireModels: string[] }[];
  };
  const formats = JSON.parse(readFileSync(new URL("../../generated/formats.json", import.meta.url), "utf8")) as { formats: { models: string[] }[] };
  return new Set([...providers.providers.flatMap((provider) => provider.wireModels), ...formats.formats.flatMap((format) => format.models)]);
}
