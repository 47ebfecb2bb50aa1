// Runs a codec over a raw byte stream or recorded events: framing, decoding and aggregation happen
// synchronously for each network chunk (one batch of part chunks per chunk of bytes), so the cost over
// the provider's JSON is the work itself, not a chain of async steps per event.
import type { AggregatedResponse, StreamChunk } from "../../generated/types.js";
import { type AggregatorOptions, MessageAggregator } from "../streaming/message-aggregator.js";
import type { ChunkSink, ProviderCodec, StreamDecoder, WireEvent } from "./provider-codec.js";
import { wireEventsBeforeFailure } from "./wire-readers.js";

/** Decodes one wire event and hands its chunks to `into`, all of them or, when decoding throws, none. */
type EventDecoding = (event: WireEvent, into: ChunkSink) => void;

/** The chunks of the event being decoded: the first `count` of `chunks`, whose slots are reused by the next event. */
class EventChunks implements ChunkSink {
  readonly chunks: StreamChunk[] = [];
  count = 0;

  push(chunk: StreamChunk): void {
    this.chunks[this.count++] = chunk;
  }
}

/**
 * A stream's event decoding. A decoder with `pushInto` writes each event into one buffer reused for the
 * whole stream (no array per event; emptying an array instead would free its backing store each time),
 * forwarded once the event decoded; any other decoder's `push` array is forwarded.
 */
function eventDecoding(decoder: StreamDecoder): EventDecoding {
  if (decoder.pushInto === undefined) {
    return (event, into) => {
      for (const chunk of decoder.push(event)) into.push(chunk);
    };
  }
  const writer = decoder as Required<StreamDecoder>;
  const pending = new EventChunks();
  return (event, into) => {
    pending.count = 0;
    writer.pushInto(event, pending);
    const { chunks, count } = pending;
    for (let index = 0; index < count; index++) into.push(chunks[index] as StreamChunk);
  };
}

function decodeEvents(decode: EventDecoding, events: Iterable<WireEvent>, into: StreamChunk[]): StreamChunk[] {
  for (const event of events) decode(event, into);
  return into;
}

/**
 * The chunks a decoder still holds when the stream stopped at an error it raised (tool calls and
 * payloads held back until the response ends), so they reach the partial message the error hands over;
 * none when ending fails too, since the first error is the one to report.
 */
function heldBackAfterError(decoder: StreamDecoder): StreamChunk[] {
  try {
    return decoder.end();
  } catch {
    return [];
  }
}

/**
 * The error a reader raised, once the wire events it completed in the same chunk before it are decoded
 * into `into`; a failure decoding those comes earlier in the stream, so it is the error returned instead.
 */
function afterEventsBeforeFailure(error: unknown, decode: EventDecoding, into: ChunkSink): unknown {
  try {
    for (const event of wireEventsBeforeFailure.of(error)) decode(event, into);
  } catch (earlier) {
    return earlier;
  }
  return error;
}

/** A mid-stream error with the responses so far, what the decoder held back included, in `details.partial`. */
function failedWithPartial(error: unknown, aggregator: MessageAggregator, decoder: StreamDecoder): unknown {
  try {
    for (const chunk of heldBackAfterError(decoder)) aggregator.push(chunk);
  } catch {
    // A protocol violation in what was held back: the partial stops before it, and the first error is reported.
  }
  return aggregator.withPartialResponses(error);
}

/**
 * The part chunks of a raw byte stream, one batch per chunk of bytes (batches may be empty). An error
 * (the provider's, or corrupt bytes) is thrown after a last batch of what the chunk decoded before it and
 * the decoder held back, so the aggregation wrappers hand over the partial message with it.
 */
export async function* chunkBatchesFromBytes(codec: ProviderCodec, bytes: AsyncIterable<Uint8Array>): AsyncGenerator<StreamChunk[]> {
  const reader = codec.createWireReader();
  const decoder = codec.createStreamDecoder();
  const decode = eventDecoding(decoder);
  let failure: { error: unknown } | undefined;
  // The batch being filled: on a failure, what was decoded from the same chunk before it.
  let batch: StreamChunk[] = [];
  try {
    for await (const chunk of bytes) {
      yield decodeEvents(decode, reader.push(chunk), batch);
      batch = [];
    }
    decodeEvents(decode, reader.end(), batch);
    for (const chunk of decoder.end()) batch.push(chunk);
  } catch (error) {
    failure = { error: afterEventsBeforeFailure(error, decode, batch) };
  }
  if (failure) {
    yield [...batch, ...heldBackAfterError(decoder)];
    throw failure.error;
  }
  yield batch;
}

/**
 * The part chunks of decoded wire events (one per recorded line, `--input jsonl`). A mid-stream error
 * is thrown with the responses decoded before it in `details.partial`.
 */
export function chunksFromWireEvents(codec: ProviderCodec, events: Iterable<WireEvent>): StreamChunk[] {
  const decoder = codec.createStreamDecoder();
  const chunks: StreamChunk[] = [];
  try {
    decodeEvents(eventDecoding(decoder), events, chunks);
  } catch (error) {
    const aggregator = new MessageAggregator({ strict: false });
    for (const chunk of chunks) aggregator.push(chunk);
    throw failedWithPartial(error, aggregator, decoder);
  }
  for (const chunk of decoder.end()) chunks.push(chunk);
  return chunks;
}

/** The part chunks of one decoded event per JSON value (recorded fixtures, `--input jsonl`). */
export function chunksFromJsonValues(codec: ProviderCodec, values: Iterable<unknown>): StreamChunk[] {
  return chunksFromWireEvents(codec, Array.from(values, (value, index) => codec.wireEventFromJson(value, index + 1)));
}

/**
 * Decodes and aggregates a raw byte stream: one aggregated response per response in it. Each chunk is
 * pushed to the aggregator as its batch arrives; no chunk is buffered. A mid-stream error keeps its type and code and
 * carries the responses that arrived before it in `details.partial`.
 */
export async function decodeStream(codec: ProviderCodec, bytes: AsyncIterable<Uint8Array>, options?: AggregatorOptions): Promise<AggregatedResponse[]> {
  const reader = codec.createWireReader();
  const decoder = codec.createStreamDecoder();
  const aggregator = new MessageAggregator(options);
  const decode = eventDecoding(decoder);
  const apply = (events: readonly WireEvent[]) => {
    for (const event of events) decode(event, aggregator);
  };
  try {
    for await (const chunk of bytes) apply(reader.push(chunk));
    apply(reader.end());
    for (const chunk of decoder.end()) aggregator.push(chunk);
  } catch (error) {
    throw failedWithPartial(afterEventsBeforeFailure(error, decode, aggregator), aggregator, decoder);
  }
  return aggregator.finish();
}

/**
 * Decodes and aggregates a stream of already parsed events, such as an official SDK's stream
 * (`for await (const event of stream)` yields the wire events as JSON values): each value becomes a wire
 * event as a JSONL line would (`codec.wireEventFromJson`, its position the event's number from 1), so it is
 * validated and decoded exactly as the same events read from bytes. Errors carry the partial responses,
 * as decodeStream's do.
 */
export async function decodeEventStream(codec: ProviderCodec, events: AsyncIterable<unknown> | Iterable<unknown>, options?: AggregatorOptions): Promise<AggregatedResponse[]> {
  const decoder = codec.createStreamDecoder();
  const aggregator = new MessageAggregator(options);
  const decode = eventDecoding(decoder);
  let position = 0;
  try {
    for await (const value of events) {
      position += 1;
      decode(codec.wireEventFromJson(value, position), aggregator);
    }
    for (const chunk of decoder.end()) aggregator.push(chunk);
  } catch (error) {
    throw failedWithPartial(error, aggregator, decoder);
  }
  return aggregator.finish();
}
