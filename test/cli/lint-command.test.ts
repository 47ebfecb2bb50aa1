import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { ErrorObject, History, Message } from "../../generated/types.js";
import { main } from "../../src/cli/main.js";
import { lintHistory } from "../../src/lint/lint-history.js";
import { message, reasoningPart, textPart, toolCallPart } from "../../src/parts/constructors.js";
import { unregisterProvider } from "../../src/providers/registry.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("cli-lint");
afterAll(() => unregisterProvider("acme"));

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { status, out: out.join("\n"), err: err.join("\n") };
}

function file(name: string, value: unknown): string {
  const path = join(directory, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

const document = (messages: Message[]): History => ({ format: "partwise.history", version: 1, messages });
const request = JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: 1024 });
/** A call the next user message does not answer (Anthropic: 400), after reasoning signed by Google (left out). */
const unanswered = document([
  message("user", [textPart("Weather in Oslo?")]),
  message("assistant", [reasoningPart({ text: "Oslo needs get_weather.", payload: { provider: "google", kind: "thought_signature", data: "c2lnbmVk" } }), toolCallPart({ id: "toolu_01", name: "get_weather", arguments: { city: "Oslo" } })]),
  message("user", [textPart("Never mind.")]),
]);

describe("partwise lint", () => {
  it("prints the rejection with status, error text, pointer, rule, fix and docs, then the drops, and exits 1 when Anthropic would reject", async () => {
    const path = file("unanswered.json", unanswered);
    const result = await run("lint", "--target", "anthropic,openai.responses", "--request", request, path);
    expect(result.status).toBe(1);
    const lines = result.out.split("\n");
    expect(lines[0]).toBe(`${path}: anthropic claude-sonnet-4-5: rejected (1 rejection, 1 warning)`);
    expect(lines[1]).toBe("  rejected /messages/1/parts/1: 400 `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01. Each `tool_use` block must have a corresponding `tool_result` block in the next message. [anthropic/tool-use-without-result]");
    expect(lines[2]).toMatch(/^ {4}fix: Add the tool result/);
    expect(lines[3]).toBe("    docs: https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use");
    expect(lines[4]).toMatch(/^ {2}warning \/messages\/1\/parts\/0: dropped: .* \[replay\]$/);
    expect(lines.find((line) => line.includes(": openai.responses claude-sonnet-4-5: "))).toBeDefined();
  });

  it("prints the findings as ErrorObjects with the target as provider when --json is given", async () => {
    const path = file("unanswered-json.json", unanswered);
    const result = await run("lint", "--target", "anthropic", "--request", request, "--json", path);
    expect(result.status).toBe(1);
    const findings = JSON.parse(result.out) as ErrorObject[];
    const expected = lintHistory(unanswered, { target: "anthropic", request: JSON.parse(request) as Record<string, unknown> }).targets[0]!.findings;
    expect(findings).toEqual(expected.map((finding) => ({ ...finding, file: path })));
    expect(findings.map((finding) => [finding.code, finding.provider])).toEqual([["lint/dropped", "anthropic"], ["lint/rejected", "anthropic"]]);
  });

  it("exits 0 with the drops as warnings when no rejection is predicted", async () => {
    const answered = document([unanswered.messages[0]!, message("assistant", [textPart("It rains.")])]);
    const result = await run("lint", "--target", "anthropic", "--request", request, file("answered.json", answered));
    expect(result).toMatchObject({ status: 0, err: "" });
    expect(result.out).toMatch(/: anthropic claude-sonnet-4-5: accepted \(0 rejections, 0 warnings\)$/);
  });

  it("writes the history the target accepts with --fix, each change on stderr, and the fixed file lints clean", async () => {
    const path = file("to-fix.json", unanswered);
    const out = join(directory, "fixed.json");
    const result = await run("lint", "--target", "anthropic", "--request", request, "--flag", "reasoningAsText", "--fix", out, path);
    expect(result.status).toBe(0);
    expect(result.err.split("\n")).toEqual([
      "fixed /messages/1/parts/0: kept the reasoning the target leaves out as a text part (its payload is not sent) (anthropic)",
      "fixed /messages/1/parts/1: dropped the tool call: nothing answers it (anthropic)",
      `${out}: 2 changes; accepted by every target`,
    ]);
    const fixed = JSON.parse(readFileSync(out, "utf8")) as History;
    expect(fixed.messages[1]?.parts).toEqual([textPart("Oslo needs get_weather.")]);
    expect(await run("lint", "--target", "anthropic", "--request", request, out)).toMatchObject({ status: 0 });
  });

  it("reports the schema errors as validate does and exits 1 without linting, when the file is not a history", async () => {
    const path = file("invalid.json", { format: "partwise.history", version: 1, messages: [{ role: "robot", parts: [] }] });
    const result = await run("lint", "--target", "anthropic", path);
    expect(result).toMatchObject({ status: 1, out: "" });
    expect(result.err).toContain(`${path}:1: /messages/0/role: expected one of "system", "user", "assistant", "tool"`);
    expect(result.err).toContain(`${path}: not linted: the schema rejects it (1 error; see partwise validate)`);
  });

  it.each([
    ["an unknown target", ["--target", "anthropic,acme.nowhere"], '--target names no provider: "acme.nowhere"'],
    ["a target named like an Object.prototype member", ["--target", "constructor"], '--target names no provider: "constructor"'],
    ["no target", [], "lint needs --target"],
    ["a --request that is not a JSON object", ["--target", "anthropic", "--request", "[1]"], "--request must be a JSON object"],
    ["an unknown variant", ["--target", "openai.chat", "--variant", "nowhere"], "nowhere"],
    ["--fix with two files", ["--target", "anthropic", "--fix", "out.json", "second"], "--fix writes one history"],
  ])("exits 2 for %s", async (_case, options, message) => {
    const result = await run("lint", ...options, file("usage.json", unanswered));
    expect(result.status).toBe(2);
    expect(result.err).toContain(message);
  });

  it("lints for a provider registered with --provider-module", async () => {
    const module = fileURLToPath(new URL("../extension/acme/index.ts", import.meta.url));
    const result = await run("lint", "--provider-module", module, "--target", "acme", file("acme.json", document([message("user", [textPart("Hi")])])));
    expect(result.status).toBe(0);
    expect(result.out).toMatch(/: acme: accepted \(0 rejections, 0 warnings\)$/);
  });
});
