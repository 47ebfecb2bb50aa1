// Tool pairing as Chat Completions servers check it, read from the messages the encoder sends: a `role: tool`
// message answers a call of the assistant message its run of tool messages follows, and every call of an
// assistant message is answered by that run. OpenAI and DeepSeek word it differently (their request rules).
// Also what every Chat Completions lint reads of a message: its tool calls, and the reasoning_content they need.
import type { LintCause, LintCheck, LintSubject } from "./lint-check.js";
import { bodyList, pointerOf, sentPartsOfType } from "./wire-pointers.js";

type WireMessage = Record<string, unknown>;

/** The `tool_calls` of a body message, as sent (none when absent). */
export function wireToolCalls(message: WireMessage): { id?: unknown }[] {
  return Array.isArray(message.tool_calls) ? (message.tool_calls as { id?: unknown }[]) : [];
}

function callIdsOf(message: WireMessage): string[] {
  return wireToolCalls(message).map((call) => String(call.id ?? ""));
}

/**
 * An assistant message of the body that called tools without a `reasoning_content` field (DeepSeek's thinking
 * mode, Kimi's thinking): the cause is its first call, the value its index in the body.
 */
export function* callsWithoutReasoningContent(subject: LintSubject): Iterable<LintCause> {
  const calls = sentPartsOfType(subject, "tool_call", true);
  let callIndex = 0;
  for (const [index, message] of bodyList(subject, "messages").entries()) {
    const count = message.role === "assistant" ? wireToolCalls(message).length : 0;
    if (count > 0 && typeof message.reasoning_content !== "string") yield { pointer: pointerOf(calls, callIndex, subject), values: { index: String(index) } };
    callIndex += count;
  }
}

/** A tool message that follows no assistant message with tool calls, or answers none of its calls. */
function* toolMessageWithoutCall(subject: LintSubject): Iterable<LintCause> {
  const results = sentPartsOfType(subject, "tool_result");
  let answered: ReadonlySet<string> = new Set();
  let resultIndex = 0;
  for (const message of bodyList(subject, "messages")) {
    if (message.role === "assistant") answered = new Set(callIdsOf(message));
    else if (message.role !== "tool") answered = new Set();
    if (message.role !== "tool") continue;
    const id = String(message.tool_call_id ?? "");
    if (!answered.has(id)) yield { pointer: pointerOf(results, resultIndex, subject), values: { id } };
    resultIndex++;
  }
}

/** A call of an assistant message that the run of tool messages after it does not answer (a trailing call included). */
function* toolCallsUnanswered(subject: LintSubject): Iterable<LintCause> {
  const calls = sentPartsOfType(subject, "tool_call", true);
  const messages = bodyList(subject, "messages");
  let callIndex = 0;
  for (const [index, message] of messages.entries()) {
    if (message.role !== "assistant") continue;
    const answered = new Set<string>();
    for (let next = index + 1; messages[next]?.role === "tool"; next++) answered.add(String(messages[next]?.tool_call_id ?? ""));
    for (const id of callIdsOf(message)) {
      if (!answered.has(id)) yield { pointer: pointerOf(calls, callIndex, subject), values: { id } };
      callIndex++;
    }
  }
}

/** The tool-pairing checks of a Chat Completions server, by the names its request rules give them. */
export const CHAT_COMPLETIONS_CHECKS: Readonly<Record<string, LintCheck>> = {
  "tool-message-without-call": toolMessageWithoutCall,
  "tool-calls-unanswered": toolCallsUnanswered,
};
