// Cuts a byte sequence at arbitrary points (inside multibyte characters and frame headers included), the
// way a network may deliver it, for properties over any chunking of a recorded stream.
import fc from "fast-check";

export function rechunk(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const positions = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const position of [...positions, bytes.length]) {
    chunks.push(bytes.subarray(from, position));
    from = position;
  }
  return chunks;
}

export const cutsArbitrary = fc.array(fc.nat(), { maxLength: 60 });

export async function* asyncChunks(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}
