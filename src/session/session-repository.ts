// The storage contract of sessions: sessions, their attribute index and their append-only event logs,
// as rows. A store only keeps and returns rows; SessionService owns validation, the active view and
// compaction, so the in-memory, SQLite and PostgreSQL stores stay small and behave alike.
import { SessionError } from "../errors/partwise-error.js";
import type { EventRow, SessionRow, StoredEventRow } from "./event-rows.js";

/** Which rows of a log `readEvents` returns. */
export interface EventSelection {
  /** Only rows of these event types. */
  readonly types?: readonly string[];
  /** Leave out rows of synthetic events. */
  readonly excludeSynthetic?: boolean;
}

/** One page of `listSessions`, ordered by id. */
export interface SessionPage {
  /** Only sessions whose id sorts after this one. */
  readonly after?: string;
  readonly limit: number;
}

/** A session store. Every method either does all it says or nothing, and fails with a SessionError. */
export interface SessionRepository {
  /**
   * Inserts a session, its attribute keys and its first events (numbered from 1; the version is their
   * count) in one atomic step, so a session never exists without the events it was created with.
   * `session/duplicate-id` when the session id or an event id is taken; in every failure nothing is written.
   */
  createSession(session: SessionRow, attributeKeys: readonly string[], events: readonly EventRow[]): Promise<void>;

  findSession(id: string): Promise<SessionRow | undefined>;

  /** The sessions indexed under an attribute key (see attributeKey), oldest first. */
  findSessionsByAttribute(attributeKey: string): Promise<SessionRow[]>;

  listSessions(page: SessionPage): Promise<SessionRow[]>;

  /** Deletes a session with its events; false when there was none. */
  deleteSession(id: string): Promise<boolean>;

  /** Deletes the sessions whose `expiresAt` is at or before `now` (epoch milliseconds), with their events; returns their ids. */
  deleteExpiredSessions(now: number): Promise<string[]>;

  /**
   * Appends rows after the last event of the log, numbering them from version + 1, in one atomic step,
   * and returns the new version. With `expectedVersion`, the append happens only if the log's version
   * still equals it (`session/version-conflict` otherwise). `session/not-found` for an unknown session,
   * `session/duplicate-id` when an event id is already in some log; in every failure nothing is written.
   * (SessionService makes a retried batch a no-op from these two errors and readView, see its appendEvents.)
   */
  appendEvents(sessionId: string, rows: readonly EventRow[], expectedVersion: number | undefined): Promise<number>;

  /** The rows of a log in `seq` order; an empty list for an unknown session. */
  readEvents(sessionId: string, selection: EventSelection): Promise<StoredEventRow[]>;

  /**
   * The bodies of a log's MESSAGE rows in `seq` order, with null for a row whose body format is not
   * `bodyFormat`: loading a session's messages is the read of every chat turn, and it needs no other column.
   */
  readMessageBodies(sessionId: string, bodyFormat: string): Promise<(string | null)[]>;

  /**
   * Optional, for stores where each statement is a round trip: readMessageBodies in the same step as the
   * check that the log has no row of `boundaryType` (no compaction boundary). Empty when it has one, or
   * has no MESSAGE row; the caller then reads the view the usual way.
   */
  readUncompactedMessageBodies?(sessionId: string, bodyFormat: string, boundaryType: string): Promise<(string | null)[]>;

  /** The last row of a type (the latest compaction boundary), or undefined. */
  readLastEvent(sessionId: string, type: string): Promise<StoredEventRow | undefined>;

  /** The rows after `afterSeq` and the rows with the given ids, in `seq` order (an active view's rows). */
  readView(sessionId: string, afterSeq: number, ids: readonly string[]): Promise<StoredEventRow[]>;

  /** Releases the store's connections or file handle. */
  close(): Promise<void>;
}

/** `session/not-found` for a session id. */
export function sessionNotFound(sessionId: string): SessionError {
  return new SessionError("session/not-found", `no session ${JSON.stringify(sessionId)}`, { details: { sessionId } });
}

/** `session/version-conflict`: the log is at `actualVersion`, not the expected one. */
export function versionConflict(sessionId: string, expectedVersion: number, actualVersion: number): SessionError {
  return new SessionError(
    "session/version-conflict",
    `session ${JSON.stringify(sessionId)} is at version ${actualVersion}, not the expected ${expectedVersion}: another writer appended first; reload and retry`,
    { details: { sessionId, expectedVersion, actualVersion } },
  );
}

/** `session/duplicate-id` for session or event ids already taken. */
export function duplicateIds(what: "session" | "event", ids: readonly string[]): SessionError {
  const shown = ids.slice(0, 5).map((id) => JSON.stringify(id)).join(", ") + (ids.length > 5 ? ", …" : "");
  return new SessionError("session/duplicate-id", `${what} id${ids.length === 1 ? "" : "s"} ${shown} already taken${what === "event" ? " (event ids are unique across sessions)" : ""}`, {
    details: { kind: what, ids: [...ids] },
  });
}

/** A store failure other than the ones above, with what was being done. */
export function storageFailure(store: string, operation: string, cause: unknown): SessionError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new SessionError("session/storage", `${store}: ${operation} failed: ${reason}`, {
    details: { store, operation, ...(typeof (cause as { code?: unknown })?.code === "string" ? { driverCode: (cause as { code: string }).code } : {}) },
    cause,
  });
}
