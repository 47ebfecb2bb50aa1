// 100 streams decoded side by side in one process, as a chat server sees them: every stream's chunks
// arrive round-robin (one chunk of each in turn, an event-loop turn between), partwise's decodeStream
// against the floor (SSE split + JSON.parse) reading the same interleaved sources.
import { anthropicCodec } from "../src/providers/anthropic/index.js";
import { decodeStream } from "../src/providers/decode-stream.js";
import { openAiResponsesCodec } from "../src/providers/openai-responses/index.js";
import type { ProviderCodec } from "../src/providers/provider-codec.js";
import type { Comparison, ComparisonPlan } from "./harness.js";
import { interleavedByteSource, lengthened, recordedEvents, sseChunks, sseFloorOf, totalBytes } from "./recorded-streams.js";

const STREAMS = 100;

function concurrentComparison(input: string, codec: ProviderCodec, chunks: Uint8Array[]): Comparison {
  const all = <T>(each: () => Promise<T>) => Promise.all(Array.from({ length: STREAMS }, each));
  return {
    group: "100 concurrent streams",
    input,
    size: totalBytes(chunks) * STREAMS,
    contenders: [
      { name: "partwise", role: "partwise", run: () => all(() => decodeStream(codec, interleavedByteSource(chunks))) },
      { name: "floor", role: "floor", run: () => all(() => sseFloorOf(interleavedByteSource(chunks))) },
    ],
  };
}

const isAnthropicDelta = (event: Record<string, unknown>) =>
  event.type === "content_block_delta" && ["text_delta", "thinking_delta"].includes(String((event.delta as { type?: unknown }).type));
const isResponsesDelta = (event: Record<string, unknown>) => String(event.type).endsWith(".delta");

/** 100 streams of about 100 KB each (the recorded streams lengthened), Anthropic and Responses. */
export function concurrentStreamComparisons(): ComparisonPlan[] {
  return [
    () => concurrentComparison("100 x anthropic thinking + text (100 KB each)", anthropicCodec, sseChunks(lengthened(recordedEvents("anthropic", "vercel-ai__anthropic-clear-thinking.1.chunks.txt"), isAnthropicDelta, 60))),
    () => concurrentComparison("100 x openai.responses reasoning + text (120 KB each)", openAiResponsesCodec, sseChunks(lengthened(recordedEvents("openai-responses", "vercel-ai__openai-reasoning-encrypted-content.1.chunks.txt"), isResponsesDelta, 6))),
  ];
}
