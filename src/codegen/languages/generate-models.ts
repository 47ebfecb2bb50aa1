// The model generators by language, and what `partwise generate` and `npm run generate` call: the
// schemas in, the files of one language's models out.
import type { JsonSchemaDocument } from "../compile-spec.js";
import type { GeneratedFile } from "../generated-file.js";
import { generateCsharp } from "./csharp.js";
import { generateGo } from "./go.js";
import { readHistoryModel } from "./history-model.js";
import { generateJava } from "./java.js";
import { generateKotlin } from "./kotlin.js";
import type { LanguageGenerator } from "./language-support.js";
import { generatePython } from "./python.js";
import { generateRust } from "./rust.js";
import { generateSwift } from "./swift.js";
import { generateTypescript } from "./typescript.js";

const GENERATORS = {
  python: generatePython,
  go: generateGo,
  java: generateJava,
  rust: generateRust,
  csharp: generateCsharp,
  kotlin: generateKotlin,
  swift: generateSwift,
  typescript: generateTypescript,
} as const satisfies Record<string, LanguageGenerator>;

export type ModelLanguage = keyof typeof GENERATORS;

/** Every language `partwise generate --lang` takes. */
export const MODEL_LANGUAGES = Object.keys(GENERATORS) as ModelLanguage[];

/**
 * The languages whose models are committed under generated/models/ (TypeScript has generated/types.ts).
 * Python, Go, Java and Rust are compiled and run against the conformance vectors; the others are
 * snapshots, since no toolchain for them is installed in CI.
 */
export const COMMITTED_MODEL_LANGUAGES: readonly ModelLanguage[] = ["python", "go", "java", "rust", "csharp", "kotlin", "swift"];

export function isModelLanguage(language: string): language is ModelLanguage {
  return Object.hasOwn(GENERATORS, language);
}

/** The files of one language's models (paths relative to the output directory), from the per-model schemas. */
export function generateModels(language: ModelLanguage, schemas: ReadonlyMap<string, JsonSchemaDocument>): Promise<GeneratedFile[]> {
  return GENERATORS[language](readHistoryModel(schemas), schemas);
}
