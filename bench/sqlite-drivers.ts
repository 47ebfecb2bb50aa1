// `node dist/bench/sqlite-drivers.js [--native-binding PATH]`: better-sqlite3 against Node's built-in
// node:sqlite (Node 22.5+) on the SQLite store's work: version-checked appends (BEGIN IMMEDIATE, read the
// version, insert the event, bump the version, COMMIT) to a WAL file with synchronous=FULL, then reads of
// a whole session. It informs which driver the SQLite store uses (issue 16); run it on each Node line.
// --native-binding points better-sqlite3 at an addon built for the running Node.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type BetterSqlite3 from "better-sqlite3";

/** What both drivers offer that the workload needs. */
interface Statement {
  run(...values: unknown[]): unknown;
  get(...values: unknown[]): unknown;
  all(...values: unknown[]): unknown[];
}
interface Connection {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}

const APPENDS = 500;
const READS = 50;
const BODY = JSON.stringify({ type: "MESSAGE", message: { role: "assistant", parts: [{ type: "text", text: "x".repeat(2000) }] } });
const requireHere = createRequire(import.meta.url);

function workload(open: (path: string) => Connection): { openMs: number; appendMs: number; readMs: number } {
  const directory = mkdtempSync(join(tmpdir(), "partwise-sqlite-drivers-"));
  try {
    let started = performance.now();
    const database = open(join(directory, "store.db"));
    database.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
    database.exec("CREATE TABLE session (id TEXT PRIMARY KEY, version INTEGER NOT NULL) STRICT; CREATE TABLE event (session_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (session_id, seq)) STRICT;");
    database.prepare("INSERT INTO session (id, version) VALUES (?, 0)").run("s");
    const openMs = performance.now() - started;
    const version = database.prepare("SELECT version FROM session WHERE id = ?");
    const insert = database.prepare("INSERT INTO event (session_id, seq, body) VALUES (?, ?, ?)");
    const bump = database.prepare("UPDATE session SET version = ? WHERE id = ?");
    started = performance.now();
    for (let append = 0; append < APPENDS; append++) {
      database.exec("BEGIN IMMEDIATE");
      const next = (version.get("s") as { version: number }).version + 1;
      insert.run("s", next, BODY);
      bump.run(next, "s");
      database.exec("COMMIT");
    }
    const appendMs = performance.now() - started;
    const read = database.prepare("SELECT seq, body FROM event WHERE session_id = ? ORDER BY seq");
    started = performance.now();
    for (let pass = 0; pass < READS; pass++) if (read.all("s").length !== APPENDS) throw new Error("lost events");
    const readMs = performance.now() - started;
    database.close();
    return { openMs, appendMs, readMs };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const { values } = parseArgs({ options: { "native-binding": { type: "string" } } });
const loadStarted = performance.now();
const Database = requireHere("better-sqlite3") as typeof BetterSqlite3;
const betterLoadMs = performance.now() - loadStarted;
const better = workload((path) => new Database(path, values["native-binding"] === undefined ? {} : { nativeBinding: values["native-binding"] }) as unknown as Connection);
console.log(JSON.stringify({ node: process.version, driver: "better-sqlite3", loadMs: betterLoadMs, ...better }));

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major > 22 || (major === 22 && minor >= 5)) {
  const builtinStarted = performance.now();
  const { DatabaseSync } = (await import("node:sqlite" as string)) as { DatabaseSync: new (path: string) => Connection };
  const builtinLoadMs = performance.now() - builtinStarted;
  console.log(JSON.stringify({ node: process.version, driver: "node:sqlite", loadMs: builtinLoadMs, ...workload((path) => new DatabaseSync(path)) }));
} else {
  console.log(JSON.stringify({ node: process.version, driver: "node:sqlite", unavailable: "needs Node 22.5 or later" }));
}
