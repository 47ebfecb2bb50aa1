// The partwise CLI in its own process, as a user runs it: its exit status and output, with standard
// input from a file (a device such as /dev/zero, a fixture) or closed.
import { spawn } from "node:child_process";
import { openSync, closeSync } from "node:fs";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));

export interface CliRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `partwise ...argv`; standard input reads `stdinPath` when given. */
export function runCli(argv: readonly string[], options: { readonly stdinPath?: string; readonly env?: Readonly<Record<string, string>> } = {}): Promise<CliRun> {
  const stdin = options.stdinPath === undefined ? "ignore" : openSync(options.stdinPath, "r");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, ...argv], { stdio: [stdin, "pipe", "pipe"], env: { ...process.env, ...options.env } });
    if (typeof stdin === "number") closeSync(stdin);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ status: code ?? 1, stdout, stderr }));
  });
}
