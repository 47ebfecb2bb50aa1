// Type-level checks against the official openai SDK (`tsc` in npm test): the SDK's completion and chunk
// types fit every field partwise's Chat Completions wire types declare (the index signatures that keep the
// wire types open to unmodelled fields left aside), and the messages the encoder writes are the SDK's params.
import type OpenAI from "openai";
import type {
  OpenAiChatAssistantMessageParam,
  OpenAiChatCompletion,
  OpenAiChatCompletionChunk,
  OpenAiChatFunctionToolCallParam,
  OpenAiChatSystemMessageParam,
  OpenAiChatToolMessageParam,
  OpenAiChatUserMessageParam,
} from "../../generated/wire/openai.chat.js";
import { OpenAiChatStreamDecoder, decodeOpenAiChatResponse } from "../../src/providers/openai-chat/index.js";

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
