// Runs a codec's stream decoder over raw bytes or JSON lines and hands the chunks to the aggregator.
import type { AggregatedResponse, StreamChunk } from "../../generated/types.js";
import { type ChunkSource, aggregateAll } from "../streaming/aggregate.js";
import type { AggregatorOptions } from "../streaming/message-aggregator.js";
import type { ProviderCodec, WireEvent } from "./provider-codec.js";

/** The part chunks of a stream of wire events. */
export async function* chunksFromWireEvents(codec: ProviderCodec, events: AsyncIterable<WireEvent> | Iterable<WireEvent>): AsyncGenerator<StreamChunk> {
  const decoder = codec.createStreamDecoder();
  for await (const event of events) yield* decoder.push(event);
  yield* decoder.end();
}

/** The part chunks of a raw byte stream in the codec's framing. */
export function chunksFromBytes(codec: ProviderCodec, bytes: AsyncIterable<Uint8Array>): AsyncGenerator<StreamChunk> {
  return chunksFromWireEvents(codec, codec.wireEvents(bytes));
}

/** The part chunks of one decoded event per JSON value (recorded fixtures, `--input jsonl`). */
export function chunksFromJsonValues(codec: ProviderCodec, values: Iterable<unknown>): AsyncGenerator<StreamChunk> {
  const events = [...values].map((value, index) => codec.wireEventFromJson(value, index + 1));
  return chunksFromWireEvents(codec, events);
}

/** Decodes and aggregates a raw byte stream: one aggregated response per response in it. */
export function decodeStream(codec: ProviderCodec, bytes: AsyncIterable<Uint8Array>, options?: AggregatorOptions): Promise<AggregatedResponse[]> {
  return aggregateAll(chunksFromBytes(codec, bytes) as ChunkSource, options);
}
