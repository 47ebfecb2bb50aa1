// What lint checks for DeepSeek (spec/providers/deepseek.tsp @requestRules): tool pairing as Chat Completions
// servers check it, and in thinking mode the `reasoning_content` every tool-call turn must come back with,
// read from the messages the encoder sends. https://api-docs.deepseek.com/guides/thinking_mode
import type { ProviderLint } from "../../lint/lint-check.js";
import { CHAT_COMPLETIONS_CHECKS, callsWithoutReasoningContent } from "../../lint/chat-completions-checks.js";

/**
 * Whether the request thinks: `thinking.type` enabled, or not disabled on a model other than the legacy
 * `deepseek-chat` id (thinking is on by default since V4).
 */
function thinks(request: Readonly<Record<string, unknown>>): boolean {
  const type = (request.thinking as { type?: unknown } | undefined)?.type;
  return type === "enabled" || (type !== "disabled" && request.model !== "deepseek-chat");
}

export const deepSeekLint: ProviderLint = {
  *facts(request) {
    if (thinks(request)) yield "thinking";
    if (Array.isArray(request.tools) && request.tools.length > 0) yield "tools";
    if (request.stream === true) yield "stream";
  },
  checks: { ...CHAT_COMPLETIONS_CHECKS, "reasoning-content-not-passed-back": callsWithoutReasoningContent },
};
