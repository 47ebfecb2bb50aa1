// vitest globalSetup: the PostgreSQL server of the session-store tests. PARTWISE_TEST_POSTGRES_URL when
// set, otherwise the server .ci/start-postgres starts (installing PostgreSQL if needed). When neither
// works the reason is provided instead, and every test that needs PostgreSQL fails with it.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

/** The server the tests use, or why there is none. */
export type TestPostgres = { readonly url: string } | { readonly error: string };

declare module "vitest" {
  export interface ProvidedContext {
    postgres: TestPostgres;
  }
}

const startScript = fileURLToPath(new URL("../../.ci/start-postgres", import.meta.url));

async function startPostgres(): Promise<TestPostgres> {
  const configured = process.env.PARTWISE_TEST_POSTGRES_URL;
  if (configured) return { url: configured };
  try {
    const { stdout } = await promisify(execFile)(startScript, { timeout: 15 * 60_000 });
    const url = stdout.trim().split("\n").at(-1) ?? "";
    return url.startsWith("postgres") ? { url } : { error: `${startScript} printed no connection URL` };
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    return { error: `${startScript} failed: ${(stderr || message).trim()}` };
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide("postgres", await startPostgres());
}
