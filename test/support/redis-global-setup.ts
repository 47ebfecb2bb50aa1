// vitest globalSetup: the Redis servers of the session-store tests, a standalone server and a
// 3-primary, 3-replica cluster on 127.0.0.1 (ports 17000-17049), stopped after the run. When
// redis-server cannot start, the reason is provided instead and every test that needs Redis fails with it.
import type { TestProject } from "vitest/node";
import { freePorts, startRedisCluster, startRedisServer, type RedisCluster, type RedisServer } from "./redis-servers.js";

/** The servers the tests use, or why there are none. */
export type TestRedis = { readonly standaloneUrl: string; readonly clusterUrl: string } | { readonly error: string };

declare module "vitest" {
  export interface ProvidedContext {
    redis: TestRedis;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let standalone: RedisServer | undefined;
  let cluster: RedisCluster | undefined;
  const teardown = async () => {
    await Promise.all([standalone?.stop(), cluster?.stop()]);
  };
  try {
    standalone = await startRedisServer(await freePorts(17_000, 17_009, 1));
    cluster = await startRedisCluster(await freePorts(17_010, 17_049, 6));
    project.provide("redis", { standaloneUrl: standalone.url, clusterUrl: cluster.url });
  } catch (error) {
    project.provide("redis", { error: `could not start redis-server (run .ci/install-redis): ${(error as Error).message}` });
  }
  return teardown;
}
