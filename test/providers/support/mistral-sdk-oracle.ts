// The official Mistral SDK (@mistralai/mistralai) as the independent oracle for Mistral: raw SSE bytes read
// by the SDK's own `chat.stream` (its SSE reader and zod schemas) through a client whose fetcher returns
// them; the events assembled into a chat completion the way the SDK's reasoning_with_streaming.ts example
// reads them; and an assistant message replayed the way reasoning_multi_turn.ts does, through the SDK's
// own inbound and outbound schemas.
import { HTTPClient, Mistral } from "@mistralai/mistralai";
import {
  AssistantMessage$inboundSchema,
  AssistantMessage$outboundSchema,
  ChatCompletionResponse$inboundSchema,
  UsageInfo$outboundSchema,
  type AssistantMessage,
  type AssistantMessage$Outbound,
  type CompletionEvent,
  type ContentChunk,
  type ToolCall,
  type UsageInfo,
} from "@mistralai/mistralai/models/components";

function clientServing(body: Uint8Array, contentType: string): Mistral {
  const httpClient = new HTTPClient({ fetcher: async () => new Response(new Uint8Array(body), { headers: { "content-type": contentType } }) });
  return new Mistral({ apiKey: "oracle", httpClient });
}

/** The events of a raw SSE stream as the SDK reads them (`[DONE]` ends it), parsed by its CompletionEvent schema. */
export async function sdkStreamEvents(bytes: Uint8Array): Promise<CompletionEvent[]> {
  const stream = await clientServing(bytes, "text/event-stream").chat.stream({ model: "oracle", messages: [{ role: "user", content: "oracle" }] });
  const events: CompletionEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** True when the SDK's ChatCompletionResponse schema accepts a blocking body. */
export function sdkAcceptsResponse(body: unknown): boolean {
  return ChatCompletionResponse$inboundSchema.safeParse(body).success;
}

type ThinkChunk = Extract<ContentChunk, { type: "thinking" }>;

/** Appends a delta's chunk: text continues a text chunk, thinking continues a thinking chunk (nested text joined). */
function appendChunk(content: ContentChunk[], chunk: ContentChunk): void {
  const last = content.at(-1);
  if (chunk.type === "text") {
    if (chunk.text === "") return;
    if (last?.type === "text") last.text += chunk.text;
    else content.push({ type: "text", text: chunk.text });
    return;
  }
  if (chunk.type === "thinking") {
    const thinking: ThinkChunk = last?.type === "thinking" ? (last as ThinkChunk) : { type: "thinking", thinking: [] };
    if (thinking !== last) content.push(thinking);
    for (const nested of (chunk as ThinkChunk).thinking) {
      const previous = thinking.thinking.at(-1);
      if (nested.type === "text" && previous?.type === "text") previous.text += nested.text;
      else thinking.thinking.push({ ...nested });
    }
    const { signature, closed } = chunk as ThinkChunk;
    if (signature !== undefined && signature !== null) thinking.signature = signature;
    if (closed !== undefined) thinking.closed = closed;
    return;
  }
  content.push(chunk);
}

/**
 * SDK events assembled into the wire form of a chat completion: text and thinking deltas continue the
 * chunk before them (reasoning_with_streaming.ts), tool-call pieces join by `index`, the message goes out
 * through the SDK's AssistantMessage outbound schema.
 */
export function assembleCompletion(events: readonly CompletionEvent[]): unknown {
  const content: ContentChunk[] = [];
  const toolCalls: ToolCall[] = [];
  let finishReason: string | null = null;
  let usage: UsageInfo | undefined;
  for (const { data } of events) {
    usage = data.usage ?? usage;
    const choice = data.choices[0];
    if (!choice) continue;
    finishReason = choice.finishReason ?? finishReason;
    const delta = choice.delta.content;
    for (const chunk of typeof delta === "string" ? [{ type: "text" as const, text: delta }] : delta ?? []) appendChunk(content, chunk);
    for (const piece of choice.delta.toolCalls ?? []) {
      const call = toolCalls[piece.index ?? 0];
      if (!call) {
        toolCalls[piece.index ?? 0] = { id: piece.id, function: { name: piece.function.name, arguments: piece.function.arguments } };
      } else {
        call.function.name ||= piece.function.name;
        call.function.arguments = `${String(call.function.arguments)}${String(piece.function.arguments)}`;
      }
    }
  }
  const message: AssistantMessage = { role: "assistant", content, toolCalls };
  const first = events[0]?.data;
  return {
    id: first?.id,
    model: first?.model,
    choices: [{ index: 0, message: AssistantMessage$outboundSchema.parse(message), finish_reason: finishReason }],
    ...(usage ? { usage: UsageInfo$outboundSchema.parse(usage) } : {}),
  };
}

/** An assistant message as the SDK sends it back on the next request: its inbound schema, then its outbound schema. */
export function sdkReplayedMessage(wireMessage: unknown): AssistantMessage$Outbound {
  return AssistantMessage$outboundSchema.parse(AssistantMessage$inboundSchema.parse(wireMessage));
}
