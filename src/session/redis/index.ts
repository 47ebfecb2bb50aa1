// The `partwise/redis` entry: the Redis session store, on one server or a Redis Cluster. Its client,
// ioredis, is an optional peer dependency: install it to use this store.
export { RedisSessionRepository, type RedisSessionRepositoryOptions } from "./redis-session-repository.js";
export { isRedisUrl, parseRedisUrl, type RedisStoreSettings, type RedisTarget, type ReplicaWait } from "./redis-connection.js";
