// `partwise encode --provider ID [FILE|-]`: a stored history (document, message array or JSONL of
// messages) -> the provider's request body JSON under its replay rules; skipped parts go to stderr.
import type { History, Message } from "../../generated/types.js";
import { UsageError } from "../errors/partwise-error.js";
import { parseJsonText } from "../json/parse-json-text.js";
import { terminalSafeLine } from "../json/terminal-safe.js";
import { checkNotJsonText, parseHistory, parseMessage } from "../parts/parse.js";
import { codecFor } from "../providers/registry.js";
import type { CommandIo } from "./command-io.js";
import { jsonObjectOption, parseCommandLine, positiveIntegerOption } from "./command-options.js";
import { inputText } from "./read-input.js";

export const ENCODE_HELP = `Usage: partwise encode --provider ID [options] [FILE|-]

Encodes a stored history into the provider's request body, replaying each part by the provider's rules
(its own signatures verbatim, other providers' never). Parts left out are listed on stderr.

Options:
  --provider ID        the provider to encode for
  --variant NAME       a replay-rule variant: a server profile or a rule version
  --flag NAME          turn on an option replay rules test (repeatable), e.g. replayForeignReasoning
  --request JSON       request fields to include (model, max_tokens, tools, ...), as a JSON object
  --json               print {body, warnings} instead of the body alone
  --max-input-bytes N  read at most N bytes of input (default 256 MiB)
  -h, --help           show this help`;

/** The history to encode (or lint): a document as such (so warning pointers name its `/messages/...`), or JSONL messages. */
export function readHistory(text: string, file: string | undefined): History | Message[] {
  const location = file === undefined ? {} : { file };
  const trimmed = text.trimStart();
  const firstLine = trimmed.split("\n", 1)[0] ?? "";
  // JSONL of messages: every non-blank line is a message.
  if (trimmed.startsWith("{") && !firstLine.includes('"format"') && firstLine.trim().endsWith("}") && /"role"/.test(firstLine)) {
    return text.split("\n").flatMap((line, index) => {
      if (line.trim() === "") return [];
      const lineLocation = { ...location, line: index + 1 };
      const value = parseJsonText(line, lineLocation);
      checkNotJsonText(value, "message", lineLocation);
      return [parseMessage(value, lineLocation)];
    });
  }
  const value = parseJsonText(text, location);
  checkNotJsonText(value, "history", location);
  return parseHistory(value, location);
}

export async function runEncode(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    options: {
      provider: { type: "string" },
      variant: { type: "string" },
      flag: { type: "string", multiple: true },
      request: { type: "string" },
      json: { type: "boolean" },
      "max-input-bytes": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(ENCODE_HELP);
    return 0;
  }
  if (values.provider === undefined) throw new UsageError("encode needs --provider (see partwise encode --help)");
  if (positionals.length > 1) throw new UsageError("encode reads one FILE");
  const request = jsonObjectOption("request", values.request);
  const codec = codecFor(values.provider);
  const path = positionals[0];
  const encoded = codec.encodeRequest(readHistory(await inputText(path, positiveIntegerOption("max-input-bytes", values["max-input-bytes"])), path), {
    ...(request === undefined ? {} : { request }),
    ...(values.variant === undefined ? {} : { variant: values.variant }),
    ...(values.flag === undefined ? {} : { flags: values.flag }),
  });
  for (const warning of encoded.warnings) io.err(terminalSafeLine(`warning: ${warning.pointer ?? ""}: ${warning.message}`));
  io.out(JSON.stringify(values.json ? { body: encoded.body, warnings: encoded.warnings } : encoded.body, null, 2));
  return 0;
}
