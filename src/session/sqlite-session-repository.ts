// The SQLite store (better-sqlite3): one file in WAL mode, so readers never wait for the writer and
// several processes can share the file. An append is one BEGIN IMMEDIATE transaction, which takes the
// write lock before it reads the version, so a version check never acts on a stale read.
import type Database from "better-sqlite3";
import { PartwiseError, SessionError } from "../errors/partwise-error.js";
import { requireOptionalPeer } from "../runtime/optional-peer.js";
import { MESSAGE_EVENT } from "./event-kinds.js";
import type { EventRow, SessionRow, StoredEventRow } from "./event-rows.js";
import {
  duplicateIds,
  sessionNotFound,
  storageFailure,
  versionConflict,
  type EventSelection,
  type SessionPage,
  type SessionRepository,
} from "./session-repository.js";

interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

// STRICT tables refuse a value of the wrong type instead of storing it converted. Timestamps of
// sessions are epoch milliseconds; event bodies are JSON text (see event-rows.ts).
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: "sessions, their attribute index and the event log",
    sql: `
      CREATE TABLE partwise_session (
        id TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        metadata TEXT NOT NULL,
        version INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX partwise_session_expires_at ON partwise_session (expires_at);
      CREATE TABLE partwise_session_attribute (
        attribute_key TEXT NOT NULL,
        session_id TEXT NOT NULL REFERENCES partwise_session (id) ON DELETE CASCADE,
        PRIMARY KEY (attribute_key, session_id)
      ) STRICT;
      CREATE INDEX partwise_session_attribute_session ON partwise_session_attribute (session_id);
      CREATE TABLE partwise_session_event (
        session_id TEXT NOT NULL REFERENCES partwise_session (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        event_id TEXT NOT NULL UNIQUE,
        event_type TEXT NOT NULL,
        event_time TEXT NOT NULL,
        synthetic INTEGER NOT NULL,
        body TEXT NOT NULL,
        body_format TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
      ) STRICT;
      CREATE INDEX partwise_session_event_type ON partwise_session_event (session_id, event_type, seq);
    `,
  },
];

/** The schema version this code writes; a file at a later version is refused rather than misread. */
const SQLITE_SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

const STORE = "SQLite session store";
const SESSION_COLUMNS = "id, created_at, expires_at, metadata, version";
const EVENT_COLUMNS = "seq, event_id, event_type, event_time, synthetic, body, body_format";

export interface SqliteSessionRepositoryOptions {
  /** Refuse to create the file when it does not exist (for commands that only read). */
  readonly fileMustExist?: boolean;
  /** How long a writer waits for another process's write lock, in milliseconds (default 15 s). */
  readonly busyTimeoutMilliseconds?: number;
}

type Row = readonly unknown[];

function sessionFromRow(row: Row): SessionRow {
  return { id: row[0] as string, createdAt: row[1] as number, expiresAt: row[2] as number, metadata: row[3] as string, version: row[4] as number };
}

function eventFromRow(row: Row): StoredEventRow {
  return {
    seq: row[0] as number,
    id: row[1] as string,
    type: row[2] as string,
    timestamp: row[3] as string,
    synthetic: row[4] === 1,
    body: row[5] as string,
    bodyFormat: row[6] as string,
  };
}

function isSqliteError(error: unknown, code: string): error is Error & { code: string } {
  return error instanceof Error && (error as { code?: unknown }).code === code;
}

function migrate(database: Database.Database): void {
  database.exec(`CREATE TABLE IF NOT EXISTS partwise_schema_migration (
    version INTEGER PRIMARY KEY,
    description TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  // IMMEDIATE: two processes opening a new file at once apply each migration once.
  database.transaction(() => {
    const current = (database.prepare("SELECT max(version) FROM partwise_schema_migration").pluck().get() as number | null) ?? 0;
    if (current > SQLITE_SCHEMA_VERSION) {
      throw new SessionError("session/storage", `${STORE}: the file has schema version ${current}, newer than this partwise knows (${SQLITE_SCHEMA_VERSION}); upgrade partwise`, {
        details: { schemaVersion: current, supportedVersion: SQLITE_SCHEMA_VERSION },
      });
    }
    const record = database.prepare("INSERT INTO partwise_schema_migration (version, description, applied_at) VALUES (?, ?, ?)");
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue;
      database.exec(migration.sql);
      record.run(migration.version, migration.description, new Date().toISOString());
    }
  }).immediate();
}

/** A SessionRepository in one SQLite file (see the module comment). */
export class SqliteSessionRepository implements SessionRepository {
  readonly #database: Database.Database;
  readonly #statements;
  readonly #createSession;
  readonly #appendEvents;

  /** Opens (and creates, unless told not to) the file at `path`, or an in-memory database for `:memory:`. */
  constructor(path: string, options: SqliteSessionRepositoryOptions = {}) {
    // better-sqlite3 is an optional peer dependency, loaded on the first open (a MissingDependencyError names it).
    const Driver = requireOptionalPeer<typeof Database>("better-sqlite3", "the SQLite session store");
    let database: Database.Database;
    try {
      database = new Driver(path, { fileMustExist: options.fileMustExist ?? false, timeout: options.busyTimeoutMilliseconds ?? 15_000 });
    } catch (error) {
      if (options.fileMustExist && isSqliteError(error, "SQLITE_CANTOPEN")) {
        throw new SessionError("session/storage", `${STORE}: no store at ${JSON.stringify(path)}: the file does not exist (commands that only read do not create it)`, {
          details: { store: STORE, path },
          cause: error,
        });
      }
      throw storageFailure(STORE, `opening ${JSON.stringify(path)}`, error);
    }
    this.#database = database;
    try {
      database.pragma("journal_mode = WAL");
      // FULL: a committed append survives a power loss, not only a crash of the process.
      database.pragma("synchronous = FULL");
      database.pragma("foreign_keys = ON");
      migrate(database);
    } catch (error) {
      database.close();
      throw PartwiseError.isPartwiseError(error) ? error : storageFailure(STORE, `opening ${JSON.stringify(path)}`, error);
    }
    const prepare = (sql: string) => database.prepare(sql);
    const read = (sql: string) => database.prepare(sql).raw(true);
    this.#statements = {
      insertSession: prepare("INSERT INTO partwise_session (id, created_at, expires_at, metadata, version) VALUES (?, ?, ?, ?, ?)"),
      insertAttribute: prepare("INSERT INTO partwise_session_attribute (attribute_key, session_id) VALUES (?, ?)"),
      findSession: read(`SELECT ${SESSION_COLUMNS} FROM partwise_session WHERE id = ?`),
      findByAttribute: read(`SELECT ${SESSION_COLUMNS.replace(/\w+/g, "s.$&")} FROM partwise_session_attribute a
        JOIN partwise_session s ON s.id = a.session_id WHERE a.attribute_key = ? ORDER BY s.created_at, s.id`),
      listSessions: read(`SELECT ${SESSION_COLUMNS} FROM partwise_session WHERE id > ? ORDER BY id LIMIT ?`),
      deleteSession: prepare("DELETE FROM partwise_session WHERE id = ?"),
      deleteExpired: prepare("DELETE FROM partwise_session WHERE expires_at <= ? RETURNING id").pluck(),
      version: prepare("SELECT version FROM partwise_session WHERE id = ?").pluck(),
      setVersion: prepare("UPDATE partwise_session SET version = ? WHERE id = ?"),
      insertEvent: prepare(`INSERT INTO partwise_session_event (session_id, seq, event_id, event_type, event_time, synthetic, body, body_format)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      readEvents: read(`SELECT ${EVENT_COLUMNS} FROM partwise_session_event WHERE session_id = @sessionId
        AND (@types IS NULL OR event_type IN (SELECT value FROM json_each(@types)))
        AND (@excludeSynthetic = 0 OR synthetic = 0) ORDER BY seq`),
      // One type (the active view reads MESSAGE events) as a plain comparison: a third faster than json_each.
      readEventsOfType: read(`SELECT ${EVENT_COLUMNS} FROM partwise_session_event WHERE session_id = @sessionId
        AND event_type = @type AND (@excludeSynthetic = 0 OR synthetic = 0) ORDER BY seq`),
      // Only the body (null for a format that must be re-read in full): a third of the cost of every column.
      readMessageBodies: prepare(`SELECT CASE WHEN body_format = @bodyFormat THEN body END FROM partwise_session_event
        WHERE session_id = @sessionId AND event_type = '${MESSAGE_EVENT}' ORDER BY seq`).pluck(),
      readLastEvent: read(`SELECT ${EVENT_COLUMNS} FROM partwise_session_event WHERE session_id = ? AND event_type = ? ORDER BY seq DESC LIMIT 1`),
      // Two branches so each uses its index: the tail by (session_id, seq), the named events by event_id.
      readView: read(`SELECT ${EVENT_COLUMNS} FROM partwise_session_event WHERE session_id = @sessionId AND seq > @afterSeq
        UNION ALL SELECT ${EVENT_COLUMNS} FROM partwise_session_event WHERE session_id = @sessionId AND seq <= @afterSeq
          AND event_id IN (SELECT value FROM json_each(@ids))
        ORDER BY seq`),
    };
    const statements = this.#statements;
    /** Inserts rows after `version`; a taken event id aborts the transaction that runs it. */
    const insertEvents = (sessionId: string, rows: readonly EventRow[], version: number) => rows.forEach((row, index) => {
      try {
        statements.insertEvent.run(sessionId, version + index + 1, row.id, row.type, row.timestamp, row.synthetic ? 1 : 0, row.body, row.bodyFormat);
      } catch (error) {
        if (isSqliteError(error, "SQLITE_CONSTRAINT_UNIQUE") && error.message.includes("event_id")) throw duplicateIds("event", [row.id]);
        throw error;
      }
    });
    this.#createSession = database.transaction((session: SessionRow, attributeKeys: readonly string[], rows: readonly EventRow[]) => {
      statements.insertSession.run(session.id, session.createdAt, session.expiresAt, session.metadata, rows.length);
      for (const key of attributeKeys) statements.insertAttribute.run(key, session.id);
      insertEvents(session.id, rows, 0);
    });
    this.#appendEvents = database.transaction((sessionId: string, rows: readonly EventRow[], expectedVersion: number | undefined) => {
      const version = statements.version.get(sessionId) as number | undefined;
      if (version === undefined) throw sessionNotFound(sessionId);
      if (expectedVersion !== undefined && expectedVersion !== version) throw versionConflict(sessionId, expectedVersion, version);
      insertEvents(sessionId, rows, version);
      statements.setVersion.run(version + rows.length, sessionId);
      return version + rows.length;
    });
  }

  /** Runs a statement, turning driver errors into SessionErrors that say what was being done. */
  #run<T>(operation: string, action: () => T): Promise<T> {
    try {
      return Promise.resolve(action());
    } catch (error) {
      if (PartwiseError.isPartwiseError(error)) return Promise.reject(error);
      if (isSqliteError(error, "SQLITE_BUSY")) {
        return Promise.reject(new SessionError("session/storage", `${STORE}: ${operation}: the file is locked by another writer and stayed locked past the busy timeout`, {
          details: { store: STORE, operation, driverCode: error.code, retryable: true },
          cause: error,
        }));
      }
      return Promise.reject(storageFailure(STORE, operation, error));
    }
  }

  createSession(session: SessionRow, attributeKeys: readonly string[], events: readonly EventRow[]): Promise<void> {
    return this.#run("create session", () => {
      try {
        this.#createSession.immediate(session, attributeKeys, events);
      } catch (error) {
        if (isSqliteError(error, "SQLITE_CONSTRAINT_PRIMARYKEY") && error.message.includes("partwise_session.id")) throw duplicateIds("session", [session.id]);
        throw error;
      }
    });
  }

  findSession(id: string): Promise<SessionRow | undefined> {
    return this.#run("find session", () => {
      const row = this.#statements.findSession.get(id) as Row | undefined;
      return row && sessionFromRow(row);
    });
  }

  findSessionsByAttribute(attributeKey: string): Promise<SessionRow[]> {
    return this.#run("find sessions by metadata", () => (this.#statements.findByAttribute.all(attributeKey) as Row[]).map(sessionFromRow));
  }

  listSessions(page: SessionPage): Promise<SessionRow[]> {
    return this.#run("list sessions", () => (this.#statements.listSessions.all(page.after ?? "", page.limit) as Row[]).map(sessionFromRow));
  }

  deleteSession(id: string): Promise<boolean> {
    return this.#run("delete session", () => this.#statements.deleteSession.run(id).changes > 0);
  }

  deleteExpiredSessions(now: number): Promise<string[]> {
    return this.#run("delete expired sessions", () => this.#statements.deleteExpired.all(now) as string[]);
  }

  appendEvents(sessionId: string, rows: readonly EventRow[], expectedVersion: number | undefined): Promise<number> {
    return this.#run("append events", () => this.#appendEvents.immediate(sessionId, rows, expectedVersion));
  }

  readEvents(sessionId: string, selection: EventSelection): Promise<StoredEventRow[]> {
    const excludeSynthetic = selection.excludeSynthetic ? 1 : 0;
    const [type, ...otherTypes] = selection.types ?? [];
    return this.#run("read events", () => {
      const rows = type !== undefined && otherTypes.length === 0
        ? this.#statements.readEventsOfType.all({ sessionId, type, excludeSynthetic })
        : this.#statements.readEvents.all({ sessionId, types: selection.types ? JSON.stringify(selection.types) : null, excludeSynthetic });
      return (rows as Row[]).map(eventFromRow);
    });
  }

  readMessageBodies(sessionId: string, bodyFormat: string): Promise<(string | null)[]> {
    return this.#run("read message bodies", () => this.#statements.readMessageBodies.all({ sessionId, bodyFormat }) as (string | null)[]);
  }

  readLastEvent(sessionId: string, type: string): Promise<StoredEventRow | undefined> {
    return this.#run("read last event", () => {
      const row = this.#statements.readLastEvent.get(sessionId, type) as Row | undefined;
      return row && eventFromRow(row);
    });
  }

  readView(sessionId: string, afterSeq: number, ids: readonly string[]): Promise<StoredEventRow[]> {
    return this.#run("read active view", () =>
      (this.#statements.readView.all({ sessionId, afterSeq, ids: JSON.stringify(ids) }) as Row[]).map(eventFromRow));
  }

  async close(): Promise<void> {
    if (this.#database.open) this.#database.close();
  }
}
