// Type-level checks against the official openai SDK (`tsc` in npm test): the SDK's completion and chunk
// types fit every field partwise's Chat Completions wire types declare (the index signatures that keep the
// wire types open to unmodelled fields left aside), and the messages the encoder writes are the SDK's params.
import type OpenAI from "openai";
import type { Stream } from "openai/streaming";
import type {
  OpenAiChatAssistantMessageParam,
  OpenAiChatCompletion,
  OpenAiChatCompletionChunk,
  OpenAiChatFunctionToolCallParam,
  OpenAiChatSystemMessageParam,
  OpenAiChatToolMessageParam,
  OpenAiChatUserMessageParam,
} from "../../generated/wire/openai.chat.js";
import type { History } from "../../generated/types.js";
import { decodeEventStream } from "../../src/providers/decode-stream.js";
import {
  OPENAI_CHAT_PROFILES,
  OpenAiChatStreamDecoder,
  createOpenAiChatCodec,
  decodeOpenAiChatResponse,
  encodeOpenAiChatRequest,
  openAiChatCodec,
} from "../../src/providers/openai-chat/index.js";

/** A wire type with the declared fields only, at every depth. */
export type Declared<T> = T extends readonly (infer Item)[]
  ? Declared<Item>[]
  : T extends object ? { [K in keyof T as string extends K ? never : K]: Declared<T[K]> } : T;

export function sdkValuesFitWireTypes(completion: OpenAI.ChatCompletion, chunk: OpenAI.ChatCompletionChunk): [Declared<OpenAiChatCompletion>, Declared<OpenAiChatCompletionChunk>] {
  decodeOpenAiChatResponse(completion);
  new OpenAiChatStreamDecoder().push({ data: chunk });
  return [completion, chunk];
}

export function encodedMessagesAreSdkParams(
  system: OpenAiChatSystemMessageParam,
  user: OpenAiChatUserMessageParam,
  assistant: OpenAiChatAssistantMessageParam,
  call: OpenAiChatFunctionToolCallParam,
  tool: OpenAiChatToolMessageParam,
): OpenAI.ChatCompletionMessageParam[] {
  const systemParam: OpenAI.ChatCompletionSystemMessageParam = system;
  const userParam: OpenAI.ChatCompletionUserMessageParam = user;
  const callParam: OpenAI.ChatCompletionMessageFunctionToolCall = call;
  const toolParam: OpenAI.ChatCompletionToolMessageParam = tool;
  // Content parts other than text (a server's own, replayed to it) and the reasoning fields are extensions the SDK does not model.
  const assistantParam: OpenAI.ChatCompletionAssistantMessageParam = {
    role: assistant.role,
    content: typeof assistant.content === "string" ? assistant.content : null,
    ...(assistant.refusal === undefined ? {} : { refusal: assistant.refusal }),
    ...(assistant.audio === undefined ? {} : { audio: assistant.audio }),
    tool_calls: [callParam],
  };
  return [systemParam, userParam, assistantParam, toolParam];
}

/**
 * The encoded body is the SDK's request params with no cast, blocking and streaming, for every server
 * profile's codec; `model` is required, as the SDK requires it.
 */
export function encodedBodyIsSdkParams(history: History, sdkParams: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, "messages">) {
  const blocking: OpenAI.ChatCompletionCreateParamsNonStreaming = openAiChatCodec.encodeRequest(history, { request: { model: "gpt-4.1", reasoning_effort: "low" } }).body;
  const streaming: OpenAI.ChatCompletionCreateParamsStreaming = encodeOpenAiChatRequest(history, { request: { model: "gpt-4.1", stream: true, stream_options: { include_usage: true } } }).body;
  const fromSdkParams: OpenAI.ChatCompletionCreateParamsNonStreaming = encodeOpenAiChatRequest(history, { request: sdkParams }).body;
  const profiles: OpenAI.ChatCompletionCreateParamsNonStreaming[] = (Object.keys(OPENAI_CHAT_PROFILES) as (keyof typeof OPENAI_CHAT_PROFILES)[]).map(
    (profile) => createOpenAiChatCodec(profile).encodeRequest(history, { request: { model: "served-model" } }).body,
  );
  // @ts-expect-error `model` is required
  encodeOpenAiChatRequest(history, { request: { temperature: 0 } });
  // @ts-expect-error a body encoded without request fields has no `model`
  const withoutModel: OpenAI.ChatCompletionCreateParamsNonStreaming = encodeOpenAiChatRequest(history).body;
  return [blocking, streaming, fromSdkParams, profiles, withoutModel];
}

/** The SDK's parsed stream (its Stream of ChatCompletionChunk) decodes as it is. */
export function decodesSdkStream(stream: Stream<OpenAI.ChatCompletionChunk>) {
  return decodeEventStream(openAiChatCodec, stream);
}
