// What the Redis store needs from an ioredis client (a `Redis` or a `Cluster`), declared here so that
// partwise's published .d.ts files type-check in a project without ioredis (issue 15): partwise/redis also
// parses store URLs, which needs no driver. connectRedis (redis-connection.ts) returns ioredis's own
// clients as this type, so the repository's compiler checks that both satisfy it.

/** A pipeline's commands as the store sends them: by name, the arguments as one array. */
export interface RedisPipeline {
  call(command: string, args: (string | number)[]): unknown;
  exec(): Promise<[Error | null, unknown][] | null>;
}

/** The commands the store sends, with the argument shapes it sends them with. */
export interface RedisClient {
  readonly status: string;
  ping(): Promise<string>;
  call(command: string, args: (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  exists(key: string): Promise<number>;
  hmget(key: string, ...fields: string[]): Promise<(string | null)[]>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  pexpireat(key: string, unixTimeMilliseconds: number | string): Promise<number>;
  zrem(key: string, member: string): Promise<number>;
  zrange(key: string, start: string, stop: string): Promise<string[]>;
  zrangebylex(key: string, min: string, max: string, limitToken: "LIMIT", offset: number, count: number): Promise<string[]>;
  zrangebyscore(key: string, min: number | string, max: number | string): Promise<string[]>;
  pipeline(): RedisPipeline;
  quit(): Promise<unknown>;
  disconnect(): void;
}

/** A Redis Cluster client (ioredis's `Cluster`), which can relearn which node serves each hash slot. */
export interface RedisClusterClient extends RedisClient {
  refreshSlotsCache(callback: () => void): void;
}

/** True for a cluster client, the one kind that has a slot map to refresh after a failover. */
export function isClusterClient(client: RedisClient): client is RedisClusterClient {
  return "refreshSlotsCache" in client;
}
