// The CLI in its own process, as a user runs it: arguments, optional standard input, and what it printed.
// A process that outlives its time bound is killed and reported, so a hang fails the test instead of the run.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));

export interface CliResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliRunOptions {
  /** Bytes written to the process's standard input, which is then closed (default: none, closed). */
  readonly stdin?: string | Uint8Array;
  /** How long the process may run before it is killed (default 30 s). */
  readonly timeoutMs?: number;
  readonly cwd?: string;
}

/** Runs `partwise ...argv` under tsx and resolves when it exits. */
export function runCli(argv: readonly string[], options: CliRunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, ...argv], { stdio: ["pipe", "pipe", "pipe"], ...(options.cwd ? { cwd: options.cwd } : {}) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`partwise ${argv.join(" ")} ran past ${options.timeoutMs ?? 30_000} ms\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ status: code ?? 1, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? "");
  });
}
