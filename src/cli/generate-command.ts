// `partwise generate --lang LANG --out DIR`: typed models of the stored history for another language,
// generated from the JSON Schema that ships with partwise (generated/schema); and `partwise generate
// --provider FILE.tsp --out DIR`: the description, wire types and validators of a provider spec outside partwise.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { generateModels, isModelLanguage, MODEL_LANGUAGES, type ModelLanguage } from "../codegen/languages/generate-models.js";
import { packageRoot, readSchemaDirectory } from "../codegen/languages/language-support.js";
import type { GeneratedFile } from "../codegen/generated-file.js";
import { UsageError } from "../errors/partwise-error.js";
import { importOptionalPeer } from "../runtime/optional-peer.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine } from "./command-options.js";

/** What compiling a provider spec loads: optional peers, so partwise installs without them. */
const PROVIDER_PEERS = ["@typespec/compiler", "@typespec/json-schema", "ajv", "ajv-formats", "json-schema-to-typescript"];

export const GENERATE_HELP = `Usage: partwise generate --lang LANG --out DIR
       partwise generate --provider FILE.tsp --out DIR

With --lang, writes typed models of a stored history (History, Message, the part union and what they
hold) for another language into DIR, from partwise's JSON Schema. In every language the part union is a
tagged type read by its \`type\` (a tag of a later format version is kept as a future part and written
back unchanged), null and absent optional fields are kept apart, and unknown fields are kept.

With --provider, compiles a provider spec written outside partwise (it imports "partwise/typespec"; see
\`partwise scaffold provider NAME --out DIR\`) and writes into DIR, for the provider id ID it declares:
ID.provider.json and ID.provider.ts (its description, checked), ID.ts (its wire types) and
ID-validators.js with ID-validators.d.ts (standalone validators of its wire models). Needs the packages
${PROVIDER_PEERS.join(", ")} installed.

Options:
  --lang LANG          ${MODEL_LANGUAGES.join(", ")}
  --provider FILE      a provider spec (.tsp) to compile
  --out DIR            the directory to write into (created when missing; files in it are replaced)
  -h, --help           show this help`;

/** The files of a provider spec, each peer checked first so a missing one is named (setup/missing-dependency). */
async function providerFiles(specFile: string): Promise<GeneratedFile[]> {
  for (const peer of PROVIDER_PEERS) await importOptionalPeer(peer, "partwise generate --provider");
  const { generateProviderFiles } = await import("../codegen/generate-provider.js");
  return generateProviderFiles(specFile);
}

export async function runGenerate(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      lang: { type: "string" },
      provider: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(GENERATE_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`generate takes no positional arguments, got "${positionals[0]}"`);
  const { lang, provider } = values;
  if (lang !== undefined && provider !== undefined) throw new UsageError("generate takes --lang or --provider, not both");
  if (lang === undefined && provider === undefined) throw new UsageError("generate needs --lang or --provider (see partwise generate --help)");
  if (lang !== undefined && !isModelLanguage(lang)) throw new UsageError(`unknown language "${lang}" (known: ${MODEL_LANGUAGES.join(", ")})`);
  if (values.out === undefined) throw new UsageError("generate needs --out DIR");

  const files = provider !== undefined
    ? await providerFiles(provider)
    : await generateModels(lang as ModelLanguage, readSchemaDirectory(join(packageRoot(), "generated", "schema")));
  for (const file of files) {
    const path = join(values.out, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    io.out(path);
  }
  io.err(`generate: ${files.length} ${lang ?? "provider"} file${files.length === 1 ? "" : "s"} written to ${values.out}`);
  return 0;
}
