// The Redis rows of the session-store bench: a redis-server and a 3+3 Redis Cluster this run starts on
// 127.0.0.1 (free ports of 17100-17199, room for benches run side by side), and the floor: the same
// bodies RPUSHed per batch and LRANGEd + JSON.parse'd with the raw client (ioredis), no partwise code.
import { execFileSync } from "node:child_process";
import { Cluster, Redis } from "ioredis";
import { openSessionService } from "../src/session/open-session-store.js";
import type { SessionService } from "../src/session/session-service.js";
import { freePorts, startRedisCluster, startRedisServer } from "../test/support/redis-servers.js";
import type { FloorStore } from "./session-store-comparisons.js";

export interface BenchRedisStore {
  readonly name: string;
  readonly service: SessionService;
  readonly floor: FloorStore;
}

function redisFloor(client: Redis | Cluster): FloorStore {
  // The hash tag keeps a cluster's list on one node, as partwise keeps a session's keys.
  const key = (sessionId: string) => `bench-floor:{${sessionId}}`;
  return {
    async create(sessionId) {
      await client.hset(`bench-floor-session:{${sessionId}}`, "version", 0);
    },
    async insert(sessionId, _first, bodies) {
      // One RPUSH per batch (per 500 bodies when loading a session, as partwise's is loaded): one 50 MB
      // command stalls a cluster node long enough to be failed over.
      for (let offset = 0; offset < bodies.length; offset += 500) await client.call("RPUSH", [key(sessionId), ...bodies.slice(offset, offset + 500)]);
    },
    async load(sessionId) {
      return (await client.lrange(key(sessionId), 0, -1)).map((body) => JSON.parse(body));
    },
    close: async () => {
      await client.quit();
    },
  };
}

function redisServerInstalled(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The standalone and cluster stores with their floors, or why there are none; `close` stops the servers. */
export async function benchRedisStores(): Promise<{ stores: BenchRedisStore[]; close: () => Promise<void> } | { skipped: string }> {
  if (!redisServerInstalled()) return { skipped: "redis-server is not installed (run .ci/install-redis): the Redis session store comparisons were skipped" };
  const server = await startRedisServer(await freePorts(17_100, 17_199, 1));
  const cluster = await startRedisCluster(await freePorts(server.port + 1, 17_199, 6));
  const standaloneClient = new Redis({ host: "127.0.0.1", port: server.port });
  const clusterClient = new Cluster(cluster.nodes.map((node) => ({ host: "127.0.0.1", port: node.port })), { enableAutoPipelining: true });
  const stores: BenchRedisStore[] = [
    { name: "Redis", service: await openSessionService(server.url), floor: redisFloor(standaloneClient) },
    { name: "Redis Cluster", service: await openSessionService(cluster.url), floor: redisFloor(clusterClient) },
  ];
  return {
    stores,
    async close() {
      for (const store of stores) {
        await store.service.close();
        await store.floor.close();
      }
      await Promise.all([server.stop(), cluster.stop()]);
    },
  };
}
