// The session stores the contract tests run against: in memory, a SQLite file, PostgreSQL (a fresh
// schema per store on the server the global setup provides), and Redis standalone and Cluster (a fresh
// key prefix per store on the servers the global setup starts). A PostgreSQL or Redis test fails, never
// skips, when the server cannot be reached.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { MemorySessionRepository } from "../../src/session/memory-session-repository.js";
import { PostgresSessionRepository } from "../../src/session/postgres-session-repository.js";
import { RedisSessionRepository } from "../../src/session/redis/redis-session-repository.js";
import type { SessionRepository } from "../../src/session/session-repository.js";
import { SqliteSessionRepository } from "../../src/session/sqlite-session-repository.js";
import { temporaryDirectory } from "./temporary-directory.js";

export type StoreName = "memory" | "sqlite" | "postgres" | "redis" | "redis-cluster";

export interface StoreUnderTest {
  readonly name: StoreName;
  /** A fresh, empty store. */
  open(): Promise<SessionRepository>;
}

/** The URL of the test server; throws (so the test fails) when the global setup could not provide one. */
export function postgresUrl(): string {
  const postgres = inject("postgres");
  if ("error" in postgres) throw new Error(`this test needs PostgreSQL, which could not be reached: ${postgres.error}`);
  return postgres.url;
}

/**
 * A URL of a fresh, empty Redis store (its own key prefix) on the test server or cluster; throws (so the
 * test fails) when the global setup could not start them.
 */
export function redisUrl(kind: "standalone" | "cluster"): string {
  const redis = inject("redis");
  if ("error" in redis) throw new Error(`this test needs Redis, which could not be started: ${redis.error}`);
  const base = kind === "standalone" ? redis.standaloneUrl : redis.clusterUrl;
  return `${base}?prefix=${encodeURIComponent(`partwise-test-${randomUUID()}:`)}`;
}

/**
 * Fresh PostgreSQL schemas for one test file, each a URL whose connections use it (`search_path`), all
 * dropped after the file's tests.
 */
export function postgresSchemas(): () => Promise<string> {
  let admin: pg.Pool | undefined;
  const schemas: string[] = [];
  afterAll(async () => {
    if (!admin) return;
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });
  return async () => {
    const base = postgresUrl();
    if (!admin) {
      admin = new pg.Pool({ connectionString: base, max: 2 });
      admin.on("error", () => {});
    }
    const schema = `partwise_test_${randomUUID().replaceAll("-", "")}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    schemas.push(schema);
    return `${base}${base.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  };
}

/** Fresh SQLite files for one test file, in a temporary directory removed after its tests. */
export function sqliteFiles(prefix: string): () => string {
  const directory = temporaryDirectory(prefix);
  return () => join(directory, `${randomUUID()}.db`);
}

/** The five stores, each opening a fresh empty store per call. */
export function storesUnderTest(prefix: string): StoreUnderTest[] {
  const sqliteFile = sqliteFiles(prefix);
  const postgresSchema = postgresSchemas();
  return [
    { name: "memory", open: async () => new MemorySessionRepository() },
    { name: "sqlite", open: async () => new SqliteSessionRepository(sqliteFile()) },
    { name: "postgres", open: async () => PostgresSessionRepository.open(await postgresSchema()) },
    { name: "redis", open: () => RedisSessionRepository.open(redisUrl("standalone")) },
    { name: "redis-cluster", open: () => RedisSessionRepository.open(redisUrl("cluster")) },
  ];
}
