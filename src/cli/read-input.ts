// Reading a command's input from a file or standard input (`-` or no file), as bytes or text, never more
// than a size limit (--max-input-bytes), and from regular files only, so /dev/zero or a FIFO cannot hold it.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { UsageError } from "../errors/partwise-error.js";
import { boundedChunks, readBounded } from "../io/bounded-read.js";

/** The most a command reads from one file or standard input unless --max-input-bytes says otherwise (256 MiB). */
export const DEFAULT_MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** The option that overrides the limit, named in its error. */
const LIMIT_OPTION = "--max-input-bytes";

/** A usage error unless `path` is a regular file, so a mistyped name (or a device, a FIFO) is reported before any work. */
export async function checkFile(path: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new UsageError(`${path}: no such file`);
  if (!info.isFile()) throw new UsageError(`${path}: not a regular file (a directory, device or FIFO is not read)`);
}

async function source(path: string | undefined): Promise<{ chunks: AsyncIterable<Uint8Array>; name: string }> {
  if (path === undefined || path === "-") return { chunks: process.stdin, name: "standard input" };
  await checkFile(path);
  return { chunks: createReadStream(path), name: path };
}

/** The input as a stream of byte chunks (for raw provider streams), at most `maxBytes` of them. */
export async function inputBytes(path: string | undefined, maxBytes = DEFAULT_MAX_INPUT_BYTES): Promise<AsyncIterable<Uint8Array>> {
  const { chunks, name } = await source(path);
  return boundedChunks(chunks, name, maxBytes, LIMIT_OPTION);
}

/** The whole input as UTF-8 text, at most `maxBytes` of it (a byte order mark is kept, for the JSON reader to report). */
export async function inputText(path: string | undefined, maxBytes = DEFAULT_MAX_INPUT_BYTES): Promise<string> {
  const { chunks, name } = await source(path);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await readBounded(chunks, name, maxBytes, LIMIT_OPTION));
}
