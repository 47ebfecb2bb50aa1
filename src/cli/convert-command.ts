// `partwise convert --from FORMAT --to FORMAT [FILE|-]`: messages of one framework's JSON as another's
// (formats from src/interop/formats.ts). The result on stdout, one warning per line on stderr.
import type { ErrorObject, Message } from "../../generated/types.js";
import { PartwiseError, UsageError } from "../errors/partwise-error.js";
import { MESSAGE_FORMATS } from "../interop/formats.js";
import type { MessageFormat } from "../interop/conversion.js";
import { partwiseFormat } from "../interop/partwise-format.js";
import { parseJsonText } from "../json/parse-json-text.js";
import { terminalSafeLine } from "../json/terminal-safe.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine, positiveIntegerOption } from "./command-options.js";
import { inputText } from "./read-input.js";

function formatList(): string {
  return MESSAGE_FORMATS.map((format) => `  ${format.id.padEnd(14)} ${format.displayName}${format.read === undefined ? " (--to only)" : ""}`).join("\n");
}

export function convertHelp(): string {
  return `Usage: partwise convert --from FORMAT --to FORMAT [options] [FILE|-]

Converts a message history from one format to another: reads FILE (or standard input), writes the
converted JSON to standard output and one line per warning to standard error: each piece the target
cannot hold (convert/part-lost) or keeps only in a raw form (convert/kept-as-unknown), with its JSON
pointer: into the input for --from partwise and for what reading finds, into the messages read otherwise.

Formats:
${formatList()}

Options:
  --from FORMAT        the format of the input
  --to FORMAT          the format to write
  --strict             fail (exit 1, nothing written) when any piece would be lost
  --json               print the warnings as one JSON array of error objects on standard error
  --max-input-bytes N  read at most N bytes of input (default 256 MiB)
  -h, --help           show this help

Exit status: 0 converted (warnings allowed), 1 invalid input or (--strict) a piece lost, 2 usage error.`;
}

function formatNamed(option: "from" | "to", id: string | undefined): MessageFormat {
  if (id === undefined) throw new UsageError(`convert needs --${option} FORMAT (see partwise convert --help)`);
  const format = MESSAGE_FORMATS.find((each) => each.id === id);
  if (format === undefined) throw new UsageError(`--${option} names no format: "${id}" (known: ${MESSAGE_FORMATS.map((each) => each.id).join(", ")})`);
  return format;
}

function warningLine(warning: ErrorObject): string {
  return terminalSafeLine(`warning: ${warning.pointer || "/"}: ${warning.message} (${warning.code})`);
}

export async function runConvert(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      strict: { type: "boolean" },
      json: { type: "boolean" },
      "max-input-bytes": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(convertHelp());
    return 0;
  }
  const source = formatNamed("from", values.from);
  const target = formatNamed("to", values.to);
  if (source.read === undefined) throw new UsageError(`--from ${source.id}: ${source.displayName} can be written (--to) but not read`);
  if (positionals.length > 1) throw new UsageError("convert reads one FILE");
  const path = positionals[0];
  const text = await inputText(path, positiveIntegerOption("max-input-bytes", values["max-input-bytes"]));
  let messages: Message[];
  let warnings: ErrorObject[];
  let base = "";
  try {
    const document = parseJsonText(text, path === undefined || path === "-" ? {} : { file: path });
    // A partwise history is written as read: the target's pointers then name the input document's messages.
    if (source === partwiseFormat && !Array.isArray(document)) base = "/messages";
    const read = source.read(document);
    messages = read.messages;
    warnings = read.warnings;
  } catch (error) {
    if (!values.json || !PartwiseError.isPartwiseError(error)) throw error;
    io.err(JSON.stringify([error.toJSON()]));
    return 1;
  }
  const written = target.write(messages);
  const all = [...warnings, ...written.warnings.map((warning) => ({ ...warning, pointer: `${base}${warning.pointer ?? ""}` }))];
  if (values.json) io.err(JSON.stringify(all));
  else for (const warning of all) io.err(warningLine(warning));
  if (values.strict && all.some((warning) => warning.code === "convert/part-lost")) {
    if (!values.json) io.err(terminalSafeLine(`partwise convert: not converted (--strict): ${source.id} -> ${target.id} would lose the pieces above`));
    return 1;
  }
  io.out(JSON.stringify(written.document, null, 2));
  return 0;
}
