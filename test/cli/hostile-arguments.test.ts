// Names and options a user can type that once crashed the CLI or slipped past a check (issue 22, items
// 9, 11 and 19): each run in its own process, as a user runs it, must end in a typed message and exit.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli-process.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("hostile-arguments");
const history = join(directory, "history.json");
writeFileSync(history, JSON.stringify({ format: "partwise.history", version: 1, messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }] }));

describe("partwise encode", () => {
  it.each(["__proto__", "constructor", "toString"])("exits 2 naming the known providers when --provider is %s", async (name) => {
    const result = await runCli(["encode", "--provider", name, history]);
    expect([result.status, result.stderr]).toEqual([2, expect.stringContaining(`unknown provider "${name}" (known: anthropic,`)]);
    expect(result.stderr).not.toContain("    at ");
  });

  it("exits 2 with the known variants when --variant names none", async () => {
    const result = await runCli(["encode", "--provider", "openai.chat", "--variant", "bogus", history]);
    expect([result.status, result.stderr]).toEqual([2, expect.stringContaining('has no server profile "bogus" (profiles: default, vllm')]);
  });

  it("exits 2 when --flag names a fact only the encoder sets (sameServer)", async () => {
    const result = await runCli(["encode", "--provider", "openai.chat", "--variant", "vllm", "--flag", "sameServer", history]);
    expect([result.status, result.stderr]).toEqual([2, expect.stringContaining('flag "sameServer" is a fact the openai.chat encoder sets')]);
  });
});

describe("partwise simulate", () => {
  it("exits 2 without a stack trace when --provider is constructor", async () => {
    const result = await runCli(["simulate", "--provider", "constructor"]);
    expect([result.status, result.stderr]).toEqual([2, expect.stringContaining('no simulator for provider "constructor"')]);
    expect(result.stderr).not.toContain("    at ");
  });
});

describe("partwise decode", () => {
  it("exits 1 with provider/invalid-wire when a blocking Google body is {}", async () => {
    const result = await runCli(["decode", "--provider", "google", "-"], { stdin: "{}" });
    expect([result.status, result.stdout]).toEqual([1, ""]);
    expect(result.stderr).toContain("neither candidates nor promptFeedback");
  });
});

describe("partwise", () => {
  it("exits 2 for a command named like an Object.prototype member", async () => {
    const result = await runCli(["constructor"]);
    expect([result.status, result.stderr]).toEqual([2, expect.stringContaining('unknown command "constructor"')]);
  });
});
