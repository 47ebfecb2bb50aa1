// Type-level checks against the official Mistral SDK (`tsc` in npm test): the wire forms the SDK writes and
// reads (its `$Outbound` types, snake_case as on the wire) are what partwise's wire types accept, and the
// tool calls the encoder writes are the SDK's `ToolCall`.
import type {
  AssistantMessage$Outbound,
  ContentChunk$Outbound,
  ThinkChunk$Outbound,
  ToolCall,
  ToolCall$Outbound,
  ToolMessage$Outbound,
  UsageInfo$Outbound,
} from "@mistralai/mistralai/models/components";
import type {
  MistralChunk,
  MistralMessage,
  MistralRequestToolCall,
  MistralThinkChunk,
  MistralToolCall,
  MistralToolMessage,
  MistralUsage,
} from "../../generated/wire/mistral.js";
import { decodeMistralResponse, mistralCodec } from "../../src/providers/mistral/index.js";

/** A type as JSON carries it: optional properties are absent, never `undefined` (the SDK types allow both). */
type AsJson<T> = T extends object ? { [K in keyof T]: AsJson<Exclude<T[K], undefined>> } : T;

export function sdkWireValuesAreWireValues(
  message: AsJson<AssistantMessage$Outbound>,
  chunk: AsJson<ContentChunk$Outbound>,
  thinking: AsJson<ThinkChunk$Outbound>,
  call: AsJson<ToolCall$Outbound>,
  tool: AsJson<ToolMessage$Outbound>,
  usage: AsJson<UsageInfo$Outbound>,
): [MistralMessage, MistralChunk, MistralThinkChunk, MistralToolCall, MistralToolMessage, MistralUsage] {
  return [message, chunk, thinking, call, tool, usage];
}

export function decodesSdkWireValues(message: AsJson<AssistantMessage$Outbound>) {
  decodeMistralResponse({ id: "x", model: "m", choices: [{ index: 0, message, finish_reason: "stop" }] });
  return mistralCodec.createStreamDecoder().push({ data: { id: "x", model: "m", choices: [{ index: 0, delta: message, finish_reason: null }] } });
}

export function encodedToolCallsAreSdkToolCalls(call: MistralRequestToolCall): ToolCall {
  return call;
}
