// Pointers into the history for what a check finds in the encoded request body. Two ways, each where it is
// needed: by order (the encoders keep part order, so the n-th tool call of the body is the n-th sent call),
// for bodies whose ids the encoder rewrites or derives (Mistral, Chat Completions, Responses, Gemini) and for
// items with no id (reasoning items, messages); and by tool id or payload data, for Anthropic's and Bedrock's
// merged turns, where a block names its part verbatim. Both walk the same sent parts. See docs/lint.md.
import type { Part } from "../../generated/types.js";
import type { LintSubject, SentPart } from "./lint-check.js";
import { messagePointer, sentParts } from "./lint-check.js";

/** A part the target receives, with the index of its message. */
interface SentLocation extends SentPart {
  readonly messageIndex: number;
}

/** The parts the target receives that `accept` takes, in history order; `assistantOnly` keeps those of assistant messages. */
function* sentLocations(subject: LintSubject, accept: (part: Part) => boolean, assistantOnly = false): Iterable<SentLocation> {
  for (const [messageIndex, message] of subject.messages.entries()) {
    if (assistantOnly && message.role !== "assistant") continue;
    for (const sent of sentParts(subject, messageIndex)) if (accept(sent.part)) yield { ...sent, messageIndex };
  }
}

/** The parts the target receives that `accept` takes, in history order; `assistantOnly` keeps those of assistant messages. */
export function sentPartsWhere(subject: LintSubject, accept: (part: Part) => boolean, assistantOnly = false): SentPart[] {
  return [...sentLocations(subject, accept, assistantOnly)];
}

/** The parts of `type` the target receives, in history order; `assistantOnly` keeps those of assistant messages. */
export function sentPartsOfType(subject: LintSubject, type: Part["type"], assistantOnly = false): SentPart[] {
  return sentPartsWhere(subject, (part) => part.type === type, assistantOnly);
}

/** By order: the pointer of the n-th sent part of a list, or of the last message when the body holds more than the history gave. */
export function pointerOf(parts: readonly SentPart[], position: number, subject: LintSubject): string {
  return parts[position]?.pointer ?? messagePointer(subject, Math.max(0, subject.messages.length - 1));
}

/** The body's list field `name` as objects (none when absent). */
export function bodyList(subject: LintSubject, name: string): Record<string, unknown>[] {
  const list = subject.body?.[name];
  return Array.isArray(list) ? list.filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null) : [];
}

/** By order: the pointers of the messages of `role` the target receives (some part of them is sent), in order. */
export function sentMessagePointers(subject: LintSubject, role: string): string[] {
  return [...subject.messages.keys()].filter((index) => subject.messages[index]?.role === role && sentParts(subject, index).length > 0).map((index) => messagePointer(subject, index));
}

function nthSent(subject: LintSubject, matches: (part: Part) => boolean, occurrence: number): SentLocation | undefined {
  return sentPartsWhere(subject, matches)[occurrence] as SentLocation | undefined;
}

/** By id or payload: the pointer of the `occurrence`-th (first by default) sent part that `matches`; the history's own pointer when none does. */
export function sentPartPointer(subject: LintSubject, matches: (part: Part) => boolean, occurrence = 0): string {
  return nthSent(subject, matches, occurrence)?.pointer ?? subject.base;
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
  const found = nthSent(subject, matches, 0);
  if (!found) return subject.base;
  let start = found.messageIndex;
  for (let index = found.messageIndex - 1; index >= 0; index--) {
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
  for (const { pointer, messageIndex } of sentLocations(subject, (part) => part.type === "reasoning" && part.payload !== undefined, true)) {
    if (messageIndex < lastUser) yield { pointer };
  }
}

/** The base64 forms providers write signatures and encrypted reasoning in (RFC 4648 sections 4 and 5), and Google's bytes fields, which take either alphabet and may be empty. */
const BASE64_FORMS = {
  standard: /^[A-Za-z0-9+/]+={0,2}$/,
  url: /^[A-Za-z0-9_-]+={0,2}$/,
  bytes: /^[A-Za-z0-9+/_-]*={0,2}$/,
} as const;

/** Whether `data` is base64 of a form (padding allowed): what a provider's opaque payload must at least look like. */
export function isBase64(data: string, form: keyof typeof BASE64_FORMS = "standard"): boolean {
  return BASE64_FORMS[form].test(data);
}
