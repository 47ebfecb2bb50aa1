// Reading a byte source (a file, standard input) with a size limit, so an endless input (/dev/zero, a
// pipe that never closes) ends in a typed `input/too-large` error instead of growing without bound.
import { PartwiseError } from "../errors/partwise-error.js";

function tooLarge(source: string, maxBytes: number, option: string): PartwiseError {
  return new PartwiseError("input/too-large", `${source} is larger than ${maxBytes} bytes (${option}); it was not read further`, {
    details: { limitBytes: maxBytes, limit: option },
  });
}

/** The chunks of `chunks`, failing with `input/too-large` once more than `maxBytes` arrived in all. */
export async function* boundedChunks(chunks: AsyncIterable<Uint8Array>, source: string, maxBytes: number, option: string): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const chunk of chunks) {
    received += chunk.length;
    if (received > maxBytes) throw tooLarge(source, maxBytes, option);
    yield chunk;
  }
}

/** All of `chunks` as one byte array, failing with `input/too-large` past `maxBytes`. */
export async function readBounded(chunks: AsyncIterable<Uint8Array>, source: string, maxBytes: number, option: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of boundedChunks(chunks, source, maxBytes, option)) {
    parts.push(chunk);
    length += chunk.length;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
