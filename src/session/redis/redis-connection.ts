// Connecting the Redis session store: its URLs (`redis://`, `rediss://`, and `redis+cluster://` or
// `rediss+cluster://` naming several cluster nodes) and the ioredis client, an optional peer dependency
// loaded only when a Redis store is opened.
import type { Cluster, ClusterOptions, Redis, RedisOptions } from "ioredis";
import type { RedisClient } from "./redis-client.js";
import { importOptionalPeer } from "../../runtime/optional-peer.js";
import { SessionError } from "../../errors/partwise-error.js";
import { redactPassword } from "../../errors/redact-credentials.js";

/** How appends are made durable: `WAIT` for replicas after each append (https://redis.io/docs/latest/commands/wait/). */
export interface ReplicaWait {
  /** The replicas that must confirm an append before it is acknowledged. */
  readonly replicas: number;
  /** How long to wait for them, in milliseconds. */
  readonly timeoutMilliseconds: number;
}

export interface RedisStoreSettings {
  /** Prefix of every key (default `partwise:`), so several stores can share a server. */
  readonly keyPrefix: string;
  /** Give a session's keys a Redis TTL at its expiry, so Redis drops them even if deleteExpired never runs. */
  readonly expireKeys: boolean;
  /** Wait for replicas after each append; undefined acknowledges once the primary has it. */
  readonly waitForReplicas: ReplicaWait | undefined;
}

interface RedisNode {
  readonly host: string;
  readonly port: number;
}

/** What a store URL names: the server or cluster nodes, credentials and store settings. */
export interface RedisTarget {
  readonly cluster: boolean;
  readonly nodes: readonly RedisNode[];
  readonly tls: boolean;
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly database: number;
  readonly settings: RedisStoreSettings;
}

const URL_PATTERN = /^(rediss?)(\+cluster)?:\/\/(?:([^@/?#]*)@)?([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/i;
const DEFAULT_PORT = 6379;
export const DEFAULT_KEY_PREFIX = "partwise:";

/** True when `url` names a Redis store. */
export function isRedisUrl(url: string): boolean {
  return /^rediss?(\+cluster)?:\/\//i.test(url);
}

function invalidUrl(url: string, problem: string): SessionError {
  const shown = redactPassword(url);
  return new SessionError("session/storage", `invalid Redis store URL ${JSON.stringify(shown)}: ${problem}; expected redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://... or redis+cluster://HOST:PORT,HOST:PORT,...`, {
    details: { url: shown },
  });
}

function parseNode(url: string, text: string): RedisNode {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(text);
  const port = match?.[2] === undefined ? DEFAULT_PORT : Number(match[2]);
  if (!match || port < 1 || port > 65_535) throw invalidUrl(url, `${JSON.stringify(text)} is not HOST[:PORT]`);
  return { host: match[1]!.replace(/^\[(.*)\]$/, "$1"), port };
}

function parseSettings(url: string, query: URLSearchParams): RedisStoreSettings {
  for (const name of query.keys()) {
    if (!["prefix", "expire-keys", "wait-replicas", "wait-timeout"].includes(name)) throw invalidUrl(url, `unknown parameter ${JSON.stringify(name)}`);
  }
  const whole = (name: string, fallback: number): number => {
    const text = query.get(name);
    if (text === null) return fallback;
    if (!/^\d{1,9}$/.test(text)) throw invalidUrl(url, `${name} must be a whole number, not ${JSON.stringify(text)}`);
    return Number(text);
  };
  const expireKeys = query.get("expire-keys") ?? "false";
  if (expireKeys !== "true" && expireKeys !== "false") throw invalidUrl(url, "expire-keys must be true or false");
  const replicas = whole("wait-replicas", 0);
  return {
    keyPrefix: query.get("prefix") ?? DEFAULT_KEY_PREFIX,
    expireKeys: expireKeys === "true",
    waitForReplicas: replicas > 0 ? { replicas, timeoutMilliseconds: whole("wait-timeout", 1000) } : undefined,
  };
}

/**
 * The target of a Redis store URL. Parameters: `prefix` (key prefix), `expire-keys=true` (Redis TTLs at
 * each session's expiry), `wait-replicas=N` and `wait-timeout=MS` (WAIT after each append).
 */
export function parseRedisUrl(url: string): RedisTarget {
  const match = URL_PATTERN.exec(url);
  if (!match) throw invalidUrl(url, "it is not a URL of that form");
  const [, scheme, cluster, userInfo, hosts, path, query] = match;
  const nodes = hosts!.split(",").map((text) => parseNode(url, text));
  if (nodes.length > 1 && !cluster) throw invalidUrl(url, "several nodes need the redis+cluster:// scheme");
  const database = path && path !== "/" ? Number(path.slice(1)) : 0;
  if (!Number.isInteger(database) || database < 0) throw invalidUrl(url, `the database ${JSON.stringify(path!.slice(1))} is not a number`);
  if (cluster && database !== 0) throw invalidUrl(url, "a Redis Cluster has only database 0");
  const [username, password] = userInfo === undefined ? [] : userInfo.split(/:(.*)/s).map(decodeURIComponent);
  return {
    cluster: cluster !== undefined,
    nodes,
    tls: scheme!.toLowerCase() === "rediss",
    username: username || undefined,
    password: password || undefined,
    database,
    settings: parseSettings(url, new URLSearchParams(query ?? "")),
  };
}

/** The ioredis module, or `setup/missing-dependency` naming the package when it is not installed. */
function loadIoredis(): Promise<{ readonly Redis: typeof Redis; readonly Cluster: typeof Cluster }> {
  return importOptionalPeer("ioredis", "the Redis session store");
}

/**
 * A client for the target. Commands a lost connection left unanswered are not sent again: an append
 * could then be applied twice, so it fails instead and the caller learns its outcome is unknown.
 */
export async function connectRedis(target: RedisTarget): Promise<RedisClient> {
  const { Redis, Cluster } = await loadIoredis();
  const common = {
    ...(target.username === undefined ? {} : { username: target.username }),
    ...(target.password === undefined ? {} : { password: target.password }),
    ...(target.tls ? { tls: {} } : {}),
    autoResendUnfulfilledCommands: false,
    enableAutoPipelining: true,
  } satisfies RedisOptions;
  // A lost connection fails the commands it carried, each reported by the store; the client's own
  // error events would only repeat that on standard error.
  if (!target.cluster) {
    const [node] = target.nodes;
    return new Redis({ ...common, host: node!.host, port: node!.port, db: target.database, maxRetriesPerRequest: 2 }).on("error", () => {});
  }
  const options = {
    enableAutoPipelining: true,
    redisOptions: common,
    // During a failover the slots move to the promoted replica; keep retrying until the cluster settles.
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    maxRedirections: 32,
  } satisfies ClusterOptions;
  return new Cluster(target.nodes.map((node) => ({ host: node.host, port: node.port })), options).on("error", () => {});
}
