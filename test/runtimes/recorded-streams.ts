// The inputs of the runtime tests: one recorded stream per provider as the raw bytes of its wire (SSE,
// NDJSON, AWS event-stream), from test/fixtures. Raw recordings are used as they are; streams recorded
// as decoded events are framed the way the provider sends them (Bedrock's by the AWS SDK's own codec).
import { eventStreamBytes } from "../providers/support/bedrock-sdk-oracle.js";
import { readFixtureBytes, readFixtureLines, serverSentEventBytes } from "../providers/support/provider-fixtures.js";
import type { RecordedStream } from "./core-scenario.js";

function recorded(provider: RecordedStream["provider"], name: string, bytes: Uint8Array): RecordedStream {
  return { provider, name, base64: Buffer.from(bytes).toString("base64") };
}

/** One stream per provider, each with reasoning (signed where the provider signs) and most with a tool call. */
export function recordedStreams(): RecordedStream[] {
  const anthropic = readFixtureLines("anthropic", "vercel-ai__anthropic-clear-thinking.1.chunks.txt");
  const google = readFixtureLines("google", "reference__composed-thought-text-call.chunks.txt");
  const bedrock = readFixtureLines("bedrock", "vercel-ai__amazon-bedrock-reasoning.chunks.txt");
  return [
    recorded("anthropic", "anthropic clear-thinking (SSE)", serverSentEventBytes(anthropic, (event) => String((event as { type: unknown }).type))),
    recorded("openai.responses", "openai.responses reasoning, commentary, call (SSE)", readFixtureBytes("openai-responses", "reference__composed-reasoning-commentary-call.sse")),
    recorded("google", "google thought, text, call (SSE)", serverSentEventBytes(google)),
    recorded("openai.chat", "openai.chat OpenRouter reasoning (SSE)", readFixtureBytes("openai-chat", "openrouter-stream-with-reasoning.sse")),
    recorded("ollama", "ollama thinking, text, call (NDJSON)", readFixtureBytes("ollama", "reference-c3__ollama-thinking-text-tool-call.ndjson")),
    recorded("bedrock", "bedrock reasoning (AWS event-stream)", eventStreamBytes(bedrock)),
    recorded("deepseek", "deepseek thinking (SSE)", readFixtureBytes("deepseek", "deepseek-thinking-stream.sse")),
    recorded("mistral", "mistral thinking, text, call (SSE)", readFixtureBytes("mistral", "reference-d3__mistral-thinking-text-tool-call.sse")),
  ];
}
