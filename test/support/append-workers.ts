// Starts test/session/append-worker.ts in child processes (real processes, each with its own store
// connection) and follows what they print, line by line.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const workerScript = fileURLToPath(new URL("../session/append-worker.ts", import.meta.url));

export interface WorkerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves with the first printed line that satisfies `test` (rejects if the process exits first). */
  waitForLine(test: (line: string) => boolean): Promise<string>;
  /** Resolves with the exit code, or the signal that ended the process. */
  readonly exited: Promise<number | NodeJS.Signals>;
}

export function startWorker(workerArguments: readonly string[]): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", workerScript, ...workerArguments], { stdio: ["pipe", "pipe", "pipe"] });
  const lines: string[] = [];
  const waiting: { test: (line: string) => boolean; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  createInterface({ input: child.stdout }).on("line", (line) => {
    lines.push(line);
    for (const waiter of [...waiting]) {
      if (!waiter.test(line)) continue;
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) => child.on("close", (code, signal) => resolve(signal ?? code ?? -1)));
  let exitStatus: number | NodeJS.Signals | undefined;
  const exitError = () => new Error(`worker exited (${exitStatus}) before printing the line awaited; stderr: ${errors}`);
  void exited.then((status) => {
    exitStatus = status;
    for (const waiter of waiting.splice(0)) waiter.reject(exitError());
  });
  return {
    child,
    exited,
    waitForLine(test) {
      const seen = lines.find(test);
      if (seen !== undefined) return Promise.resolve(seen);
      if (exitStatus !== undefined) return Promise.reject(exitError());
      return new Promise((resolve, reject) => waiting.push({ test, resolve, reject }));
    },
  };
}
