// Commands reading a file or standard input stop at a size limit with a typed error, and `session
// import` reads regular files only: endless inputs (/dev/zero, a FIFO nobody writes) cannot hold them.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli-process.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("input-limits");

describe("partwise decode", () => {
  it("stops reading an endless standard input at --max-input-bytes", async () => {
    const result = await runCli(["decode", "--provider", "anthropic", "--stream", "--max-input-bytes", "1048576"], { stdinPath: "/dev/zero" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("standard input is larger than 1048576 bytes (--max-input-bytes)");
  });

  it("refuses a FILE that is a device", async () => {
    const result = await runCli(["decode", "--provider", "openai.chat", "/dev/zero"]);
    expect([result.status, result.stderr]).toEqual([2, expect.stringContaining("/dev/zero: not a regular file")]);
  });
});

describe("partwise encode", () => {
  it("stops reading an endless standard input at --max-input-bytes", async () => {
    const result = await runCli(["encode", "--provider", "google", "--max-input-bytes", "65536"], { stdinPath: "/dev/zero" });
    expect([result.status, result.stderr]).toEqual([1, expect.stringContaining("larger than 65536 bytes")]);
  });
});

describe("partwise session import", () => {
  it("refuses /dev/zero and a FIFO as validate does, before opening them", async () => {
    const fifo = join(directory, "pipe");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const database = `sqlite:${join(directory, "sessions.db")}`;
    for (const file of ["/dev/zero", fifo]) {
      const result = await runCli(["session", "import", "--db", database, file]);
      expect([result.status, result.stderr]).toEqual([2, expect.stringContaining(`${file}: not a regular file`)]);
    }
  });

  it("stops reading a file larger than --max-input-bytes", async () => {
    const file = join(directory, "large.jsonl");
    writeFileSync(file, `${JSON.stringify({ role: "user", parts: [{ type: "text", text: "x".repeat(200_000) }] })}\n`);
    const result = await runCli(["session", "import", "--db", `sqlite:${join(directory, "large.db")}`, "--max-input-bytes", "100000", file]);
    expect([result.status, result.stderr]).toEqual([1, expect.stringContaining(`${file} is larger than 100000 bytes`)]);
  });
});
