// Type-level checks against the official Anthropic SDK (`tsc` in npm test): the decoders accept the SDK's
// response and event types, an encoded body is the SDK's request params with no cast (non-streaming and
// streaming), the request fields take the SDK's own params, and a request without `max_tokens` does not compile.
import type Anthropic from "@anthropic-ai/sdk";
import type { Message } from "../../generated/types.js";
import type {
  AnthropicRedactedThinkingBlock,
  AnthropicRequestBlock,
  AnthropicTextBlock,
  AnthropicThinkingBlock,
  AnthropicToolUseBlock,
} from "../../generated/wire/anthropic.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { anthropicCodec, decodeAnthropicResponse, encodeAnthropicRequest } from "../../src/providers/anthropic/index.js";

export function decodesSdkValues(message: Anthropic.Message, event: Anthropic.RawMessageStreamEvent) {
  decodeAnthropicResponse(message);
  return anthropicCodec.createStreamDecoder().push({ data: event });
}

export function replayedBlocksAreSdkParams(
  thinking: AnthropicThinkingBlock,
  redacted: AnthropicRedactedThinkingBlock,
  text: AnthropicTextBlock,
  toolUse: AnthropicToolUseBlock,
): Anthropic.ContentBlockParam[] {
  const thinkingParam: Anthropic.ThinkingBlockParam = thinking;
  const redactedParam: Anthropic.RedactedThinkingBlockParam = redacted;
  const toolUseParam: Anthropic.ToolUseBlockParam = { type: toolUse.type, id: toolUse.id, name: toolUse.name, input: toolUse.input };
  const textParam: Anthropic.TextBlockParam = { type: text.type, text: text.text };
  return [thinkingParam, redactedParam, toolUseParam, textParam];
}

export function encodedBlocksAreSdkBlocks(block: AnthropicRequestBlock): Anthropic.ContentBlockParam {
  return block;
}

export function encodedBodiesAreSdkParams(
  history: readonly Message[],
  sdkFields: Omit<Anthropic.MessageCreateParamsNonStreaming, "messages">,
  sdkStreamingFields: Omit<Anthropic.MessageCreateParamsStreaming, "messages">,
) {
  const blocking: Anthropic.MessageCreateParamsNonStreaming = encodeAnthropicRequest(history, {
    request: {
      model: "claude-sonnet-4-5",
      max_tokens: 2048,
      thinking: { type: "enabled", budget_tokens: 1024 },
      tool_choice: { type: "auto" },
      tools: [{ name: "get_weather", description: "The weather in a city", input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }],
      service_tier: "auto",
      // A parameter partwise does not list is passed through.
      inference_geo: "us",
    },
  }).body;
  const streaming: Anthropic.MessageCreateParamsStreaming = anthropicCodec.encodeRequest(history, { request: { model: "claude-sonnet-4-5", max_tokens: 2048, stream: true } }).body;
  const fromSdkFields: Anthropic.MessageCreateParamsNonStreaming = encodeAnthropicRequest(history, { request: sdkFields }).body;
  const streamingFromSdkFields: Anthropic.MessageCreateParamsStreaming = anthropicCodec.encodeRequest(history, { request: { ...sdkFields, stream: true } }).body;
  const fromSdkStreamingFields: Anthropic.MessageCreateParamsStreaming = encodeAnthropicRequest(history, { request: sdkStreamingFields }).body;
  // @ts-expect-error max_tokens is required by the API
  encodeAnthropicRequest(history, { request: { model: "claude-sonnet-4-5" } });
  // @ts-expect-error a body encoded without request fields has no model or max_tokens
  const withoutFields: Anthropic.MessageCreateParamsNonStreaming = encodeAnthropicRequest(history).body;
  // The registry's untyped view of the codec still holds it.
  const untyped: ProviderCodec = anthropicCodec;
  return [blocking, streaming, fromSdkFields, streamingFromSdkFields, fromSdkStreamingFields, withoutFields, untyped];
}
