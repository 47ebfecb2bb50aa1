// Compiles a TypeSpec entry point and returns what the emitters wrote: the JSON Schema of every model and
// the provider mappings (providers.json from our own TypeSpec library in spec/lib). Two entry points:
// partwise's own spec/main.tsp (npm run generate), and a provider spec written outside partwise that
// imports the library from the installed package (`partwise generate --provider`, docs/scaffold-a-provider.md).
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type CompilerOptions, NodeHost, compile, formatDiagnostic, resolveCompilerOptions } from "@typespec/compiler";
// Type-only: the pipeline reads the shape of providers.json from the types it generated last time.
import type { ProviderDescription } from "../../generated/types.js";

export type { ProviderDescription };

/** A JSON Schema document as emitted (plain JSON). */
export type JsonSchemaDocument = Record<string, unknown>;

/** Another framework's message format (a namespace marked `@messageFormat`): its models get types and validators of their own. */
export interface FormatDescription {
  readonly id: string;
  readonly displayName: string;
  readonly namespace: string;
  readonly description: string;
  /** The names of the format's models and unions, in declaration order. */
  readonly models: readonly string[];
}

/** What the spec compiles to. */
export interface CompiledSpec {
  /** JSON Schemas keyed by model name (the file name without `.json`), sorted by name. */
  readonly schemas: ReadonlyMap<string, JsonSchemaDocument>;
  readonly providers: readonly ProviderDescription[];
  readonly formats: readonly FormatDescription[];
}

/** Raised when the spec does not compile; the message lists every diagnostic with its location. */
export class SpecCompileError extends Error {
  override readonly name = "SpecCompileError";
}

/** The name of partwise's TypeSpec library, as its `$lib` declares it and emitter options are keyed. */
const LIBRARY = "@partwise/typespec";
const JSON_SCHEMA_EMITTER = "@typespec/json-schema";

/** The options of both emitters, writing under `outputDir` where compileEntrypoint reads. */
function emitterOptions(outputDir: string): NonNullable<CompilerOptions["options"]> {
  return {
    [JSON_SCHEMA_EMITTER]: { "emitter-output-dir": join(outputDir, "schema"), "file-type": "json", "int64-strategy": "number", emitAllRefs: true },
    [LIBRARY]: { "emitter-output-dir": join(outputDir, "partwise") },
  };
}

/** Compiles `entrypoint` with options made for a fresh output directory, and reads what the emitters wrote. */
async function compileEntrypoint(entrypoint: string, optionsFor: (outputDir: string) => Promise<CompilerOptions>): Promise<CompiledSpec> {
  const outputDir = await mkdtemp(join(tmpdir(), "partwise-tsp-"));
  try {
    const program = await compile(NodeHost, entrypoint, await optionsFor(outputDir));
    const errors = program.diagnostics.filter((diagnostic) => diagnostic.severity === "error");
    if (errors.length > 0 || program.hasError()) {
      throw new SpecCompileError(`TypeSpec compilation failed:\n${errors.map((diagnostic) => formatDiagnostic(diagnostic)).join("\n")}`);
    }
    const schemaDir = join(outputDir, "schema");
    const schemaFiles = (await readdir(schemaDir)).filter((file) => file.endsWith(".json")).sort();
    const schemas = new Map<string, JsonSchemaDocument>();
    for (const file of schemaFiles) {
      schemas.set(file.slice(0, -".json".length), JSON.parse(await readFile(join(schemaDir, file), "utf8")));
    }
    const providersDocument = JSON.parse(await readFile(join(outputDir, "partwise", "providers.json"), "utf8"));
    const formatsDocument = JSON.parse(await readFile(join(outputDir, "partwise", "formats.json"), "utf8"));
    return { schemas, providers: providersDocument.providers, formats: formatsDocument.formats };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}

/** partwise's own spec: spec/main.tsp of a checkout, with spec/tspconfig.yaml. */
export async function compileSpec(repositoryRoot: string): Promise<CompiledSpec> {
  const specDir = resolve(repositoryRoot, "spec");
  return compileEntrypoint(join(specDir, "main.tsp"), async (outputDir) => {
    const [options, configDiagnostics] = await resolveCompilerOptions(NodeHost, {
      entrypoint: join(specDir, "main.tsp"),
      configPath: join(specDir, "tspconfig.yaml"),
      cwd: repositoryRoot,
      overrides: { outputDir },
    });
    const errors = configDiagnostics.filter((diagnostic) => diagnostic.severity === "error");
    if (errors.length > 0) throw new SpecCompileError(`TypeSpec configuration failed:\n${errors.map((diagnostic) => formatDiagnostic(diagnostic)).join("\n")}`);
    return options;
  });
}

/**
 * A provider spec outside partwise: `file` imports the library from the installed package
 * (`import "partwise/typespec";`), so the library's emitter is named by its path in this package and no
 * tspconfig.yaml is read; @typespec/json-schema is resolved from the file's project.
 */
export async function compileProviderSpec(file: string, libraryEmitter: string): Promise<CompiledSpec> {
  return compileEntrypoint(resolve(file), async (outputDir) => ({
    outputDir,
    emit: [JSON_SCHEMA_EMITTER, libraryEmitter],
    options: emitterOptions(outputDir),
  }));
}
