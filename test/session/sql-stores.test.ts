import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DEFAULT_SESSION_STORE_URL, openSessionRepository, openSessionService } from "../../src/session/open-session-store.js";
import { MemorySessionRepository } from "../../src/session/memory-session-repository.js";
import { PostgresSessionRepository } from "../../src/session/postgres-session-repository.js";
import { RedisSessionRepository } from "../../src/session/redis/redis-session-repository.js";
import { SessionService } from "../../src/session/session-service.js";
import { SqliteSessionRepository } from "../../src/session/sqlite-session-repository.js";
import { failure, user } from "../support/session-fixtures.js";
import { postgresSchemas, redisUrl, sqliteFiles } from "../support/session-stores.js";

const futureBody = JSON.stringify({ message: { role: "assistant", parts: [{ type: "hologram", frames: [1] }] }, metadata: { from: "partwise 2" } });

describe("SqliteSessionRepository", () => {
  const sqliteFile = sqliteFiles("sqlite-store");

  it("opens its file in WAL mode and records the schema version it applied", async () => {
    const path = sqliteFile();
    await new SqliteSessionRepository(path).close();
    await new SqliteSessionRepository(path).close();
    const database = new Database(path, { readonly: true });
    expect(database.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(database.prepare("SELECT version, description FROM partwise_schema_migration").all()).toEqual([
      { version: 1, description: "sessions, their attribute index and the event log" },
    ]);
    database.close();
  });

  it("refuses a file whose schema is newer than it knows, instead of misreading it", async () => {
    const path = sqliteFile();
    await new SqliteSessionRepository(path).close();
    const database = new Database(path);
    database.prepare("INSERT INTO partwise_schema_migration VALUES (99, 'from the future', '2030-01-01')").run();
    database.close();
    expect(await failure(() => new SqliteSessionRepository(path))).toMatchObject({ code: "session/storage", details: { schemaVersion: 99 } });
  });

  it("refuses to create a missing file when it must exist", async () => {
    const error = await failure(openSessionRepository(`sqlite:${sqliteFile()}`, { create: false }));
    expect(error.code).toBe("session/storage");
    expect(error.message).toContain("does not exist");
  });

  it("reports a damaged row with its session, seq and id, and reads a row of a later format by validating it", async () => {
    const path = sqliteFile();
    const service = new SessionService(new SqliteSessionRepository(path));
    await service.create({ id: "s" });
    const [damaged, later] = (await service.appendEvents("s", [{ type: "MESSAGE", message: user("a") }, { type: "MESSAGE", message: user("b") }])).events;
    const database = new Database(path);
    database.prepare("UPDATE partwise_session_event SET body = ?, body_format = 'partwise/2' WHERE event_id = ?").run(futureBody, later!.id);
    // The later-format row sends the whole read back to full rows: the row before it must come back too.
    expect(await service.getActiveMessages("s")).toEqual([user("a"), {
      role: "assistant",
      parts: [{ type: "unknown", provider: "partwise", kind: "hologram", rawJson: '{"type":"hologram","frames":[1]}' }],
    }]);
    database.prepare("UPDATE partwise_session_event SET body = '{\"message\": ' WHERE event_id = ?").run(damaged!.id);
    expect(await failure(service.getEvents("s"))).toMatchObject({ code: "session/storage", details: { sessionId: "s", seq: 1, eventId: damaged!.id } });
    expect(await failure(service.getActiveMessages("s"))).toMatchObject({ code: "session/storage", details: { sessionId: "s", seq: 1, eventId: damaged!.id } });
    database.prepare("UPDATE partwise_session_event SET body = '{}' WHERE event_id = ?").run(damaged!.id);
    expect(await failure(service.getActiveMessages("s"))).toMatchObject({ code: "session/storage", message: expect.stringContaining("without a message") });
    database.close();
    await service.close();
  });
});

describe("PostgresSessionRepository", () => {
  const postgresSchema = postgresSchemas();

  async function admin(url: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  }

  it("applies its schema once when several processes open a new database at once", async () => {
    const url = await postgresSchema();
    const repositories = await Promise.all(Array.from({ length: 4 }, () => PostgresSessionRepository.open(url)));
    await Promise.all(repositories.map((repository) => repository.close()));
    const client = await admin(url);
    expect((await client.query("SELECT version, description FROM partwise_schema_migration")).rows).toEqual([
      { version: 1, description: "sessions, their attribute index and the event log" },
    ]);
    await client.query("INSERT INTO partwise_schema_migration (version, description) VALUES (99, 'from the future')");
    await client.end();
    expect(await failure(PostgresSessionRepository.open(url))).toMatchObject({ code: "session/storage" });
  });

  it("serves ordered reads, boundary lookups and metadata lookups from indexes", async () => {
    const url = await postgresSchema();
    await (await PostgresSessionRepository.open(url)).close();
    const client = await admin(url);
    // On tables this small the planner would scan; switched off, it shows which index serves each query.
    for (const setting of ["enable_seqscan", "enable_bitmapscan", "enable_sort"]) await client.query(`SET ${setting} = off`);
    const plan = async (sql: string) => (await client.query(`EXPLAIN ${sql}`)).rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(await plan("SELECT body FROM partwise_session_event WHERE session_id = 's' ORDER BY seq")).toContain("partwise_session_event_pkey");
    expect(await plan("SELECT body FROM partwise_session_event WHERE session_id = 's' AND event_type = 'COMPACTION' ORDER BY seq DESC LIMIT 1")).toContain("partwise_session_event_type");
    expect(await plan("SELECT session_id FROM partwise_session_attribute WHERE attribute_key = 'k'")).toContain("partwise_session_attribute_pkey");
    expect(await plan("SELECT id FROM partwise_session WHERE expires_at <= 5")).toContain("partwise_session_expires_at");
    await client.end();
  });

  it("reports a damaged row with its location, and reads a row of a later format by validating it", async () => {
    const url = await postgresSchema();
    const service = await openSessionService(url);
    await service.create({ id: "s" });
    const [damaged, later] = (await service.appendEvents("s", [{ type: "MESSAGE", message: user("a") }, { type: "MESSAGE", message: user("b") }])).events;
    const client = await admin(url);
    await client.query("UPDATE partwise_session_event SET body = $1, body_format = 'partwise/2' WHERE event_id = $2", [futureBody, later!.id]);
    expect((await service.getActiveMessages("s"))[1]?.parts[0]).toMatchObject({ type: "unknown", kind: "hologram" });
    await client.query("UPDATE partwise_session_event SET body = '[1,2]' WHERE event_id = $1", [damaged!.id]);
    await client.end();
    expect(await failure(service.getEvents("s"))).toMatchObject({ code: "session/storage", details: { seq: 1, eventId: damaged!.id } });
    expect(await failure(service.getActiveMessages("s"))).toMatchObject({ code: "session/storage", details: { seq: 1, eventId: damaged!.id } });
    await service.close();
  });

  it("stores every body byte for byte, with line breaks or empty, as given to the repository", async () => {
    const url = await postgresSchema();
    const repository = await PostgresSessionRepository.open(url);
    const row = (id: string, body: string) => ({ id, type: "MESSAGE", timestamp: "2026-01-01T00:00:00Z", synthetic: false, body, bodyFormat: "partwise/1" });
    const bodies = ['{"message":{"role":"user","parts":[]}}', '{\n  "message": 1\n}\n', "", "\n", "a\r\nb"];
    await repository.createSession({ id: "s", createdAt: 0, expiresAt: 1e15, metadata: "{}", version: 0 }, [], [row("c1", "line\nbreak"), row("c2", "")]);
    for (const [index, body] of bodies.entries()) await repository.appendEvents("s", [row(`a${index}`, body), row(`b${index}`, '{"plain":true}')], undefined);
    const stored = await repository.readEvents("s", {});
    expect(stored.map((event) => event.body)).toEqual(["line\nbreak", "", ...bodies.flatMap((body) => [body, '{"plain":true}'])]);
    expect(stored.map((event) => event.seq)).toEqual(stored.map((_, index) => index + 1));
    await repository.close();
  });

  it("fails with session/storage, without the password, when the server cannot be reached", async () => {
    const error = await failure(PostgresSessionRepository.open("postgres://someone:hunter2@127.0.0.1:9/nowhere"));
    expect(error.code).toBe("session/storage");
    expect(JSON.stringify(error.toJSON())).not.toContain("hunter2");
  });
});

describe("openSessionRepository", () => {
  const sqliteFile = sqliteFiles("open-store");
  const postgresSchema = postgresSchemas();

  it("opens the store each URL names", async () => {
    const opened = [
      await openSessionRepository("memory:"),
      await openSessionRepository("sqlite::memory:"),
      await openSessionRepository(`sqlite:${sqliteFile()}`),
      await openSessionRepository((await postgresSchema()).replace(/^postgres:/, "postgresql:")),
      await openSessionRepository(redisUrl("standalone")),
      await openSessionRepository(redisUrl("cluster")),
    ];
    expect(opened.map((repository) => repository.constructor)).toEqual([
      MemorySessionRepository,
      SqliteSessionRepository,
      SqliteSessionRepository,
      PostgresSessionRepository,
      RedisSessionRepository,
      RedisSessionRepository,
    ]);
    for (const repository of opened) {
      const service = new SessionService(repository);
      await service.create({ id: "s" });
      await service.appendMessage("s", user("hello"));
      expect(await service.getActiveMessages("s")).toEqual([user("hello")]);
      await service.close();
    }
    expect(DEFAULT_SESSION_STORE_URL).toBe("sqlite:./partwise.db");
  });

  it("rejects a URL of no known store with session/storage, the password masked", async () => {
    const error = await failure(openSessionRepository("mysql://root:hunter2@db/chat"));
    expect(error).toMatchObject({ code: "session/storage", details: { url: "mysql://root:***@db/chat" } });
    expect(error.message).not.toContain("hunter2");
  });
});
