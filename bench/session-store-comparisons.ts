// Session stores: appending messages (one at a time, and in batches of 100) and loading a 10,000-message
// session, on SQLite and PostgreSQL, against the floor: the same rows inserted and selected with the same
// driver and no partwise code (a table with the same columns and key, bodies JSON.parse'd on load).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import type { Message } from "../generated/types.js";
import { serialize } from "../src/parts/serialize.js";
import { openSessionService } from "../src/session/open-session-store.js";
import type { SessionService } from "../src/session/session-service.js";
import { benchHistory } from "./bench-histories.js";
import type { Comparison } from "./harness.js";

const FLOOR_TABLE = `CREATE TABLE IF NOT EXISTS bench_floor_event (
  session_id TEXT NOT NULL, seq BIGINT NOT NULL, event_id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (session_id, seq))`;

interface FloorStore {
  insert(sessionId: string, first: number, bodies: readonly string[]): Promise<void> | void;
  load(sessionId: string): Promise<unknown[]> | unknown[];
  close(): Promise<void> | void;
}

function sqliteFloor(path: string): FloorStore {
  const database = new BetterSqlite3(path);
  database.pragma("journal_mode = WAL");
  database.exec(FLOOR_TABLE);
  const insert = database.prepare("INSERT INTO bench_floor_event (session_id, seq, event_id, body) VALUES (?, ?, ?, ?)");
  const select = database.prepare("SELECT body FROM bench_floor_event WHERE session_id = ? ORDER BY seq").pluck();
  const insertMany = database.transaction((sessionId: string, first: number, bodies: readonly string[]) => {
    bodies.forEach((body, index) => insert.run(sessionId, first + index, `${sessionId}-${first + index}`, body));
  });
  return {
    insert: (sessionId, first, bodies) => insertMany(sessionId, first, bodies),
    load: (sessionId) => (select.all(sessionId) as string[]).map((body) => JSON.parse(body)),
    close: () => {
      database.close();
    },
  };
}

async function postgresFloor(url: string): Promise<FloorStore> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(FLOOR_TABLE);
  return {
    async insert(sessionId, first, bodies) {
      // One statement per batch, as partwise appends: unnest of the batch's columns.
      await client.query("INSERT INTO bench_floor_event (session_id, seq, event_id, body) SELECT $1, $2 + ordinality - 1, $1 || '-' || ($2 + ordinality - 1), body FROM unnest($3::text[]) WITH ORDINALITY AS batch(body, ordinality)", [sessionId, first, bodies]);
    },
    async load(sessionId) {
      const { rows } = await client.query({ text: "SELECT body FROM bench_floor_event WHERE session_id = $1 ORDER BY seq", values: [sessionId], rowMode: "array" });
      return rows.map((row: string[]) => JSON.parse(row[0] as string));
    },
    close: () => client.end(),
  };
}

let sessionCounter = 0;

/** The comparisons of one store: single appends, batched appends, and loading a 10,000-message session. */
async function storeComparisons(store: string, service: SessionService, floor: FloorStore): Promise<Comparison[]> {
  const messages: Message[] = benchHistory(10_000).messages;
  const bodies = messages.map((message) => serialize(message));
  const loaded = `load-${process.pid}-${sessionCounter++}`;
  await service.findOrCreate({ id: loaded });
  for (let offset = 0; offset < messages.length; offset += 500) {
    await service.appendEvents(loaded, messages.slice(offset, offset + 500).map((message) => ({ type: "MESSAGE" as const, message })));
  }
  await floor.insert(loaded, 1, bodies);
  const fresh = async () => {
    const id = `append-${process.pid}-${sessionCounter++}`;
    await service.findOrCreate({ id });
    return id;
  };
  const single = messages.slice(0, 200);
  const batch = messages.slice(0, 1000);
  return [
    {
      group: `session store (${store})`,
      input: "load a 10,000-message session",
      size: messages.length,
      contenders: [
        { name: "partwise getActiveMessages", role: "partwise", run: () => service.getActiveMessages(loaded) },
        { name: `${store} SELECT + JSON.parse`, role: "floor", run: () => floor.load(loaded) },
      ],
    },
    {
      group: `session store (${store})`,
      input: "append 200 messages one at a time",
      size: single.length,
      contenders: [
        { name: "partwise appendMessage", role: "partwise", run: async () => { const id = await fresh(); for (const message of single) await service.appendMessage(id, message); } },
        { name: `${store} INSERT per message`, role: "floor", run: async () => { const id = `floor-${sessionCounter++}`; for (const [index, body] of bodies.slice(0, 200).entries()) await floor.insert(id, index + 1, [body]); } },
      ],
    },
    {
      group: `session store (${store})`,
      input: "append 1,000 messages in batches of 100",
      size: batch.length,
      contenders: [
        { name: "partwise appendEvents", role: "partwise", run: async () => { const id = await fresh(); for (let offset = 0; offset < batch.length; offset += 100) await service.appendEvents(id, batch.slice(offset, offset + 100).map((message) => ({ type: "MESSAGE" as const, message }))); } },
        { name: `${store} INSERT per batch`, role: "floor", run: async () => { const id = `floor-${sessionCounter++}`; for (let offset = 0; offset < 1000; offset += 100) await floor.insert(id, offset + 1, bodies.slice(offset, offset + 100)); } },
      ],
    },
  ];
}

/** SQLite always; PostgreSQL when a server URL is given (PARTWISE_TEST_POSTGRES_URL, as the tests use). */
export async function sessionStoreComparisons(postgresUrl: string | undefined): Promise<{ comparisons: Comparison[]; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), "partwise-bench-"));
  const sqlitePath = join(directory, "bench.db");
  const sqlite = await openSessionService(`sqlite:${sqlitePath}`);
  const sqliteRows = sqliteFloor(join(directory, "floor.db"));
  const comparisons = await storeComparisons("SQLite", sqlite, sqliteRows);
  const closers: (() => Promise<void> | void)[] = [() => sqlite.close(), () => sqliteRows.close()];
  if (postgresUrl) {
    const postgres = await openSessionService(postgresUrl);
    const postgresRows = await postgresFloor(postgresUrl);
    comparisons.push(...(await storeComparisons("PostgreSQL", postgres, postgresRows)));
    closers.push(() => postgres.close(), () => postgresRows.close());
  }
  return { comparisons, close: async () => { for (const close of closers) await close(); } };
}
