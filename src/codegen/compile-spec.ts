// Compiles spec/main.tsp with TypeSpec and returns what the emitters wrote: the JSON Schema of every
// model and the provider mappings (providers.json from our own TypeSpec library in spec/lib).
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { NodeHost, compile, formatDiagnostic, resolveCompilerOptions } from "@typespec/compiler";
// Type-only: the pipeline reads the shape of providers.json from the types it generated last time.
import type { ProviderDescription } from "../../generated/types.js";

export type { ProviderDescription };

/** A JSON Schema document as emitted (plain JSON). */
export type JsonSchemaDocument = Record<string, unknown>;

/** What the spec compiles to. */
export interface CompiledSpec {
  /** JSON Schemas keyed by model name (the file name without `.json`), sorted by name. */
  readonly schemas: ReadonlyMap<string, JsonSchemaDocument>;
  readonly providers: readonly ProviderDescription[];
}

/** Raised when the spec does not compile; the message lists every diagnostic with its location. */
export class SpecCompileError extends Error {
  override readonly name = "SpecCompileError";
}

export async function compileSpec(repositoryRoot: string): Promise<CompiledSpec> {
  const outputDir = await mkdtemp(join(tmpdir(), "partwise-tsp-"));
  try {
    const specDir = resolve(repositoryRoot, "spec");
    const [options, configDiagnostics] = await resolveCompilerOptions(NodeHost, {
      entrypoint: join(specDir, "main.tsp"),
      configPath: join(specDir, "tspconfig.yaml"),
      cwd: repositoryRoot,
      overrides: { outputDir },
    });
    const program = await compile(NodeHost, join(specDir, "main.tsp"), options);
    const diagnostics = [...configDiagnostics, ...program.diagnostics];
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === "error");
    if (errors.length > 0 || program.hasError()) {
      throw new SpecCompileError(
        `TypeSpec compilation failed:\n${errors.map((diagnostic) => formatDiagnostic(diagnostic)).join("\n")}`,
      );
    }
    const schemaDir = join(outputDir, "schema");
    const schemaFiles = (await readdir(schemaDir)).filter((file) => file.endsWith(".json")).sort();
    const schemas = new Map<string, JsonSchemaDocument>();
    for (const file of schemaFiles) {
      schemas.set(file.slice(0, -".json".length), JSON.parse(await readFile(join(schemaDir, file), "utf8")));
    }
    const providersDocument = JSON.parse(await readFile(join(outputDir, "partwise", "providers.json"), "utf8"));
    return { schemas, providers: providersDocument.providers };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}
