// `partwise session import` run again after it failed or was cut short (issue 22, item 18), in its own
// process on a SQLite file: each session is imported whole or not at all, and a rerun skips the sessions
// already imported instead of failing on their event ids.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSessionService } from "../../src/session/open-session-store.js";
import { runCli } from "../support/cli-process.js";
import { assistant, user } from "../support/session-fixtures.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("import-rerun");

function eventLine(sessionId: string, id: string, text: string): string {
  return JSON.stringify({ id, sessionId, timestamp: "2026-11-30T09:00:00.000Z", type: "MESSAGE", message: id.endsWith("1") ? user(text) : assistant(text) });
}

describe("partwise session import", () => {
  it("imports each session whole or not at all, and a rerun completes what a failed run left", async () => {
    const database = `sqlite:${join(directory, "rerun.db")}`;
    const lines = [eventLine("a", "a-1", "hello"), eventLine("a", "a-2", "hi"), eventLine("b", "b-1", "again"), eventLine("b", "b-2", "sure")];
    const file = join(directory, "two-sessions.jsonl");
    writeFileSync(file, `${lines.join("\n")}\n`);
    // What a run killed after session a wrote: session a alone.
    const cut = join(directory, "first-session.jsonl");
    writeFileSync(cut, `${lines.slice(0, 2).join("\n")}\n`);
    expect((await runCli(["session", "import", cut, "--db", database])).status).toBe(0);
    // An event id of session b is taken elsewhere, so b fails: it must leave no empty session.
    const service = await openSessionService(database);
    await service.create({ id: "holder" });
    await service.appendEvents("holder", [{ id: "b-2", type: "MESSAGE", message: user("taken") }]);
    const failed = await runCli(["session", "import", file, "--db", database]);
    expect([failed.status, failed.stderr]).toEqual([1, expect.stringContaining('"b-2" already taken')]);
    expect(await service.findById("b")).toBeUndefined();
    await service.delete("holder");
    await service.close();

    const rerun = await runCli(["session", "import", file, "--db", database]);
    expect([rerun.status, rerun.stdout.trim().split("\n")]).toEqual([0, [
      "session a already holds these 2 events; left unchanged (version 2)",
      "imported 2 events into session b (version 2)",
    ]]);
    const after = await openSessionService(database);
    expect((await after.getEvents("a")).map((event) => event.id)).toEqual(["a-1", "a-2"]);
    expect((await after.getEvents("b")).map((event) => event.id)).toEqual(["b-1", "b-2"]);
    await after.close();
  });

  it("imports a history (which names no ids) once, however often it is run, with and without --session", async () => {
    const database = `sqlite:${join(directory, "history.db")}`;
    const file = join(directory, "history.json");
    writeFileSync(file, JSON.stringify({ format: "partwise.history", version: 1, messages: [user("hello"), assistant("hi")] }));
    const first = await runCli(["session", "import", file, "--db", database]);
    const again = await runCli(["session", "import", file, "--db", database]);
    const sessionId = /into session (\S+) /.exec(first.stdout)?.[1];
    expect([first.status, again.status, again.stdout.trim()]).toEqual([0, 0, `session ${sessionId} already holds these 2 events; left unchanged (version 2)`]);
    const named = await runCli(["session", "import", file, "--db", database, "--session", "named"]);
    const namedAgain = await runCli(["session", "import", file, "--db", database, "--session", "named"]);
    expect([named.stdout.trim(), namedAgain.stdout.trim()]).toEqual(["imported 2 events into session named (version 2)", "session named already holds these 2 events; left unchanged (version 2)"]);
    const service = await openSessionService(database);
    expect((await service.list()).map((session) => [session.id, session.version])).toEqual([[sessionId, 2], ["named", 2]].sort());
    await service.close();
  });
});
