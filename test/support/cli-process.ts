// The CLI in its own process, as a user runs it: arguments, standard input (bytes, a file such as
// /dev/zero or a fixture, or closed), and what it printed. A process that outlives its time bound is
// killed and reported, so a hang fails the test instead of the run.
import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const cli = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));
// tsx by its file URL, so the CLI starts in any working directory (a user's project outside the checkout).
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

export interface CliResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliRunOptions {
  /** Bytes written to the process's standard input, which is then closed (default: none, closed). */
  readonly stdin?: string | Uint8Array;
  /** A file the process's standard input reads instead (a device such as /dev/zero, a fixture). */
  readonly stdinPath?: string;
  /** How long the process may run before it is killed (default 30 s). */
  readonly timeoutMs?: number;
  readonly cwd?: string;
  /** Variables added to the environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/** Runs `partwise ...argv` under tsx and resolves when it exits. */
export function runCli(argv: readonly string[], options: CliRunOptions = {}): Promise<CliResult> {
  const stdinFile = options.stdinPath === undefined ? undefined : openSync(options.stdinPath, "r");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", tsx, cli, ...argv], {
      stdio: [stdinFile ?? "pipe", "pipe", "pipe"],
      env: { ...process.env, ...options.env },
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    if (stdinFile !== undefined) closeSync(stdinFile);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timeoutMs = options.timeoutMs ?? 30_000;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`partwise ${argv.join(" ")} ran past ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ status: code ?? 1, stdout, stderr });
    });
    child.stdin?.end(options.stdin ?? "");
  });
}
