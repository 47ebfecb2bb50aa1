// Real Redis servers for the tests and the bench: a standalone server, or a 3-primary, 3-replica Redis
// Cluster made with `redis-cli --cluster create`, on 127.0.0.1, each node in its own temporary
// directory, all stopped by whoever started them. Plain Node (no vitest), so the bench can use it too.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const HOST = "127.0.0.1";
/** Cluster nodes talk to each other on their port + 10000. */
const BUS_OFFSET = 10_000;
const POLL_MILLISECONDS = 50;

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server and waits for it to exit; removes its directory unless it was a crash. */
  stop(options?: { crash?: boolean }): Promise<void>;
  /** Starts the server again after a crash, on its port and with its files (so a cluster node keeps its identity). */
  restart(): Promise<void>;
}

export interface RedisCluster {
  readonly nodes: readonly RedisServer[];
  /** A `redis+cluster://` URL naming every node. */
  readonly url: string;
  stop(): Promise<void>;
}

/** Runs redis-cli against one node and returns what it printed. */
export async function redisCli(port: number, ...command: string[]): Promise<string> {
  const { stdout } = await run("redis-cli", ["-h", HOST, "-p", String(port), ...command], { timeout: 30_000 });
  return stdout;
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** Polls `check` until it returns true, failing with `what` after `attempts` tries. */
export async function waitFor(what: string, check: () => Promise<boolean>, attempts = 600): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await check().catch(() => false)) return;
    await sleep(POLL_MILLISECONDS);
  }
  throw new Error(`gave up waiting for ${what}`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive ports in [from, to] that are free, with their cluster bus ports. */
export async function freePorts(from: number, to: number, count: number): Promise<number> {
  for (let first = from; first + count - 1 <= to; first++) {
    let free = true;
    for (let port = first; port < first + count && free; port++) free = (await portIsFree(port)) && (await portIsFree(port + BUS_OFFSET));
    if (free) return first;
  }
  throw new Error(`no ${count} free ports (and bus ports) between ${from} and ${to}`);
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port }, () => socket.write("PING\r\n"));
    socket.setTimeout(1000, () => socket.destroy());
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("close", () => resolve(false));
  });
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** Spawns redis-server and waits until it answers; the running child. */
async function spawnRedisServer(port: number, settings: readonly string[]): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), ...settings], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const spawnFailed = new Promise<never>((_, reject) => child.once("error", reject));
  try {
    await Promise.race([spawnFailed, waitFor(`redis-server on port ${port}`, async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited: ${errors}`);
      return answersPing(port);
    })]);
  } catch (error) {
    child.kill("SIGKILL");
    await exitOf(child);
    throw error;
  }
  return child;
}

export interface RedisServerOptions {
  /** Start a cluster node. */
  readonly cluster?: boolean;
  /**
   * How long a cluster node may not answer before the others fail it over (default 5 s). The failover
   * test makes it 1 s; elsewhere a loaded machine stalling a node that long must not cost a failover,
   * which drops the writes its replica had not received yet.
   */
  readonly nodeTimeoutMilliseconds?: number;
}

/** Starts `redis-server` on a port, in a fresh temporary directory removed when it stops. */
export async function startRedisServer(port: number, options: RedisServerOptions = {}): Promise<RedisServer> {
  const directory = mkdtempSync(join(tmpdir(), `partwise-redis-${port}-`));
  const settings = ["--bind", HOST, "--dir", directory, "--save", "", "--appendonly", "yes", "--appendfsync", "everysec", "--loglevel", "warning"];
  if (options.cluster) settings.push("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", String(options.nodeTimeoutMilliseconds ?? 5000));
  let child: ChildProcess;
  try {
    child = await spawnRedisServer(port, settings);
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: `redis://${HOST}:${port}`,
    async stop({ crash = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) child.kill(crash ? "SIGKILL" : "SIGTERM");
      await exitOf(child);
      if (!crash) rmSync(directory, { recursive: true, force: true });
    },
    async restart() {
      child = await spawnRedisServer(port, settings);
    },
  };
}

/** The value of one field of `CLUSTER INFO` or `INFO` text. */
export function infoField(info: string, field: string): string | undefined {
  return new RegExp(`^${field}:(.*)$`, "m").exec(info)?.[1]?.trim();
}

/** Waits until every node sees the whole cluster as ok and every replica is in sync with its primary. */
export async function waitForClusterReady(nodes: readonly RedisServer[]): Promise<void> {
  await waitFor("cluster_state:ok on every node", async () => {
    for (const node of nodes) {
      const info = await redisCli(node.port, "cluster", "info");
      if (infoField(info, "cluster_state") !== "ok" || infoField(info, "cluster_slots_ok") !== "16384") return false;
    }
    return true;
  });
  await waitFor("every replica in sync", async () => {
    for (const node of nodes) {
      const replication = await redisCli(node.port, "info", "replication");
      if (infoField(replication, "role") === "slave" && infoField(replication, "master_link_status") !== "up") return false;
    }
    return true;
  });
}

/** Starts six nodes on `firstPort`.. and joins them into 3 primaries with one replica each. */
export async function startRedisCluster(firstPort: number, options: Omit<RedisServerOptions, "cluster"> = {}): Promise<RedisCluster> {
  const ports = Array.from({ length: 6 }, (_, index) => firstPort + index);
  const started = await Promise.allSettled(ports.map((port) => startRedisServer(port, { ...options, cluster: true })));
  const nodes = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
  };
  try {
    const failed = started.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    await run("redis-cli", ["--cluster", "create", ...ports.map((port) => `${HOST}:${port}`), "--cluster-replicas", "1", "--cluster-yes"], { timeout: 60_000 });
    await waitForClusterReady(nodes);
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes, url: `redis+cluster://${ports.map((port) => `${HOST}:${port}`).join(",")}`, stop };
}
