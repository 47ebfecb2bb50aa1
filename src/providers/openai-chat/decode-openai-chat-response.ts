// Decodes a blocking Chat Completions response: each choice's message becomes parts in the fixed field
// order (reasoning, text, refusal, audio, tool calls, other fields); choices after the first (`n` > 1)
// follow in index order, their parts marked with `attributes.choice`.
import type { DecodedResponse } from "../../../generated/types.js";
import { providerApiError } from "../../errors/provider-error.js";
import { checkWire } from "../wire-validation.js";
import { chatMessageToParts } from "./map-openai-chat-message.js";
import { OPENAI_CHAT_PROFILES, type OpenAiChatProfile, openAiChatServer } from "./openai-chat-profiles.js";
import { type ChatCompletionsServer, type OpenAiChatCompletion, type OpenAiChatErrorBody, chatInfo } from "./openai-chat-wire.js";

/** The error a `{"error": {...}}` body reports. */
export function chatApiError(body: OpenAiChatErrorBody, server: ChatCompletionsServer, position?: number) {
  return providerApiError(server.provider, server.errors.errorFacts(body), position === undefined ? {} : { position });
}

/** A Chat Completions response body (parsed JSON) from a server, as a message and response information. */
export function decodeChatCompletion(body: unknown, server: ChatCompletionsServer): DecodedResponse {
  if (server.validators.errorBody(body)) throw chatApiError(body as OpenAiChatErrorBody, server);
  const completion = checkWire<OpenAiChatCompletion>(server.validators.completion, body, server.provider, "response");
  const choices = completion.choices.map((choice, position) => ({ choice, index: choice.index ?? position })).sort((left, right) => left.index - right.index);
  return {
    message: { role: "assistant", parts: choices.flatMap(({ choice, index }) => chatMessageToParts(choice.message, server, index)) },
    info: chatInfo({ id: completion.id, model: completion.model, finishReason: choices[0]?.choice.finish_reason, usage: completion.usage }, server),
  };
}

/** A Chat Completions response body from the server a profile describes (OpenAI by default). */
export function decodeOpenAiChatResponse(body: unknown, profile: OpenAiChatProfile = OPENAI_CHAT_PROFILES.openai): DecodedResponse {
  return decodeChatCompletion(body, openAiChatServer(profile));
}
