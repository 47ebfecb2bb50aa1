import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Cluster, Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { openSessionService } from "../../src/session/open-session-store.js";
import { parseRedisUrl } from "../../src/session/redis/redis-connection.js";
import { RedisKeys } from "../../src/session/redis/redis-keys.js";
import { RedisSessionRepository } from "../../src/session/redis/redis-session-repository.js";
import { SessionService } from "../../src/session/session-service.js";
import { freePorts, redisCli } from "../support/redis-servers.js";
import { failure, manualClock, user } from "../support/session-fixtures.js";
import { redisUrl } from "../support/session-stores.js";

/** The key prefix a test store URL sets. */
function prefixOf(url: string): string {
  return decodeURIComponent(/[?&]prefix=([^&]*)/.exec(url)![1]!);
}

/** A raw ioredis client on the same server or cluster, for looking at keys. */
function rawClient(url: string): Redis | Cluster {
  const target = parseRedisUrl(url);
  return target.cluster ? new Cluster(target.nodes.map((node) => ({ ...node }))) : new Redis({ ...target.nodes[0]! });
}

describe("parseRedisUrl", () => {
  it("reads a standalone URL with credentials, database and store parameters", () => {
    expect(parseRedisUrl("rediss://app:s%40cret@cache.internal:6380/2?prefix=chat:&expire-keys=true&wait-replicas=1&wait-timeout=250")).toEqual({
      cluster: false,
      nodes: [{ host: "cache.internal", port: 6380 }],
      tls: true,
      username: "app",
      password: "s@cret",
      database: 2,
      settings: { keyPrefix: "chat:", expireKeys: true, waitForReplicas: { replicas: 1, timeoutMilliseconds: 250 } },
    });
    expect(parseRedisUrl("redis://localhost")).toMatchObject({ nodes: [{ host: "localhost", port: 6379 }], database: 0, settings: { keyPrefix: "partwise:", expireKeys: false } });
  });

  it("reads a cluster URL naming several nodes, IPv6 ones included", () => {
    expect(parseRedisUrl("redis+cluster://10.0.0.1:7000,10.0.0.2,[::1]:7002")).toMatchObject({
      cluster: true,
      nodes: [{ host: "10.0.0.1", port: 7000 }, { host: "10.0.0.2", port: 6379 }, { host: "::1", port: 7002 }],
    });
  });

  it("rejects a URL it cannot read with session/storage, the password masked", () => {
    for (const url of ["redis://:hunter2@a:1,b:2", "redis://a?color=red", "redis://a:99999", "redis+cluster://a/1", "redis://a?expire-keys=yes", "redis://a?wait-replicas=one"]) {
      const error = (() => {
        try {
          parseRedisUrl(url);
        } catch (caught) {
          return caught as Error & { code: string };
        }
        throw new Error(`${url} was accepted`);
      })();
      expect(error.code).toBe("session/storage");
      expect(error.message).not.toContain("hunter2");
    }
  });
});

describe("RedisSessionRepository.open", () => {
  it("fails with session/storage when nothing answers at the URL", async () => {
    const port = await freePorts(17_090, 17_099, 1);
    const error = await failure(openSessionService(`redis://127.0.0.1:${port}`));
    expect(error).toMatchObject({ code: "session/storage", details: { store: "Redis session store", operation: "connecting" } });
  });

  it("refuses a key prefix holding a brace, which would move session keys between hash slots", async () => {
    expect((await failure(RedisSessionRepository.open(redisUrl("standalone"), { keyPrefix: "chat:{x}:" }))).message).toContain("brace");
  });
});

describe("openSessionService", () => {
  it("fails with setup/missing-dependency naming the package to install when ioredis is missing", async () => {
    const hook = new URL("../support/without-ioredis.mjs", import.meta.url).href;
    const store = new URL("../../src/session/open-session-store.ts", import.meta.url).href;
    const script = `import { openSessionService } from ${JSON.stringify(store)};
      try { await openSessionService("redis://127.0.0.1:1"); } catch (error) { console.log(JSON.stringify(error.toJSON())); }`;
    const register = `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(hook)})`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", register, "--import", "tsx", "--input-type=module", "-e", script], { timeout: 60_000 });
    expect(JSON.parse(stdout)).toMatchObject({ code: "setup/missing-dependency", details: { package: "ioredis" }, message: expect.stringContaining("npm install ioredis") });
  });
});

describe("RedisSessionRepository on a Redis Cluster", () => {
  let service: SessionService | undefined;
  afterEach(() => service?.close());

  it("keeps every key of a session in one hash slot whatever braces its id holds, and works with such ids", async () => {
    const url = redisUrl("cluster");
    const keys = new RedisKeys(prefixOf(url));
    const { nodes } = parseRedisUrl(url);
    service = await openSessionService(url);
    for (const id of ["plain", "}{", "{a}b", "a{}b", "%7B", "{", "}", "x{y"]) {
      const { session, events, eventIds, attributes } = keys.session(id);
      const slots = await Promise.all([session, events, eventIds, attributes].map(async (key) => Number(await redisCli(nodes[0]!.port, "cluster", "keyslot", key))));
      expect(new Set(slots).size, id).toBe(1);
      await service.create({ id, metadata: { principalName: id } });
      await service.appendMessage(id, user(`hello ${id}`));
      expect(await service.getActiveMessages(id)).toEqual([user(`hello ${id}`)]);
      expect((await service.findByMetadata("principalName", id)).map((found) => found.id)).toEqual([id]);
    }
    // Ids escaped alike ("{" and "%7B") still name different sessions.
    expect(await service.getActiveMessages("%7B")).toEqual([user("hello %7B")]);
    expect(await service.delete("}{")).toBe(true);
    expect(await service.findById("}{")).toBeUndefined();
  });

  it("spreads sessions over every primary and lists them in one order across the nodes", async () => {
    const url = redisUrl("cluster");
    service = await openSessionService(url);
    const ids = Array.from({ length: 30 }, (_, index) => `s-${String(index).padStart(2, "0")}`);
    for (const id of ids) await service.create({ id });
    const holding = await Promise.all(parseRedisUrl(url).nodes.map(async (node) => {
      const role = /^role:(\w+)/m.exec(await redisCli(node.port, "info", "replication"))![1];
      const keys = (await redisCli(node.port, "--scan", "--pattern", `${prefixOf(url)}session:*`)).trim();
      return role === "master" && keys.length > 0;
    }));
    expect(holding.filter(Boolean)).toHaveLength(3);
    expect((await service.list({ limit: 12 })).map((session) => session.id)).toEqual(ids.slice(0, 12));
    expect((await service.list({ after: "s-11", limit: 100 })).map((session) => session.id)).toEqual(ids.slice(12));
  });

  it("fails an append that fewer replicas than wait-replicas confirm, and writes nothing", async () => {
    const url = redisUrl("cluster");
    service = await openSessionService(url);
    await service.create({ id: "s-1" });
    const waiting = await openSessionService(`${url}&wait-replicas=2&wait-timeout=50`);
    try {
      const error = await failure(waiting.appendMessage("s-1", user("hi")));
      expect(error).toMatchObject({ code: "session/storage", details: { replicasConfirmed: 1, replicasRequired: 2 } });
    } finally {
      await waiting.close();
    }
    expect(await service.getEvents("s-1")).toEqual([]);
    await service.appendMessage("s-1", user("hi"));
  });
});

describe("RedisSessionRepository", () => {
  let service: SessionService | undefined;
  afterEach(() => service?.close());

  it("gives every key of a session a TTL at its expiry with expire-keys=true", async () => {
    const url = `${redisUrl("standalone")}&expire-keys=true`;
    service = await openSessionService(url);
    const session = await service.create({ id: "s-1", timeToLiveSeconds: 3600 });
    const [event] = (await service.appendEvents("s-1", [{ type: "MESSAGE", message: user("hi") }])).events;
    const keys = new RedisKeys(prefixOf(url));
    const raw = rawClient(url) as Redis;
    try {
      const { session: record, events, eventIds } = keys.session("s-1");
      for (const key of [record, events, eventIds, keys.eventClaim(event!.id)]) {
        expect(Number(await raw.call("PEXPIRETIME", key)), key).toBe(Date.parse(session.expiresAt));
      }
    } finally {
      await raw.quit();
    }
  });

  it("reports a session Redis expired on its own from deleteExpired, and leaves no key of it behind", async () => {
    const url = `${redisUrl("standalone")}&expire-keys=true`;
    const time = manualClock();
    const repository = await RedisSessionRepository.open(url);
    service = new SessionService(repository, { clock: time.clock });
    // The manual clock is in the past, so Redis drops the keys as soon as they get their TTL.
    await service.create({ id: "gone", timeToLiveSeconds: 60, metadata: { principalName: "alice" } });
    expect((await failure(service.appendMessage("gone", user("hi")))).code).toBe("session/not-found");
    expect(await service.findById("gone")).toBeUndefined();
    expect(await service.list()).toEqual([]);
    expect(await service.findByMetadata("principalName", "alice")).toEqual([]);
    time.advance(60_000);
    expect(await service.deleteExpired()).toEqual(["gone"]);
    const raw = rawClient(url) as Redis;
    try {
      expect(await raw.keys(`${prefixOf(url)}*`)).toEqual([]);
    } finally {
      await raw.quit();
    }
  });

  it("takes over an event id whose claiming session is gone, and refuses one a live session holds", async () => {
    const url = redisUrl("standalone");
    service = await openSessionService(url);
    const keys = new RedisKeys(prefixOf(url));
    const raw = rawClient(url) as Redis;
    try {
      // Claims a writer left behind: one of a deleted session, one of a live session whose append never landed.
      await raw.set(keys.eventClaim("e-ghost"), "ghost");
      await service.create({ id: "live" });
      await raw.set(keys.eventClaim("e-live"), "live");
      await service.create({ id: "s-1" });
      await service.appendEvents("s-1", [{ id: "e-ghost", type: "MESSAGE", message: user("mine now") }]);
      expect(await raw.get(keys.eventClaim("e-ghost"))).toBe("s-1");
      expect(await failure(service.appendEvents("s-1", [{ id: "e-live", type: "MESSAGE", message: user("taken") }]))).toMatchObject({ code: "session/duplicate-id" });
      // The session that holds the claim can still use the id.
      await service.appendEvents("live", [{ id: "e-live", type: "MESSAGE", message: user("mine") }]);
    } finally {
      await raw.quit();
    }
  });

  it("appends a batch of 40,000 events in one step and reads them back in order", async () => {
    service = await openSessionService(redisUrl("cluster"));
    await service.create({ id: "big" });
    const events = Array.from({ length: 40_000 }, (_, index) => ({ id: `e-${index}`, type: "MESSAGE" as const, message: user(`m ${index}`) }));
    expect((await service.appendEvents("big", events)).version).toBe(40_000);
    const log = await service.getEvents("big");
    expect(log.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(await service.getEvents("big", { view: "active", lastN: 1 })).toHaveLength(1);
  });

  it("reports a damaged stored event with its session and seq instead of returning it", async () => {
    const url = redisUrl("standalone");
    service = await openSessionService(url);
    await service.create({ id: "s-1" });
    await service.appendMessage("s-1", user("fine"));
    const raw = rawClient(url) as Redis;
    try {
      await raw.rpush(new RedisKeys(prefixOf(url)).session("s-1").events, "not a record");
    } finally {
      await raw.quit();
    }
    expect(await failure(service.getEvents("s-1"))).toMatchObject({ code: "session/storage", details: { sessionId: "s-1", seq: 2 } });
  });
});
