// Type-level checks against the official Mistral SDK (`tsc` in npm test): the wire forms the SDK writes and
// reads (its `$Outbound` types, snake_case as on the wire) are what partwise's wire types accept, the tool
// calls the encoder writes are the SDK's `ToolCall`, the encoded body as mistralSdkRequest gives it is the
// SDK's camelCase `ChatCompletionRequest` / `ChatCompletionStreamRequest` with no cast, and the SDK's
// response and stream events map back to what the decoders read.
import type {
  AssistantMessage$Outbound,
  ChatCompletionRequest,
  ChatCompletionResponse,
  ChatCompletionStreamRequest,
  CompletionEvent,
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
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { decodeEventStream } from "../../src/providers/decode-stream.js";
import { decodeMistralResponse, encodeMistralRequest, mistralChunkFromSdk, mistralCodec, mistralEventsFromSdk, mistralResponseFromSdk, mistralSdkRequest } from "../../src/providers/mistral/index.js";

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

export function decodesSdkResults(response: ChatCompletionResponse, event: CompletionEvent, stream: AsyncIterable<CompletionEvent>) {
  decodeMistralResponse(mistralResponseFromSdk(response));
  mistralCodec.createStreamDecoder().push({ data: mistralChunkFromSdk(event) });
  return decodeEventStream(mistralCodec, mistralEventsFromSdk(stream));
}

export function sdkRequest(): ChatCompletionRequest {
  const { body } = mistralCodec.encodeRequest([], { request: { model: "mistral-small-latest", temperature: 0.2, max_tokens: 100, tool_choice: "any", future_field: 1 } });
  return mistralSdkRequest(body);
}

export function sdkStreamRequest(): ChatCompletionStreamRequest {
  const { body } = encodeMistralRequest([], {
    request: {
      model: "magistral-medium-latest",
      stream: true,
      max_tokens: 512,
      tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object" } } }],
      tool_choice: "auto",
      response_format: { type: "json_schema", json_schema: { name: "answer", schema: { type: "object" } } },
      prompt_mode: "reasoning",
    },
  });
  return mistralSdkRequest(body);
}

export const registryView: ProviderCodec = mistralCodec;

// @ts-expect-error the Mistral API requires `model`
mistralCodec.encodeRequest([], { request: { max_tokens: 10 } });

// @ts-expect-error a body encoded without request fields has no model, which the SDK's request requires
export const withoutModel: ChatCompletionRequest = mistralSdkRequest(encodeMistralRequest([]).body);

/** A field the helper does not rename keeps its wire name in the type, as it does in the value. */
export const unknownFieldKeepsItsName: { future_field: number } = mistralSdkRequest(encodeMistralRequest([], { request: { model: "m", future_field: 1 } }).body);
