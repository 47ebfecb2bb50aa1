// A session log as markup, turn by turn and part by part, with every message marked as in the active
// view, pinned or covered by a compaction. The same object renders the log as first shown and then the
// events appended later, with out-of-band updates (htmx `hx-swap-oob`) for what those change upstream.
import type { CompactionEvent, EventMetadata, Message, SessionEvent } from "../../generated/types.js";
import { isCompactionEvent, isMessageEvent, isSynthetic } from "../session/event-kinds.js";
import { turnStarts } from "../session/turns.js";
import { html, lazyHtml, type Html } from "./html.js";
import { answerMarker, formatCount, renderPart, type PartContext } from "./part-view.js";
import { ToolPairing, type ToolPair } from "./tool-pairing.js";

/** Where a message stands after the latest compaction boundary. */
type ViewState = "active" | "pinned" | "covered";

const STATE_LABELS: Record<ViewState, string> = { active: "in view", pinned: "pinned", covered: "covered" };

export interface SessionViewOptions {
  /** Include payload data (`--full`). */
  readonly full: boolean;
}

function stateBadge(seq: number, state: ViewState, outOfBand = false): Html {
  return html`<span class="state ${state}" id="state-${seq}"${outOfBand ? html` hx-swap-oob="true"` : ""}>${STATE_LABELS[state]}</span>`;
}

function turnHeading(turn: number): Html {
  return turn === 0 ? html`<h2 class="turn" id="preamble">Preamble</h2>` : html`<h2 class="turn" id="turn-${turn}">Turn ${turn}</h2>`;
}

/** The mark where a compaction cut the log: the messages above it, pinned ones aside, left the active view. */
function cutMarker(boundarySeq: number): Html {
  return html`<p class="cut" role="note">Compaction <a href="#e${boundarySeq}">#${boundarySeq}</a> cut here: the messages above, pinned ones aside, left the active view.</p>`;
}

function metadataBlock(metadata: EventMetadata | Message["metadata"], label: string): Html {
  if (metadata === undefined || Object.keys(metadata).length === 0) return html``;
  return html`<details class="metadata"><summary>${label}</summary><pre>${JSON.stringify(metadata, null, 2)}</pre></details>`;
}

function boundaryText(boundary: CompactionEvent): Html {
  const { activeEventIds, coveredEventIds, pinnedEventIds, trigger, strategy, tokensEstimatedSaved } = boundary.payload;
  const saved = tokensEstimatedSaved === undefined ? "" : `, ~${formatCount(tokensEstimatedSaved)} tokens saved`;
  return html`<p>${formatCount(coveredEventIds.length)} events covered, ${formatCount(pinnedEventIds.length)} pinned; the active view from here is ${formatCount(activeEventIds.length)} named events and the messages after this boundary${saved}. Trigger <code>${trigger}</code>, strategy <code>${strategy}</code>.</p>`;
}

/** The markup of a session's log, kept in step with the log as events are appended. */
export class SessionView {
  readonly #context: PartContext;
  /** Message events by id, with their seq and state. */
  readonly #messages = new Map<string, { seq: number; state: ViewState }>();
  /** Per seq, the compaction boundaries (by seq) that cut just before that event. */
  readonly #cuts = new Map<number, number[]>();
  /** Per seq of an event that starts a turn (or the preamble), the id of its heading. */
  readonly #anchors = new Map<number, string>();
  #lastSeq = 0;
  #turns = 0;
  #events = 0;
  #boundaries = 0;

  constructor(options: SessionViewOptions) {
    this.#context = { full: options.full, pairing: new ToolPairing() };
  }

  /** The seq of the last event rendered (live updates continue after it). */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** Counts shown in the page header: events, messages in the active view, compactions. */
  stats(outOfBand = false): Html {
    const active = [...this.#messages.values()].filter((message) => message.state !== "covered").length;
    return html`<p class="stats" id="session-stats"${outOfBand ? html` hx-swap-oob="true"` : ""}>${formatCount(this.#events)} events · ${formatCount(active)} messages in the active view · ${formatCount(this.#boundaries)} compaction${this.#boundaries === 1 ? "" : "s"}</p>`;
  }

  /** Takes in the log as a page showed it without rendering it, so that renderAppended continues that page. */
  catchUp(events: readonly SessionEvent[]): void {
    for (const event of events) this.#absorb(event);
    const starts = turnStarts(events);
    starts.forEach((index, turn) => this.#anchors.set(events[index]!.seq ?? 0, `turn-${turn + 1}`));
    if (events.length > 0 && starts[0] !== 0) this.#anchors.set(events[0]!.seq ?? 0, "preamble");
    this.#turns += starts.length;
  }

  /**
   * The log as first shown, grouped by turn (turns.ts decides where turns start). The events are taken
   * in at once (so stats and lastSeq are final) and rendered as the markup is written out.
   */
  renderLog(events: readonly SessionEvent[]): Html {
    for (const event of events) this.#absorb(event);
    return lazyHtml(this.#renderEvents(events, new Set(turnStarts(events))));
  }

  *#renderEvents(events: readonly SessionEvent[], starts: ReadonlySet<number>): Generator<Html> {
    for (const [index, event] of events.entries()) {
      const heading = index === 0 && !starts.has(0) ? 0 : starts.has(index) ? ++this.#turns : undefined;
      yield this.#renderEventWithCuts(event, heading);
    }
  }

  /**
   * Events appended after the last one rendered, with out-of-band updates of the calls they answer,
   * the messages whose state they change, the cuts of new compactions and the header counts. A turn
   * starts at a user message that answers no call: a live page cannot know yet whether a later result
   * makes it part of a tool round, which a reload (renderLog) settles.
   */
  renderAppended(events: readonly SessionEvent[]): Html {
    const before = new Map([...this.#messages].map(([id, message]) => [id, message.state]));
    const previousSeq = this.#lastSeq;
    const fresh = events.filter((event) => (event.seq ?? 0) > previousSeq);
    const updates: Html[] = [];
    const headings = fresh.map((event) => {
      const { pairs, cut } = this.#absorb(event);
      for (const pair of pairs) if (pair.callSeq <= previousSeq) updates.push(answerMarker(pair.callId, pair.resultId, true));
      // A cut before an event the page already shows goes in front of it (or of its turn heading).
      if (cut !== undefined && cut <= previousSeq) updates.push(html`<div hx-swap-oob="beforebegin:#${this.#anchors.get(cut) ?? `e${cut}`}">${cutMarker(event.seq ?? 0)}</div>`);
      const startsTurn = isMessageEvent(event) && event.message.role === "user" && !isSynthetic(event) && pairs.length === 0;
      return startsTurn ? ++this.#turns : undefined;
    });
    const pieces = fresh.map((event, index) => this.#renderEventWithCuts(event, headings[index]));
    for (const [id, state] of before) {
      const now = this.#messages.get(id)!;
      if (now.state !== state) updates.push(stateBadge(now.seq, now.state, true));
    }
    return html`${pieces}${updates}${fresh.length > 0 ? this.stats(true) : ""}`;
  }

  /**
   * Takes an event into the pairing and the view states; returns the tool pairs it completes and, for a
   * compaction boundary, the seq of the first message it kept in view besides pinned ones: where it cut.
   */
  #absorb(event: SessionEvent): { pairs: ToolPair[]; cut?: number } {
    this.#events += 1;
    this.#lastSeq = Math.max(this.#lastSeq, event.seq ?? 0);
    const pairs = this.#context.pairing.add(event);
    if (isMessageEvent(event)) this.#messages.set(event.id, { seq: event.seq ?? 0, state: "active" });
    if (!isCompactionEvent(event)) return { pairs };
    this.#boundaries += 1;
    // The active view after a boundary is the events it names, then the messages after it (event-filter.ts).
    const named = new Set(event.payload.activeEventIds);
    const pinned = new Set(event.payload.pinnedEventIds);
    let cut: number | undefined;
    for (const [id, message] of this.#messages) {
      message.state = pinned.has(id) ? "pinned" : named.has(id) ? "active" : "covered";
      if (message.state === "active" && (cut === undefined || message.seq < cut)) cut = message.seq;
    }
    if (cut === undefined) return { pairs };
    this.#cuts.set(cut, [...(this.#cuts.get(cut) ?? []), event.seq ?? 0]);
    return { pairs, cut };
  }

  /** An event after the cut markers that fall before it and the heading of the turn it starts, if any. */
  #renderEventWithCuts(event: SessionEvent, turn: number | undefined): Html {
    const seq = event.seq ?? 0;
    if (turn !== undefined) this.#anchors.set(seq, turn === 0 ? "preamble" : `turn-${turn}`);
    return html`${(this.#cuts.get(seq) ?? []).map(cutMarker)}${turn === undefined ? "" : turnHeading(turn)}${this.#renderEvent(event)}`;
  }

  #renderEvent(event: SessionEvent): Html {
    const seq = event.seq ?? 0;
    const head = html`<a class="seq" href="#e${seq}">#${seq}</a>`;
    const time = html`<time datetime="${event.timestamp}">${event.timestamp}</time>`;
    if (isMessageEvent(event)) {
      const { role, parts } = event.message;
      const state = this.#messages.get(event.id)?.state ?? "active";
      return html`<article class="event message role-${role}" id="e${seq}" tabindex="-1"><header class="event-head">${head} <span class="role">${role}</span> ${stateBadge(seq, state)}${
        isSynthetic(event) ? html` <span class="badge synthetic">compaction summary</span>` : ""} ${time}</header>${
        parts.length === 0 ? html`<p class="muted">(no parts)</p>` : parts.map((part, index) => renderPart(part, seq, [index], this.#context))}${metadataBlock(event.message.metadata, "message metadata")}${metadataBlock(event.metadata, "event metadata")}</article>`;
    }
    if (isCompactionEvent(event)) {
      return html`<section class="event boundary" id="e${seq}" tabindex="-1"><header class="event-head">${head} <span class="kind">Compaction boundary</span> ${time}</header>${boundaryText(event)}${metadataBlock(event.metadata, "event metadata")}</section>`;
    }
    return html`<article class="event custom" id="e${seq}" tabindex="-1"><header class="event-head">${head} <span class="kind">Event</span> <code>${event.type}</code> ${time}</header><pre>${JSON.stringify(event.payload, null, 2)}</pre>${metadataBlock(event.metadata, "event metadata")}</article>`;
  }
}
