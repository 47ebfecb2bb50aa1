// Ids, names and part types from a document reach the CLI's output (issue 22, item 15): escaped as
// `session show` escapes them, so newlines and terminal escape sequences in them cannot forge a line.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli-process.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("output-escaping");
const forged = "x\n/etc/passwd: valid (0 messages)\u001b[2J\u009b31m";
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe("partwise validate", () => {
  it("prints one line per problem, control characters escaped, when ids and keys hold newlines and escapes", async () => {
    const path = join(directory, "forged.jsonl");
    const call = { role: "assistant", parts: [{ type: "tool_call", toolCall: { id: forged, type: "function", name: forged, arguments: "{}" } }] };
    const wrongKey = { role: "user", parts: [{ type: "text", text: "t", payload: { provider: forged, kind: forged, data: "" } }] };
    writeFileSync(path, `${JSON.stringify(call)}\n${JSON.stringify(wrongKey)}\n`);
    const result = await runCli(["validate", path]);
    expect(result.status).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    // Two payload problems and the unanswered call, then the verdict: no line was forged.
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => line.startsWith(`${path}:`))).toBe(true);
    expect(result.stdout).not.toMatch(CONTROL);
    expect(result.stdout).toContain("\\n/etc/passwd: valid (0 messages)\\u001b[2J\\u009b31m");
  });
});

describe("partwise encode", () => {
  it("escapes the pointer and names in skipped-part warnings", async () => {
    const path = join(directory, "forged-history.json");
    writeFileSync(path, JSON.stringify({
      format: "partwise.history",
      version: 1,
      messages: [
        { role: "user", parts: [{ type: "text", text: "hi" }] },
        { role: "assistant", parts: [{ type: "reasoning", text: "r", payload: { provider: forged, kind: forged, data: "d" } }, { type: "text", text: "ok" }] },
      ],
    }));
    const result = await runCli(["encode", "--provider", "anthropic", path]);
    expect(result.status).toBe(0);
    const warnings = result.stderr.trimEnd().split("\n");
    expect(warnings).toEqual([expect.stringMatching(/^warning: \/messages\/1\/parts\/0: /)]);
    expect(result.stderr).not.toMatch(CONTROL);
  });
});
