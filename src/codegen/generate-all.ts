// `npm run generate [-- --check]`: spec/ -> JSON Schema -> TypeScript types -> models for other
// languages -> ajv standalone validators -> providers.json, formats.json -> provider tables (docs/providers.md) and request rules (docs/lint.md) -> MANIFEST.json. With
// --check it regenerates in memory, writes nothing, and exits 1 naming every stale, missing or orphaned file.
import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleSchemas } from "./bundle-schema.js";
import { compileSpec, type CompiledSpec } from "./compile-spec.js";
import { emitTypescript } from "./emit-typescript.js";
import { emitValidators } from "./emit-validators.js";
import { type GeneratedFile, jsonWithBanner, scriptBanner } from "./generated-file.js";
import { COMMITTED_MODEL_LANGUAGES, generateModels } from "./languages/generate-models.js";
import { providerWireFiles } from "./provider-wire-files.js";
import { renderProviderTables, renderRequestRules } from "./render-provider-tables.js";

const GENERATOR = "src/codegen/generate-all.ts";
const GENERATED_DIR = "generated";
const TOOLS = ["@typespec/compiler", "@typespec/json-schema", "json-schema-to-typescript", "ajv", "ajv-formats"];
const INPUT_DIRS = ["spec", "src/codegen", "templates"];
/** The document holding the provider tables (linked from the README, which stays short). */
const PROVIDER_DOC = "docs/providers.md";
const LINT_DOC = "docs/lint.md";

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(join(repositoryRoot, directory), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const path = `${directory}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await listFiles(path)));
    else files.push(path);
  }
  return files.sort();
}

function sha256(content: string): string {
  return createHash("sha256").update(content).digest("hex");
}

async function toolVersions(): Promise<Record<string, string>> {
  const versions: Record<string, string> = {};
  for (const tool of TOOLS) {
    const manifest = JSON.parse(await readFile(join(repositoryRoot, "node_modules", tool, "package.json"), "utf8"));
    versions[tool] = manifest.version;
  }
  return versions;
}

/** Every generated file, in memory. */
async function generate(spec: CompiledSpec): Promise<GeneratedFile[]> {
  const wireModels = new Set([...spec.providers.flatMap((provider) => provider.wireModels), ...spec.formats.flatMap((format) => format.models)]);
  const coreNames = [...spec.schemas.keys()].filter((name) => !wireModels.has(name));
  const files: GeneratedFile[] = [];

  const published = new Map<string, Record<string, unknown>>();
  for (const [name, schema] of spec.schemas) {
    const content = jsonWithBanner(schema, "@typespec/json-schema via src/codegen/generate-all.ts");
    published.set(name, JSON.parse(content));
    files.push({ path: `${GENERATED_DIR}/schema/${name}.json`, content });
  }

  const coreBundle = bundleSchemas(published, coreNames, {
    id: "partwise.schema.json",
    description: "The partwise canonical JSON, format version 1, as one document: every model under $defs; the document itself validates a History.",
    root: "History",
  });
  files.push({ path: `${GENERATED_DIR}/schema/partwise.schema.json`, content: jsonWithBanner(coreBundle, GENERATOR) });
  files.push({
    path: `${GENERATED_DIR}/types.ts`,
    content: await emitTypescript(coreBundle, "The canonical types: parts, messages, histories, stream chunks, session events, errors."),
  });

  for (const provider of spec.providers) {
    files.push(...(await providerWireFiles(provider, published, { directory: `${GENERATED_DIR}/wire`, canonicalTypes: "../types.js", specFile: "spec/providers" })));
  }
  for (const format of spec.formats) {
    const shapes = { id: format.id, displayName: format.displayName, wireModels: [...format.models] };
    files.push(...(await providerWireFiles(shapes, published, { directory: `${GENERATED_DIR}/formats`, canonicalTypes: "../types.js", specFile: "spec/formats", shapes: "formats" })));
  }

  for (const language of COMMITTED_MODEL_LANGUAGES) {
    for (const file of await generateModels(language, published)) {
      files.push({ path: `${GENERATED_DIR}/models/${language}/${file.path}`, content: file.content });
    }
  }

  const validators = emitValidators(coreNames.map((name) => published.get(name)!));
  files.push({ path: `${GENERATED_DIR}/validators.js`, content: validators.module });
  files.push({ path: `${GENERATED_DIR}/validators.d.ts`, content: validators.declarations });

  files.push({
    path: `${GENERATED_DIR}/providers.json`,
    content: jsonWithBanner({ providers: spec.providers }, "@partwise/typespec (spec/lib) via src/codegen/generate-all.ts"),
  });
  files.push({
    path: `${GENERATED_DIR}/formats.json`,
    content: jsonWithBanner({ formats: spec.formats }, "@partwise/typespec (spec/lib) via src/codegen/generate-all.ts"),
  });
  files.push({
    path: `${GENERATED_DIR}/providers.ts`,
    content: [
      scriptBanner(GENERATOR),
      "// The provider mappings and replay rules of spec/providers, as typed data for the codecs.",
      `import type { ProvidersDocument } from "./types.js";`,
      "",
      `export const providersDocument: ProvidersDocument = ${JSON.stringify({ providers: spec.providers }, null, 2)};`,
      "",
    ].join("\n"),
  });

  const providerDoc = await readFile(join(repositoryRoot, PROVIDER_DOC), "utf8");
  files.push({ path: PROVIDER_DOC, content: await renderProviderTables(providerDoc, spec.providers) });
  const lintDoc = await readFile(join(repositoryRoot, LINT_DOC), "utf8");
  files.push({ path: LINT_DOC, content: await renderRequestRules(lintDoc, spec.providers) });

  const inputs: Record<string, string> = {};
  for (const directory of INPUT_DIRS) {
    for (const path of await listFiles(directory)) inputs[path] = sha256(await readFile(join(repositoryRoot, path), "utf8"));
  }
  const outputs = Object.fromEntries(files.map((file) => [file.path, sha256(file.content)]));
  files.push({
    path: `${GENERATED_DIR}/MANIFEST.json`,
    content: jsonWithBanner({ tools: await toolVersions(), inputs, outputs }, GENERATOR),
  });
  return files.sort((left, right) => left.path.localeCompare(right.path));
}

async function readIfPresent(path: string): Promise<string | undefined> {
  return readFile(join(repositoryRoot, path), "utf8").catch(() => undefined);
}

async function main(argv: readonly string[]): Promise<number> {
  const check = argv.includes("--check");
  const files = await generate(await compileSpec(repositoryRoot));
  const produced = new Set(files.map((file) => file.path));
  const stale: string[] = [];
  for (const file of files) {
    const current = await readIfPresent(file.path);
    if (current === file.content) continue;
    stale.push(`${current === undefined ? "missing" : "stale"}: ${file.path}`);
    if (!check) {
      await mkdir(dirname(join(repositoryRoot, file.path)), { recursive: true });
      await writeFile(join(repositoryRoot, file.path), file.content);
    }
  }
  for (const path of await listFiles(GENERATED_DIR)) {
    if (produced.has(path)) continue;
    stale.push(`orphan: ${path}`);
    if (!check) await rm(join(repositoryRoot, path));
  }
  if (check) {
    if (stale.length === 0) {
      console.log(`generate --check: ${files.length} files up to date`);
      return 0;
    }
    console.error(`generate --check: generated files are out of date; run \`npm run generate\`:\n  ${stale.join("\n  ")}`);
    return 1;
  }
  console.log(`generate: ${files.length} files, ${stale.length} written or removed${stale.length ? `:\n  ${stale.join("\n  ")}` : ""}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 2;
});
