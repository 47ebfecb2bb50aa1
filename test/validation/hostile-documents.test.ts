// Documents built to hurt the validator and the part readers and writers (issue 22, items 4, 6, 13 and 14):
// many problems, hostile nesting, a field named __proto__, and JSON text of a message inside a string.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { MAX_NESTING_DEPTH, parseHistory, parseMessage, serialize } from "../../src/index.js";
import { MemorySessionRepository } from "../../src/session/memory-session-repository.js";
import { SessionService } from "../../src/session/session-service.js";
import { SqliteSessionRepository } from "../../src/session/sqlite-session-repository.js";
import { validateFile, type ValidationIssue } from "../../src/validation/validate-file.js";
import { runCli } from "../support/cli-process.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("hostile-documents");

function file(name: string, content: string): string {
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
}

async function issuesOf(path: string): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  await validateFile(path, { onIssue: (issue) => issues.push(issue) });
  return issues;
}

/** A tool result holding a tool result ... `depth` times, around a text part. */
function nestedToolResult(depth: number): string {
  return '{"type":"tool_result","id":"r","content":['.repeat(depth) + '{"type":"text","text":"x"}' + '],"isError":false}'.repeat(depth);
}

/** Metadata nesting objects `depth` levels deep. */
function nestedMetadata(depth: number): string {
  return '{"a":'.repeat(depth) + "{}" + "}".repeat(depth);
}

describe("validateFile", () => {
  it("locates each of 20,000 duplicate tool-call ids at its own line when a document repeats one id", async () => {
    const call = '{"role":"assistant","parts":[{"type":"tool_call","toolCall":{"id":"dup","type":"function","name":"f","arguments":"{}"}}]}';
    const lines = Array.from({ length: 20_000 }, () => `  ${call}`);
    const path = file("duplicates.json", `{"format":"partwise.history","version":1,"messages":[\n${lines.join(",\n")}\n]}\n`);
    const duplicates = (await issuesOf(path)).filter((issue) => issue.message === 'duplicate tool-call id "dup"');
    expect(duplicates).toHaveLength(19_999);
    // Message i (0-based) is on line i + 2, indented by two spaces.
    const column = call.indexOf('"dup"') + 3;
    duplicates.forEach((issue, index) => expect([issue.line, issue.column, issue.pointer]).toEqual([index + 3, column, `/messages/${index + 1}/parts/0/toolCall/id`]));
  });

  it.each([
    ["tool results nested 1,000 deep", `{"role":"tool","parts":[${nestedToolResult(1000)}]}`],
    ["metadata nested 8,000 deep", `{"role":"user","parts":[],"metadata":${nestedMetadata(8000)}}`],
  ])("reports json/too-deep with a pointer and line for %s", async (_name, message) => {
    const issues = await issuesOf(file("deep.jsonl", `{"role":"user","parts":[]}\n${message}\n`));
    expect(issues).toEqual([expect.objectContaining({ code: "json/too-deep", line: 2, pointer: expect.stringMatching(/^\/(parts|metadata)\//) })]);
  });

  it("reports schema/invalid when a JSONL line is a JSON string holding a message", async () => {
    const issues = await issuesOf(file("strings.jsonl", `${JSON.stringify(JSON.stringify({ role: "user", parts: [] }))}\n`));
    expect(issues).toEqual([expect.objectContaining({ code: "schema/invalid", line: 1, message: "expected object, got a JSON string" })]);
  });

  it("reports schema/invalid when a whole document is a JSON string holding a history", async () => {
    const history = JSON.stringify({ format: "partwise.history", version: 1, messages: [] });
    const issues = await issuesOf(file("string.json", `${JSON.stringify(history)}\n\n`));
    expect(issues.map((issue) => issue.code)).toEqual(["schema/invalid"]);
  });
});

describe("parseHistory", () => {
  it("raises json/too-deep at the first level past MAX_NESTING_DEPTH, before any recursion", () => {
    const text = `{"format":"partwise.history","version":1,"messages":[{"role":"user","parts":[],"metadata":${nestedMetadata(8000)}}]}`;
    // The history is level 1, messages 2, the message 3, metadata 4: the level past the limit is metadata's (limit - 3)th child.
    const pointer = `/messages/0/metadata${"/a".repeat(MAX_NESTING_DEPTH - 3)}`;
    expect(() => parseHistory(text)).toThrow(expect.objectContaining({ code: "json/too-deep", pointer }));
  });

  it("accepts nesting up to the limit", () => {
    const depth = MAX_NESTING_DEPTH - 3;
    const text = `{"format":"partwise.history","version":1,"messages":[{"role":"user","parts":[],"metadata":${nestedMetadata(depth - 1)}}]}`;
    expect(parseHistory(text).messages).toHaveLength(1);
  });
});

describe("serialize", () => {
  it("raises json/too-deep for a message built in code that nests past the limit", () => {
    const message = parseMessage('{"role":"user","parts":[]}');
    let metadata: Record<string, unknown> = {};
    const root = metadata;
    for (let level = 0; level < 8000; level++) metadata = metadata.a = {};
    expect(() => serialize({ ...message, metadata: root } as Message)).toThrow(expect.objectContaining({ code: "json/too-deep" }));
  });
});

describe("a field named __proto__", () => {
  // In the writer's canonical form (`attributes` included), so it is written back unchanged.
  const text = '{"role":"user","parts":[{"type":"text","text":"a","attributes":{},"__proto__":{"kept":true},"constructor":"c"}],"metadata":{"__proto__":1},"__proto__":"m"}';

  it("is kept by parseMessage and serialize, as every other field partwise does not know", () => {
    expect(JSON.parse(serialize(parseMessage(text)))).toEqual(JSON.parse(text));
    expect(serialize(parseMessage(text))).toBe(text);
  });

  it.each([
    ["memory", () => new MemorySessionRepository()],
    ["sqlite", () => new SqliteSessionRepository(":memory:")],
  ])("is kept by the %s store", async (_store, repository) => {
    const service = new SessionService(repository());
    await service.create({ id: "s" });
    await service.appendMessage("s", parseMessage(text));
    const [stored] = await service.getActiveMessages("s");
    expect(serialize(stored!)).toBe(text);
    await service.close();
  });
});

describe("partwise validate and encode", () => {
  it("reject, in their own process, a JSONL line that is a JSON string holding a message", async () => {
    const path = file("string-line.jsonl", `${JSON.stringify(JSON.stringify({ role: "user", parts: [{ type: "text", text: "hi" }] }))}\n`);
    const validated = await runCli(["validate", path]);
    expect([validated.status, validated.stdout]).toEqual([1, expect.stringContaining("expected object, got a JSON string")]);
    const encoded = await runCli(["encode", "--provider", "anthropic", path]);
    expect([encoded.status, encoded.stderr]).toEqual([1, expect.stringContaining("got a JSON string")]);
  });
});
