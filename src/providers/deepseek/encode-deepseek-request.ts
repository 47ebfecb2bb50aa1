// Encodes a history for DeepSeek with the shared Chat Completions encoder, under the rule version the
// caller picks (V4 by default): tool-call turns send `content: ""`, reasoning goes back in
// `reasoning_content` as the version's rules say, and the field is present (as `""`) where the version
// requires it. https://api-docs.deepseek.com/guides/thinking_mode
import type { Message } from "../../../generated/types.js";
import { historyMessages } from "../encode-driver.js";
import { type ChatReplayPolicy, encodeChatCompletions } from "../openai-chat/encode-openai-chat-request.js";
import { type Encoder, typedEncoder } from "../provider-codec.js";
import { callerFlags } from "../replay-rules.js";
import { deepSeekRuleVersion } from "./deepseek-rule-versions.js";
import { DEEPSEEK, type DeepSeekEncoded, type DeepSeekRequestFields } from "./deepseek-wire.js";

/** The index of the last user message that asks something (not only tool results), or -1. */
function lastQuestion(messages: readonly Message[]): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as Message;
    if (message.role === "user" && message.parts.some((part) => part.type !== "tool_result")) return index;
  }
  return -1;
}

/**
 * The request for a history under DeepSeek's replay rules (`options.variant`: `v4` (default), `v3.2`, `r1`).
 * With request fields its body is assignable to the openai SDK's `ChatCompletionCreateParams`
 * (test/types/deepseek-sdk.typecheck.ts).
 */
export const encodeDeepSeekRequest: Encoder<DeepSeekEncoded, DeepSeekRequestFields> = typedEncoder((history, options = {}) => {
  const version = deepSeekRuleVersion(options.variant);
  const { messages } = historyMessages(history);
  const question = lastQuestion(messages);
  const usesTools = messages.some((message) => message.role === "assistant" && message.parts.some((part) => part.type === "tool_call"));
  const flags = callerFlags(DEEPSEEK, options.flags);
  const currentTurnFlags = new Set([...flags, "currentTurn"]);
  const policy: ChatReplayPolicy = {
    provider: DEEPSEEK,
    ...(version.variant === "default" ? {} : { variant: version.variant }),
    reasoningField: "reasoning_content",
    emptyContent: "",
    flags: (_part, messageIndex) => (messageIndex > question ? currentTurnFlags : flags),
    reasoningFieldRequired: (messageIndex) =>
      version.reasoningFieldRequired === "tool-conversation" ? usesTools : version.reasoningFieldRequired === "current-turn" && messageIndex > question,
  };
  return encodeChatCompletions(history, options, policy);
});
