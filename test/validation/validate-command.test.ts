import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateErrorObject } from "../../generated/validators.js";
import { main } from "../../src/cli/main.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("validate");

function file(name: string, content: string | Uint8Array): string {
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
}

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(["validate", ...argv], { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { status, out: out.join("\n"), err: err.join("\n") };
}

const userLine = '{"role":"user","parts":[{"type":"text","text":"Weather in Oslo?"}]}';
const callLine = '{"role":"assistant","parts":[{"type":"reasoning","text":"call it","payload":{"provider":"anthropic","kind":"signature","data":"c2ln"}},{"type":"tool_call","toolCall":{"id":"toolu_1","type":"function","name":"get_weather","arguments":"{}"}}]}';
const resultLine = '{"role":"tool","parts":[{"type":"tool_result","id":"toolu_1","name":"get_weather","content":[{"type":"text","text":"rain"}],"isError":false}]}';
const history = `{
  "format": "partwise.history",
  "version": 1,
  "messages": [
    ${userLine},
    ${callLine},
    ${resultLine}
  ]
}
`;

describe("partwise validate", () => {
  it("accepts a history document, a bare message array and JSONL, and exits 0", async () => {
    const result = await run(
      file("history.json", history),
      file("array.json", `[\n${userLine}\n]\n`),
      file("log.jsonl", [userLine, callLine, resultLine].join("\n") + "\n"),
    );
    expect(result.out).toContain("history.json: valid (3 messages)");
    expect(result.out).toContain("array.json: valid (1 messages)");
    expect(result.out).toContain("log.jsonl: valid (3 records)");
    expect(result.status).toBe(0);
  });

  it("accepts JSONL of session events and checks each session's tool calls", async () => {
    const event = (id: string, session: string, message: string) =>
      `{"id":"${id}","sessionId":"${session}","timestamp":"2026-11-30T10:00:00Z","type":"MESSAGE","message":${message}}`;
    const lines = [
      event("e1", "s1", userLine), event("e2", "s1", callLine), event("e3", "s1", resultLine),
      event("e4", "s2", callLine),
      '{"id":"e5","sessionId":"s2","timestamp":"2026-11-30T10:00:00Z","type":"ACME.AUDIT","payload":{"ok":true}}',
    ];
    const result = await run(file("events.jsonl", lines.join("\n")));
    expect(result.out).toContain('events.jsonl:4: /message/parts/1/toolCall/id: tool call "toolu_1" (get_weather) is never answered by a tool result');
    expect(result.status).toBe(1);
  });

  it("reports each replay problem with file, line and pointer", async () => {
    const lines = [
      callLine,
      callLine,
      '{"role":"tool","parts":[{"type":"tool_result","id":"toolu_9","content":[],"isError":false}]}',
      '{"role":"assistant","parts":[{"type":"reasoning","text":"x","payload":{"provider":"acme","kind":"signature","data":""}}]}',
    ];
    const { out, status } = await run(file("problems.jsonl", lines.join("\n")));
    expect(out).toContain('problems.jsonl:2: /parts/1/toolCall/id: duplicate tool-call id "toolu_1"');
    expect(out).toContain('problems.jsonl:3: /parts/0/id: tool result "toolu_9" answers no open tool call');
    expect(out).toContain('problems.jsonl:4: /parts/0/payload/provider: payload provider "acme" is not a known provider id');
    expect(out).toContain("problems.jsonl:4: /parts/0/payload/data: empty acme signature payload");
    expect(out).toContain('problems.jsonl:1: /parts/1/toolCall/id: tool call "toolu_1" (get_weather) is never answered');
    expect(status).toBe(1);
  });

  it("reads a tool_result nested in another result's content as content, not as an answer, when the outer result answers the call", async () => {
    // A sub-agent tool returns its own transcript: its inner call and result answer nothing of this conversation.
    const nested = '{"role":"tool","parts":[{"type":"tool_result","id":"toolu_1","name":"get_weather","content":['
      + '{"type":"tool_call","toolCall":{"id":"inner_1","type":"function","name":"lookup","arguments":"{}"}},'
      + '{"type":"tool_result","id":"inner_1","name":"lookup","content":[{"type":"text","text":"rain"}],"isError":false},'
      + '{"type":"tool_result","id":"toolu_1","content":[],"isError":false}],"isError":false}]}';
    const result = await run(file("nested.jsonl", [userLine, callLine, nested].join("\n")));
    expect(result).toMatchObject({ status: 0, out: expect.stringContaining("nested.jsonl: valid (3 records)") });
  });

  it("accepts the header of an exported session before its events without counting it, and reports a malformed one at its line", async () => {
    const header = '{"format":"partwise.session","version":1,"session":{"id":"s1","createdAt":"2026-11-30T10:00:00Z","expiresAt":"2027-01-29T10:00:00Z","metadata":{"principalName":"alice"},"version":1}}';
    const event = '{"id":"e1","sessionId":"s1","timestamp":"2026-11-30T10:00:00Z","type":"MESSAGE","seq":1,"message":' + userLine + "}";
    expect(await run(file("export.jsonl", [header, event].join("\n")))).toMatchObject({ status: 0, out: expect.stringContaining("export.jsonl: valid (1 records)") });
    const broken = await run(file("broken-header.jsonl", [header.replace('"metadata":{"principalName":"alice"},', ""), event].join("\n")));
    expect(broken.status).toBe(1);
    expect(broken.out).toContain("broken-header.jsonl:1:");
  });

  it("warns about a part from a later format version, and rejects it under --strict", async () => {
    const path = file("future.json", history.replace('{"type":"text","text":"Weather in Oslo?"}', '{"type":"hologram","frames":3}'));
    const lenient = await run(path);
    expect(lenient.out).toContain('future.json:5: warning: /messages/0/parts/0: part type "hologram" is from a later format version');
    expect(lenient.status).toBe(0);
    expect((await run("--strict", path)).status).toBe(1);
  });

  it("warns, with the part's pointer, about user, system and tool-result parts the --target provider does not take", async () => {
    const image = '{"type":"media","media":{"mimeType":"image/png","dataKind":"url","data":"https://example.com/a.png"}}';
    const lines = [
      `{"role":"system","parts":[{"type":"text","text":"Be brief."},${image}]}`,
      `{"role":"user","parts":[{"type":"text","text":"What is this?"},${image}]}`,
      callLine,
      `{"role":"tool","parts":[{"type":"tool_result","id":"toolu_1","name":"get_weather","content":[${image}],"isError":false}]}`,
    ];
    const path = file("images.jsonl", lines.join("\n"));
    expect(await run(path)).toMatchObject({ status: 0, out: expect.stringContaining("images.jsonl: valid (4 records)") });
    const ollama = await run("--target", "ollama", path);
    expect(ollama.status).toBe(0);
    expect(ollama.out).toContain("images.jsonl:1: warning: /parts/1: a media part in a system message is left out when encoding for ollama: Ollama takes base64 images");
    expect(ollama.out).toContain("images.jsonl:2: warning: /parts/1: a media part in a user message is left out when encoding for ollama");
    expect(ollama.out).toContain("images.jsonl:4: warning: /parts/0/content/0: a media part in a tool result's content is left out when encoding for ollama");
    expect(ollama.out).toContain("images.jsonl: valid, 3 warnings (4 records)");
    // Anthropic takes images by URL in user turns and tool results: only the system prompt's is left out.
    const anthropic = await run("--json", "--target", "anthropic", path);
    expect(JSON.parse(anthropic.out).files[0].issues).toEqual([expect.objectContaining({ code: "provider/part-skipped", line: 1, pointer: "/parts/1" })]);
    expect((await run("--target", "acme", path))).toMatchObject({ status: 2, err: expect.stringContaining('--target names no provider: "acme"') });
  });

  it("prints machine-readable results whose issues are the spec's error objects when --json is given", async () => {
    const result = await run("--json", file("bad.json", history.replace('"name":"get_weather","arguments"', '"arguments"')));
    const report = JSON.parse(result.out);
    expect(report.valid).toBe(false);
    expect(report.files[0].issues[0]).toMatchObject({ code: "schema/invalid", pointer: "/messages/1/parts/1/toolCall", line: 6 });
    for (const issue of report.files[0].issues) expect(validateErrorObject(issue)).toBe(true);
  });

  describe("on hostile input", () => {
    const cases: [string, string | Uint8Array, RegExp][] = [
      ["invalid JSON", '{"format": "partwise.history", "version": 1, "messages": [}', /:1: invalid JSON: expected a value/],
      ["wrong types", '{"format": "partwise.history", "version": "1", "messages": {}}', /:1: \/version: expected number/],
      ["a known part with missing fields", `[\n{"role":"user","parts":[{"type":"media","media":{"mimeType":"image/png"}}]}\n]`, /:2: \/0\/parts\/0\/media: expected required property "data"/],
      ["a mistyped field", `${userLine.replace('"text":"Weather', '"text":7,"x":"Weather')}\n`, /:1: \/parts\/0\/text: expected string/],
      ["a truncated file", history.slice(0, 150), /:6: invalid JSON: expected ":" after the property name/],
      ["a file truncated inside a string", history.slice(0, 120), /:5: invalid JSON: expected a closing double quote/],
      ["a truncated JSONL line", `${userLine}\n${callLine.slice(0, 40)}`, /:2: invalid JSON/],
      ["a byte order mark", new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(userLine)]), /:1: the file starts with a UTF-8 byte order mark/],
      ["invalid UTF-8", Buffer.concat([Buffer.from(`${userLine}\n{"role":"user","parts":[{"type":"text","text":"`), Buffer.from([0xc3, 0x28]), Buffer.from('"}]}\n')]), /:2: invalid UTF-8: byte 0xc3 at byte 48 of the line/],
      ["an empty file", "", /the file is empty/],
      ["deep nesting", "[".repeat(200_000), /invalid JSON/],
    ];

    it.each(cases)("gives a located error and exits 1 for %s", async (name, content, expected) => {
      const result = await run(file(`hostile-${name.replace(/\W+/g, "-")}.json`, content));
      expect(result.out).toMatch(expected);
      expect(result.status).toBe(1);
    });

    it("gives a located error for a 100 MB single line and exits 1, without a stack trace", () => {
      const huge = `{"role":"user","parts":[{"type":"text","text":"${"x".repeat(100 * 1024 * 1024)}"}],"metadata":5}\n`;
      const path = file("huge.jsonl", huge);
      const cli = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));
      const child = spawnSync(process.execPath, ["--import", "tsx", cli, "validate", path], { encoding: "utf8" });
      expect(child.stdout).toContain("huge.jsonl:1: /metadata: expected object");
      expect(child.stderr).not.toMatch(/\n\s+at /);
      expect(child.status).toBe(1);
    });
  });

  it("refuses a line over --max-line-bytes and goes on with the next", async () => {
    const path = file("long.jsonl", `${userLine}\n${userLine.replace("Oslo", "x".repeat(5000))}\n${userLine}\n`);
    const result = await run("--max-line-bytes", "1000", path);
    expect(result.out).toContain("long.jsonl:2: line is longer than");
    expect(result.out).toContain("(2 records)");
  });

  it("exits 2 with a message for a usage error", async () => {
    expect((await run()).status).toBe(2);
    const missing = await run(join(directory, "missing.json"));
    expect([missing.status, missing.err]).toEqual([2, expect.stringContaining("missing.json: no such file")]);
    expect((await run("--max-errors", "zero", file("x.json", history))).status).toBe(2);
    expect((await main(["validate", "--no-such-flag", "x"], { out() {}, err() {} }))).toBe(2);
  });
});
