// Session stores: loading a session and appending messages (one at a time, and in batches of 100), from
// 1x to 100x, on SQLite, PostgreSQL and Redis (standalone and Cluster), against the floor: the same rows
// inserted and selected with the same driver and no partwise code (a session row, then rows with the same
// columns and keys, or a Redis list; bodies JSON.parse'd on load).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import type { Message } from "../generated/types.js";
import { serialize } from "../src/parts/serialize.js";
import { openSessionService } from "../src/session/open-session-store.js";
import type { SessionService } from "../src/session/session-service.js";
import { benchHistory } from "./bench-histories.js";
import { benchRedisStores } from "./redis-store-comparisons.js";
import type { Comparison } from "./harness.js";

// The columns and keys of partwise's event rows (its type index, foreign key and version are partwise's own).
const FLOOR_TABLE = `CREATE TABLE IF NOT EXISTS bench_floor_session_event (
  session_id TEXT NOT NULL, seq BIGINT NOT NULL, event_id TEXT NOT NULL UNIQUE, event_type TEXT NOT NULL, event_time TEXT NOT NULL,
  synthetic BOOLEAN NOT NULL, body TEXT NOT NULL, body_format TEXT NOT NULL, PRIMARY KEY (session_id, seq))`;
/** The fixed columns of a floor row: every bench event is a MESSAGE of this time, in partwise's body format. */
const FLOOR_TIME = "2026-01-01T00:00:00.000Z";
const FLOOR_SESSION_TABLE = "CREATE TABLE IF NOT EXISTS bench_floor_session (id TEXT PRIMARY KEY, version BIGINT NOT NULL)";

export interface FloorStore {
  /** Writes a session's own row (committed on its own, as a client creating a session before its first append). */
  create(sessionId: string): Promise<void> | void;
  insert(sessionId: string, first: number, bodies: readonly string[]): Promise<void> | void;
  load(sessionId: string): Promise<unknown[]> | unknown[];
  close(): Promise<void> | void;
}

function sqliteFloor(path: string): FloorStore {
  const database = new BetterSqlite3(path);
  // The durability partwise gives (a committed append survives a power loss), or the floor skips the fsync.
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.exec(FLOOR_TABLE);
  database.exec(FLOOR_SESSION_TABLE);
  const create = database.prepare("INSERT INTO bench_floor_session (id, version) VALUES (?, 0)");
  const insert = database.prepare(`INSERT INTO bench_floor_session_event (session_id, seq, event_id, event_type, event_time, synthetic, body, body_format)
    VALUES (?, ?, ?, 'MESSAGE', '${FLOOR_TIME}', 0, ?, 'partwise/1')`);
  const select = database.prepare("SELECT body FROM bench_floor_session_event WHERE session_id = ? ORDER BY seq").pluck();
  const insertMany = database.transaction((sessionId: string, first: number, bodies: readonly string[]) => {
    bodies.forEach((body, index) => insert.run(sessionId, first + index, `${sessionId}-${first + index}`, body));
  });
  return {
    create: (sessionId) => {
      create.run(sessionId);
    },
    insert: (sessionId, first, bodies) => insertMany(sessionId, first, bodies),
    load: (sessionId) => (select.all(sessionId) as string[]).map((body) => JSON.parse(body)),
    close: () => {
      database.close();
    },
  };
}

/** The PostgreSQL floor, which can also delete the rows a run wrote (every session id starting with a prefix). */
async function postgresFloor(url: string): Promise<FloorStore & { remove(prefix: string): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(FLOOR_TABLE);
  await client.query(FLOOR_SESSION_TABLE);
  return {
    async create(sessionId) {
      await client.query("INSERT INTO bench_floor_session (id, version) VALUES ($1, 0)", [sessionId]);
    },
    async insert(sessionId, first, bodies) {
      // One statement per batch, as partwise appends: unnest of the batch's columns.
      await client.query(`INSERT INTO bench_floor_session_event (session_id, seq, event_id, event_type, event_time, synthetic, body, body_format)
        SELECT $1, $2 + ordinality - 1, $1 || '-' || ($2 + ordinality - 1), 'MESSAGE', '${FLOOR_TIME}', false, body, 'partwise/1'
        FROM unnest($3::text[]) WITH ORDINALITY AS batch(body, ordinality)`, [sessionId, first, bodies]);
    },
    async load(sessionId) {
      const { rows } = await client.query({ text: "SELECT body FROM bench_floor_session_event WHERE session_id = $1 ORDER BY seq", values: [sessionId], rowMode: "array" });
      return rows.map((row: string[]) => JSON.parse(row[0] as string));
    },
    async remove(prefix) {
      await client.query("DELETE FROM bench_floor_session_event WHERE left(session_id, length($1)) = $1", [prefix]);
      await client.query("DELETE FROM bench_floor_session WHERE left(id, length($1)) = $1", [prefix]);
    },
    close: () => client.end(),
  };
}

/** Every session and floor row of this run starts with it, so the run deletes what it wrote. */
const RUN_PREFIX = `bench-${process.pid}-${Date.now()}-`;
let sessionCounter = 0;
const sessionId = (kind: string) => `${RUN_PREFIX}${kind}-${sessionCounter++}`;

/** Sizes of each job, 1x to 100x: messages loaded, messages appended one at a time, messages appended in batches of 100. */
const LOAD_SIZES = [1_000, 10_000, 100_000];
const SINGLE_SIZES = [20, 200, 2_000];
const BATCH_SIZES = [100, 1_000, 10_000];
const BATCH = 100;

function messageEvents(messages: readonly Message[]): { type: "MESSAGE"; message: Message }[] {
  return messages.map((message) => ({ type: "MESSAGE" as const, message }));
}

/** What a store's floor does, as its contender names say. */
function floorVerbs(store: string): { load: string; insertOne: string; insertBatch: string } {
  return store.startsWith("Redis")
    ? { load: "LRANGE + JSON.parse", insertOne: "RPUSH per message", insertBatch: "RPUSH per batch" }
    : { load: "SELECT + JSON.parse", insertOne: "INSERT per message", insertBatch: "INSERT per batch" };
}

/** The comparisons of one store: loading a session, single appends and batched appends, each at three sizes. */
async function storeComparisons(store: string, service: SessionService, floor: FloorStore, created: string[]): Promise<Comparison[]> {
  const messages: Message[] = benchHistory(Math.max(...LOAD_SIZES, ...BATCH_SIZES)).messages;
  const bodies = messages.map((message) => serialize(message));
  const group = `session store (${store})`;
  const comparisons: Comparison[] = [];
  for (const size of LOAD_SIZES) {
    const loaded = sessionId("load");
    await service.findOrCreate({ id: loaded });
    created.push(loaded);
    for (let offset = 0; offset < size; offset += 500) await service.appendEvents(loaded, messageEvents(messages.slice(offset, Math.min(offset + 500, size))));
    await floor.insert(loaded, 1, bodies.slice(0, size));
    comparisons.push({
      group,
      input: `load a ${size.toLocaleString("en")}-message session`,
      size,
      series: "load",
      contenders: [
        { name: "partwise getActiveMessages", role: "partwise", run: () => service.getActiveMessages(loaded) },
        { name: `${store} ${floorVerbs(store).load}`, role: "floor", run: () => floor.load(loaded) },
      ],
    });
  }
  // Both sides of an append job start with a new session: partwise's findOrCreate, the floor's session row.
  // Appends start from messages, as partwise's do: the floor turns each into its row's JSON text (plain
  // JSON.stringify of the body partwise stores, { message }) inside the run, as a load JSON.parses it.
  const rowBody = (message: Message) => JSON.stringify({ message });
  const floorFresh = async () => {
    const id = sessionId("floor");
    await floor.create(id);
    return id;
  };
  const fresh = async () => {
    const id = sessionId("append");
    await service.findOrCreate({ id });
    created.push(id);
    return id;
  };
  for (const size of SINGLE_SIZES) {
    comparisons.push({
      group,
      input: `append ${size.toLocaleString("en")} messages one at a time`,
      size,
      series: "append one at a time",
      contenders: [
        { name: "partwise appendMessage", role: "partwise", run: async () => { const id = await fresh(); for (const message of messages.slice(0, size)) await service.appendMessage(id, message); } },
        { name: `${store} ${floorVerbs(store).insertOne}`, role: "floor", run: async () => { const id = await floorFresh(); for (let index = 0; index < size; index++) await floor.insert(id, index + 1, [rowBody(messages[index] as Message)]); } },
      ],
    });
  }
  for (const size of BATCH_SIZES) {
    comparisons.push({
      group,
      input: `append ${size.toLocaleString("en")} messages in batches of ${BATCH}`,
      size,
      series: "append in batches",
      contenders: [
        { name: "partwise appendEvents", role: "partwise", run: async () => { const id = await fresh(); for (let offset = 0; offset < size; offset += BATCH) await service.appendEvents(id, messageEvents(messages.slice(offset, offset + BATCH))); } },
        { name: `${store} ${floorVerbs(store).insertBatch}`, role: "floor", run: async () => { const id = await floorFresh(); for (let offset = 0; offset < size; offset += BATCH) await floor.insert(id, offset + 1, messages.slice(offset, offset + BATCH).map(rowBody)); } },
      ],
    });
  }
  return comparisons;
}

/**
 * SQLite (in a temporary directory, removed on close) always; PostgreSQL when a server URL is given;
 * Redis when redis-server is installed (`skipped` says why a store's rows are missing).
 */
export async function sessionStoreComparisons(postgresUrl: string | undefined): Promise<{ comparisons: Comparison[]; skipped: string[]; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), "partwise-bench-"));
  const sqlite = await openSessionService(`sqlite:${join(directory, "bench.db")}`);
  const sqliteRows = sqliteFloor(join(directory, "floor.db"));
  const comparisons = await storeComparisons("SQLite", sqlite, sqliteRows, []);
  const closers: (() => Promise<void> | void)[] = [() => sqlite.close(), () => sqliteRows.close(), () => rmSync(directory, { recursive: true, force: true })];
  if (postgresUrl) {
    const postgres = await openSessionService(postgresUrl);
    const postgresRows = await postgresFloor(postgresUrl);
    const created: string[] = [];
    comparisons.push(...(await storeComparisons("PostgreSQL", postgres, postgresRows, created)));
    // The server outlives the run: what the run wrote is deleted, so repeated runs do not grow the database.
    closers.unshift(async () => {
      for (const id of created) await postgres.delete(id);
      await postgresRows.remove(RUN_PREFIX);
    });
    closers.push(() => postgres.close(), () => postgresRows.close());
  }
  const skipped: string[] = [];
  const redis = await benchRedisStores();
  if ("skipped" in redis) skipped.push(redis.skipped);
  else {
    // The servers are this run's own and stop with it, so nothing written needs deleting.
    closers.push(redis.close);
    try {
      for (const store of redis.stores) comparisons.push(...(await storeComparisons(store.name, store.service, store.floor, [])));
    } catch (error) {
      for (const close of closers) await close();
      throw error;
    }
  }
  return { comparisons, skipped, close: async () => { for (const close of closers) await close(); } };
}
