// Bench inputs built from recorded provider streams (test/fixtures): the raw SSE bytes as the provider
// sends them, delivered in 16 KiB network chunks, at several lengths (the recording's deltas repeated).
import { readFileSync } from "node:fs";

const FIXTURES = new URL("../../test/fixtures/", import.meta.url);
export const NETWORK_CHUNK_BYTES = 16 * 1024;

/** The decoded events of a recorded stream (one JSON per line). */
export function recordedEvents(provider: string, file: string): Record<string, unknown>[] {
  return readFileSync(new URL(`${provider}/${file}`, FIXTURES), "utf8").split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
}

/** The events with every delta event repeated `factor` times in place: the same stream, longer. */
export function lengthened(events: readonly Record<string, unknown>[], isDelta: (event: Record<string, unknown>) => boolean, factor: number): Record<string, unknown>[] {
  return events.flatMap((event) => (isDelta(event) ? Array.from({ length: factor }, () => event) : [event]));
}

/**
 * SSE bytes (`event:` + `data:`) of the events, cut into network-sized chunks. Written event by event
 * into one buffer (each distinct event encoded once), so building a 60 MB stream holds little besides
 * the stream: the fresh-process memory probe measures the decoding, not this scaffolding.
 */
export function sseChunks(events: readonly Record<string, unknown>[]): Uint8Array[] {
  const encoder = new TextEncoder();
  const encoded = new Map<Record<string, unknown>, Uint8Array>();
  const pieces = events.map((event) => {
    let bytes = encoded.get(event);
    if (!bytes) {
      bytes = encoder.encode(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
      encoded.set(event, bytes);
    }
    return bytes;
  });
  const bytes = new Uint8Array(totalBytes(pieces));
  let written = 0;
  for (const piece of pieces) {
    bytes.set(piece, written);
    written += piece.length;
  }
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += NETWORK_CHUNK_BYTES) chunks.push(bytes.subarray(offset, offset + NETWORK_CHUNK_BYTES));
  return chunks;
}

export function totalBytes(chunks: readonly Uint8Array[]): number {
  return chunks.reduce((sum, chunk) => sum + chunk.length, 0);
}

export async function* byteSource(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

/** A fetch that answers every request with the stream, as a server would: what the SDK peers read. */
export function servingFetch(chunks: readonly Uint8Array[]): typeof fetch {
  return async () => new Response(new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }), { status: 200, headers: { "content-type": "text/event-stream" } });
}

/**
 * Byte sources for streams served side by side, as a chat server reads them: after each chunk a source
 * yields to the event loop (setImmediate), so the streams' chunks arrive round-robin, one of each in turn.
 */
export async function* interleavedByteSource(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) {
    yield chunk;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The floor's work on a stream: split the SSE text into events and JSON.parse each data payload, nothing else. */
class SseFloor {
  readonly #decoder = new TextDecoder();
  #pending = "";
  parsed = 0;

  push(chunk: Uint8Array): void {
    const pending = this.#pending + this.#decoder.decode(chunk, { stream: true });
    let boundary = pending.indexOf("\n\n");
    let start = 0;
    while (boundary >= 0) {
      const data = pending.indexOf("data: ", start);
      if (data >= 0 && data < boundary) {
        JSON.parse(pending.slice(data + 6, boundary));
        this.parsed++;
      }
      start = boundary + 2;
      boundary = pending.indexOf("\n\n", start);
    }
    this.#pending = pending.slice(start);
  }
}

/** The floor of one stream read from a byte source as it arrives, chunk by chunk. */
export async function sseFloorOf(bytes: AsyncIterable<Uint8Array>): Promise<number> {
  const floor = new SseFloor();
  for await (const chunk of bytes) floor.push(chunk);
  return floor.parsed;
}

/** The floor of a stream whose chunks are all at hand. */
export function sseFloor(chunks: readonly Uint8Array[]): number {
  const floor = new SseFloor();
  for (const chunk of chunks) floor.push(chunk);
  return floor.parsed;
}
