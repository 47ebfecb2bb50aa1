// A session log as markup, turn by turn and part by part, with every message marked as in the active
// view, pinned or covered by a compaction. The same object renders the log as first shown and then the
// events appended later, with out-of-band updates (htmx `hx-swap-oob`) for what those change upstream.
import type { CompactionEvent, EventMetadata, Message, Session, SessionEvent } from "../../generated/types.js";
import { isCompactionEvent, isMessageEvent, isSynthetic } from "../session/event-kinds.js";
import { turnStarts } from "../session/turns.js";
import { html, type Html } from "./html.js";
import { answerMarker, formatCount, renderPart, type PartContext } from "./part-view.js";
import { ToolPairing } from "./tool-pairing.js";

/** Where a message stands after the latest compaction boundary. */
type ViewState = "active" | "pinned" | "covered";

const STATE_LABELS: Record<ViewState, string> = { active: "in view", pinned: "pinned", covered: "covered" };

export interface SessionViewOptions {
  /** Include payload data (`--full`). */
  readonly full: boolean;
}

function stateBadge(seq: number, state: ViewState, outOfBand = false): Html {
  return html`<span class="state ${state}" id="state-${seq}"${outOfBand ? html` hx-swap-oob="true"` : ""} title="${state === "covered" ? "left the active view at a compaction; still in the log" : "sent to the model"}">${STATE_LABELS[state]}</span>`;
}

function turnHeading(turn: number): Html {
  return turn === 0 ? html`<h2 class="turn" id="preamble">Preamble</h2>` : html`<h2 class="turn" id="turn-${turn}">Turn ${turn}</h2>`;
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
  #lastSeq = 0;
  #turns = 0;
  #events = 0;
  #boundaries = 0;

  constructor(readonly session: Session, options: SessionViewOptions) {
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
    this.#turns += turnStarts(events).length;
  }

  /** The log as first shown, grouped by turn (turns.ts decides where turns start). */
  renderLog(events: readonly SessionEvent[]): Html {
    for (const event of events) this.#absorb(event);
    const starts = new Set(turnStarts(events));
    return html`${events.map((event, index) => html`${index === 0 && !starts.has(0) ? turnHeading(0) : ""}${starts.has(index) ? turnHeading(++this.#turns) : ""}${this.#renderEvent(event)}`)}`;
  }

  /**
   * Events appended after the last one rendered, with out-of-band updates of the calls they answer,
   * the messages whose state they change and the header counts. A turn starts at a user message that
   * answers no call: a live page cannot know yet whether a later result makes it part of a tool round,
   * which a reload (renderLog) settles.
   */
  renderAppended(events: readonly SessionEvent[]): Html {
    const before = new Map([...this.#messages].map(([id, message]) => [id, message.state]));
    const previousSeq = this.#lastSeq;
    const pieces: Html[] = [];
    const answered: Html[] = [];
    const fresh = events.filter((event) => (event.seq ?? 0) > previousSeq);
    for (const event of fresh) {
      const pairs = this.#absorb(event);
      for (const pair of pairs) if (pair.callSeq <= previousSeq) answered.push(answerMarker(pair.callId, pair.resultId, true));
      const startsTurn = isMessageEvent(event) && event.message.role === "user" && !isSynthetic(event) && pairs.length === 0;
      if (startsTurn) pieces.push(turnHeading(++this.#turns));
    }
    pieces.push(...fresh.map((event) => this.#renderEvent(event)));
    const changed = [...before].flatMap(([id, state]) => {
      const now = this.#messages.get(id)!;
      return now.state === state ? [] : [stateBadge(now.seq, now.state, true)];
    });
    return html`${pieces}${answered}${changed}${fresh.length > 0 ? this.stats(true) : ""}`;
  }

  /** Takes an event into the pairing and the view states; returns the tool pairs it completes. */
  #absorb(event: SessionEvent) {
    this.#events += 1;
    this.#lastSeq = Math.max(this.#lastSeq, event.seq ?? 0);
    if (isMessageEvent(event)) this.#messages.set(event.id, { seq: event.seq ?? 0, state: "active" });
    else if (isCompactionEvent(event)) {
      this.#boundaries += 1;
      // The active view after a boundary is the events it names, then the messages after it (event-filter.ts).
      const named = new Set(event.payload.activeEventIds);
      const pinned = new Set(event.payload.pinnedEventIds);
      for (const [id, message] of this.#messages) message.state = pinned.has(id) ? "pinned" : named.has(id) ? "active" : "covered";
    }
    return this.#context.pairing.add(event);
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
