// Type-level checks for DeepSeek, whose documented client is the openai SDK: the SDK's completion and chunk
// types fit every field DeepSeek's wire types declare, and the encoder's body is DeepSeek's request type and the SDK's params.
import type OpenAI from "openai";
import type { Stream } from "openai/streaming";
import type { History } from "../../generated/types.js";
import type { DeepSeekChatCompletion, DeepSeekChatCompletionChunk, DeepSeekRequest, DeepSeekRequestFields } from "../../generated/wire/deepseek.js";
import { decodeEventStream } from "../../src/providers/decode-stream.js";
import { decodeDeepSeekResponse, deepSeekCodec, encodeDeepSeekRequest } from "../../src/providers/deepseek/index.js";
import type { Declared } from "./openai-chat-sdk.typecheck.js";

export function sdkValuesFitWireTypes(completion: OpenAI.ChatCompletion, chunk: OpenAI.ChatCompletionChunk): [Declared<DeepSeekChatCompletion>, Declared<DeepSeekChatCompletionChunk>] {
  decodeDeepSeekResponse(completion);
  deepSeekCodec.createStreamDecoder().push({ data: chunk });
  return [completion, chunk];
}

export function encodedRequestIsDeepSeekRequest(request: DeepSeekRequestFields): DeepSeekRequest {
  return encodeDeepSeekRequest([], { request }).body;
}

/**
 * DeepSeek's documented client is the openai SDK: the encoded body is its request params with no cast,
 * blocking and streaming (the `reasoning_content` the SDK's message types lack rides on a non-literal
 * value, which the SDK sends as it is: test/providers/openai-sdk-loopback.test.ts); `model` is required.
 */
export function encodedBodyIsSdkParams(history: History, sdkParams: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, "messages">) {
  const blocking: OpenAI.ChatCompletionCreateParamsNonStreaming = deepSeekCodec.encodeRequest(history, { request: { model: "deepseek-v4-pro", thinking: { type: "enabled" } } }).body;
  const streaming: OpenAI.ChatCompletionCreateParamsStreaming = encodeDeepSeekRequest(history, { request: { model: "deepseek-v4-pro", stream: true } }).body;
  const fromSdkParams: OpenAI.ChatCompletionCreateParamsNonStreaming = encodeDeepSeekRequest(history, { request: sdkParams }).body;
  // @ts-expect-error `model` is required
  encodeDeepSeekRequest(history, { request: { thinking: { type: "enabled" } } });
  return [blocking, streaming, fromSdkParams];
}

/** The SDK's parsed stream decodes as it is. */
export function decodesSdkStream(stream: Stream<OpenAI.ChatCompletionChunk>) {
  return decodeEventStream(deepSeekCodec, stream);
}
