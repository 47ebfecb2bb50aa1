// The OpenAI Chat Completions codec: one codec, with a server profile per OpenAI-compatible server.
import type { ProviderCodec } from "../provider-codec.js";
import type { OpenAiChatEncoded, OpenAiChatRequestFields } from "./openai-chat-wire.js";
import { decodeChatCompletion } from "./decode-openai-chat-response.js";
import { ChatCompletionsStreamDecoder, chatCompletionsWireReader } from "./decode-openai-chat-stream.js";
import { openAiChatEncoder } from "./encode-openai-chat-request.js";
import { OPENAI_CHAT_PROFILES, type OpenAiChatProfile, type OpenAiChatProfileName, openAiChatServer } from "./openai-chat-profiles.js";
import { OPENAI_CHAT } from "./openai-chat-wire.js";
import { openAiChatEndpoint } from "./openai-chat-endpoint.js";
import { declareChatCompletionsTools } from "./openai-chat-tools.js";
import { openAiChatErrors } from "./openai-chat-errors.js";
import { openAiChatLint } from "./openai-chat-lint.js";

export { decodeOpenAiChatResponse } from "./decode-openai-chat-response.js";
export { OpenAiChatStreamDecoder } from "./decode-openai-chat-stream.js";
export { encodeOpenAiChatRequest, openAiChatEncoder } from "./encode-openai-chat-request.js";
export {
  type CustomOpenAiChatProfileOptions,
  OPENAI_CHAT_PROFILES,
  type OpenAiChatProfile,
  type OpenAiChatProfileName,
  customOpenAiChatProfile,
} from "./openai-chat-profiles.js";

/** The codec for one server: a named profile (`vllm`, `groq`, ...) or a custom one. */
export function createOpenAiChatCodec(profile: OpenAiChatProfile | OpenAiChatProfileName = "openai"): ProviderCodec<OpenAiChatEncoded, OpenAiChatRequestFields> {
  const resolved = typeof profile === "string" ? OPENAI_CHAT_PROFILES[profile] : profile;
  const server = openAiChatServer(resolved);
  return {
    id: OPENAI_CHAT,
    framing: "server-sent-events",
    decodeResponse: (body) => decodeChatCompletion(body, server),
    createStreamDecoder: () => new ChatCompletionsStreamDecoder(server),
    createWireReader: () => chatCompletionsWireReader(OPENAI_CHAT),
    wireEventFromJson: (value, line) => ({ data: value, position: line }),
    encodeRequest: openAiChatEncoder(resolved),
    endpoint: openAiChatEndpoint,
    declareTools: declareChatCompletionsTools,
    reasoningRequest: { model: "gpt-4.1", request: {} },
    errors: openAiChatErrors,
    lint: openAiChatLint,
  };
}

/** The codec for OpenAI's own Chat Completions (the registry's `openai.chat`). */
export const openAiChatCodec: ProviderCodec<OpenAiChatEncoded, OpenAiChatRequestFields> = createOpenAiChatCodec("openai");
