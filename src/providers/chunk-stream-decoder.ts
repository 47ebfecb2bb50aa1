// The base of the built-in stream decoders: a decoder hands each event's chunks to the sink it is given
// (`pushInto`), and `push` is that into a new array, so the stream drivers, which reuse one buffer per
// stream, allocate nothing per event beyond the chunks themselves.
import type { StreamChunk } from "../../generated/types.js";
import type { ChunkSink, StreamDecoder, WireEvent } from "./provider-codec.js";

export abstract class ChunkStreamDecoder implements StreamDecoder {
  /** Hands the chunks of one wire event to `into`, in order. */
  abstract pushInto(event: WireEvent, into: ChunkSink): void;

  abstract end(): StreamChunk[];

  push(event: WireEvent): StreamChunk[] {
    const chunks: StreamChunk[] = [];
    this.pushInto(event, chunks);
    return chunks;
  }
}
