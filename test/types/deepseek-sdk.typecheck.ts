// Type-level checks for DeepSeek, whose documented client is the openai SDK: the SDK's completion and chunk
// types fit every field DeepSeek's wire types declare, and the encoder's request is DeepSeek's request type.
import type OpenAI from "openai";
import type { DeepSeekChatCompletion, DeepSeekChatCompletionChunk, DeepSeekRequest } from "../../generated/wire/deepseek.js";
import type { OpenAiChatRequest } from "../../generated/wire/openai.chat.js";
import { decodeDeepSeekResponse, deepSeekCodec, encodeDeepSeekRequest } from "../../src/providers/deepseek/index.js";
import type { Declared } from "./openai-chat-sdk.typecheck.js";

export function sdkValuesFitWireTypes(completion: OpenAI.ChatCompletion, chunk: OpenAI.ChatCompletionChunk): [Declared<DeepSeekChatCompletion>, Declared<DeepSeekChatCompletionChunk>] {
  decodeDeepSeekResponse(completion);
  deepSeekCodec.createStreamDecoder().push({ data: chunk });
  return [completion, chunk];
}

export function encodedRequestIsDeepSeekRequest(request: OpenAiChatRequest): DeepSeekRequest {
  const body: DeepSeekRequest = encodeDeepSeekRequest([]).body;
  return { ...body, ...request };
}
