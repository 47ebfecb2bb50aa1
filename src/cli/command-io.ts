// The output channels a command writes to; the CLI entry passes stdout/stderr, tests pass collectors.

export interface CommandIo {
  /** Writes a line of results. */
  out(line: string): void;
  /** Writes a line of diagnostics. */
  err(line: string): void;
}

/** stdout/stderr, tolerating a closed pipe (e.g. `partwise validate big.jsonl | head`). */
export function processIo(): CommandIo {
  const write = (stream: NodeJS.WriteStream) => (line: string) => {
    if (!stream.destroyed) stream.write(`${line}\n`);
  };
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  return { out: write(process.stdout), err: write(process.stderr) };
}
