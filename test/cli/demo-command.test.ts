// `partwise demo`, what `npm start` runs, as a newcomer runs it: the CLI in its own process, twice on one
// SQLite file; the second run must continue the stored sessions (their second process included).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openSessionService } from "../../src/session/open-session-store.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const cli = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));
const directory = temporaryDirectory("demo");

function runDemo(...argv: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, "demo", ...argv], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

async function storedEventCount(database: string, sessionId: string): Promise<number> {
  const service = await openSessionService(database);
  try {
    return (await service.getEvents(sessionId)).length;
  } finally {
    await service.close();
  }
}

describe("partwise demo", () => {
  it("continues the stored sessions when it runs a second time on the same store", async () => {
    const database = `sqlite:${join(directory, "demo.db")}`;
    const providers = ["--providers", "anthropic,google", "--db", database];

    const first = await runDemo(...providers);
    expect(first.status, first.output).toBe(0);
    expect(first.output).toContain("session demo-anthropic: new");
    expect(first.output).toContain("2/2 providers replayed their stored sessions faithfully.");
    const afterFirst = await storedEventCount(database, "demo-anthropic");

    const second = await runDemo(...providers);
    expect(second.status, second.output).toBe(0);
    expect(second.output).toContain(`session demo-anthropic: continuing, ${afterFirst} events stored by earlier runs`);
    expect(second.output).toContain("2/2 providers replayed their stored sessions faithfully.");
    expect(await storedEventCount(database, "demo-anthropic")).toBeGreaterThan(afterFirst);
  }, 120_000);
});
