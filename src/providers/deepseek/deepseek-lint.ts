// What lint checks for DeepSeek (spec/providers/deepseek.tsp @requestRules): tool pairing as Chat Completions
// servers check it, and in thinking mode the `reasoning_content` every tool-call turn must come back with,
// read from the messages the encoder sends. https://api-docs.deepseek.com/guides/thinking_mode
import type { LintCause, LintSubject, ProviderLint } from "../../lint/lint-check.js";
import { CHAT_COMPLETIONS_CHECKS } from "../../lint/chat-completions-checks.js";
import { bodyList, pointerOf, sentPartsOfType } from "../../lint/wire-order.js";

/**
 * Whether the request thinks: `thinking.type` enabled, or not disabled on a model other than the legacy
 * `deepseek-chat` id (thinking is on by default since V4).
 */
function thinks(request: Readonly<Record<string, unknown>>): boolean {
  const type = (request.thinking as { type?: unknown } | undefined)?.type;
  return type === "enabled" || (type !== "disabled" && request.model !== "deepseek-chat");
}

/** An assistant message of the body that called tools without a `reasoning_content` field. */
function* reasoningContentNotPassedBack(subject: LintSubject): Iterable<LintCause> {
  const calls = sentPartsOfType(subject, "tool_call", true);
  let callIndex = 0;
  for (const message of bodyList(subject, "messages")) {
    const count = message.role === "assistant" && Array.isArray(message.tool_calls) ? message.tool_calls.length : 0;
    if (count > 0 && typeof message.reasoning_content !== "string") yield { pointer: pointerOf(calls, callIndex, subject) };
    callIndex += count;
  }
}

export const deepSeekLint: ProviderLint = {
  *facts(request) {
    if (thinks(request)) yield "thinking";
    if (Array.isArray(request.tools) && request.tools.length > 0) yield "tools";
    if (request.stream === true) yield "stream";
  },
  checks: { ...CHAT_COMPLETIONS_CHECKS, "reasoning-content-not-passed-back": reasoningContentNotPassedBack },
};
