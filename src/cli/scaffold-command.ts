// `partwise scaffold provider NAME`: a new provider from templates/scaffold/: its spec file, a minimal
// Chat Completions-like codec in the house layout (endpoint and tool declarations included), a simulator,
// composed fixtures and tests, registered in src/providers/registry.ts, src/simulators/index.ts and
// spec/main.tsp, so that after `npm run generate` it compiles and passes. With --out DIR, the same codec
// for a user's project, importing only partwise's exports and registering itself (docs/scaffold-a-provider.md).
// Everything is checked and rendered before the first write, and a failed write undoes the others.
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { camelCase, pascalCase, upperSnakeCase } from "../codegen/languages/identifiers.js";
import { packageRoot } from "../codegen/languages/language-support.js";
import { renderTemplateFile } from "../codegen/render-template.js";
import { UsageError } from "../errors/partwise-error.js";
import { FUTURE_PART_PROVIDER } from "../parts/part-kinds.js";
import { providerCodecs } from "../providers/registry.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine } from "./command-options.js";

export const SCAFFOLD_HELP = `Usage: partwise scaffold provider NAME [--root DIR]
       partwise scaffold provider NAME --out DIR

Writes a new provider into a partwise checkout: spec/providers/NAME.tsp, src/providers/NAME/ (wire
shapes, error parsing, message mapping, blocking and streaming decoders, encoder, HTTP endpoint, tool
declarations, block placement, codec), a simulator in src/simulators/NAME-simulator.ts, composed fixtures
in test/fixtures/NAME/ and tests in test/providers/NAME/ (a tool loop against the simulator among them),
and registers it in src/providers/registry.ts, src/simulators/index.ts and spec/main.tsp. The codec is a
real minimal one for a Chat Completions-like wire (text and tool calls, both ways, blocking and SSE
streaming). NAME is kebab-case, at most 64 characters, and must not name an existing provider once
dashes and dots are ignored (deep-seek is deepseek); the provider id is NAME with dots for dashes
(acme-chat -> acme.chat). Nothing is written unless everything is.

Then: npm run generate && npm run conformance:update && npm test

With --out DIR, writes a provider for a project that installed partwise instead, into DIR (new or
empty): NAME.tsp (importing "partwise/typespec"), the same codec importing only partwise,
partwise/provider-kit and partwise/testing, registering itself with registerProvider when imported, a
simulator and NAME-codec.test.ts (vitest). NAME must not be a built-in provider's. Then:
  npx partwise generate --provider DIR/NAME.tsp --out DIR/generated && npx vitest run DIR

Options:
  --root DIR           the checkout to write into (default: the current directory)
  --out DIR            a directory of your project to write a provider into (no checkout needed)
  -h, --help           show this help`;

const NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;
/** Long enough for any real name, short enough that every file name it makes stays far under 255 bytes. */
const MAX_NAME_LENGTH = 64;
const REGISTRY = "src/providers/registry.ts";
const SIMULATORS = "src/simulators/index.ts";
const SPEC_MAIN = "spec/main.tsp";

/** Where the codec's modules import partwise's pieces from, in a checkout (relative to src/providers/NAME/). */
function checkoutImports(name: string, id: string): Record<string, string> {
  return {
    types: "../../../generated/types.js",
    wireTypes: `../../../generated/wire/${id}.js`,
    wireValidators: `../../../generated/wire/${id}-validators.js`,
    providerErrors: "../../errors/provider-error.js",
    openAiStyleErrors: "../openai-chat/openai-chat-errors.js",
    wireValidation: "../wire-validation.js",
    partIndexer: "../part-indexer.js",
    chunkStreamDecoder: "../chunk-stream-decoder.js",
    providerCodec: "../provider-codec.js",
    wireReaders: "../wire-readers.js",
    encodeDriver: "../encode-driver.js",
    providerEndpoint: "../provider-endpoint.js",
    toolDeclarations: "../tool-declarations.js",
    // The simulator's, relative to src/simulators/.
    simulatedWire: `../providers/${name}/${name}-wire.js`,
    chatSimulator: "./openai-chat-simulator.js",
    simulatorServer: "./simulator-server.js",
    weatherScript: "./weather-script.js",
  };
}

/** The same imports in a user's project: the installed package's exports, and what `partwise generate --provider` wrote. */
function packageImports(name: string, id: string): Record<string, string> {
  const kit = "partwise/provider-kit";
  const testing = "partwise/testing";
  return {
    types: "partwise",
    wireTypes: `./generated/${id}.js`,
    wireValidators: `./generated/${id}-validators.js`,
    ...Object.fromEntries(["providerErrors", "openAiStyleErrors", "wireValidation", "partIndexer", "chunkStreamDecoder", "providerCodec", "wireReaders", "encodeDriver", "providerEndpoint", "toolDeclarations"].map((key) => [key, kit])),
    simulatedWire: `./${name}-wire.js`,
    chatSimulator: testing,
    simulatorServer: testing,
    weatherScript: testing,
  };
}

/** What each template becomes in a user's project, relative to --out: the codec flat in DIR, its generated files under DIR/generated. */
function packageScaffoldFiles(name: string): { template: string; path: string }[] {
  const shared = scaffoldFiles(name).filter((file) => file.path.startsWith("src/") && !file.template.startsWith("block-placement"));
  return [
    { template: "spec.tsp.tmpl", path: `${name}.tsp` },
    ...shared.map((file) => ({ template: file.template, path: file.path.slice(file.path.lastIndexOf("/") + 1) })),
    { template: "user/codec.test.ts.tmpl", path: `${name}-codec.test.ts` },
  ];
}

/** What each template of templates/scaffold/ becomes, relative to the checkout. */
function scaffoldFiles(name: string): { template: string; path: string }[] {
  return [
    { template: "spec.tsp.tmpl", path: `spec/providers/${name}.tsp` },
    { template: "wire.ts.tmpl", path: `src/providers/${name}/${name}-wire.ts` },
    { template: "errors.ts.tmpl", path: `src/providers/${name}/${name}-errors.ts` },
    { template: "map-message.ts.tmpl", path: `src/providers/${name}/map-${name}-message.ts` },
    { template: "decode-response.ts.tmpl", path: `src/providers/${name}/decode-${name}-response.ts` },
    { template: "decode-stream.ts.tmpl", path: `src/providers/${name}/decode-${name}-stream.ts` },
    { template: "encode-request.ts.tmpl", path: `src/providers/${name}/encode-${name}-request.ts` },
    { template: "endpoint.ts.tmpl", path: `src/providers/${name}/${name}-endpoint.ts` },
    { template: "tools.ts.tmpl", path: `src/providers/${name}/${name}-tools.ts` },
    { template: "index.ts.tmpl", path: `src/providers/${name}/index.ts` },
    { template: "block-placement.ts.tmpl", path: `src/providers/${name}/${name}-block-placement.ts` },
    { template: "simulator.ts.tmpl", path: `src/simulators/${name}-simulator.ts` },
    { template: "codec.test.ts.tmpl", path: `test/providers/${name}/${name}-codec.test.ts` },
    { template: "fixtures/SOURCES.tmpl", path: `test/fixtures/${name}/SOURCES` },
    { template: "fixtures/text.json.tmpl", path: `test/fixtures/${name}/composed__${name}-text.json` },
    { template: "fixtures/text.chunks.txt.tmpl", path: `test/fixtures/${name}/composed__${name}-text.chunks.txt` },
    { template: "fixtures/tool-call.json.tmpl", path: `test/fixtures/${name}/composed__${name}-tool-call.json` },
    { template: "fixtures/tool-call.chunks.txt.tmpl", path: `test/fixtures/${name}/composed__${name}-tool-call.chunks.txt` },
  ];
}

/** Inserts `line` after the last line matching `after`; throws when there is none. */
function insertAfterLast(text: string, after: RegExp, line: string, file: string): string {
  const matches = [...text.matchAll(new RegExp(after.source, "gm"))];
  const last = matches.at(-1);
  if (last?.index === undefined) throw new UsageError(`${file} has no line matching ${after} to register the provider after`);
  const end = last.index + last[0].length;
  return `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}

/** Where a registry lists its entries: the imports to add one after, and the list to append it to. */
interface RegistryList {
  readonly file: string;
  readonly imports: RegExp;
  /** The line that opens the list, and the list as an error shows it. */
  readonly opening: RegExp;
  readonly shown: string;
  readonly closing: string;
}

const CODEC_LIST: RegistryList = {
  file: REGISTRY,
  imports: /^import \{ \w+ \} from "\.\/[\w-]+\/index\.js";$/,
  opening: /export const providerCodecs\b[^=]*= \{\n/,
  shown: "export const providerCodecs = { ... };",
  closing: "\n};",
};

const SIMULATOR_LIST: RegistryList = {
  file: SIMULATORS,
  imports: /^import \{ \w+ \} from "\.\/[\w-]+-simulator\.js";$/,
  opening: /const simulatorEntries\b[^=]*= \[\n/,
  shown: "const simulatorEntries = [ ... ];",
  closing: "\n];",
};

/** The registry's text with `importLine` after its last import and `entry` as the last entry of its list. */
function register(text: string, list: RegistryList, importLine: string, entry: string): string {
  const withImport = insertAfterLast(text, list.imports, importLine, list.file);
  const start = withImport.search(list.opening);
  const end = start < 0 ? -1 : withImport.indexOf(list.closing, start);
  if (end < 0) throw new UsageError(`${list.file} has no \`${list.shown}\` to add ${entry.replace(/,$/, "")} to`);
  return `${withImport.slice(0, end)}\n  ${entry}${withImport.slice(end)}`;
}

/** A name with its separators removed: two names alike in it make the same identifiers (deepSeekCodec). */
function normalized(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The providers a checkout has: its spec files, the codecs its registry imports, and the built-in ids. */
function existingProviders(root: string, registry: string): string[] {
  const specDirectory = join(root, "spec/providers");
  const specs = existsSync(specDirectory) ? readdirSync(specDirectory).filter((file) => file.endsWith(".tsp")).map((file) => file.slice(0, -".tsp".length)) : [];
  const imported = [...registry.matchAll(/from "\.\/([\w-]+)\/index\.js"/g)].map((match) => match[1]!);
  return [...specs, ...imported, ...Object.keys(providerCodecs)];
}

/** Throws a usage error when `name` cannot be scaffolded: its form, its length, or a provider it would collide with. */
function checkName(name: string, root: string, registry: string): void {
  if (name.length > MAX_NAME_LENGTH) throw new UsageError(`provider name is ${name.length} characters long, over the limit of ${MAX_NAME_LENGTH}`);
  if (!NAME_PATTERN.test(name)) throw new UsageError(`provider name "${name}" must be kebab-case: lower-case letters and digits, words joined by "-"`);
  if (name.replace(/-/g, ".") === FUTURE_PART_PROVIDER) throw new UsageError(`"${name}" is reserved: it names parts of a later format version`);
  // The provider itself (by folder name or id) is not a collision: the files already there are reported instead.
  const own = new Set([name, name.replace(/-/g, ".")]);
  const collision = existingProviders(root, registry).find((existing) => !own.has(existing) && normalized(existing) === normalized(name));
  if (collision !== undefined) {
    throw new UsageError(`provider name "${name}" collides with the existing provider "${collision}": without dashes and dots both are "${normalized(name)}", so their identifiers (${camelCase(name)}Codec, ...) would clash`);
  }
}

/**
 * Writes new files and replaces existing ones, all or nothing: on the first failure the files written
 * are removed, the directories made are removed and the replaced files get their old text back.
 */
async function writeAll(root: string, created: readonly { path: string; text: string }[], replaced: readonly { path: string; text: string; previous: string }[]): Promise<void> {
  const made: string[] = [];
  const restored: { path: string; previous: string }[] = [];
  let current = "";
  try {
    for (const file of created) {
      current = file.path;
      const directory = await mkdir(dirname(join(root, file.path)), { recursive: true });
      if (directory !== undefined) made.push(directory);
      await writeFile(join(root, file.path), file.text, { flag: "wx" });
      made.push(join(root, file.path));
    }
    for (const file of replaced) {
      current = file.path;
      restored.push(file);
      await writeFile(join(root, file.path), file.text);
    }
  } catch (error) {
    for (const file of restored) await writeFile(join(root, file.path), file.previous).catch(() => undefined);
    for (const path of made.reverse()) await rm(path, { recursive: true, force: true });
    throw new UsageError(`could not write ${current}: ${error instanceof Error ? error.message : String(error)}; nothing was left behind`, { cause: error });
  }
}

/** The values the templates read: the name in each casing, and where the mode's imports come from. */
function templateData(name: string, id: string, mode: { user: boolean; from: Record<string, string>; specPath: string }): Record<string, unknown> {
  return {
    name,
    id,
    pascal: pascalCase(name),
    camel: camelCase(name),
    constant: upperSnakeCase(name),
    displayName: name.split("-").map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" "),
    ...mode,
  };
}

const NAMED_IMPORT = /^import (type )?\{ (.+) \} from "([^"]+)";$/;

/**
 * The module's named imports with one declaration per source, at the first one's place: in a user's
 * project the kit's pieces, which sit in separate modules of a checkout, all come from one export.
 */
function mergedImports(text: string): string {
  const lines = text.split("\n");
  const bySource = new Map<string, { line: number; names: string[] }>();
  const merged: (string | undefined)[] = [...lines];
  lines.forEach((line, index) => {
    const match = NAMED_IMPORT.exec(line);
    if (!match) return;
    const [, typeOnly, list, source] = match as unknown as [string, string | undefined, string, string];
    const names = list.split(", ").map((name) => (typeOnly ? `type ${name}` : name));
    const first = bySource.get(source);
    if (first === undefined) bySource.set(source, { line: index, names });
    else {
      first.names.push(...names);
      merged[index] = undefined;
    }
  });
  for (const [source, { line, names }] of bySource) {
    const allTypes = names.every((name) => name.startsWith("type "));
    const shown = allTypes ? names.map((name) => name.slice("type ".length)) : names;
    merged[line] = `import ${allTypes ? "type " : ""}{ ${shown.join(", ")} } from "${source}";`;
  }
  return merged.filter((line) => line !== undefined).join("\n");
}

/** Every file rendered, before anything is written. */
async function renderAll(files: readonly { template: string; path: string }[], data: Record<string, unknown>): Promise<{ path: string; text: string }[]> {
  const templates = join(packageRoot(), "templates", "scaffold");
  return Promise.all(files.map(async (file) => ({ path: file.path, text: await renderTemplateFile(join(templates, file.template), data) })));
}

/**
 * `--out DIR`: the provider for a user's project, into a new or empty DIR; refused for a name a built-in
 * provider has (once dashes and dots are ignored), since its id and identifiers would clash at registration.
 */
async function scaffoldIntoProject(name: string, id: string, out: string, io: CommandIo): Promise<number> {
  checkName(name, out, "");
  const builtIn = Object.keys(providerCodecs).find((existing) => normalized(existing) === normalized(name));
  if (builtIn !== undefined) throw new UsageError(`provider name "${name}" is taken: partwise has the provider "${builtIn}" built in`);
  if (existsSync(out) && (!statSync(out).isDirectory() || readdirSync(out).length > 0)) throw new UsageError(`${out} exists and is not an empty directory: scaffold writes a provider into a new or empty one`);
  const rendered = await renderAll(packageScaffoldFiles(name), templateData(name, id, { user: true, from: packageImports(name, id), specPath: `${name}.tsp` }));
  const created = rendered.map((file) => (file.path.endsWith(".ts") ? { ...file, text: mergedImports(file.text) } : file));
  await writeAll(out, created, []);
  for (const file of created) io.out(`wrote ${join(out, file.path)}`);
  const shown = relative(process.cwd(), out) || ".";
  io.err(`scaffold: provider ${id} written to ${shown}; next: npx partwise generate --provider ${join(shown, `${name}.tsp`)} --out ${join(shown, "generated")} && npx vitest run ${shown}`);
  return 0;
}

export async function runScaffold(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      root: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(SCAFFOLD_HELP);
    return 0;
  }
  const [kind, name, ...rest] = positionals;
  if (kind !== "provider" || name === undefined || rest.length > 0) throw new UsageError("usage: partwise scaffold provider NAME (see partwise scaffold --help)");
  const id = name.replace(/-/g, ".");
  if (values.out !== undefined) {
    if (values.root !== undefined) throw new UsageError("scaffold takes --root (a checkout) or --out (a directory of your project), not both");
    return scaffoldIntoProject(name, id, resolve(values.out), io);
  }

  const root = resolve(values.root ?? ".");
  for (const required of [REGISTRY, SIMULATORS, SPEC_MAIN]) {
    if (!existsSync(join(root, required))) throw new UsageError(`${root} is not a partwise checkout: ${required} is missing`);
  }
  const registryText = await readFile(join(root, REGISTRY), "utf8");
  const simulatorsText = await readFile(join(root, SIMULATORS), "utf8");
  const specMainText = await readFile(join(root, SPEC_MAIN), "utf8");
  checkName(name, root, registryText);
  const files = scaffoldFiles(name);
  const taken = files.map((file) => file.path).filter((path) => existsSync(join(root, path)));
  if (taken.length > 0) throw new UsageError(`provider ${name} exists already: ${taken.join(", ")}`);

  const codec = `${camelCase(name)}Codec`;
  const registry = register(registryText, CODEC_LIST, `import { ${codec} } from "./${name}/index.js";`, `[${codec}.id]: ${codec},`);
  const simulator = `${camelCase(name)}Simulator`;
  const simulators = register(simulatorsText, SIMULATOR_LIST, `import { ${simulator} } from "./${name}-simulator.js";`, `stateless(${simulator}),`);
  const specMain = insertAfterLast(specMainText, /^import "\.\/providers\/[\w-]+\.tsp";$/, `import "./providers/${name}.tsp";`, SPEC_MAIN);

  const created = await renderAll(files, templateData(name, id, { user: false, from: checkoutImports(name, id), specPath: `spec/providers/${name}.tsp` }));
  await writeAll(root, created, [
    { path: REGISTRY, text: registry, previous: registryText },
    { path: SIMULATORS, text: simulators, previous: simulatorsText },
    { path: SPEC_MAIN, text: specMain, previous: specMainText },
  ]);
  for (const file of created) io.out(`wrote ${file.path}`);
  io.out(`registered ${codec} in ${REGISTRY}`);
  io.out(`registered ${simulator} in ${SIMULATORS}`);
  io.out(`imported spec/providers/${name}.tsp in ${SPEC_MAIN}`);
  io.err(`scaffold: provider ${id} written; next: npm run generate && npm run conformance:update && npm test`);
  return 0;
}
