// A recorded stream of each provider framed as raw bytes, one frame per event, and a corrupt frame of the
// same framing (an SSE `data:` or NDJSON line that is not JSON, an event-stream frame with a bad CRC), to
// check that the events before a corruption reach the partial response whatever the chunking.
import { encodeEventStreamMessage } from "../../src/providers/framing/aws-event-stream.js";
import { unreachable } from "../../src/parts/part-kinds.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { readFixtureLines } from "../providers/support/provider-fixtures.js";

const encoder = new TextEncoder();

/** A provider's recorded stream as one frame per event, and a frame that corrupts it. */
export interface FramedStream {
  readonly provider: string;
  readonly frames: readonly Uint8Array[];
  readonly corrupt: Uint8Array;
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
      return { provider, frames: events.map(eventStreamFrame), corrupt: withBadChecksum(eventStreamFrame(events[0])) };
    case "newline-delimited-json":
      return { provider, frames: events.map((event) => encoder.encode(`${JSON.stringify(event)}\n`)), corrupt: encoder.encode('{"message": {"content": "cut\n') };
    case "server-sent-events":
      return { provider, frames: events.map(serverSentEventFrame), corrupt: encoder.encode('data: {"choices": [{"delta": \n\n') };
    default:
      return unreachable(framing, "framing");
  }
}

/** Every built-in provider's framed stream. */
export const framedStreams: readonly FramedStream[] = Object.keys(RECORDED).map(framedStream);

/** The bytes of `stream` with its corrupt frame before frame `index` (0 to the number of frames). */
export function corruptedAt(stream: FramedStream, index: number): { before: Uint8Array[]; corrupt: Uint8Array; after: Uint8Array[] } {
  return { before: stream.frames.slice(0, index), corrupt: stream.corrupt, after: stream.frames.slice(index) };
}
