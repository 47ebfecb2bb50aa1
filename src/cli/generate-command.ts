// `partwise generate --lang LANG --out DIR`: typed models of the stored history for another language,
// generated from the JSON Schema that ships with partwise (generated/schema).
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { generateModels, isModelLanguage, MODEL_LANGUAGES } from "../codegen/languages/generate-models.js";
import { packageRoot, readSchemaDirectory } from "../codegen/languages/language-support.js";
import { UsageError } from "../errors/partwise-error.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine } from "./command-options.js";

export const GENERATE_HELP = `Usage: partwise generate --lang LANG --out DIR

Writes typed models of a stored history (History, Message, the part union and what they hold) for
another language into DIR, from partwise's JSON Schema. In every language the part union is a tagged
type read by its \`type\` (a tag of a later format version is kept as a future part and written back
unchanged), null and absent optional fields are kept apart, and unknown fields are kept.

Options:
  --lang LANG          ${MODEL_LANGUAGES.join(", ")}
  --out DIR            the directory to write into (created when missing; files in it are replaced)
  -h, --help           show this help`;

export async function runGenerate(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      lang: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(GENERATE_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`generate takes no positional arguments, got "${positionals[0]}"`);
  if (values.lang === undefined) throw new UsageError("generate needs --lang (see partwise generate --help)");
  if (!isModelLanguage(values.lang)) throw new UsageError(`unknown language "${values.lang}" (known: ${MODEL_LANGUAGES.join(", ")})`);
  if (values.out === undefined) throw new UsageError("generate needs --out DIR");

  const files = await generateModels(values.lang, readSchemaDirectory(join(packageRoot(), "generated", "schema")));
  for (const file of files) {
    const path = join(values.out, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    io.out(path);
  }
  io.err(`generate: ${files.length} ${values.lang} file${files.length === 1 ? "" : "s"} written to ${values.out}`);
  return 0;
}
