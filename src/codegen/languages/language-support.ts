// What the language generators share: finding templates and schemas from the package root (the same
// from src/ under tsx and from dist/ once built), rendering a language's template, and doc comments.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { JsonSchemaDocument } from "../compile-spec.js";
import type { GeneratedFile } from "../generated-file.js";
import { renderTemplateFile } from "../render-template.js";
import type { HistoryModel } from "./history-model.js";
import { InternalError } from "../../errors/partwise-error.js";

/**
 * A language generator: the files of the models, with paths relative to the output directory, from
 * the history model (and, for generators that reuse a schema tool, the schemas it was read from).
 */
export type LanguageGenerator = (model: HistoryModel, schemas: ReadonlyMap<string, JsonSchemaDocument>) => Promise<GeneratedFile[]>;

/** The directory holding package.json and templates/ (two levels up in src/, three in dist/src/). */
export function packageRoot(): string {
  for (let directory = dirname(fileURLToPath(import.meta.url)); ; directory = dirname(directory)) {
    if (existsSync(join(directory, "templates", "languages")) && existsSync(join(directory, "package.json"))) return directory;
    if (dirname(directory) === directory) throw new InternalError("internal/invariant", "partwise: templates/languages not found above the codegen module");
  }
}

/** The per-model JSON Schemas of a directory such as generated/schema (the bundle left out), by model name. */
export function readSchemaDirectory(directory: string): Map<string, JsonSchemaDocument> {
  const schemas = new Map<string, JsonSchemaDocument>();
  for (const file of readdirSync(directory).sort()) {
    if (!file.endsWith(".json") || file === "partwise.schema.json") continue;
    schemas.set(file.slice(0, -".json".length), JSON.parse(readFileSync(join(directory, file), "utf8")));
  }
  return schemas;
}

/** Renders `templates/languages/<language>/<file>` with a view model. */
export function renderLanguageTemplate(language: string, file: string, data: Record<string, unknown>): Promise<string> {
  return renderTemplateFile(join(packageRoot(), "templates", "languages", language, file), data);
}

/** A description as comment lines, each starting with `prefix` (no trailing spaces on empty lines). */
export function commentLines(text: string, prefix: string): string {
  return text.split("\n").map((line) => `${prefix}${line}`.trimEnd()).join("\n");
}
