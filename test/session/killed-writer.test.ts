import { statSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openSessionService } from "../../src/session/open-session-store.js";
import { startWorker } from "../support/append-workers.js";
import { user } from "../support/session-fixtures.js";
import { postgresSchemas, sqliteFiles } from "../support/session-stores.js";

const EARLIER = 3;

/** The batch the killed writer appends: its number of events and the bytes of each. */
interface Batch {
  readonly size: number;
  readonly bytes: number;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMilliseconds = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMilliseconds;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A session with a few events, for the worker to append a large batch to. */
async function prepare(url: string): Promise<void> {
  const service = await openSessionService(url);
  await service.create({ id: "victim" });
  for (let index = 0; index < EARLIER; index++) await service.appendMessage("victim", user(`before ${index}`));
  await service.close();
}

/** The store reopened after the kill: readable, consistent, the batch whole or absent, and writable. */
async function expectWholeOrAbsent(url: string, batch: Batch): Promise<"whole" | "absent"> {
  const service = await openSessionService(url);
  const session = (await service.findById("victim"))!;
  const events = await service.getEvents("victim");
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
  expect(session.version).toBe(events.length);
  expect([EARLIER, EARLIER + batch.size]).toContain(events.length);
  const outcome = events.length === EARLIER ? "absent" : "whole";
  if (outcome === "whole") expect(events.slice(EARLIER).map((event) => event.id)).toEqual(Array.from({ length: batch.size }, (_, index) => `batch-${index}`));
  await service.appendMessage("victim", user("after the crash"), { expectedVersion: events.length });
  expect(await service.getEvents("victim")).toHaveLength(events.length + 1);
  await service.close();
  return outcome;
}

describe("SessionService.appendEvents", () => {
  const sqliteFile = sqliteFiles("killed");
  const postgresSchema = postgresSchemas();

  it("leaves a SQLite file readable with the batch absent when its writer is killed with SIGKILL mid-batch", async () => {
    // About 40 MB: more than SQLite's page cache holds, so its pages reach the WAL before the commit.
    const batch = { size: 20_000, bytes: 2_000 };
    const path = sqliteFile();
    const url = `sqlite:${path}`;
    await prepare(url);
    const walSize = () => statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    const before = walSize();
    const worker = startWorker(["batch", url, "victim", String(batch.size), String(batch.bytes)]);
    await worker.waitForLine((line) => line === "batch-started");
    // The kill lands once the transaction has written part of the batch and before it can commit.
    await until(() => walSize() > before + 4_000_000, "the batch to reach the write-ahead log");
    worker.child.kill("SIGKILL");
    expect(await worker.exited).toBe("SIGKILL");
    expect(await expectWholeOrAbsent(url, batch)).toBe("absent");
  }, 120_000);

  it("leaves PostgreSQL readable with the batch whole or absent when its writer is killed with SIGKILL mid-batch", async () => {
    const batch = { size: 2_000, bytes: 1_000 };
    const base = await postgresSchema();
    await prepare(base);
    const url = `${base}&application_name=partwise-killed-writer`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const workerBackends = async (condition: string) => Number((await admin.query(
      `SELECT count(*) AS count FROM pg_stat_activity WHERE application_name = 'partwise-killed-writer' ${condition}`,
    )).rows[0].count);
    try {
      // Holding the session's row lock stops the batch statement inside the server: it has been sent
      // whole and is executing when the writer is killed.
      const holder = new pg.Client({ connectionString: base });
      await holder.connect();
      await holder.query("BEGIN");
      await holder.query("SELECT version FROM partwise_session WHERE id = 'victim' FOR UPDATE");
      const worker = startWorker(["batch", url, "victim", String(batch.size), String(batch.bytes)]);
      await until(async () => (await workerBackends("AND wait_event_type = 'Lock'")) === 1, "the batch statement to wait for the row lock");
      worker.child.kill("SIGKILL");
      expect(await worker.exited).toBe("SIGKILL");
      await holder.query("ROLLBACK");
      await holder.end();
      await until(async () => (await workerBackends("")) === 0, "the killed writer's server process to end");
    } finally {
      await admin.end();
    }
    expect(["whole", "absent"]).toContain(await expectWholeOrAbsent(base, batch));
  }, 120_000);
});
