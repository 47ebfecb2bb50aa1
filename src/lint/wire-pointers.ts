// Pointers into the history for what a check finds in the encoded request. Checks that read the wire (where
// the encoder merged turns, left parts out and derived ids) name the part behind a block by its tool id or
// payload, and a merged turn by the first message of its run.
import type { Part } from "../../generated/types.js";
import type { LintSubject } from "./lint-check.js";
import { messagePointer, sentParts } from "./lint-check.js";

/** A part the target receives: its message's index and its pointer. */
interface SentLocation {
  readonly index: number;
  readonly pointer: string;
}

function sentLocation(subject: LintSubject, matches: (part: Part) => boolean, occurrence = 0): SentLocation | undefined {
  let seen = 0;
  for (const index of subject.messages.keys()) {
    for (const { part, pointer } of sentParts(subject, index)) if (matches(part) && seen++ === occurrence) return { index, pointer };
  }
  return undefined;
}

/** The pointer of the `occurrence`-th (first by default) part the target receives that `matches`; the history's own pointer when none does. */
export function sentPartPointer(subject: LintSubject, matches: (part: Part) => boolean, occurrence = 0): string {
  return sentLocation(subject, matches, occurrence)?.pointer ?? subject.base;
}

/** Matches the tool call `id`. */
export const callWithId = (id: string) => (part: Part): boolean => part.type === "tool_call" && part.toolCall.id === id;

/** Matches a tool result answering `id`. */
export const resultWithId = (id: string) => (part: Part): boolean => part.type === "tool_result" && (part.id ?? "") === id;

/** Matches a part whose payload data is `data` (a signature, encrypted reasoning). */
export const payloadWithData = (data: string) => (part: Part): boolean => part.payload?.data === data;

/**
 * The first sent part of the assistant turn that holds the part `matches` finds: consecutive assistant
 * messages are one turn on the wire (system messages and messages with nothing sent sit between them unseen).
 */
export function turnStartPointer(subject: LintSubject, matches: (part: Part) => boolean): string {
  const found = sentLocation(subject, matches);
  if (!found) return subject.base;
  let start = found.index;
  for (let index = found.index - 1; index >= 0; index--) {
    const role = subject.messages[index]?.role;
    if (role === "system" || sentParts(subject, index).length === 0) continue;
    if (role !== "assistant") break;
    start = index;
  }
  return sentParts(subject, start)[0]?.pointer ?? messagePointer(subject, start);
}

/** The reasoning parts with a payload the target receives in assistant messages before the last user message: the earlier turns' reasoning. */
export function* earlierTurnReasoning(subject: LintSubject): Iterable<{ pointer: string }> {
  const lastUser = subject.messages.findLastIndex((message, index) => message.role === "user" && sentParts(subject, index).length > 0);
  for (let index = 0; index < lastUser; index++) {
    if (subject.messages[index]?.role !== "assistant") continue;
    for (const { part, pointer } of sentParts(subject, index)) if (part.type === "reasoning" && part.payload) yield { pointer };
  }
}

/** Whether `data` is base64 (the standard alphabet, padding allowed): what signatures and encrypted reasoning are written in. */
export function isBase64(data: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(data);
}
