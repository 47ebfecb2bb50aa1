// Turns and token estimates. A turn starts at a non-synthetic user message and owns every event up to
// the next one; a user message that falls between a tool call and its result starts no turn, so a cut
// at a turn start never separates a call from its result, nor reasoning from the call it led to.
import type { Message, Part, SessionEvent } from "../../generated/types.js";
import { unreachable } from "../parts/part-kinds.js";
import { isMessageEvent, isSynthetic } from "./event-kinds.js";

/** Calls with an id pair with the result of that id; calls without one (older Gemini) pair by tool name. */
export function callKey(id: string, name: string): string {
  return id === "" ? `name:${name}` : `id:${id}`;
}

/**
 * Visits the tool calls and results of a list of parts in order, through tool-result content (a result
 * before its content), with each part's index at every level.
 */
export function forEachToolPart(parts: readonly Part[], visit: (part: Part, path: readonly number[]) => void, path: readonly number[] = []): void {
  parts.forEach((part, index) => {
    switch (part.type) {
      case "tool_call":
        visit(part, [...path, index]);
        break;
      case "tool_result":
        visit(part, [...path, index]);
        forEachToolPart(part.content, visit, [...path, index]);
        break;
      case "text":
      case "reasoning":
      case "media":
      case "unknown":
        break;
      default:
        unreachable(part, "part");
    }
  });
}

/**
 * The indexes of `events` at which a turn starts, ascending. Events before the first are the preamble.
 * Non-message events (boundaries, custom events) never start a turn and belong to the turn they sit in.
 */
export function turnStarts(events: readonly SessionEvent[]): number[] {
  // A cut at index i separates a call at index c from its result at index r when c < i <= r; the
  // difference array counts, for every i, the pairs that span it.
  const spanning = new Array<number>(events.length + 1).fill(0);
  const openCalls = new Map<string, number[]>();
  events.forEach((event, index) => {
    if (!isMessageEvent(event)) return;
    forEachToolPart(event.message.parts, (part) => {
      if (part.type === "tool_call") {
        const key = callKey(part.toolCall.id, part.toolCall.name);
        const waiting = openCalls.get(key);
        if (waiting) waiting.push(index);
        else openCalls.set(key, [index]);
      } else if (part.type === "tool_result") {
        const callIndex = openCalls.get(callKey(part.id ?? "", part.name ?? ""))?.shift();
        if (callIndex !== undefined && callIndex < index) {
          spanning[callIndex + 1]! += 1;
          spanning[index + 1]! -= 1;
        }
      }
    });
  });
  const starts: number[] = [];
  let open = 0;
  events.forEach((event, index) => {
    open += spanning[index]!;
    if (open === 0 && isMessageEvent(event) && event.message.role === "user" && !isSynthetic(event)) starts.push(index);
  });
  return starts;
}

/** The start of the turn that holds index `position` (the greatest turn start at or before it), or 0 in the preamble. */
export function turnStartOf(starts: readonly number[], position: number): number {
  let found = 0;
  for (const start of starts) {
    if (start > position) break;
    found = start;
  }
  return found;
}

/**
 * The estimated token count of a message: the length of its JSON text divided by 4, rounded up. It
 * counts everything a provider is sent back (reasoning text, signatures and other payloads, tool
 * arguments, media data), so it overestimates media, which makes compaction fire early rather than late.
 */
export function estimateTokens(message: Message): number {
  return Math.ceil(JSON.stringify(message).length / 4);
}

/** The estimated tokens of the message events of a list (see estimateTokens). */
export function estimateEventTokens(events: readonly SessionEvent[]): number {
  let total = 0;
  for (const event of events) if (isMessageEvent(event)) total += estimateTokens(event.message);
  return total;
}
