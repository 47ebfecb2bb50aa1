// Reading a log: the active view (the events the latest compaction boundary names, then the message
// events after it) and the EventFilter conditions, with lastN widened back to the start of its turn.
import type { CompactionEvent, EventFilter, MessageEvent, SessionEvent } from "../../generated/types.js";
import { PartwiseError, SessionError } from "../errors/partwise-error.js";
import { isMessageEvent, isSynthetic } from "./event-kinds.js";
import { turnStartOf, turnStarts } from "./turns.js";

/**
 * The active view after a compaction boundary: the events it names, in its order, then the message
 * events after it that it does not name. `events` must hold the named events and every event after the
 * boundary (see SessionRepository.readView). Without a boundary the view is every message event.
 */
export function assembleActiveView(boundary: CompactionEvent, events: readonly SessionEvent[]): MessageEvent[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  const named = boundary.payload.activeEventIds.map((id) => {
    const event = byId.get(id);
    if (event && isMessageEvent(event)) return event;
    throw new SessionError("session/storage", `compaction boundary ${JSON.stringify(boundary.id)} (seq ${boundary.seq}) names ${JSON.stringify(id)}, which is ${event ? `a ${event.type} event, not a message` : "not in the log"}`, {
      details: { sessionId: boundary.sessionId, boundaryId: boundary.id, eventId: id },
    });
  });
  const namedIds = new Set(boundary.payload.activeEventIds);
  const boundarySeq = boundary.seq ?? 0;
  const after = events.filter((event): event is MessageEvent => (event.seq ?? 0) > boundarySeq && isMessageEvent(event) && !namedIds.has(event.id));
  return [...named, ...after];
}

function invalidFilter(pointer: string, expected: string, value: unknown): never {
  throw new PartwiseError("schema/invalid", `invalid event filter at ${pointer}: expected ${expected}, got ${JSON.stringify(value) ?? String(value)}`, {
    pointer,
    details: { expected },
  });
}

const ROLES = new Set(["system", "user", "assistant", "tool"]);

/** Throws `schema/invalid` with the field's pointer unless `filter` is a valid EventFilter. */
export function checkEventFilter(filter: EventFilter): void {
  if (filter.view !== undefined && filter.view !== "all" && filter.view !== "active") invalidFilter("/view", `"all" or "active"`, filter.view);
  for (const [key, valid, expected] of [
    ["eventTypes", (value: unknown) => typeof value === "string", "a list of event types"],
    ["roles", (value: unknown) => ROLES.has(value as string), "a list of roles (system, user, assistant, tool)"],
  ] as const) {
    const list = filter[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) invalidFilter(`/${key}`, expected, list);
    list.forEach((value, index) => valid(value) || invalidFilter(`/${key}/${index}`, expected, value));
  }
  if (filter.excludeSynthetic !== undefined && typeof filter.excludeSynthetic !== "boolean") invalidFilter("/excludeSynthetic", "a boolean", filter.excludeSynthetic);
  if (filter.lastN !== undefined && !(Number.isSafeInteger(filter.lastN) && filter.lastN >= 1)) invalidFilter("/lastN", "a positive integer", filter.lastN);
}

/**
 * The events of `base` (the log or the active view, in order) that meet every condition of the filter.
 * With lastN, the newest n matches are kept and widened back to the start of the turn the first of them
 * is in, turns being those of `base`.
 */
export function applyEventFilter(base: readonly SessionEvent[], filter: EventFilter): SessionEvent[] {
  const types = filter.eventTypes && new Set<string>(filter.eventTypes);
  const roles = filter.roles && new Set<string>(filter.roles);
  const matches: number[] = [];
  base.forEach((event, index) => {
    if (types && !types.has(event.type)) return;
    if (roles && !(isMessageEvent(event) && roles.has(event.message.role))) return;
    if (filter.excludeSynthetic && isSynthetic(event)) return;
    matches.push(index);
  });
  let selected = matches;
  if (filter.lastN !== undefined && matches.length > filter.lastN) {
    const from = turnStartOf(turnStarts(base), matches[matches.length - filter.lastN]!);
    selected = matches.filter((index) => index >= from);
  }
  return selected.map((index) => base[index]!);
}
