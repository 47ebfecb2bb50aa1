// The three kinds of session events as type guards (a custom event's `type` is any string, so comparing
// `type` alone does not narrow the union), the metadata keys partwise writes, and the append input type.
import type { CompactionEvent, MessageEvent, SessionEvent } from "../../generated/types.js";

/** The type of a message event. */
export const MESSAGE_EVENT = "MESSAGE";

/** The type of a compaction boundary. */
export const COMPACTION_EVENT = "COMPACTION";

/** The event metadata keys partwise writes (see EventMetadata in spec/session.tsp). */
export const EVENT_METADATA = {
  /** True on events written by a compaction. */
  synthetic: "synthetic",
  /** On a synthetic event: the id of the boundary it belongs to. */
  compactionId: "compactionId",
  /** On a synthetic event: the strategy that wrote it. */
  strategy: "strategy",
  /** True on events imported from a text-only history. */
  legacy: "legacy",
} as const;

/** True for a `MESSAGE` event. */
export function isMessageEvent(event: SessionEvent): event is MessageEvent {
  return event.type === MESSAGE_EVENT;
}

/** True for a `COMPACTION` boundary. */
export function isCompactionEvent(event: SessionEvent): event is CompactionEvent {
  return event.type === COMPACTION_EVENT;
}

/** True for events written by a compaction (`metadata.synthetic === true`). */
export function isSynthetic(event: SessionEvent): boolean {
  return event.metadata?.[EVENT_METADATA.synthetic] === true;
}

type FilledFields = "id" | "sessionId" | "timestamp";

/**
 * An event to append. The store assigns `seq`; `id` defaults to a time-ordered UUID (v7), `sessionId` to the
 * session appended to, and `timestamp` to now.
 */
export type NewSessionEvent = SessionEvent extends infer Event
  ? Event extends SessionEvent
    ? Omit<Event, FilledFields | "seq"> & Partial<Pick<Event, FilledFields>>
    : never
  : never;
