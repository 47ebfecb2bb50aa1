// Stream decode + aggregate, from raw SSE bytes to the final message: partwise against the official SDK
// accumulators, the Vercel AI SDK provider streams (each reading the same bytes through a fetch that
// serves them) and the floor (SSE split + JSON.parse). The SDKs are imported by the first run of a peer,
// so the memory probe of partwise or the floor (a fresh process each) holds no peer's code.
import { anthropicCodec } from "../src/providers/anthropic/index.js";
import { decodeStream } from "../src/providers/decode-stream.js";
import { openAiResponsesCodec } from "../src/providers/openai-responses/index.js";
import type { Comparison, ComparisonPlan } from "./harness.js";
import { byteSource, lengthened, recordedEvents, servingFetch, sseChunks, sseFloor, totalBytes } from "./recorded-streams.js";

const PROMPT = [{ role: "user" as const, content: [{ type: "text" as const, text: "x" }] }];

async function drain(stream: ReadableStream<unknown>): Promise<number> {
  let parts = 0;
  for await (const _part of stream as unknown as AsyncIterable<unknown>) parts++;
  return parts;
}

/** A value made on first use (a peer's client, once its SDK is imported). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

function anthropicComparison(input: string, chunks: Uint8Array[], withPeers: boolean, series?: string): Comparison {
  const fetch = servingFetch(chunks);
  const sdk = once(async () => new (await import("@anthropic-ai/sdk")).default({ apiKey: "bench", fetch, maxRetries: 0 }));
  const vercel = once(async () => (await import("@ai-sdk/anthropic")).createAnthropic({ apiKey: "bench", fetch }).languageModel("claude-sonnet-4-5"));
  return {
    group: "stream decode + aggregate",
    input,
    size: totalBytes(chunks),
    ...(series === undefined ? {} : { series }),
    contenders: [
      { name: "partwise", role: "partwise", run: () => decodeStream(anthropicCodec, byteSource(chunks)) },
      ...(withPeers ? [
        { name: "@anthropic-ai/sdk MessageStream", role: "peer" as const, run: async () => (await sdk()).messages.stream({ model: "m", max_tokens: 1, messages: [{ role: "user", content: "x" }] }).finalMessage() },
        { name: "@ai-sdk/anthropic doStream", role: "peer" as const, run: async () => drain((await (await vercel()).doStream({ prompt: PROMPT } as never)).stream) },
      ] : []),
      { name: "floor", role: "floor", run: () => sseFloor(chunks) },
    ],
  };
}

function responsesComparison(input: string, chunks: Uint8Array[], withPeers: boolean, series?: string): Comparison {
  const fetch = servingFetch(chunks);
  const sdk = once(async () => new (await import("openai")).default({ apiKey: "bench", fetch, maxRetries: 0 }));
  const vercel = once(async () => (await import("@ai-sdk/openai")).createOpenAI({ apiKey: "bench", fetch }).responses("gpt-5"));
  return {
    group: "stream decode + aggregate",
    input,
    size: totalBytes(chunks),
    ...(series === undefined ? {} : { series }),
    contenders: [
      { name: "partwise", role: "partwise", run: () => decodeStream(openAiResponsesCodec, byteSource(chunks)) },
      ...(withPeers ? [
        { name: "openai ResponseStream", role: "peer" as const, run: async () => (await sdk()).responses.stream({ model: "gpt-5", input: "x" }).finalResponse() },
        { name: "@ai-sdk/openai doStream", role: "peer" as const, run: async () => drain((await (await vercel()).doStream({ prompt: PROMPT } as never)).stream) },
      ] : []),
      { name: "floor", role: "floor", run: () => sseFloor(chunks) },
    ],
  };
}

const isAnthropicDelta = (event: Record<string, unknown>) =>
  event.type === "content_block_delta" && ["text_delta", "thinking_delta"].includes(String((event.delta as { type?: unknown }).type));
const isResponsesDelta = (event: Record<string, unknown>) => String(event.type).endsWith(".delta");

/** The comparisons: small recorded streams, a long one and its 10x (peers included), and 100x (partwise and floor). */
export function streamDecodeComparisons(): ComparisonPlan[] {
  const thinking = recordedEvents("anthropic", "vercel-ai__anthropic-clear-thinking.1.chunks.txt");
  const tool = recordedEvents("anthropic", "vercel-ai__anthropic-json-tool.1.chunks.txt");
  const reasoning = recordedEvents("openai-responses", "vercel-ai__openai-reasoning-encrypted-content.1.chunks.txt");
  const plans: ComparisonPlan[] = [
    () => anthropicComparison("anthropic thinking + text (recorded)", sseChunks(thinking), true),
    () => anthropicComparison("anthropic tool call (recorded)", sseChunks(tool), true),
    () => responsesComparison("openai.responses reasoning + text (recorded)", sseChunks(reasoning), true),
  ];
  for (const [factor, withPeers] of [[300, true], [3000, true], [30000, false]] as const) {
    const scale = `${factor / 300}x`;
    plans.push(() => anthropicComparison(`anthropic long thinking + text, ${scale}`, sseChunks(lengthened(thinking, isAnthropicDelta, factor)), withPeers, "anthropic long thinking + text"));
    plans.push(() => responsesComparison(`openai.responses long reasoning + text, ${scale}`, sseChunks(lengthened(reasoning, isResponsesDelta, factor / 10)), withPeers, "openai.responses long reasoning + text"));
  }
  return plans;
}
