// The in-memory store: the same rows as the SQL stores, held in maps. For tests and single-process apps
// that need no persistence; it keeps the stored form (JSON text bodies), so it behaves like the others.
import { MESSAGE_EVENT } from "./event-kinds.js";
import type { EventRow, SessionRow, StoredEventRow } from "./event-rows.js";
import {
  duplicateIds,
  sessionNotFound,
  versionConflict,
  type EventSelection,
  type SessionPage,
  type SessionRepository,
} from "./session-repository.js";

interface StoredSession {
  row: SessionRow;
  readonly attributeKeys: readonly string[];
  readonly events: StoredEventRow[];
}

/** A SessionRepository in this process's memory: gone when the process ends. */
export class MemorySessionRepository implements SessionRepository {
  readonly #sessions = new Map<string, StoredSession>();
  /** Session ids by attribute key. */
  readonly #attributes = new Map<string, Set<string>>();
  /** Every event id of every log: event ids are unique across sessions. */
  readonly #eventIds = new Set<string>();

  async createSession(session: SessionRow, attributeKeys: readonly string[], events: readonly EventRow[]): Promise<void> {
    if (this.#sessions.has(session.id)) throw duplicateIds("session", [session.id]);
    const taken = events.filter((row) => this.#eventIds.has(row.id)).map((row) => row.id);
    if (taken.length > 0) throw duplicateIds("event", taken);
    const rows = events.map((row, index) => ({ ...row, seq: index + 1 }));
    for (const row of rows) this.#eventIds.add(row.id);
    this.#sessions.set(session.id, { row: { ...session, version: rows.length }, attributeKeys: [...attributeKeys], events: rows });
    for (const key of attributeKeys) {
      let ids = this.#attributes.get(key);
      if (!ids) this.#attributes.set(key, (ids = new Set()));
      ids.add(session.id);
    }
  }

  async findSession(id: string): Promise<SessionRow | undefined> {
    return this.#sessions.get(id)?.row;
  }

  async findSessionsByAttribute(attributeKey: string): Promise<SessionRow[]> {
    const rows = [...(this.#attributes.get(attributeKey) ?? [])].map((id) => this.#sessions.get(id)!.row);
    return rows.sort((left, right) => left.createdAt - right.createdAt || compareIds(left.id, right.id));
  }

  async listSessions(page: SessionPage): Promise<SessionRow[]> {
    const after = page.after;
    return [...this.#sessions.values()]
      .map((session) => session.row)
      .filter((row) => after === undefined || compareIds(row.id, after) > 0)
      .sort((left, right) => compareIds(left.id, right.id))
      .slice(0, page.limit);
  }

  async deleteSession(id: string): Promise<boolean> {
    const session = this.#sessions.get(id);
    if (!session) return false;
    this.#sessions.delete(id);
    for (const key of session.attributeKeys) {
      const ids = this.#attributes.get(key);
      ids?.delete(id);
      if (ids?.size === 0) this.#attributes.delete(key);
    }
    for (const event of session.events) this.#eventIds.delete(event.id);
    return true;
  }

  async deleteExpiredSessions(now: number): Promise<string[]> {
    const expired = [...this.#sessions.values()].filter((session) => session.row.expiresAt <= now).map((session) => session.row.id);
    for (const id of expired) await this.deleteSession(id);
    return expired;
  }

  async appendEvents(sessionId: string, rows: readonly EventRow[], expectedVersion: number | undefined): Promise<number> {
    const session = this.#sessions.get(sessionId);
    if (!session) throw sessionNotFound(sessionId);
    const version = session.row.version;
    if (expectedVersion !== undefined && expectedVersion !== version) throw versionConflict(sessionId, expectedVersion, version);
    const taken = rows.filter((row) => this.#eventIds.has(row.id)).map((row) => row.id);
    if (taken.length > 0) throw duplicateIds("event", taken);
    rows.forEach((row, index) => {
      session.events.push({ ...row, seq: version + index + 1 });
      this.#eventIds.add(row.id);
    });
    session.row = { ...session.row, version: version + rows.length };
    return session.row.version;
  }

  async readEvents(sessionId: string, selection: EventSelection): Promise<StoredEventRow[]> {
    const types = selection.types && new Set(selection.types);
    return (this.#sessions.get(sessionId)?.events ?? []).filter((row) =>
      (!types || types.has(row.type)) && !(selection.excludeSynthetic && row.synthetic));
  }

  async readMessageBodies(sessionId: string, bodyFormat: string): Promise<(string | null)[]> {
    return (this.#sessions.get(sessionId)?.events ?? []).filter((row) => row.type === MESSAGE_EVENT)
      .map((row) => (row.bodyFormat === bodyFormat ? row.body : null));
  }

  async readLastEvent(sessionId: string, type: string): Promise<StoredEventRow | undefined> {
    return this.#sessions.get(sessionId)?.events.findLast((row) => row.type === type);
  }

  async readView(sessionId: string, afterSeq: number, ids: readonly string[]): Promise<StoredEventRow[]> {
    const named = new Set(ids);
    return (this.#sessions.get(sessionId)?.events ?? []).filter((row) => row.seq > afterSeq || named.has(row.id));
  }

  async close(): Promise<void> {}
}

/** Orders ids by UTF-16 code units (each SQL store orders by its own collation; paging only needs one consistent order). */
function compareIds(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
