// What a lint check sees and what it finds: the history as the target's encoder will send it (the parts it
// leaves out are known), the request's fields and facts, and each cause as a pointer into the history.
// Checks are named in the spec's request rules (spec/providers.tsp RequestRule.check); see docs/lint.md.
import type { Message, Part } from "../../generated/types.js";

/** A history about to be sent to one target. */
export interface LintSubject {
  /** The target provider id. */
  readonly target: string;
  /** The rule variant. */
  readonly variant: string;
  /** The history's messages, as given. */
  readonly messages: readonly Message[];
  /** The pointer their indexes extend: `/messages` in a document, `` for a bare list. */
  readonly base: string;
  /** The request fields besides the messages (model, max_tokens, thinking, tools, ...). */
  readonly request: Readonly<Record<string, unknown>>;
  /** The request's model, when it names one. */
  readonly model?: string;
  /** The request facts of the target's lint (`thinking`, `tools`, ...) and the caller's flags. */
  readonly facts: ReadonlySet<string>;
  /** The pointers of the parts (and whole messages) the target's encoder leaves out. */
  readonly dropped: ReadonlySet<string>;
  /** The encoded request body; absent when the encoder refused the history. */
  readonly body?: Readonly<Record<string, unknown>>;
}

/** One cause a check found: where in the history, and the values its rule's error text names (`{id}`). */
export interface LintCause {
  readonly pointer: string;
  readonly values?: Readonly<Record<string, string>>;
}

/** A check: every cause of its rule in the subject, in history order. */
export type LintCheck = (subject: LintSubject) => Iterable<LintCause>;

/**
 * What a provider adds to lint: the facts its rules test, read from its own request fields (whether
 * thinking is on, tools are declared), and the checks only it needs. A codec member (ProviderCodec.lint).
 */
export interface ProviderLint {
  facts(request: Readonly<Record<string, unknown>>): Iterable<string>;
  /** The model a request names, when its field is not `model` (Bedrock's `modelId`); rules' `models` test it. */
  model?(request: Readonly<Record<string, unknown>>): string | undefined;
  readonly checks?: Readonly<Record<string, LintCheck>>;
}

/** A part of a message that the target will receive, with its pointer in the history. */
export interface SentPart {
  readonly part: Part;
  readonly pointer: string;
  /** Its index among the message's parts. */
  readonly index: number;
}

/** The pointer of message `index` of the subject. */
export function messagePointer(subject: LintSubject, index: number): string {
  return `${subject.base}/${index}`;
}

/** Whether the target receives message `index` at all (some part of it is sent). */
export function messageSent(subject: LintSubject, index: number): boolean {
  return !subject.dropped.has(messagePointer(subject, index));
}

/** The parts of message `index` the target receives, in order. */
export function sentParts(subject: LintSubject, index: number): SentPart[] {
  const message = subject.messages[index];
  if (message === undefined || !messageSent(subject, index)) return [];
  const base = messagePointer(subject, index);
  const sent: SentPart[] = [];
  message.parts.forEach((part, partIndex) => {
    const pointer = `${base}/parts/${partIndex}`;
    if (!subject.dropped.has(pointer)) sent.push({ part, pointer, index: partIndex });
  });
  return sent;
}
