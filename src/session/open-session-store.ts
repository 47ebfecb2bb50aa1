// Opens a session store from a URL: `memory:`, `sqlite:PATH` (the embedded default, one file),
// `sqlite::memory:`, `postgres://...` / `postgresql://...`, or `redis://...`, `rediss://...`,
// `redis+cluster://HOST:PORT,...`. The SQL and Redis stores are imported only when a URL names them, so
// `partwise/session` loads without Node and without their drivers (optional peer dependencies).
import { SessionError } from "../errors/partwise-error.js";
import { redactPassword } from "../errors/redact-credentials.js";
import { MemorySessionRepository } from "./memory-session-repository.js";
import { SessionService, type SessionServiceOptions } from "./session-service.js";
import type { SessionRepository } from "./session-repository.js";

/** The store used when none is named: a SQLite file in the working directory. */
export const DEFAULT_SESSION_STORE_URL = "sqlite:./partwise.db";

export interface OpenSessionStoreOptions {
  /** Create the SQLite file when it does not exist (default true); false for commands that only read. */
  readonly create?: boolean;
}

export { redactPassword };

const REDIS_URL = /^rediss?(\+cluster)?:\/\//i;

/** True when `url` names a store `openSessionRepository` can open. */
export function isSessionStoreUrl(url: string): boolean {
  return url === "memory:" || /^sqlite:./.test(url) || /^postgres(ql)?:\/\//.test(url) || REDIS_URL.test(url);
}

/** The repository a URL names, with its schema migrated; `session/storage` for a URL of no known store. */
export async function openSessionRepository(url: string, options: OpenSessionStoreOptions = {}): Promise<SessionRepository> {
  if (url === "memory:") return new MemorySessionRepository();
  if (url.startsWith("sqlite:") && url.length > "sqlite:".length) {
    const { SqliteSessionRepository } = await import("./sqlite-session-repository.js");
    return new SqliteSessionRepository(url.slice("sqlite:".length), { fileMustExist: options.create === false });
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { PostgresSessionRepository } = await import("./postgres-session-repository.js");
    return PostgresSessionRepository.open(url);
  }
  if (REDIS_URL.test(url)) return (await import("./redis/redis-session-repository.js")).RedisSessionRepository.open(url);
  const shown = redactPassword(url);
  throw new SessionError("session/storage", `unknown session store URL ${JSON.stringify(shown)}: expected memory:, sqlite:PATH, sqlite::memory:, postgres://USER:PASSWORD@HOST:PORT/DATABASE, redis://HOST:PORT or redis+cluster://HOST:PORT,HOST:PORT`, {
    details: { url: shown },
  });
}

/** A SessionService over the store a URL names. */
export async function openSessionService(url: string, options: OpenSessionStoreOptions & SessionServiceOptions = {}): Promise<SessionService> {
  return new SessionService(await openSessionRepository(url, options), options);
}
