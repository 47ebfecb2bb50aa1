// Compaction policy: triggers decide when, strategies decide how many of the oldest turns leave the
// active view, and planCompaction turns that into pinned, covered and preserved events. Cuts fall only
// on turn starts and the latest turn always stays, whatever a strategy asks for.
import type { MessageEvent, Part, Session } from "../../generated/types.js";
import { PartwiseError } from "../errors/partwise-error.js";
import { isSynthetic } from "./event-kinds.js";
import { estimateEventTokens, turnStarts } from "./turns.js";

/** The active view as triggers and strategies see it. */
export interface CompactionView {
  readonly session: Session;
  /** The message events of the active view, in view order. */
  readonly events: readonly MessageEvent[];
  /** The indexes of `events` at which turns start; the events before the first are the preamble. */
  readonly turnStarts: readonly number[];
  /** The estimated tokens of the whole view (computed once, on first use). */
  estimatedTokens(): number;
}

/** The view triggers and strategies see, over the active view's message events. */
export function compactionView(session: Session, events: readonly MessageEvent[]): CompactionView {
  let tokens: number | undefined;
  return { session, events, turnStarts: turnStarts(events), estimatedTokens: () => (tokens ??= estimateEventTokens(events)) };
}

function positiveInteger(value: number, where: string): number {
  if (Number.isSafeInteger(value) && value >= 1) return value;
  throw new PartwiseError("schema/invalid", `${where}: expected a positive integer, got ${value}`, { details: { expected: "a positive integer" } });
}

/** Decides whether a compaction runs. `description` is recorded on the boundary (e.g. `turns>20`). */
export interface CompactionTrigger {
  readonly description: string;
  fires(view: CompactionView): boolean;
}

/** Fires when the view holds more than `maxTurns` turns. */
export class TurnCountTrigger implements CompactionTrigger {
  readonly description: string;
  readonly #maxTurns: number;
  constructor(maxTurns: number) {
    this.#maxTurns = positiveInteger(maxTurns, "TurnCountTrigger maxTurns");
    this.description = `turns>${maxTurns}`;
  }
  fires(view: CompactionView): boolean {
    return view.turnStarts.length > this.#maxTurns;
  }
}

/** Fires when the view's estimated tokens (see estimateTokens) reach `threshold`. */
export class TokenCountTrigger implements CompactionTrigger {
  readonly description: string;
  readonly #threshold: number;
  constructor(threshold: number) {
    this.#threshold = positiveInteger(threshold, "TokenCountTrigger threshold");
    this.description = `tokens>=${threshold}`;
  }
  fires(view: CompactionView): boolean {
    return view.estimatedTokens() >= this.#threshold;
  }
}

/** Fires when any (or all) of its triggers fire. */
export class CompositeTrigger implements CompactionTrigger {
  readonly description: string;
  readonly #triggers: readonly CompactionTrigger[];
  readonly #mode: "any" | "all";
  private constructor(mode: "any" | "all", triggers: readonly CompactionTrigger[]) {
    if (triggers.length === 0) throw new PartwiseError("schema/invalid", `CompositeTrigger.${mode}Of: expected at least one trigger`);
    this.#mode = mode;
    this.#triggers = triggers;
    this.description = `${mode}(${triggers.map((trigger) => trigger.description).join(", ")})`;
  }
  static anyOf(...triggers: CompactionTrigger[]): CompositeTrigger {
    return new CompositeTrigger("any", triggers);
  }
  static allOf(...triggers: CompactionTrigger[]): CompositeTrigger {
    return new CompositeTrigger("all", triggers);
  }
  fires(view: CompactionView): boolean {
    return this.#mode === "any" ? this.#triggers.some((trigger) => trigger.fires(view)) : this.#triggers.every((trigger) => trigger.fires(view));
  }
}

/** Always fires: an unconditional compaction. */
export const ALWAYS: CompactionTrigger = { description: "always", fires: () => true };

/** What a summarizer returns: the summary as text, or as the parts of the assistant's summary message. */
export type SummaryContent = string | readonly Part[];

/** What a summarizer is given. */
export interface SummaryRequest {
  readonly session: Session;
  /** Earlier summary events in the view; their content belongs in the new summary, which replaces them. */
  readonly previousSummary: readonly MessageEvent[];
  /** The events leaving the view, earlier summaries excluded, in view order. */
  readonly covered: readonly MessageEvent[];
  /** The events that stay after the summary, for context. */
  readonly preserved: readonly MessageEvent[];
}

/** Writes a summary of what leaves the view (a model call, an extractive summary, ...). */
export interface Summarizer {
  /** An empty text or no parts means no summary: the compaction then writes nothing. */
  summarize(request: SummaryRequest): Promise<SummaryContent>;
}

/** Decides how many of the oldest turns leave the view. `description` is recorded on the boundary. */
export interface CompactionStrategy {
  readonly description: string;
  /** How many of the oldest turns leave the view; the latest turn stays whatever this returns. */
  turnsToCover(view: CompactionView): number;
  /** Present on summarizing strategies: writes the summary turn that replaces what leaves. */
  summarize?(request: SummaryRequest): Promise<SummaryContent>;
  /** The text of the synthetic user message that opens the summary turn. */
  readonly summaryPrompt?: string;
}

/** Keeps the last `turns` turns (and the pinned events). */
export class LastTurnsStrategy implements CompactionStrategy {
  readonly description: string;
  readonly #turns: number;
  constructor(turns: number) {
    this.#turns = positiveInteger(turns, "LastTurnsStrategy turns");
    this.description = `last-turns(${turns})`;
  }
  turnsToCover(view: CompactionView): number {
    return Math.max(0, view.turnStarts.length - this.#turns);
  }
}

/**
 * Keeps at most `maxEvents` of the newest turn events: the cut is snapped forward to the next turn start,
 * so fewer may stay; when the latest turn alone is longer, that turn stays whole.
 */
export class SlidingWindowStrategy implements CompactionStrategy {
  readonly description: string;
  readonly #maxEvents: number;
  constructor(maxEvents: number) {
    this.#maxEvents = positiveInteger(maxEvents, "SlidingWindowStrategy maxEvents");
    this.description = `sliding-window(${maxEvents})`;
  }
  turnsToCover(view: CompactionView): number {
    const starts = view.turnStarts;
    const rawCut = view.events.length - this.#maxEvents;
    if (starts.length === 0 || rawCut <= starts[0]!) return 0;
    const kept = starts.findIndex((start) => start >= rawCut);
    return kept === -1 ? starts.length - 1 : kept;
  }
}

/** The default text of the synthetic user message that opens a summary turn. */
export const DEFAULT_SUMMARY_PROMPT = "Summarize the conversation so far.";

/**
 * Covers what `window` covers and replaces it, and any earlier summary, with a summary turn: a synthetic
 * user message (`prompt`) and the summarizer's answer as a synthetic assistant message.
 */
export class SummarizingStrategy implements CompactionStrategy {
  readonly description: string;
  readonly summaryPrompt: string;
  readonly #window: CompactionStrategy;
  readonly #summarizer: Summarizer;
  constructor(options: { readonly window: CompactionStrategy; readonly summarizer: Summarizer; readonly prompt?: string }) {
    this.#window = options.window;
    this.#summarizer = options.summarizer;
    this.summaryPrompt = options.prompt ?? DEFAULT_SUMMARY_PROMPT;
    this.description = `summarize(${options.window.description})`;
  }
  turnsToCover(view: CompactionView): number {
    return this.#window.turnsToCover(view);
  }
  summarize(request: SummaryRequest): Promise<SummaryContent> {
    return this.#summarizer.summarize(request);
  }
}

/** Which events stay, which leave, and which earlier summaries a summarizing strategy folds in. */
export interface CompactionPlan {
  readonly pinned: readonly MessageEvent[];
  readonly covered: readonly MessageEvent[];
  readonly preserved: readonly MessageEvent[];
  /** The earlier summary events among `covered` (summarizing strategies only). */
  readonly previousSummary: readonly MessageEvent[];
}

function holdsToolParts(event: MessageEvent): boolean {
  return event.message.parts.some((part) => part.type === "tool_call" || part.type === "tool_result");
}

/**
 * The plan of a strategy over a view, or undefined when nothing leaves it. Pinned: the preamble (the
 * events before the first turn; earlier summaries among them are folded instead when summarizing) and
 * the system messages of covered turns. Preserved: everything from the first kept turn's start.
 */
export function planCompaction(view: CompactionView, strategy: CompactionStrategy): CompactionPlan | undefined {
  const starts = view.turnStarts;
  const requested = strategy.turnsToCover(view);
  if (!Number.isSafeInteger(requested) || requested < 0) {
    throw new PartwiseError("schema/invalid", `strategy ${strategy.description}: turnsToCover returned ${requested}, expected a whole number of turns`);
  }
  const covering = Math.min(requested, starts.length - 1);
  if (covering <= 0) return undefined;
  const firstTurn = starts[0]!;
  const cut = starts[covering]!;
  const summarizing = strategy.summarize !== undefined;
  const pinned: MessageEvent[] = [];
  const covered: MessageEvent[] = [];
  const previousSummary: MessageEvent[] = [];
  view.events.slice(0, cut).forEach((event, index) => {
    if (index < firstTurn) {
      if (summarizing && isSynthetic(event)) {
        previousSummary.push(event);
        covered.push(event);
      } else pinned.push(event);
    } else if (event.message.role === "system" && !holdsToolParts(event)) pinned.push(event);
    else covered.push(event);
  });
  return { pinned, covered, preserved: view.events.slice(cut), previousSummary };
}
