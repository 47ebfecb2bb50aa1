// Reading a command's input from a file or standard input (`-` or no file), as bytes or text.
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { UsageError } from "../errors/partwise-error.js";

/** A usage error unless `path` is a regular file, so a mistyped name is reported before any work. */
export async function checkFile(path: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new UsageError(`${path}: no such file`);
}

/** The input as a stream of byte chunks (for raw provider streams). */
export async function inputBytes(path: string | undefined): Promise<AsyncIterable<Uint8Array>> {
  if (path === undefined || path === "-") return process.stdin;
  await checkFile(path);
  return createReadStream(path);
}

/** The whole input as UTF-8 text. */
export async function inputText(path: string | undefined): Promise<string> {
  if (path === undefined || path === "-") {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }
  await checkFile(path);
  return readFile(path, "utf8");
}
