// The PostgreSQL store (pg): an append is ONE statement (a data-modifying CTE), so it is atomic without
// an explicit transaction and costs one round trip. Its UPDATE of the session row takes the row lock
// that serializes writers; the version check re-reads the row after the lock, so it is never stale.
//
// Plain SQL: no sequences or SERIAL (seq comes from the session's version, no global hotspot), no
// advisory locks, no LOCK TABLE, no triggers or stored functions, no partial or GIN indexes, no JSONB.
// Only PostgreSQL itself is tested. Stored content is JSON text, because JSONB refuses \u0000 and
// unpaired-surrogate escapes and reorders keys.
import type pg from "pg";
import { PartwiseError } from "../errors/partwise-error.js";
import { requireOptionalPeer } from "../runtime/optional-peer.js";
import { MESSAGE_EVENT } from "./event-kinds.js";
import type { EventRow, SessionRow, StoredEventRow } from "./event-rows.js";
import type { PostgresPool, PostgresQueryable } from "./postgres-pool.js";
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
  readonly statements: readonly string[];
}

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: "sessions, their attribute index and the event log",
    statements: [
      `CREATE TABLE partwise_session (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        metadata TEXT NOT NULL,
        version BIGINT NOT NULL
      )`,
      "CREATE INDEX partwise_session_expires_at ON partwise_session (expires_at)",
      `CREATE TABLE partwise_session_attribute (
        attribute_key TEXT NOT NULL,
        session_id TEXT NOT NULL REFERENCES partwise_session (id) ON DELETE CASCADE,
        PRIMARY KEY (attribute_key, session_id)
      )`,
      "CREATE INDEX partwise_session_attribute_session ON partwise_session_attribute (session_id)",
      `CREATE TABLE partwise_session_event (
        session_id TEXT NOT NULL REFERENCES partwise_session (id) ON DELETE CASCADE,
        seq BIGINT NOT NULL,
        event_id TEXT NOT NULL UNIQUE,
        event_type TEXT NOT NULL,
        event_time TEXT NOT NULL,
        synthetic BOOLEAN NOT NULL,
        body TEXT NOT NULL,
        body_format TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
      )`,
      "CREATE INDEX partwise_session_event_type ON partwise_session_event (session_id, event_type, seq)",
    ],
  },
];

/** The schema version this code writes; a database at a later version is refused rather than misread. */
const POSTGRES_SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

const STORE = "PostgreSQL session store";
const UNIQUE_VIOLATION = "23505";
const DUPLICATE_TABLE = "42P07";
/** The table's row type already exists: the other side of the same catalog race. */
const DUPLICATE_OBJECT = "42710";
const SESSION_COLUMNS = "id, created_at, expires_at, metadata, version";
const EVENT_COLUMNS = "seq, event_id, event_type, event_time, synthetic, body, body_format";

/**
 * How a batch's bodies travel: `lines` as one text, a body per line (the bodies of eventToRow are
 * JSON.stringify's output, which escapes every line break, so no body holds one), or `json` as a JSON
 * array like the other columns, for rows whose bodies hold line breaks or are empty (a caller of the
 * repository may write any text). Lines cost the client a join instead of JSON.stringify escaping every
 * quote of every body, and the server a split instead of a JSON parse (issue 21).
 */
type BodyEncoding = "lines" | "json";

/**
 * The rows of a batch, from the parallel columns of eventColumns starting at parameter `first`. JSON
 * arrays rather than text[]: JSON.stringify escapes a value natively where pg escapes each element of an
 * array literal with two regular expressions, and the server reads them back faster (issue 21).
 */
function unnestedColumns(first: number, bodies: BodyEncoding): string {
  const json = (index: number) => `json_array_elements_text($${first + index}::json)`;
  const body = bodies === "lines" ? `unnest(string_to_array($${first + 4}::text, E'\\n'))` : json(4);
  return `ROWS FROM (${json(0)}, ${json(1)}, ${json(2)}, ${json(3)}, ${body}, ${json(5)}) WITH ORDINALITY AS batch (event_id, event_type, event_time, synthetic, body, body_format, position)`;
}

/** The inserted columns of a batch row, after session_id and seq. */
const BATCH_COLUMNS = "batch.event_id, batch.event_type, batch.event_time, batch.synthetic::boolean, batch.body, batch.body_format";

/** The append statement for bodies sent one way or the other (see BodyEncoding). */
function appendEventsStatement(bodies: BodyEncoding): string {
  // seq = the new version - batch size + position; the row lock of the UPDATE orders concurrent appends.
  return `WITH bumped AS (
      UPDATE partwise_session SET version = version + $3
      WHERE id = $1 AND ($2::bigint IS NULL OR version = $2::bigint)
      RETURNING version
    ), inserted AS (
      INSERT INTO partwise_session_event (session_id, seq, event_id, event_type, event_time, synthetic, body, body_format)
      SELECT $1, bumped.version - $3 + batch.position, ${BATCH_COLUMNS}
      FROM bumped, ${unnestedColumns(4, bodies)}
      RETURNING 1
    )
    SELECT version FROM bumped`;
}

/** The create statement for bodies sent one way or the other (see BodyEncoding). */
function createSessionStatement(bodies: BodyEncoding): string {
  // One statement, so the session, its attributes and its first events are written together or not at all.
  return `WITH created AS (
      INSERT INTO partwise_session (id, created_at, expires_at, metadata, version) VALUES ($1, $2, $3, $4, json_array_length($6::json)) RETURNING id
    ), attributes AS (
      INSERT INTO partwise_session_attribute (attribute_key, session_id) SELECT key, created.id FROM created, unnest($5::text[]) AS key
    )
    INSERT INTO partwise_session_event (session_id, seq, event_id, event_type, event_time, synthetic, body, body_format)
    SELECT created.id, batch.position, ${BATCH_COLUMNS}
    FROM created, ${unnestedColumns(6, bodies)}`;
}

/** Named statements: pg prepares each once per connection, then only binds values. */
const SQL = {
  createSession: createSessionStatement("lines"),
  createSessionJsonBodies: createSessionStatement("json"),
  findSession: `SELECT ${SESSION_COLUMNS} FROM partwise_session WHERE id = $1`,
  findByAttribute: `SELECT s.id, s.created_at, s.expires_at, s.metadata, s.version FROM partwise_session_attribute a
    JOIN partwise_session s ON s.id = a.session_id WHERE a.attribute_key = $1 ORDER BY s.created_at, s.id`,
  listSessions: `SELECT ${SESSION_COLUMNS} FROM partwise_session WHERE id > $1 ORDER BY id LIMIT $2`,
  deleteSession: "DELETE FROM partwise_session WHERE id = $1",
  deleteExpired: "DELETE FROM partwise_session WHERE expires_at <= $1 RETURNING id",
  version: "SELECT version FROM partwise_session WHERE id = $1",
  appendEvents: appendEventsStatement("lines"),
  appendEventsJsonBodies: appendEventsStatement("json"),
  existingEventIds: "SELECT event_id FROM partwise_session_event WHERE event_id = ANY($1::text[])",
  readEvents: `SELECT ${EVENT_COLUMNS} FROM partwise_session_event WHERE session_id = $1
    AND ($2::text[] IS NULL OR event_type = ANY($2::text[])) AND (NOT $3::boolean OR NOT synthetic) ORDER BY seq`,
  readMessageBodies: `SELECT CASE WHEN body_format = $2 THEN body END FROM partwise_session_event
    WHERE session_id = $1 AND event_type = '${MESSAGE_EVENT}' ORDER BY seq`,
  // The NOT EXISTS is evaluated once (on the type index): a log with a boundary returns no rows.
  readUncompactedMessageBodies: `SELECT CASE WHEN body_format = $2 THEN body END FROM partwise_session_event
    WHERE session_id = $1 AND event_type = '${MESSAGE_EVENT}'
      AND NOT EXISTS (SELECT 1 FROM partwise_session_event WHERE session_id = $1 AND event_type = $3) ORDER BY seq`,
  readLastEvent: `SELECT ${EVENT_COLUMNS} FROM partwise_session_event WHERE session_id = $1 AND event_type = $2 ORDER BY seq DESC LIMIT 1`,
  // Two branches so each uses its index: the tail by (session_id, seq), the named events by event_id.
  readView: `SELECT ${EVENT_COLUMNS} FROM partwise_session_event WHERE session_id = $1 AND seq > $2
    UNION ALL SELECT ${EVENT_COLUMNS} FROM partwise_session_event WHERE session_id = $1 AND seq <= $2 AND event_id = ANY($3::text[])
    ORDER BY seq`,
} as const;

type Row = readonly unknown[];

// BIGINT arrives as text (it can exceed 2^53); versions, seqs and epoch milliseconds stay far below that.
function sessionFromRow(row: Row): SessionRow {
  return { id: row[0] as string, createdAt: Number(row[1]), expiresAt: Number(row[2]), metadata: row[3] as string, version: Number(row[4]) };
}

function eventFromRow(row: Row): StoredEventRow {
  return {
    seq: Number(row[0]),
    id: row[1] as string,
    type: row[2] as string,
    timestamp: row[3] as string,
    synthetic: row[4] as boolean,
    body: row[5] as string,
    bodyFormat: row[6] as string,
  };
}

/** How the bodies of `rows` can travel (see BodyEncoding). */
function bodyEncoding(rows: readonly EventRow[]): BodyEncoding {
  for (const row of rows) if (row.body === "" || row.body.includes("\n")) return "json";
  return "lines";
}

/** The columns of event rows as the parallel arrays the statements unnest (unnestedColumns), the bodies as `bodies` says. */
function eventColumns(rows: readonly EventRow[], bodies: BodyEncoding): string[] {
  return [
    JSON.stringify(rows.map((row) => row.id)),
    JSON.stringify(rows.map((row) => row.type)),
    JSON.stringify(rows.map((row) => row.timestamp)),
    JSON.stringify(rows.map((row) => row.synthetic)),
    bodies === "lines" ? rows.map((row) => row.body).join("\n") : JSON.stringify(rows.map((row) => row.body)),
    JSON.stringify(rows.map((row) => row.bodyFormat)),
  ];
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}

/** Applies the missing migrations, each in its own transaction, safely when several processes start at once. */
async function migrate(client: PostgresQueryable): Promise<void> {
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS partwise_schema_migration (
      version INTEGER PRIMARY KEY,
      description TEXT NOT NULL,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
  } catch (error) {
    // Two first-time CREATE TABLE IF NOT EXISTS can race in the catalog (on pg_class or on the table's row
    // type in pg_type); the loser finds the table made.
    if (![UNIQUE_VIOLATION, DUPLICATE_TABLE, DUPLICATE_OBJECT].some((code) => hasCode(error, code))) throw error;
  }
  const [recorded] = (await client.query("SELECT coalesce(max(version), 0) AS version FROM partwise_schema_migration")).rows as [{ readonly version: unknown }];
  const current = Number(recorded.version);
  if (current > POSTGRES_SCHEMA_VERSION) {
    throw storageFailure(STORE, "opening the database", `the database has schema version ${current}, newer than this partwise knows (${POSTGRES_SCHEMA_VERSION}); upgrade partwise`);
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    await client.query("BEGIN");
    try {
      // Claiming the version first makes a concurrent migrator wait here, then skip what this one applied.
      const claimed = await client.query(
        "INSERT INTO partwise_schema_migration (version, description) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING version",
        [migration.version, migration.description],
      );
      if (claimed.rowCount === 1) for (const statement of migration.statements) await client.query(statement);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
  }
}

/** pg, an optional peer dependency loaded on the first open (a MissingDependencyError names it). */
function driver(): typeof pg {
  return requireOptionalPeer<typeof pg>("pg", "the PostgreSQL session store");
}

/**
 * Migrates over a connection of its own, ended however the attempt ends: a pool's connection that fails
 * during authentication (a server asking for a password the URL does not give) is never ended by the pool
 * and held the process open after the error (issue 22 item 7).
 */
async function migrateAt(connectionString: string): Promise<void> {
  const client = new (driver().Client)({ connectionString });
  client.on("error", () => {});
  try {
    await client.connect();
    await migrate(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The failure to open a store, saying what to do when the server wants a password the URL lacks. */
function openingFailure(error: unknown): PartwiseError {
  if (PartwiseError.isPartwiseError(error)) return error;
  if (error instanceof Error && /client password must be a (non-empty )?string/.test(error.message)) {
    return storageFailure(STORE, "opening the database", new Error("the server asks for a password and the URL gives none (postgres://USER:PASSWORD@HOST:PORT/DATABASE, or PGPASSWORD)", { cause: error }));
  }
  return storageFailure(STORE, "opening the database", error);
}

/** A SessionRepository in a PostgreSQL database (see the module comment); open it with `open`. */
export class PostgresSessionRepository implements SessionRepository {
  readonly #pool: PostgresPool;
  readonly #ownsPool: boolean;

  private constructor(pool: PostgresPool, ownsPool: boolean) {
    this.#pool = pool;
    this.#ownsPool = ownsPool;
  }

  /**
   * Connects (a `postgres://` URL, or a pool the caller owns and closes) and applies the missing schema
   * migrations. A URL may carry `?options=-c search_path=SCHEMA` to keep the tables in a schema.
   */
  static async open(target: string | PostgresPool): Promise<PostgresSessionRepository> {
    if (typeof target === "string") {
      await migrateAt(target).catch((error: unknown) => {
        throw openingFailure(error);
      });
      const pool = new (driver().Pool)({ connectionString: target });
      // An idle connection that breaks (a server restart) is dropped by the pool; the next query reports it.
      pool.on("error", () => {});
      return new PostgresSessionRepository(pool, true);
    }
    try {
      const client = await target.connect();
      try {
        await migrate(client);
      } finally {
        client.release();
      }
    } catch (error) {
      throw openingFailure(error);
    }
    return new PostgresSessionRepository(target, false);
  }

  async #query(operation: string, name: keyof typeof SQL, values: readonly unknown[]): Promise<Row[]> {
    try {
      const result = await this.#pool.query({ name: `partwise_${name}`, text: SQL[name], values: values as unknown[], rowMode: "array" });
      return result.rows as Row[];
    } catch (error) {
      throw PartwiseError.isPartwiseError(error) ? error : storageFailure(STORE, operation, error);
    }
  }

  /** The error to raise for a failed write of `rows`: `session/duplicate-id` naming the taken event ids, or a storage failure. */
  async #eventIdsTaken(error: unknown, rows: readonly EventRow[], operation: string): Promise<PartwiseError> {
    if (hasCode(error, UNIQUE_VIOLATION) && (error as { constraint?: string }).constraint === "partwise_session_event_event_id_key") {
      const taken = await this.#query(operation, "existingEventIds", [rows.map((row) => row.id)]);
      return duplicateIds("event", taken.map((row) => row[0] as string));
    }
    return storageFailure(STORE, operation, error);
  }

  async createSession(session: SessionRow, attributeKeys: readonly string[], events: readonly EventRow[]): Promise<void> {
    try {
      const bodies = bodyEncoding(events);
      const name = bodies === "lines" ? "createSession" : "createSessionJsonBodies";
      await this.#pool.query({
        name: `partwise_${name}`,
        text: SQL[name],
        values: [session.id, session.createdAt, session.expiresAt, session.metadata, attributeKeys, ...eventColumns(events, bodies)],
      });
    } catch (error) {
      if (hasCode(error, UNIQUE_VIOLATION) && (error as { constraint?: string }).constraint === "partwise_session_pkey") {
        throw duplicateIds("session", [session.id]);
      }
      throw await this.#eventIdsTaken(error, events, "create session");
    }
  }

  async findSession(id: string): Promise<SessionRow | undefined> {
    const [row] = await this.#query("find session", "findSession", [id]);
    return row && sessionFromRow(row);
  }

  async findSessionsByAttribute(attributeKey: string): Promise<SessionRow[]> {
    return (await this.#query("find sessions by metadata", "findByAttribute", [attributeKey])).map(sessionFromRow);
  }

  async listSessions(page: SessionPage): Promise<SessionRow[]> {
    return (await this.#query("list sessions", "listSessions", [page.after ?? "", page.limit])).map(sessionFromRow);
  }

  async deleteSession(id: string): Promise<boolean> {
    try {
      const result = await this.#pool.query({ name: "partwise_deleteSession", text: SQL.deleteSession, values: [id] });
      return (result.rowCount ?? 0) > 0;
    } catch (error) {
      throw storageFailure(STORE, "delete session", error);
    }
  }

  async deleteExpiredSessions(now: number): Promise<string[]> {
    return (await this.#query("delete expired sessions", "deleteExpired", [now])).map((row) => row[0] as string);
  }

  async appendEvents(sessionId: string, rows: readonly EventRow[], expectedVersion: number | undefined): Promise<number> {
    let result: Row[];
    try {
      const bodies = bodyEncoding(rows);
      const name = bodies === "lines" ? "appendEvents" : "appendEventsJsonBodies";
      result = (await this.#pool.query({
        name: `partwise_${name}`,
        text: SQL[name],
        values: [sessionId, expectedVersion ?? null, rows.length, ...eventColumns(rows, bodies)],
        rowMode: "array",
      })).rows as Row[];
    } catch (error) {
      throw await this.#eventIdsTaken(error, rows, "append events");
    }
    const [bumped] = result;
    if (bumped) return Number(bumped[0]);
    // Nothing was written: tell a missing session from a moved log.
    const [current] = await this.#query("append events", "version", [sessionId]);
    if (!current) throw sessionNotFound(sessionId);
    throw versionConflict(sessionId, expectedVersion!, Number(current[0]));
  }

  async readEvents(sessionId: string, selection: EventSelection): Promise<StoredEventRow[]> {
    const rows = await this.#query("read events", "readEvents", [sessionId, selection.types ?? null, selection.excludeSynthetic ?? false]);
    return rows.map(eventFromRow);
  }

  async readMessageBodies(sessionId: string, bodyFormat: string): Promise<(string | null)[]> {
    return (await this.#query("read message bodies", "readMessageBodies", [sessionId, bodyFormat])).map((row) => row[0] as string | null);
  }

  async readUncompactedMessageBodies(sessionId: string, bodyFormat: string, boundaryType: string): Promise<(string | null)[]> {
    return (await this.#query("read message bodies", "readUncompactedMessageBodies", [sessionId, bodyFormat, boundaryType])).map((row) => row[0] as string | null);
  }

  async readLastEvent(sessionId: string, type: string): Promise<StoredEventRow | undefined> {
    const [row] = await this.#query("read last event", "readLastEvent", [sessionId, type]);
    return row && eventFromRow(row);
  }

  async readView(sessionId: string, afterSeq: number, ids: readonly string[]): Promise<StoredEventRow[]> {
    return (await this.#query("read active view", "readView", [sessionId, afterSeq, ids])).map(eventFromRow);
  }

  async close(): Promise<void> {
    if (this.#ownsPool && !this.#pool.ended) await this.#pool.end();
  }
}
