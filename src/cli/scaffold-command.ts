// `partwise scaffold provider NAME`: a new provider from templates/scaffold/: its spec file, a minimal
// Chat Completions-like codec in the house layout (endpoint and tool declarations included), a simulator,
// composed fixtures and tests, registered in src/providers/registry.ts, src/simulators/index.ts and
// spec/main.tsp, so that after `npm run generate` it compiles and passes.
// Everything is checked and rendered before the first write, and a failed write undoes the others.
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { camelCase, pascalCase, upperSnakeCase } from "../codegen/languages/identifiers.js";
import { packageRoot } from "../codegen/languages/language-support.js";
import { renderTemplateFile } from "../codegen/render-template.js";
import { UsageError } from "../errors/partwise-error.js";
import { FUTURE_PART_PROVIDER } from "../parts/part-kinds.js";
import { providerCodecs } from "../providers/registry.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine } from "./command-options.js";

export const SCAFFOLD_HELP = `Usage: partwise scaffold provider NAME [--root DIR]

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

Options:
  --root DIR           the checkout to write into (default: the current directory)
  -h, --help           show this help`;

const NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;
/** Long enough for any real name, short enough that every file name it makes stays far under 255 bytes. */
const MAX_NAME_LENGTH = 64;
const REGISTRY = "src/providers/registry.ts";
const SIMULATORS = "src/simulators/index.ts";
const SPEC_MAIN = "spec/main.tsp";

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

export async function runScaffold(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      root: { type: "string" },
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

  const data = {
    name,
    id,
    pascal: pascalCase(name),
    camel: camelCase(name),
    constant: upperSnakeCase(name),
    displayName: name.split("-").map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" "),
  };
  const templates = join(packageRoot(), "templates", "scaffold");
  const created = await Promise.all(files.map(async (file) => ({ path: file.path, text: await renderTemplateFile(join(templates, file.template), data) })));
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
