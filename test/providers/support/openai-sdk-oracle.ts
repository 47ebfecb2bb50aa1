// The official `openai` SDK as the independent oracle for Chat Completions streams (openai.chat, deepseek):
// raw SSE bytes are read by the SDK's own client (its SSE reader stops at `[DONE]` and skips comments) through
// a fetch that returns them, and assembled by its ChatCompletionStream accumulator into the final completion.
// The accumulator keeps only the last value of fields it does not know (`reasoning_content`, `reasoning`,
// `reasoning_details`), so the reasoning text is joined here from the recorded deltas instead.
import OpenAI from "openai";
import type { ChatCompletion } from "openai/resources/chat/completions";
import { serverSentEventBytes } from "./provider-fixtures.js";

/** SSE bytes for recorded chunks as a Chat Completions server frames them: `data:` lines, then `data: [DONE]`. */
export function chatCompletionsSseBytes(chunks: readonly unknown[]): Uint8Array {
  const framed = serverSentEventBytes(chunks);
  const done = new TextEncoder().encode("data: [DONE]\n\n");
  const bytes = new Uint8Array(framed.length + done.length);
  bytes.set(framed);
  bytes.set(done, framed.length);
  return bytes;
}

/** The `data:` JSON payloads of raw SSE text (the recorded `.sse` fixtures), `[DONE]` and comments left out. */
export function sseDataChunks(bytes: Uint8Array): unknown[] {
  return new TextDecoder().decode(bytes).split("\n").filter((line) => line.startsWith("data: ") && line !== "data: [DONE]").map((line) => JSON.parse(line.slice(6)));
}

/** The completion the SDK's stream accumulator builds from raw SSE bytes. */
export async function sdkFinalCompletion(bytes: Uint8Array): Promise<ChatCompletion> {
  const client = new OpenAI({
    apiKey: "oracle",
    maxRetries: 0,
    fetch: async () => new Response(bytes.slice(), { headers: { "content-type": "text/event-stream" } }),
  });
  return client.chat.completions.stream({ model: "oracle", messages: [{ role: "user", content: "oracle" }] }).finalChatCompletion();
}

type Fields = Record<string, unknown>;

/**
 * The SDK's completion with each choice's reasoning fields joined from the recorded deltas, the
 * `reasoning_details` the SDK overwrote removed, and the holes the SDK leaves in `tool_calls` when a
 * stream's tool-call indices do not start at 0 closed (it stores each call at its wire index).
 */
export function withStreamedReasoning(completion: ChatCompletion, chunks: readonly unknown[]): ChatCompletion {
  const joined = new Map<number, Fields>();
  for (const chunk of chunks as { choices?: { index?: number; delta?: Fields | null }[] }[]) {
    for (const choice of chunk.choices ?? []) {
      const fields = joined.get(choice.index ?? 0) ?? {};
      for (const key of ["reasoning_content", "reasoning"]) {
        const value = choice.delta?.[key];
        if (typeof value === "string") fields[key] = String(fields[key] ?? "") + value;
      }
      joined.set(choice.index ?? 0, fields);
    }
  }
  const choices = completion.choices.map((choice) => {
    const { reasoning_content: _content, reasoning: _reasoning, reasoning_details: _details, ...message } = choice.message as unknown as Fields;
    const toolCalls = message.tool_calls as unknown[] | undefined;
    if (toolCalls) message.tool_calls = toolCalls.filter((call) => call !== undefined);
    return { ...choice, message: { ...message, ...joined.get(choice.index) } };
  });
  return { ...completion, choices } as unknown as ChatCompletion;
}
