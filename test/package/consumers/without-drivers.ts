// A Node app that opens its session store from a URL and has none of the drivers' types: no pg, no
// @types/pg, no ioredis, no better-sqlite3 (test/package/consumer-types.test.ts checks it in a project
// without them), so the store declarations must not import the drivers' types.
import { ChatClient, ProviderHttpClient } from "partwise/chat";
import { validateFile } from "partwise/files";
import { PostgresSessionRepository, type PostgresPool } from "partwise/postgres";
import { RedisSessionRepository, isRedisUrl, parseRedisUrl, type RedisClient } from "partwise/redis";
import { SessionService, openSessionService, type SessionRepository } from "partwise/session";
import { SqliteSessionRepository } from "partwise/sqlite";
import { startSimulator } from "partwise/testing";
import { codecFor, textOf } from "partwise";

/** The store a deployment names, opened with the driver the deployment installed. */
export async function openStore(url: string): Promise<SessionRepository> {
  if (isRedisUrl(url)) return RedisSessionRepository.open(url, { keyPrefix: parseRedisUrl(url).settings.keyPrefix });
  if (url.startsWith("postgres://")) return PostgresSessionRepository.open(url);
  return new SqliteSessionRepository(url.replace(/^sqlite:/, ""), { fileMustExist: false });
}

/** Stores given a client the app made elsewhere, typed only by what partwise needs of it. */
export async function openWithClients(pool: PostgresPool, redis: RedisClient): Promise<SessionRepository[]> {
  return [await PostgresSessionRepository.open(pool), await RedisSessionRepository.open(redis)];
}

/** One turn against a local simulator, remembered in the store at `url`. */
export async function oneTurn(url: string, historyFile: string): Promise<string> {
  await validateFile(historyFile, { onIssue: (issue) => console.warn(issue.message) });
  const simulator = await startSimulator("ollama");
  try {
    const sessions: SessionService = await openSessionService(url);
    const transport = new ProviderHttpClient({ provider: "ollama", model: "llama3", baseUrl: simulator.url });
    const reply = await new ChatClient({ codec: codecFor("ollama"), transport }).send("Hello", { memory: { load: async () => sessions.getActiveMessages("s1"), record: async () => {} } });
    return textOf(reply.message);
  } finally {
    await simulator.close();
  }
}
