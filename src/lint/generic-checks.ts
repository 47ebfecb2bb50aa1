// The checks any provider's request rules can name: how tool calls and their results pair up, message by
// message as the history holds them (right for APIs that take messages as given; a provider whose encoder
// merges turns reads its encoded body in checks of its own). Status and words stay in each provider's rules.
import type { LintCause, LintCheck, LintSubject } from "./lint-check.js";
import { sentParts } from "./lint-check.js";

/** The tool calls the target receives in message `index`, with their pointers. */
function sentCalls(subject: LintSubject, index: number): { id: string; pointer: string }[] {
  return sentParts(subject, index).flatMap(({ part, pointer }) => (part.type === "tool_call" ? [{ id: part.toolCall.id, pointer }] : []));
}

/** The tool results the target receives in message `index`, with their pointers. */
function sentResults(subject: LintSubject, index: number): { id: string | undefined; pointer: string }[] {
  return sentParts(subject, index).flatMap(({ part, pointer }) => (part.type === "tool_result" ? [{ id: part.id ?? undefined, pointer }] : []));
}

/** The indexes of the messages after `index` that answer its calls: the run of tool messages right after it. */
function answeringMessages(subject: LintSubject, index: number): number[] {
  const answering: number[] = [];
  for (let next = index + 1; next < subject.messages.length && subject.messages[next]?.role === "tool"; next++) answering.push(next);
  return answering;
}

/** A call that another message follows without answering it (a trailing call is `trailing-tool-call`'s). */
function* toolCallUnanswered(subject: LintSubject): Iterable<LintCause> {
  for (const [index, message] of subject.messages.entries()) {
    if (message.role !== "assistant" || index === subject.messages.length - 1) continue;
    const answered = new Set(answeringMessages(subject, index).flatMap((next) => sentResults(subject, next).map((result) => result.id)));
    for (const call of sentCalls(subject, index)) if (!answered.has(call.id)) yield { pointer: call.pointer, values: { id: call.id } };
  }
}

/** A call in the last message: the history ends before its tool ran. */
function* trailingToolCall(subject: LintSubject): Iterable<LintCause> {
  const last = subject.messages.length - 1;
  if (subject.messages[last]?.role !== "assistant") return;
  for (const call of sentCalls(subject, last)) yield { pointer: call.pointer, values: { id: call.id } };
}

/** A result whose id names no call of the assistant message its run of tool messages follows. */
function* toolResultWithoutCall(subject: LintSubject): Iterable<LintCause> {
  let calls = new Set<string>();
  for (const [index, message] of subject.messages.entries()) {
    if (message.role === "assistant") calls = new Set(sentCalls(subject, index).map((call) => call.id));
    else if (message.role !== "tool") calls = new Set();
    for (const result of sentResults(subject, index)) if (result.id === undefined || !calls.has(result.id)) yield { pointer: result.pointer, values: { id: result.id ?? "" } };
  }
}

/** A call id used by an earlier call of the history. */
function* duplicateToolCallId(subject: LintSubject): Iterable<LintCause> {
  const seen = new Set<string>();
  for (const index of subject.messages.keys()) {
    for (const call of sentCalls(subject, index)) {
      if (seen.has(call.id)) yield { pointer: `${call.pointer}/toolCall/id`, values: { id: call.id } };
      seen.add(call.id);
    }
  }
}

/** A call or a result with an empty id (or a result without one). */
function* emptyToolCallId(subject: LintSubject): Iterable<LintCause> {
  for (const index of subject.messages.keys()) {
    for (const call of sentCalls(subject, index)) if (call.id === "") yield { pointer: `${call.pointer}/toolCall/id`, values: { id: "" } };
    for (const result of sentResults(subject, index)) if (!result.id) yield { pointer: result.pointer, values: { id: "" } };
  }
}

/** The generic checks by the name request rules give them. */
export const GENERIC_CHECKS: Readonly<Record<string, LintCheck>> = {
  "tool-call-unanswered": toolCallUnanswered,
  "trailing-tool-call": trailingToolCall,
  "tool-result-without-call": toolResultWithoutCall,
  "duplicate-tool-call-id": duplicateToolCallId,
  "empty-tool-call-id": emptyToolCallId,
};
