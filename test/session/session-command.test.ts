import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { runSession } from "../../src/cli/session-command.js";
import { message, opaquePayload, reasoningPart, textPart } from "../../src/parts/constructors.js";
import { LastTurnsStrategy, ALWAYS } from "../../src/session/compaction.js";
import { openSessionService } from "../../src/session/open-session-store.js";
import { assistant, system, toolCall, toolResult, user } from "../support/session-fixtures.js";
import { postgresSchemas, redisUrl, sqliteFiles } from "../support/session-stores.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("session-command");
const sqliteFile = sqliteFiles("session-command");
const postgresSchema = postgresSchemas();

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runSession(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { status, out: out.join("\n"), err: err.join("\n") };
}

async function validate(file: string) {
  const out: string[] = [];
  const status = await main(["validate", file], { out: (line) => out.push(line), err: (line) => out.push(line) });
  return { status, out: out.join("\n") };
}

/** A store with session "s-1": a system prompt, two turns with a tool round, a custom event and a compaction. */
async function seededStore(url: string): Promise<void> {
  const service = await openSessionService(url);
  await service.create({ id: "s-1", metadata: { principalName: "alice" } });
  await service.create({ id: "s-2", metadata: { principalName: "bob" } });
  for (const entry of [system("rules"), user("q1"), toolCall("c1"), toolResult("c1"), assistant("a1")]) await service.appendMessage("s-1", entry);
  await service.appendEvents("s-1", [{ type: "ACME.AUDIT", payload: { approved: "get_weather" } }]);
  const secret = "S".repeat(300);
  for (const entry of [user("q2"), message("assistant", [reasoningPart({ text: "think", payload: opaquePayload("anthropic", "signature", secret) }), textPart("a2")])]) {
    await service.appendMessage("s-1", entry);
  }
  await service.compact("s-1", ALWAYS, new LastTurnsStrategy(1));
  await service.close();
}

describe("runSession", () => {
  let url: string;

  beforeEach(async () => {
    url = `sqlite:${sqliteFile()}`;
    await seededStore(url);
  });

  it("exports JSONL of the session's header and events and a history document that partwise validate accepts", async () => {
    const events = join(directory, "events.jsonl");
    const history = join(directory, "history.json");
    expect(await run("export", "s-1", "--db", url, "--out", events)).toMatchObject({ status: 0, out: `exported 9 events of session s-1 (whole log) to ${events}` });
    expect(await run("export", "s-1", "--db", url, "--format", "history", "--view", "active", "--out", history)).toMatchObject({ status: 0 });
    expect(await validate(events)).toEqual({ status: 0, out: `${events}: valid (9 records)` });
    expect(await validate(history)).toEqual({ status: 0, out: `${history}: valid (3 messages)` });
    const [header, ...records] = readFileSync(events, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));
    expect(header).toMatchObject({ format: "partwise.session", version: 1, session: { id: "s-1", metadata: { principalName: "alice" }, version: 9 } });
    expect(records.map((record) => record.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const printed = await run("export", "s-1", "--db", url);
    expect(printed.out).toBe(readFileSync(events, "utf8").trimEnd());
  });

  it("imports its own export into another store event for event, and beside the original with --fresh-ids", async () => {
    const file = join(directory, "copy.jsonl");
    await run("export", "s-1", "--db", url, "--out", file);
    const target = `sqlite:${sqliteFile()}`;
    expect(await run("import", file, "--db", target)).toMatchObject({ status: 0, out: "imported 9 events into session s-1 (version 9)" });
    const [source, copy] = [await openSessionService(url), await openSessionService(target)];
    expect((await copy.getEvents("s-1")).map(({ sessionId: _, ...event }) => event)).toEqual((await source.getEvents("s-1")).map(({ sessionId: _, ...event }) => event));
    expect(await copy.getActiveMessages("s-1")).toEqual(await source.getActiveMessages("s-1"));
    expect((await copy.findById("s-1"))?.metadata).toEqual({ principalName: "alice" });
    await copy.close();
    // Its own log again: the session already holds every event, so a rerun leaves it unchanged; into another session the ids are taken.
    expect(await run("import", file, "--db", url)).toMatchObject({ status: 0, out: "session s-1 already holds these 9 events; left unchanged (version 9)" });
    expect((await run("import", file, "--db", url, "--session", "s-other")).err).toContain("already taken");
    expect((await source.findById("s-other"))).toBeUndefined();
    const edited = join(directory, "edited.jsonl");
    writeFileSync(edited, readFileSync(file, "utf8").replace('"q1"', '"q1 edited"'));
    expect((await run("import", edited, "--db", url)).err).toContain("already taken");
    expect(await run("import", file, "--db", url, "--session", "s-copy", "--fresh-ids")).toMatchObject({ status: 0 });
    expect(await source.getActiveMessages("s-copy")).toEqual(await source.getActiveMessages("s-1"));
    await source.close();
  });

  it("imports a history document and a legacy history, and prints what the legacy source lacked", async () => {
    const history = join(directory, "import-history.json");
    // A history export is the active view unless --view all asks for every message of the log.
    await run("export", "s-1", "--db", url, "--format", "history", "--out", history);
    expect(await run("import", history, "--db", url, "--session", "from-history")).toMatchObject({ status: 0, out: "imported 3 events into session from-history (version 3)" });
    await run("export", "s-1", "--db", url, "--format", "history", "--view", "all", "--out", history);
    expect(await run("import", history, "--db", url, "--session", "from-whole-log")).toMatchObject({ status: 0, out: "imported 7 events into session from-whole-log (version 7)" });
    const legacy = join(directory, "legacy.jsonl");
    writeFileSync(legacy, [
      { conversation_id: "old-1", content: "Hi", type: "USER", timestamp: "2024-01-01 10:00:00" },
      { conversation_id: "old-1", content: "Hello!", type: "ASSISTANT", timestamp: "2024-01-01 10:00:01" },
    ].map((row) => JSON.stringify(row)).join("\n"));
    const imported = await run("import", legacy, "--db", url, "--json");
    expect(imported.status).toBe(0);
    expect(JSON.parse(imported.out)).toMatchObject({ format: "legacy", sessions: [{ sessionId: "old-1", events: 2 }], findings: [{ kind: "text-only-source" }] });
    const shown = await run("show", "old-1", "--db", url);
    expect(shown.out).toContain('text "Hello!"');
  });

  it("shows the active view turn by turn, numbered by place in the whole log, with payloads abbreviated, and the whole log with --all", async () => {
    const active = await run("show", "s-1", "--db", url);
    expect(active.status).toBe(0);
    expect(active.out.split("\n").slice(1)).toEqual([
      "active view: 3 messages",
      "preamble",
      "  #1 system",
      '      text "rules"',
      "turn 2",
      "  #7 user",
      '      text "q2"',
      "  #8 assistant",
      `      reasoning "think" [anthropic signature: "${"S".repeat(16)}"… (300 chars)]`,
      '      text "a2"',
    ]);
    const all = await run("show", "s-1", "--db", url, "--all");
    expect(all.out).toContain("  #2 (covered) user");
    expect(all.out).toContain('  #6 "ACME.AUDIT" {"approved":"get_weather"}');
    expect(all.out).toContain('  #9 COMPACTION "always" "last-turns(1)": 4 covered, 1 pinned, ~');
    expect(JSON.parse((await run("show", "s-1", "--db", url, "--json", "--full")).out).events).toHaveLength(3);
  });

  it("prints hostile text escaped, so it cannot drive the terminal", async () => {
    const service = await openSessionService(url);
    const hostile = "\u001b[2J\u009b31m\u0007 evil";
    await service.create({ id: `id ${hostile}`, metadata: { note: hostile } });
    await service.appendMessage(`id ${hostile}`, user(hostile));
    await service.close();
    const printed = [(await run("list", "--db", url)).out, (await run("show", `id ${hostile}`, "--db", url)).out].join("\n");
    expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(printed).toContain('text "\\u001b[2J\\u009b31m\\u0007 evil"');
  });

  it("lists sessions, those of one principal, and as JSON", async () => {
    const listed = await run("list", "--db", url);
    expect(listed.out.split("\n").map((line) => line.split("  ")[0])).toEqual(["s-1", "s-2"]);
    expect((await run("list", "--db", url, "--principal", "bob")).out).toMatch(/^s-2 {2}0 events/);
    expect((await run("list", "--db", url, "--where", "principalName=alice")).out).toMatch(/^s-1 {2}9 events/);
    expect(JSON.parse((await run("list", "--db", url, "--json", "--limit", "1")).out)).toEqual([expect.objectContaining({ id: "s-1", version: 9 })]);
  });

  it("compacts with --keep-turns or --max-events, and says when nothing leaves the view", async () => {
    const service = await openSessionService(url);
    for (const entry of [user("q3"), assistant("a3")]) await service.appendMessage("s-1", entry);
    await service.close();
    expect((await run("compact", "s-1", "--db", url, "--if-turns", "5")).out).toBe("session s-1 unchanged (trigger-not-fired)");
    const compacted = await run("compact", "s-1", "--db", url, "--keep-turns", "1", "--json");
    expect(JSON.parse(compacted.out)).toMatchObject({ unchanged: false, coveredEventIds: [expect.any(String), expect.any(String)], version: 12 });
    expect((await run("compact", "s-1", "--db", url, "--max-events", "5")).out).toBe("session s-1 unchanged (nothing-to-cover)");
  });

  it("deletes sessions, fails for a missing one, and deletes expired sessions with --expired", async () => {
    expect(await run("delete", "s-2", "--db", url)).toMatchObject({ status: 0, out: "deleted session s-2" });
    expect(await run("delete", "s-2", "--db", url)).toMatchObject({ status: 1, err: "partwise session delete: no session s-2" });
    expect(await run("delete", "--expired", "--db", url)).toMatchObject({ status: 0, out: "0 expired sessions deleted" });
  });

  it("exits 2 for usage errors and 1 for failures, naming the command and never printing a password", async () => {
    expect(await run("frobnicate")).toMatchObject({ status: 2, err: 'partwise session: unknown command "frobnicate" (see partwise session --help)' });
    expect(await run("show", "--db", url)).toMatchObject({ status: 2 });
    expect(await run("list", "--db", url, "--limit", "0")).toMatchObject({ status: 2, err: 'partwise session list: --limit expects a positive integer, got "0"' });
    expect(await run("list", "--bogus")).toMatchObject({ status: 2 });
    expect(await run("list", "--db", "mysql://root:hunter2@db/chat")).toMatchObject({ status: 2, err: expect.not.stringContaining("hunter2") });
    expect(await run("show", "nobody", "--db", url)).toMatchObject({ status: 1, err: 'partwise session show: no session "nobody"' });
    expect((await run("list", "--db", `sqlite:${join(directory, "missing.db")}`)).status).toBe(1);
    const broken = join(directory, "broken.jsonl");
    writeFileSync(broken, '{"id":"e","sessionId":"s","timestamp":"2026-11-30T10:00:00Z","type":"MESSAGE","message":{"role":"user","parts":[]}}\n{"id":"f","sessionId":"s","timestamp":"2026-11-30T10:00:00Z","type":"MESSAGE","message":{"role":"user","parts":[{"type":"text"}]}}\n');
    expect(await run("import", broken, "--db", url)).toMatchObject({ status: 1, err: expect.stringContaining(`${broken}:2: /message/parts/0`) });
    const pretty = join(directory, "broken.json");
    writeFileSync(pretty, '{\n  "format": "partwise.history",\n  "version": 1,\n  "messages": [,]\n}\n');
    expect(await run("import", pretty, "--db", url)).toMatchObject({ status: 1, err: expect.stringContaining(`${pretty}:4:`) });
    // Nothing of the broken files was written, not even a session.
    expect((await run("list", "--db", url)).out.split("\n").map((line) => line.split("  ")[0])).toEqual(["s-1", "s-2"]);
    expect((await run("--help")).status).toBe(0);
    expect((await run("export", "--help")).out).toContain("Usage: partwise session");
    expect((await run("export", "--help")).out).toMatch(/--format history: the messages of the active view \(what the model is sent\)/);
  });

  it("works against PostgreSQL as against SQLite", async () => {
    const postgres = await postgresSchema();
    const file = join(directory, "to-postgres.jsonl");
    await run("export", "s-1", "--db", url, "--out", file);
    expect(await run("import", file, "--db", postgres)).toMatchObject({ status: 0, out: "imported 9 events into session s-1 (version 9)" });
    const lines = async (store: string) => (await run("show", "s-1", "--db", store, "--all")).out.split("\n").slice(1);
    expect(await lines(postgres)).toEqual(await lines(url));
  });

  it.each(["standalone", "cluster"] as const)("works against Redis (%s) as against SQLite", async (kind) => {
    const redis = redisUrl(kind);
    const file = join(directory, `to-redis-${kind}.jsonl`);
    await run("export", "s-1", "--db", url, "--out", file);
    expect(await run("import", file, "--db", redis)).toMatchObject({ status: 0, out: "imported 9 events into session s-1 (version 9)" });
    const lines = async (store: string) => (await run("show", "s-1", "--db", store, "--all")).out.split("\n").slice(1);
    expect(await lines(redis)).toEqual(await lines(url));
    expect((await run("list", "--db", redis)).out.split("  ")[0]).toBe("s-1");
    expect(await run("delete", "s-1", "--db", redis)).toMatchObject({ status: 0 });
    expect(await run("list", "--db", redis)).toMatchObject({ status: 0, out: "no sessions" });
  });
});
