// A consumer of the published package with the Anthropic SDK: each encoder's body is the SDK's request
// params with no cast (blocking and streaming, codec and exported function), the SDK's own params are
// accepted as request fields, a request without `max_tokens` does not compile, and the SDK's replies and
// streams go into the decoders as they are.
import type Anthropic from "@anthropic-ai/sdk";
import { anthropicCodec, decodeAnthropicResponse, decodeEventStream, encodeAnthropicRequest, type History, type Message } from "partwise";

export async function anthropicRoundTrip(client: Anthropic, history: History | readonly Message[], sdkFields: Omit<Anthropic.MessageCreateParamsNonStreaming, "messages">) {
  const blocking: Anthropic.MessageCreateParamsNonStreaming = encodeAnthropicRequest(history, {
    request: { model: "claude-sonnet-4-5", max_tokens: 2048, thinking: { type: "enabled", budget_tokens: 1024 } },
  }).body;
  const reply: Anthropic.Message = await client.messages.create(blocking);
  const decoded = decodeAnthropicResponse(reply);

  const streaming: Anthropic.MessageCreateParamsStreaming = anthropicCodec.encodeRequest([...decodedHistory(history), decoded.message], {
    request: { model: "claude-sonnet-4-5", max_tokens: 2048, stream: true },
  }).body;
  const streamed = await decodeEventStream(anthropicCodec, await client.messages.create(streaming));

  const fromSdkFields: Anthropic.MessageCreateParamsNonStreaming = anthropicCodec.encodeRequest(history, { request: sdkFields }).body;

  // @ts-expect-error max_tokens is required by the Messages API
  encodeAnthropicRequest(history, { request: { model: "claude-sonnet-4-5" } });
  return { streamed, fromSdkFields };
}

function decodedHistory(history: History | readonly Message[]): readonly Message[] {
  return "messages" in history ? history.messages : history;
}
