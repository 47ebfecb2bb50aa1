// `partwise decode --provider ID [--profile NAME] [--endpoint NAME] [--stream] [--input raw|jsonl] [FILE|-]`:
// a provider response (blocking body, raw stream bytes, or one decoded stream event per line) -> the
// canonical message JSON, its parts tagged with the server that answered.
import { UsageError } from "../errors/partwise-error.js";
import { parseJsonText } from "../json/parse-json-text.js";
import { terminalSafeLine } from "../json/terminal-safe.js";
import { messageToJson } from "../parts/serialize.js";
import { chunkBatchesFromBytes, chunksFromJsonValues } from "../providers/decode-stream.js";
import { codecFor } from "../providers/registry.js";
import { aggregateAll } from "../streaming/aggregate.js";
import { mergeResponses } from "../streaming/message-aggregator.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine, positiveIntegerOption } from "./command-options.js";
import { inputBytes, inputText } from "./read-input.js";

export const DECODE_HELP = `Usage: partwise decode --provider ID [options] [FILE|-]

Decodes a provider response into partwise's canonical message JSON (parts in the provider's order,
signatures and other opaque payloads kept). Reads FILE, or standard input when FILE is - or absent.

Options:
  --provider ID        the provider (anthropic, openai.responses, google, openai.chat, ollama, bedrock, deepseek, mistral)
  --profile NAME       openai.chat and openai.responses: the server that answered (openai by default; e.g.
                       openrouter, vllm, groq, deepseek, gpt-oss), whose name its parts carry, so replay
                       (partwise encode --variant NAME) sends that server what it gave
  --endpoint NAME      google: the endpoint that answered, gemini-api (default) or vertex-ai
  --stream             the input is a stream, not a blocking response body
  --input raw|jsonl    raw: the bytes as the provider sends them (SSE, NDJSON, AWS event-stream; default);
                       jsonl: one decoded stream event per line (Bedrock: {"<eventType>": payload})
  --all                print one message per response of the stream (a JSON array) instead of one message
  --info               print {message, info} with the response information (model, finish reason, usage)
  --lenient            tolerate stream protocol violations (reported on stderr) and truncation
  --max-input-bytes N  read at most N bytes of input (default 256 MiB)
  -h, --help           show this help`;

export async function runDecode(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    options: {
      provider: { type: "string" },
      profile: { type: "string" },
      endpoint: { type: "string" },
      stream: { type: "boolean" },
      input: { type: "string" },
      all: { type: "boolean" },
      info: { type: "boolean" },
      lenient: { type: "boolean" },
      "max-input-bytes": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(DECODE_HELP);
    return 0;
  }
  if (values.provider === undefined) throw new UsageError("decode needs --provider (see partwise decode --help)");
  if (positionals.length > 1) throw new UsageError("decode reads one FILE");
  const input = values.input ?? "raw";
  if (input !== "raw" && input !== "jsonl") throw new UsageError(`--input must be raw or jsonl, not "${input}"`);
  const codec = codecFor(values.provider, {
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    ...(values.endpoint === undefined ? {} : { endpoint: values.endpoint }),
  });
  const path = positionals[0];
  const maxInputBytes = positiveIntegerOption("max-input-bytes", values["max-input-bytes"]);
  const print = (value: unknown) => io.out(JSON.stringify(value, null, 2));

  if (!values.stream) {
    const decoded = codec.decodeResponse(parseJsonText(await inputText(path, maxInputBytes), path === undefined ? {} : { file: path }));
    print(values.info ? { message: messageToJson(decoded.message), info: decoded.info } : messageToJson(decoded.message));
    return 0;
  }
  let chunks;
  if (input === "raw") {
    chunks = chunkBatchesFromBytes(codec, await inputBytes(path, maxInputBytes));
  } else {
    const lines = (await inputText(path, maxInputBytes)).split("\n");
    const values = lines.flatMap((line, index) => (line.trim() === "" ? [] : [parseJsonText(line, { ...(path === undefined ? {} : { file: path }), line: index + 1 })]));
    chunks = chunksFromJsonValues(codec, values);
  }
  const responses = await aggregateAll(chunks, { strict: !values.lenient });
  for (const warning of responses.flatMap((response) => response.warnings)) io.err(terminalSafeLine(`warning: ${warning.code}: ${warning.message}`));
  const results = values.all ? responses : [mergeResponses(responses)];
  const shaped = results.map((result) => (values.info ? { message: messageToJson(result.message), info: result.info, complete: result.complete } : messageToJson(result.message)));
  print(values.all ? shaped : shaped[0]);
  return results.every((result) => result.complete) ? 0 : 1;
}
