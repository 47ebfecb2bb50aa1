// Checks that read the encoded body (the ids, fields and positions the target really receives) point back
// into the history by order: the encoders keep part order, so the n-th tool call of the body came from the
// n-th tool call the target receives. See docs/lint.md.
import type { Part } from "../../generated/types.js";
import type { LintSubject, SentPart } from "./lint-check.js";
import { messagePointer, sentParts } from "./lint-check.js";

/** The parts the target receives that `accept` takes, in history order; `assistantOnly` keeps those of assistant messages. */
export function sentPartsWhere(subject: LintSubject, accept: (part: Part) => boolean, assistantOnly = false): SentPart[] {
  const found: SentPart[] = [];
  for (const [index, message] of subject.messages.entries()) {
    if (assistantOnly && message.role !== "assistant") continue;
    for (const sent of sentParts(subject, index)) if (accept(sent.part)) found.push(sent);
  }
  return found;
}

/** The parts of `type` the target receives, in history order; `assistantOnly` keeps those of assistant messages. */
export function sentPartsOfType(subject: LintSubject, type: Part["type"], assistantOnly = false): SentPart[] {
  return sentPartsWhere(subject, (part) => part.type === type, assistantOnly);
}

/** The pointer of the n-th sent part of a list, or the pointer of the last message when the body holds more than the history gave. */
export function pointerOf(parts: readonly SentPart[], position: number, subject: LintSubject): string {
  return parts[position]?.pointer ?? messagePointer(subject, Math.max(0, subject.messages.length - 1));
}

/** The body's list field `name` as objects (none when absent). */
export function bodyList(subject: LintSubject, name: string): Record<string, unknown>[] {
  const list = subject.body?.[name];
  return Array.isArray(list) ? list.filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null) : [];
}

/** The pointers of the messages of `role` the target receives (some part of them is sent), in order. */
export function sentMessagePointers(subject: LintSubject, role: string): string[] {
  return [...subject.messages.keys()].filter((index) => subject.messages[index]?.role === role && sentParts(subject, index).length > 0).map((index) => messagePointer(subject, index));
}
