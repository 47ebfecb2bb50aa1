// Runs a codec over a raw byte stream or recorded events: framing, decoding and aggregation happen
// synchronously for each network chunk (one batch of part chunks per chunk of bytes), so the cost over
// the provider's JSON is the work itself, not a chain of async steps per event.
import type { AggregatedResponse, StreamChunk } from "../../generated/types.js";
import { applyChunk, finishAggregation, initialAggregatorState, type AggregatorOptions } from "../streaming/message-aggregator.js";
import type { ProviderCodec, StreamDecoder, WireEvent } from "./provider-codec.js";

function decodeEvents(decoder: StreamDecoder, events: Iterable<WireEvent>, into: StreamChunk[]): StreamChunk[] {
  for (const event of events) for (const chunk of decoder.push(event)) into.push(chunk);
  return into;
}

/** The part chunks of a raw byte stream, one batch per chunk of bytes (batches may be empty). */
export async function* chunkBatchesFromBytes(codec: ProviderCodec, bytes: AsyncIterable<Uint8Array>): AsyncGenerator<StreamChunk[]> {
  const reader = codec.createWireReader();
  const decoder = codec.createStreamDecoder();
  for await (const chunk of bytes) yield decodeEvents(decoder, reader.push(chunk), []);
  const last = decodeEvents(decoder, reader.end(), []);
  for (const chunk of decoder.end()) last.push(chunk);
  yield last;
}

/** The part chunks of decoded wire events (one per recorded line, `--input jsonl`). */
export function chunksFromWireEvents(codec: ProviderCodec, events: Iterable<WireEvent>): StreamChunk[] {
  const decoder = codec.createStreamDecoder();
  const chunks = decodeEvents(decoder, events, []);
  for (const chunk of decoder.end()) chunks.push(chunk);
  return chunks;
}

/** The part chunks of one decoded event per JSON value (recorded fixtures, `--input jsonl`). */
export function chunksFromJsonValues(codec: ProviderCodec, values: Iterable<unknown>): StreamChunk[] {
  return chunksFromWireEvents(codec, Array.from(values, (value, index) => codec.wireEventFromJson(value, index + 1)));
}

/** How decodeStream steps the aggregator: in place, building no events (one object for every chunk). */
const IN_PLACE = { events: false, transient: true } as const;

/**
 * Decodes and aggregates a raw byte stream: one aggregated response per response in it. The reducer is
 * applied as the batches arrive; no chunk is buffered.
 */
export async function decodeStream(codec: ProviderCodec, bytes: AsyncIterable<Uint8Array>, options?: AggregatorOptions): Promise<AggregatedResponse[]> {
  const reader = codec.createWireReader();
  const decoder = codec.createStreamDecoder();
  let state = initialAggregatorState(options);
  const apply = (events: readonly WireEvent[]) => {
    for (const event of events) for (const chunk of decoder.push(event)) state = applyChunk(state, chunk, IN_PLACE).state;
  };
  for await (const chunk of bytes) apply(reader.push(chunk));
  apply(reader.end());
  for (const chunk of decoder.end()) state = applyChunk(state, chunk, IN_PLACE).state;
  return finishAggregation(state);
}
