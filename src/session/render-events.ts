// Plain-text renderings of session events: `renderEvents` for people (the CLI's `session show`: turn by
// turn, part by part, long text and payloads abbreviated, control characters escaped so hostile content
// cannot drive the terminal) and `transcript` for summarizers (full text, payloads left out).
import type { CompactionEvent, MessageEvent, OpaquePayload, Part, SessionEvent } from "../../generated/types.js";
import { compactJson, quoted } from "../json/terminal-safe.js";
import { unreachable } from "../parts/part-kinds.js";
import { isCompactionEvent, isMessageEvent, isSynthetic } from "./event-kinds.js";
import { turnStarts } from "./turns.js";

/** How renderEvents abbreviates and marks events. */
export interface RenderOptions {
  /** The longest text shown before it is cut (default 160 characters; Infinity shows everything). */
  readonly maxTextLength?: number;
  /** Events to mark as covered by a compaction (when rendering the whole log). */
  readonly covered?: ReadonlySet<string>;
  /** The whole log the events come from: turns are numbered by their place in it (default: the events themselves). */
  readonly log?: readonly SessionEvent[];
}

/** A payload as `[provider kind: "data…"]`: opaque to people, so 16 characters unless everything is shown. */
function payloadNote(payload: OpaquePayload | null | undefined, limit: number): string {
  if (!payload) return "";
  return ` [${payload.provider} ${payload.kind}: ${quoted(payload.data, Number.isFinite(limit) ? 16 : limit)}]`;
}

function partLines(part: Part, indent: string, limit: number): string[] {
  const attributes = part.attributes && Object.keys(part.attributes).length > 0 ? ` ${compactJson(part.attributes, limit)}` : "";
  const extras = `${payloadNote(part.payload, limit)}${attributes}`;
  switch (part.type) {
    case "text":
      return [`${indent}text ${quoted(part.text, limit)}${extras}`];
    case "reasoning": {
      const text = part.text == null ? "(not revealed)" : quoted(part.text, limit);
      const summary = part.summary == null ? "" : ` summary ${quoted(part.summary, limit)}`;
      return [`${indent}reasoning ${text}${summary}${extras}`];
    }
    case "tool_call":
      return [`${indent}tool_call ${quoted(part.toolCall.id, limit)} ${quoted(part.toolCall.name, limit)} arguments ${quoted(part.toolCall.arguments, limit)}${extras}`];
    case "tool_result":
      return [
        `${indent}tool_result ${quoted(part.id ?? "", limit)} ${quoted(part.name ?? "", limit)}${part.isError ? " (error)" : ""}${extras}`,
        ...part.content.flatMap((inner) => partLines(inner, `${indent}  `, limit)),
      ];
    case "media": {
      const { mimeType, dataKind, data } = part.media;
      const shown = dataKind === "bytes" ? `${Math.floor((data.replace(/=+$/, "").length * 3) / 4)} bytes` : quoted(data, limit);
      return [`${indent}media ${quoted(mimeType, limit)} ${dataKind} ${shown}${extras}`];
    }
    case "unknown":
      return [`${indent}unknown ${quoted(part.provider, limit)} ${quoted(part.kind, limit)} ${quoted(part.rawJson, limit)}${extras}`];
    default:
      return unreachable(part, "part");
  }
}

function boundaryLine(event: CompactionEvent): string {
  const { coveredEventIds, pinnedEventIds, trigger, strategy, tokensEstimatedSaved } = event.payload;
  const saved = tokensEstimatedSaved === undefined ? "" : `, ~${tokensEstimatedSaved} tokens saved`;
  return `COMPACTION ${quoted(trigger)} ${quoted(strategy)}: ${coveredEventIds.length} covered, ${pinnedEventIds.length} pinned${saved}`;
}

/** The turn number of each event of a log, by id: 0 for the preamble, then 1, 2, ... from the first turn start. */
function turnNumbers(log: readonly SessionEvent[]): Map<string, number> {
  const starts = new Set(turnStarts(log));
  const numbers = new Map<string, number>();
  let turn = 0;
  log.forEach((event, index) => numbers.set(event.id, starts.has(index) ? ++turn : turn));
  return numbers;
}

/**
 * The events, grouped by turn ("preamble", "turn 1", ...), each event with its seq and its parts. Turns
 * are numbered by their place in `options.log`, so the active view after a compaction shows turn 7 as 7.
 */
export function renderEvents(events: readonly SessionEvent[], options: RenderOptions = {}): string[] {
  const limit = options.maxTextLength ?? 160;
  const numbers = turnNumbers(options.log ?? events);
  const lines: string[] = [];
  let shownTurn: number | undefined;
  events.forEach((event) => {
    const turn = numbers.get(event.id) ?? shownTurn ?? 0;
    if (turn !== shownTurn) lines.push(turn === 0 ? "preamble" : `turn ${turn}`);
    shownTurn = turn;
    const marks = [isSynthetic(event) ? "synthetic" : "", options.covered?.has(event.id) ? "covered" : ""].filter(Boolean);
    const head = `  #${event.seq ?? "?"}${marks.length > 0 ? ` (${marks.join(", ")})` : ""}`;
    if (isMessageEvent(event)) {
      lines.push(`${head} ${event.message.role}`);
      lines.push(...event.message.parts.flatMap((part) => partLines(part, "      ", limit)));
      if (event.message.parts.length === 0) lines.push("      (no parts)");
    } else if (isCompactionEvent(event)) lines.push(`${head} ${boundaryLine(event)}`);
    else lines.push(`${head} ${quoted(event.type, limit)} ${compactJson(event.payload, limit)}`);
  });
  return lines;
}

function transcriptPart(part: Part): string[] {
  switch (part.type) {
    case "text":
      return part.text === "" ? [] : [part.text];
    case "reasoning":
      return [part.text ?? part.summary ?? ""].filter(Boolean).map((text) => `(reasoning) ${text}`);
    case "tool_call":
      return [`(calls ${part.toolCall.name} with ${part.toolCall.arguments})`];
    case "tool_result":
      return [`(${part.name ?? "tool"} ${part.isError ? "failed" : "returned"}) ${part.content.flatMap(transcriptPart).join(" ")}`];
    case "media":
      return [`(${part.media.mimeType} ${part.media.dataKind === "url" ? part.media.data : "attached"})`];
    case "unknown":
      return [`(${part.provider} ${part.kind})`];
    default:
      return unreachable(part, "part");
  }
}

/**
 * The events as a plain transcript for a summarizer: one line per message, `Role: content`, reasoning,
 * tool calls, results, media and unknown blocks included (a summary that never sees them forgets why
 * a tool was called); payloads are left out, as only their provider can read them.
 */
export function transcript(events: readonly MessageEvent[]): string {
  return events
    .map((event) => `${event.message.role[0]!.toUpperCase()}${event.message.role.slice(1)}: ${event.message.parts.flatMap(transcriptPart).join(" ")}`)
    .join("\n");
}
