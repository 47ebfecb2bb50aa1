import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import { openSessionService } from "../../src/session/open-session-store.js";
import type { SessionService } from "../../src/session/session-service.js";
import { freePorts, infoField, redisCli, startRedisCluster, waitFor, waitForClusterReady, type RedisCluster } from "../support/redis-servers.js";
import { user } from "../support/session-fixtures.js";

const APPENDS = 150;
const CRASH_AFTER = 50;
/** Retries of one append while the cluster fails over: 100 ms apart, so half a minute at most. */
const ATTEMPTS = 300;

/** The ports of the primary serving a slot and of its replica, from CLUSTER NODES. */
async function primaryAndReplica(cluster: RedisCluster, slot: number): Promise<{ primary: number; replica: number }> {
  const lines = (await redisCli(cluster.nodes[0]!.port, "cluster", "nodes")).trim().split("\n").map((line) => line.split(" "));
  const portOf = (fields: string[]) => Number(/:(\d+)@/.exec(fields[1]!)![1]);
  const primary = lines.find((fields) => fields[2]!.includes("master") && fields.slice(8).some((range) => {
    const [first, last = first] = range.split("-").map(Number);
    return first! <= slot && slot <= last!;
  }))!;
  const replica = lines.find((fields) => fields[2]!.includes("slave") && fields[3] === primary[0])!;
  return { primary: portOf(primary), replica: portOf(replica) };
}

type Outcome = "acknowledged" | "found-on-retry";

/**
 * Appends one message, retrying while the cluster fails over. "acknowledged" when an attempt succeeded;
 * "found-on-retry" when an earlier attempt's outcome was unknown and a retry found it written.
 */
async function appendThroughFailover(service: SessionService, sessionId: string, index: number, failures: string[]): Promise<Outcome> {
  let retried = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      await service.appendMessage(sessionId, user(`message ${index}`), { id: `e-${index}` });
      return "acknowledged";
    } catch (error) {
      if (retried && PartwiseError.isPartwiseError(error) && error.code === "session/duplicate-id") return "found-on-retry";
      failures.push(`${index}: ${(error as Error).message}`);
      retried = true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`append ${index} did not succeed within ${ATTEMPTS} attempts; last errors: ${failures.slice(-3).join(" | ")}`);
}

describe("RedisSessionRepository on a Redis Cluster", () => {
  let cluster: RedisCluster;

  beforeAll(async () => {
    // A node that does not answer for 1 s is failed over, so the failover takes seconds.
    cluster = await startRedisCluster(await freePorts(17_050, 17_079, 6), { nodeTimeoutMilliseconds: 1000 });
  }, 120_000);
  afterAll(() => cluster?.stop());

  it("keeps every append acknowledged with wait-replicas=1, and appends again, when the session's primary is killed mid-run", async () => {
    const service = await openSessionService(`${cluster.url}?wait-replicas=1&wait-timeout=2000`);
    await service.create({ id: "failover" });
    const slot = Number(await redisCli(cluster.nodes[0]!.port, "cluster", "keyslot", "partwise:session:{failover}"));
    const { primary, replica } = await primaryAndReplica(cluster, slot);
    const primaryNode = cluster.nodes.find((node) => node.port === primary)!;

    const outcomes: Outcome[] = [];
    const failures: string[] = [];
    let recovered: Promise<void> | undefined;
    for (let index = 0; index < APPENDS; index++) {
      outcomes.push(await appendThroughFailover(service, "failover", index, failures));
      if (index !== CRASH_AFTER - 1) continue;
      await primaryNode.stop({ crash: true });
      // Once the replica has taken over, the killed node comes back and rejoins as its replica, so WAIT 1 can be met again.
      recovered = (async () => {
        await waitFor("the replica's promotion", async () => infoField(await redisCli(replica, "info", "replication"), "role") === "master");
        await primaryNode.restart();
        await waitForClusterReady(cluster.nodes);
      })();
    }
    await recovered;

    const log = await service.getEvents("failover");
    await service.close();
    const ids = log.map((event) => event.id);
    const acknowledged = outcomes.flatMap((outcome, index) => (outcome === "acknowledged" ? [`e-${index}`] : []));
    // Every acknowledged append is there, once, in order, and the log has no gap.
    expect(ids.filter((id) => acknowledged.includes(id))).toEqual(acknowledged);
    expect(new Set(ids).size).toBe(ids.length);
    expect(log.map((event) => event.seq)).toEqual(log.map((_, index) => index + 1));
    expect(ids).toEqual(Array.from({ length: APPENDS }, (_, index) => `e-${index}`));
    // The replica took over (so every append after the kill went to it), and appends are acknowledged again.
    expect(infoField(await redisCli(replica, "info", "replication"), "role")).toBe("master");
    expect(outcomes.at(-1)).toBe("acknowledged");
    console.log(`failover: ${acknowledged.length} of ${APPENDS} appends acknowledged, ${outcomes.length - acknowledged.length} found written on retry, ${failures.length} failed attempts while the replica took over (${[...new Set(failures.map((failure) => failure.replace(/^\d+: /, "")))].join("; ")}); all ${log.length} events present, in order`);
  }, 180_000);
});
