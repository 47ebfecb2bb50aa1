// `partwise/redis`: the Redis session store, on one server or a Redis Cluster. Its client, ioredis, is an
// optional peer dependency: opening a store without it raises a MissingDependencyError naming the package.
export { RedisSessionRepository, type RedisSessionRepositoryOptions } from "../session/redis/redis-session-repository.js";
export { isRedisUrl, parseRedisUrl, type RedisStoreSettings, type RedisTarget, type ReplicaWait } from "../session/redis/redis-connection.js";
export type { RedisClient, RedisPipeline } from "../session/redis/redis-client.js";
