import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../generated/types.js";
import { openSessionService } from "../../src/session/open-session-store.js";
import { startWorker } from "../support/append-workers.js";
import { postgresSchemas, redisUrl, sqliteFiles } from "../support/session-stores.js";

const WORKERS = 4;
const APPENDS = 500;

interface WorkerSummary {
  readonly worker: number;
  readonly appended: number;
  readonly conflicts: number;
  readonly attempts: number;
  readonly otherErrors: string[];
}

/** Runs the workers against one session, all released at once, and returns their summaries and the log. */
async function runWorkers(url: string): Promise<{ summaries: WorkerSummary[]; log: SessionEvent[]; again: SessionEvent[] }> {
  const service = await openSessionService(url);
  await service.create({ id: "shared" });
  const workers = Array.from({ length: WORKERS }, (_, worker) => startWorker(["append", url, "shared", String(worker), String(APPENDS)]));
  await Promise.all(workers.map((process) => process.waitForLine((line) => line === "ready")));
  for (const process of workers) process.child.stdin.end("go\n");
  const summaries = await Promise.all(workers.map(async (process) => JSON.parse(await process.waitForLine((line) => line.startsWith("{"))) as WorkerSummary));
  expect(await Promise.all(workers.map((process) => process.exited))).toEqual(workers.map(() => 0));
  const log = await service.getEvents("shared");
  await service.close();
  // A second connection must see the same log in the same order.
  const other = await openSessionService(url);
  const again = await other.getEvents("shared");
  await other.close();
  return { summaries, log, again };
}

function expectEveryAppendOnceInOneOrder({ summaries, log, again }: Awaited<ReturnType<typeof runWorkers>>): void {
  expect(summaries.flatMap((summary) => summary.otherErrors)).toEqual([]);
  expect(summaries.map((summary) => summary.appended)).toEqual(summaries.map(() => APPENDS));
  // No lost and no duplicated event: every id once, numbered 1..N without a gap.
  expect(log).toHaveLength(WORKERS * APPENDS);
  expect(new Set(log.map((event) => event.id)).size).toBe(WORKERS * APPENDS);
  expect(log.map((event) => event.seq)).toEqual(log.map((_, index) => index + 1));
  expect(again).toEqual(log);
  // Each worker's own appends keep its order.
  for (let worker = 0; worker < WORKERS; worker++) {
    const own = log.filter((event) => event.id.startsWith(`w${worker}-`)).map((event) => Number(event.id.split("-")[1]));
    expect(own).toEqual(Array.from({ length: APPENDS }, (_, index) => index));
  }
  // Every losing attempt was reported as a version conflict, and the workers retried it.
  for (const summary of summaries) expect(summary.attempts).toBe(summary.appended + summary.conflicts);
  expect(summaries.reduce((total, summary) => total + summary.conflicts, 0)).toBeGreaterThan(0);
}

describe("SessionService.appendEvents", () => {
  const sqliteFile = sqliteFiles("concurrent");
  const postgresSchema = postgresSchemas();

  it(`keeps every append, once, in one order when ${WORKERS} processes × ${APPENDS} version-checked appends share one SQLite file`, async () => {
    expectEveryAppendOnceInOneOrder(await runWorkers(`sqlite:${sqliteFile()}`));
  }, 180_000);

  it(`keeps every append, once, in one order when ${WORKERS} processes × ${APPENDS} version-checked appends share one PostgreSQL database`, async () => {
    expectEveryAppendOnceInOneOrder(await runWorkers(await postgresSchema()));
  }, 180_000);

  it(`keeps every append, once, in one order when ${WORKERS} processes × ${APPENDS} version-checked appends share one Redis server`, async () => {
    expectEveryAppendOnceInOneOrder(await runWorkers(redisUrl("standalone")));
  }, 180_000);

  it(`keeps every append, once, in one order when ${WORKERS} processes × ${APPENDS} version-checked appends share one session on a Redis Cluster`, async () => {
    expectEveryAppendOnceInOneOrder(await runWorkers(redisUrl("cluster")));
  }, 180_000);
});
