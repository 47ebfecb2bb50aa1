// validateHistory in memory against `partwise validate --json` in its own process (issue 15, item 3): for
// every bad document, the same problems in the same order; several schema and replay problems at once;
// at most 100 listed; and, for random histories with k injected faults, at least k problems that all point into the document.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorObject, Message, Part } from "../../generated/types.js";
import { validateHistory, validateMessages } from "../../src/index.js";
import { validateFile } from "../../src/validation/validate-file.js";
import { nestedObjects, validHistory, validHistoryText, wrongTypeHistories } from "../hostile/hostile-inputs.js";
import { runCli } from "../support/cli-process.js";
import { propertyRuns } from "../support/property-runs.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("validate-history");

function call(id: string, name = "get_weather"): Part {
  return { type: "tool_call", toolCall: { id, type: "function", name, arguments: "{}" } };
}

function result(id: string): Part {
  return { type: "tool_result", id, content: [{ type: "text", text: "rain" }], isError: false };
}

/** Schema problems in the envelope, a message, a part, a tool call and a tool result's content, with replay problems among them. */
const severalProblems = {
  format: "partwise.history",
  version: 2,
  messages: [
    { role: "robot", parts: [{ type: "text", text: 42 }] },
    {
      role: "assistant",
      parts: [
        { type: "reasoning", text: "r", payload: { provider: "nobody", kind: "signature", data: "" } },
        call("a"),
        call("a"),
        { type: "tool_call", toolCall: { id: "b", type: "function", arguments: "{}" } },
        call("c", "g"),
      ],
    },
    {
      role: "tool",
      parts: [
        { type: "tool_result", id: "a", content: [{ type: "text" }, { type: "media" }], isError: false },
        result("zzz"),
        { type: "hologram", beams: 3 },
      ],
    },
  ],
};

/** Every replay check at once, in a document the schema accepts. */
const replayProblems = {
  format: "partwise.history",
  version: 1,
  messages: [
    { role: "user", parts: [{ type: "text", text: "hi" }] },
    { role: "assistant", parts: [call("x"), call("x"), call("y"), { type: "reasoning", text: null, payload: { provider: "anthropic", kind: "signature", data: "" } }] },
    { role: "tool", parts: [result("x"), result("nope"), result("x")] },
    { role: "assistant", parts: [{ type: "text", text: "ok", payload: { provider: "acme", kind: "k", data: "d" } }] },
  ],
};

const duplicateIds = { format: "partwise.history", version: 1, messages: Array.from({ length: 300 }, () => ({ role: "assistant", parts: [call("dup")] })) };

/** The documents: the hostile corpus's wrong-typed fields and the hostile documents, then documents with many problems. */
const documents: { name: string; text: string }[] = [
  ...wrongTypeHistories().map(({ name, history }) => ({ name, text: JSON.stringify(history) })),
  { name: "a JSON string holding a history", text: JSON.stringify(validHistoryText) },
  { name: "metadata nested 8,000 deep", text: JSON.stringify({ ...validHistory, messages: [] }).replace("[]", `[{"role":"user","parts":[],"metadata":${nestedObjects(8000)}}]`) },
  { name: "a number", text: "42" },
  { name: "a history whose messages are not an array", text: '{"format":"partwise.history","version":1,"messages":{}}' },
  { name: "several schema and replay problems", text: JSON.stringify(severalProblems, null, 2) },
  { name: "every replay problem", text: JSON.stringify(replayProblems, null, 2) },
  { name: "a bare message array with bad messages", text: JSON.stringify([{ role: "user" }, "hello", { role: "tool", parts: [result("q"), 7] }]) },
  { name: "300 messages repeating one tool-call id", text: JSON.stringify(duplicateIds, null, 1) },
  { name: "the valid history", text: validHistoryText },
];

interface CliFile {
  readonly errorCount: number;
  readonly warningCount: number;
  readonly issues: ErrorObject[];
}

/** What both report of a problem; the CLI adds the file, line and column. */
function problemOf({ name, code, pointer, message }: ErrorObject) {
  return { name, code, pointer, message };
}

/** The value at a JSON pointer (RFC 6901), or undefined when the pointer leads nowhere. */
function resolve(document: unknown, pointer: string): unknown {
  if (pointer === "") return document;
  let value = document;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

describe("validateHistory", () => {
  let cliFiles: CliFile[] = [];

  beforeAll(async () => {
    const paths = documents.map(({ text }, index) => {
      const path = join(directory, `document-${index}.json`);
      writeFileSync(path, `${text}\n`);
      return path;
    });
    // One process for all the files: the CLI as a user runs it.
    const { stdout } = await runCli(["validate", "--json", ...paths], { timeoutMs: 120_000 });
    cliFiles = (JSON.parse(stdout) as { files: CliFile[] }).files;
  }, 150_000);

  it.each(documents.map((document, index) => [document.name, index] as const))(
    "equals partwise validate --json, problem for problem, when given %s",
    (_name, index) => {
      const report = validateHistory(JSON.parse(documents[index]!.text));
      const cli = cliFiles[index]!;
      expect(report.problems.map(problemOf)).toEqual(cli.issues.slice(0, 100).map(problemOf));
      expect([report.errorCount, report.warningCount]).toEqual([cli.errorCount, cli.warningCount]);
      expect(report.valid).toBe(cli.errorCount === 0);
    },
  );

  it("reports every schema and replay problem when a document has several", () => {
    const report = validateHistory(severalProblems);
    expect(report.problems.map(({ code, pointer }) => `${code} ${pointer}`)).toEqual([
      "schema/invalid /version",
      "schema/invalid /messages/0/role",
      "schema/invalid /messages/0/parts/0/text",
      "schema/invalid /messages/1/parts/3/toolCall",
      "history/invalid /messages/1/parts/0/payload/provider",
      "history/invalid /messages/1/parts/0/payload/data",
      "history/invalid /messages/1/parts/2/toolCall/id",
      "schema/invalid /messages/2/parts/0/content/0",
      "schema/invalid /messages/2/parts/0/content/1",
      "history/invalid /messages/2/parts/1/id",
      "history/future-part /messages/2/parts/2",
      "history/invalid /messages/1/parts/4/toolCall/id",
    ]);
    expect(report).toMatchObject({ valid: false, errorCount: 11, warningCount: 1, truncated: false });
  });

  it("names each replay check's finding when the schema accepts the document", () => {
    expect(validateHistory(replayProblems).problems.map(({ message }) => message)).toEqual([
      'duplicate tool-call id "x"',
      "empty anthropic signature payload: the provider rejects an empty signature",
      'tool result "nope" answers no open tool call (no earlier tool call has this id)',
      'tool result "x" answers no open tool call (its call was already answered)',
      'payload provider "acme" is not a known provider id',
      'tool call "y" (get_weather) is never answered by a tool result',
    ]);
  });

  it("lists the first 100 problems and says more were found when there are more", () => {
    const report = validateHistory(duplicateIds);
    expect(report.problems).toHaveLength(100);
    // 299 duplicates, and the first call is never answered.
    expect(report).toMatchObject({ valid: false, errorCount: 300, truncated: true });
    expect(report.problems[0]?.pointer).toBe("/messages/1/parts/0/toolCall/id");
  });

  it("accepts payloads of the providers in extraProviderIds when given them", () => {
    const report = validateHistory(replayProblems, { extraProviderIds: new Set(["acme"]) });
    expect(report.problems.map(({ message }) => message)).not.toContain('payload provider "acme" is not a known provider id');
  });

  it("reports at least k problems, each pointing into the document, when k faults are injected into a valid history", () => {
    type Fault = (round: Message[], id: string) => void;
    const faults: Fault[] = [
      (round) => { round.pop(); },
      (round) => { (round[1]!.parts[0]!.payload as { provider: string }).provider = "nobody"; },
      (round) => { (round[1]!.parts[0]!.payload as { data: string }).data = ""; },
      (round) => { (round[0]!.parts[0] as unknown as { text: unknown }).text = 42; },
      (round) => { delete (round[1]!.parts[1] as unknown as { toolCall: { name?: string } }).toolCall.name; },
      (round) => { (round[2] as unknown as { role: string }).role = "robot"; },
      (round, id) => { (round[2]!.parts[0] as { id: string }).id = `${id}-other`; },
    ];
    const roundOf = (id: string): Message[] => [
      { role: "user", parts: [{ type: "text", text: `question ${id}` }] },
      { role: "assistant", parts: [{ type: "reasoning", text: "think", payload: { provider: "anthropic", kind: "signature", data: "c2ln" } }, call(id)] },
      { role: "tool", parts: [result(id)] },
    ];
    const scenario = fc.integer({ min: 1, max: 12 }).chain((rounds) =>
      fc.tuple(fc.constant(rounds), fc.array(fc.nat(faults.length - 1), { minLength: rounds, maxLength: rounds }), fc.subarray(Array.from({ length: rounds }, (_, index) => index))));
    fc.assert(
      fc.property(scenario, ([rounds, faultOf, faulty]) => {
        const history = Array.from({ length: rounds }, (_, index) => {
          const round = roundOf(`call_${index}`);
          if (faulty.includes(index)) faults[faultOf[index]!]!(round, `call_${index}`);
          return round;
        }).flat();
        const report = validateMessages(history);
        expect(report.errorCount).toBeGreaterThanOrEqual(faulty.length);
        expect(report.valid).toBe(faulty.length === 0);
        for (const problem of report.problems) expect(resolve(history, problem.pointer!)).not.toBeUndefined();
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe("validateFile", () => {
  it("lists the problems in its summary when given no options", async () => {
    const path = join(directory, "replay-problems.json");
    writeFileSync(path, JSON.stringify(replayProblems, null, 2));
    const summary = await validateFile(path);
    const located = ({ code, pointer, message }: { code: string; pointer?: string | undefined; message: string }) => ({ code, pointer, message });
    expect(summary.issues.map(located)).toEqual(validateHistory(replayProblems).problems.map(located));
    expect(summary).toMatchObject({ errors: 6, warnings: 0, records: 4 });
  });
});
