// Hostile files for `session import` (issue 22, items 6, 14 and 18): each is refused with its typed error
// and leaves the store as it was; files whose sessions are already in the store import again unchanged.
import { expect } from "vitest";
import { MemorySessionRepository } from "../../../src/session/memory-session-repository.js";
import { SessionService } from "../../../src/session/session-service.js";
import { readImportFile } from "../../../src/session/session-files.js";
import { type HostileCase, outcomeOf } from "../hostile-case.js";
import { hostileFile, nestedObjects, nestedToolResults, validHistoryText } from "../hostile-inputs.js";

const cases: HostileCase[] = [];

function event(sessionId: string, id: string, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ id, sessionId, timestamp: "2026-11-30T09:00:00.000Z", type: "MESSAGE", message: { role: "user", parts: [{ type: "text", text: id }] }, ...fields });
}

/** A store holding one session, "resident", whose only event is "resident-1". */
async function residentStore(): Promise<SessionService> {
  const service = new SessionService(new MemorySessionRepository());
  await service.importEvents("resident", [{ id: "resident-1", timestamp: "2026-11-30T09:00:00.000Z", type: "MESSAGE", message: { role: "user", parts: [{ type: "text", text: "hi" }] } }]);
  return service;
}

/** Imports a file into a store as `session import` does: read it whole, then each session atomically. */
async function importInto(service: SessionService, path: string): Promise<void> {
  const source = await readImportFile(path);
  for (const batch of source.batches) await service.importEvents(batch.sessionId ?? "unnamed", batch.events);
}

/**
 * A case importing `content`; afterwards the store must hold exactly `sessions` (id and version): by
 * default the resident session alone, as a refused file stores nothing.
 */
function importCase(name: string, content: string | Uint8Array, expected: string, sessions: [string, number][] = [["resident", 1]]): HostileCase {
  let service: SessionService | undefined;
  return {
    name,
    expected,
    run: async () => {
      service = await residentStore();
      return outcomeOf(() => importInto(service!, hostileFile(`import-${cases.length}.jsonl`, content)));
    },
    verify: async () => {
      expect((await service!.list()).map((session) => [session.id, session.version])).toEqual(sessions);
      await service!.close();
    },
  };
}

const deepMetadata = (depth: number) => JSON.parse(nestedObjects(depth)) as unknown;
cases.push(
  importCase("an event line that is a JSON string holding an event", `${JSON.stringify(event("s", "e-1"))}\n`, "schema/invalid"),
  importCase("a message line that is a JSON string holding a message", `${JSON.stringify('{"role":"user","parts":[]}')}\n${JSON.stringify('{"role":"user","parts":[]}')}\n`, "schema/invalid"),
  importCase("an event with metadata nested 200 deep", `${event("s", "e-1", { metadata: deepMetadata(200) })}\n`, "json/too-deep"),
  importCase("an event with metadata nested 8,000 deep", `{"id":"e-1","sessionId":"s","timestamp":"2026-11-30T09:00:00.000Z","type":"MESSAGE","message":{"role":"user","parts":[]},"metadata":${nestedObjects(8000)}}\n`, "json/too-deep"),
  importCase("a history with tool results nested 1,000 deep", `{"format":"partwise.history","version":1,"messages":[{"role":"tool","parts":[${nestedToolResults(1000)}]}]}\n`, "json/too-deep"),
  // Atomic per session: the first session is imported, the second not at all (no empty session b).
  importCase("a second session whose event id the store holds already", `${event("a", "a-1")}\n${event("b", "b-1")}\n${event("b", "resident-1")}\n`, "session/duplicate-id", [["a", 1], ["resident", 1]]),
  importCase("one session repeating an event id", `${event("s", "e-1")}\n${event("s", "e-1")}\n`, "session/duplicate-id"),
  importCase("events whose seq goes backwards", `${event("s", "e-1", { seq: 2 })}\n${event("s", "e-2", { seq: 1 })}\n`, "schema/invalid"),
  importCase("an event of an unknown role", `${event("s", "e-1", { message: { role: "robot", parts: [] } })}\n`, "schema/invalid"),
  importCase("a session id with U+0000", `${event("s\u0000x", "e-1")}\n`, "session/storage"),
  importCase("an event id of 1,000 characters", `${event("s", "e".repeat(1000))}\n`, "session/storage"),
  importCase("a file starting with a byte order mark", `\ufeff${event("s", "e-1")}\n`, "json/syntax"),
  importCase("invalid UTF-8 in the second line", Buffer.concat([Buffer.from(`${event("s", "e-1")}\n{"x":"`), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]), "json/syntax"),
  importCase("an empty file", "", "json/syntax"),
  importCase("blank lines only", "\n\n  \n", "json/syntax"),
  importCase("a compaction boundary naming an event of another session", `${event("s", "e-1")}\n${JSON.stringify({ id: "c-1", sessionId: "s", timestamp: "2026-11-30T09:00:01.000Z", type: "COMPACTION", payload: { activeEventIds: ["resident-1"], pinnedEventIds: [], coveredEventIds: ["e-1"], trigger: "t", strategy: "s", tokensEstimatedSaved: 0 } })}\n`, "schema/invalid"),
  importCase("the resident session's own export again (a rerun)", `${JSON.stringify({ id: "resident-1", sessionId: "resident", timestamp: "2026-11-30T09:00:00.000Z", type: "MESSAGE", message: { role: "user", parts: [{ type: "text", text: "hi" }] } })}\n`, "accepted"),
  importCase("the resident session's event under another session", `${event("elsewhere", "resident-1")}\n`, "session/duplicate-id"),
);

// Legacy histories whose role or row type is an Object.prototype member name: refused, not looked up.
for (const role of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
  cases.push(importCase(`a legacy history whose role is ${role}`, `${JSON.stringify([{ role: "user", content: "hi" }, { role, content: "x" }])}\n`, "schema/invalid"));
  cases.push(importCase(`legacy rows whose type is ${role}`, `${JSON.stringify({ conversation_id: "c", content: "x", type: "USER", timestamp: "2026-11-30T09:00:00Z" })}\n${JSON.stringify({ conversation_id: "c", content: "y", type: role, timestamp: "2026-11-30T09:00:01Z" })}\n`, "schema/invalid"));
}

// Every cut of an event line but the whole one is a syntax error, and nothing of the file is stored.
const line = event("cut", "cut-1");
for (let cut = 1; cut < line.length; cut += 11) {
  cases.push(importCase(`an event line cut after ${cut} characters, after a valid line`, `${event("cut", "cut-0")}\n${line.slice(0, cut)}\n`, "json/syntax"));
}

// A history document cut anywhere is a syntax error too.
for (let cut = 5; cut < validHistoryText.length; cut += 37) {
  cases.push(importCase(`a history document cut after ${cut} characters`, `${validHistoryText.slice(0, cut)}\n`, "json/syntax"));
}

export { cases };
