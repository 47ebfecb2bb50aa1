// A recorded stream of each provider framed as raw bytes, one frame per event, and corrupt frames of the
// same framing (an SSE `data:` or NDJSON line that is not JSON or not UTF-8, an event-stream frame with a bad
// CRC or a payload that is not UTF-8), to check that the events before a corruption reach the partial
// response whatever the chunking.
import { concatBytes } from "../../src/bytes/byte-arrays.js";
import { encodeEventStreamMessage } from "../../src/providers/framing/aws-event-stream.js";
import { unreachable } from "../../src/parts/part-kinds.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { readFixtureLines } from "../providers/support/provider-fixtures.js";

const encoder = new TextEncoder();
/** A lead byte of a three-byte sequence followed by an ASCII one: invalid UTF-8 in any chunking. */
const NOT_UTF8 = new Uint8Array([0xe2, 0x41]);

/** A provider's recorded stream as one frame per event, and frames that corrupt it. */
export interface FramedStream {
  readonly provider: string;
  readonly frames: readonly Uint8Array[];
  readonly corruptions: readonly Uint8Array[];
}

const RECORDED: Readonly<Record<string, readonly [directory: string, file: string]>> = {
  anthropic: ["anthropic", "vercel-ai__anthropic-text.chunks.txt"],
  "openai.responses": ["openai-responses", "composed__openai-image-generation.1.chunks.txt"],
  "openai.chat": ["openai-chat", "openai-text.chunks.txt"],
  deepseek: ["deepseek", "deepseek-text.chunks.txt"],
  mistral: ["mistral", "vercel-ai__mistral-text.chunks.txt"],
  google: ["google", "composed__thought-then-text-signature-at-end.chunks.txt"],
  ollama: ["ollama", "reference-c3__ollama-thinking-text-tool-call.ndjson"],
  bedrock: ["bedrock", "vercel-ai__amazon-bedrock-text.chunks.txt"],
};

/** Bedrock's frame of one `{ "<eventType>": payload }` line. */
function eventStreamFrame(event: unknown): Uint8Array {
  const [[type, payload]] = Object.entries(event as Record<string, unknown>) as [[string, unknown]];
  return encodeEventStreamMessage({ ":message-type": "event", ":event-type": type, ":content-type": "application/json" }, encoder.encode(JSON.stringify(payload)));
}

/** The frame with its last byte (the message CRC) changed. */
function withBadChecksum(frame: Uint8Array): Uint8Array {
  const corrupt = frame.slice();
  corrupt[corrupt.length - 1] = (corrupt[corrupt.length - 1] as number) ^ 0xff;
  return corrupt;
}

/** One SSE event; an event with a `type` (Anthropic, OpenAI Responses) is named by it, as their servers do. */
function serverSentEventFrame(event: unknown): Uint8Array {
  const type = (event as { type?: unknown }).type;
  const name = typeof type === "string" ? `event: ${type}\n` : "";
  return encoder.encode(`${name}data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`);
}

function framedStream(provider: string): FramedStream {
  const [directory, file] = RECORDED[provider] as readonly [string, string];
  const events = readFixtureLines(directory, file);
  const framing = (providerCodecs[provider] as ProviderCodec).framing;
  switch (framing) {
    case "aws-event-stream":
      return {
        provider,
        frames: events.map(eventStreamFrame),
        corruptions: [withBadChecksum(eventStreamFrame(events[0])), encodeEventStreamMessage({ ":message-type": "event", ":event-type": "contentBlockDelta" }, NOT_UTF8)],
      };
    case "newline-delimited-json":
      return {
        provider,
        frames: events.map((event) => encoder.encode(`${JSON.stringify(event)}\n`)),
        corruptions: [encoder.encode('{"message": {"content": "cut\n'), concatBytes([encoder.encode('{"message": {"content": "'), NOT_UTF8, encoder.encode('"}}\n')])],
      };
    case "server-sent-events":
      return {
        provider,
        frames: events.map(serverSentEventFrame),
        corruptions: [encoder.encode('data: {"choices": [{"delta": \n\n'), concatBytes([encoder.encode('data: {"text": "'), NOT_UTF8, encoder.encode('"}\n\n')])],
      };
    default:
      return unreachable(framing, "framing");
  }
}

/** Every built-in provider's framed stream. */
export const framedStreams: readonly FramedStream[] = Object.keys(RECORDED).map(framedStream);

/** The frames of `stream` with corrupt frame `corruption` before frame `index` (0 to the number of frames). */
export function corruptedAt(stream: FramedStream, index: number, corruption: number): Uint8Array[] {
  return [...stream.frames.slice(0, index), stream.corruptions[corruption % stream.corruptions.length] as Uint8Array, ...stream.frames.slice(index)];
}
