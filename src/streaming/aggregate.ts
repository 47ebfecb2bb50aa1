// Thin wrappers over the message aggregator: aggregate any chunk source (iterable, async iterable, Web
// ReadableStream) to one message or one message per response, consume a stream live as typed events
// while the final result builds up, or plug the aggregator into a Web Streams pipeline.
import type { AggregatedResponse, StreamChunk, StreamEvent } from "../../generated/types.js";
import { StreamProtocolError } from "../errors/partwise-error.js";
import { type AggregatorOptions, MessageAggregator, mergeResponses } from "./message-aggregator.js";

/** A chunk, or a batch of chunks that arrived together (one network chunk's worth, say). */
export type ChunkItem = StreamChunk | readonly StreamChunk[];

/** Anything that yields stream chunks, one at a time or in batches. */
export type ChunkSource = Iterable<ChunkItem> | AsyncIterable<ChunkItem> | ReadableStream<ChunkItem>;

/** The items of a source; batches stay whole, so their chunks are applied without an await between them. */
async function* itemsOf(source: ChunkSource): AsyncGenerator<ChunkItem> {
  // Not every ReadableStream is async-iterable (browsers added it late), so streams are read directly.
  if (!("getReader" in source)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function isBatch(item: ChunkItem): item is readonly StreamChunk[] {
  return Array.isArray(item);
}

/** Pushes a chunk or each chunk of a batch, appending their live events to `events` when given. */
function pushItem(aggregator: MessageAggregator, item: ChunkItem, events?: StreamEvent[]): void {
  if (isBatch(item)) for (const chunk of item) aggregator.push(chunk, events);
  else aggregator.push(item, events);
}

/** One aggregated response per response id in the stream (tool-loop rounds stay apart), synchronously. */
export function aggregateAllSync(chunks: Iterable<ChunkItem>, options?: AggregatorOptions): AggregatedResponse[] {
  const aggregator = new MessageAggregator(options);
  try {
    for (const item of chunks) pushItem(aggregator, item);
  } catch (error) {
    throw aggregator.withPartialResponses(error);
  }
  return aggregator.finish();
}

/** One aggregated response per response id in the stream (tool-loop rounds stay apart). */
export async function aggregateAll(source: ChunkSource, options?: AggregatorOptions): Promise<AggregatedResponse[]> {
  const aggregator = new MessageAggregator(options);
  try {
    for await (const item of itemsOf(source)) pushItem(aggregator, item);
  } catch (error) {
    throw aggregator.withPartialResponses(error);
  }
  return aggregator.finish();
}

/** The whole stream as one aggregated response (the responses' parts in order). */
export async function aggregate(source: ChunkSource, options?: AggregatorOptions): Promise<AggregatedResponse> {
  return mergeResponses(await aggregateAll(source, options));
}

/** The whole stream as one aggregated response, synchronously. */
export function aggregateSync(chunks: Iterable<ChunkItem>, options?: AggregatorOptions): AggregatedResponse {
  return mergeResponses(aggregateAllSync(chunks, options));
}

/** A stream consumed live: iterate the events; `result` settles with the aggregated responses. */
export interface LiveAggregation extends AsyncIterable<StreamEvent> {
  readonly result: Promise<AggregatedResponse[]>;
  /** The responses as they stand after the events yielded so far (to render the message while it grows). */
  snapshot(): AggregatedResponse[];
}

/**
 * Consumes a chunk source once, yielding typed events (part started, delta, part completed, response
 * completed) as they happen. Awaiting `result` without iterating drains the source itself. Protocol
 * errors reject both the iteration and `result`; an error of the source (a provider's mid-stream error)
 * does too, with the responses that arrived before it in its `details.partial`.
 */
export function liveAggregate(source: ChunkSource, options?: AggregatorOptions): LiveAggregation {
  let settle!: { resolve: (value: AggregatedResponse[]) => void; reject: (error: unknown) => void };
  const result = new Promise<AggregatedResponse[]>((resolve, reject) => (settle = { resolve, reject }));
  // The caller may only await `result`; mark it handled so an unobserved rejection does not crash.
  result.catch(() => undefined);
  const aggregator = new MessageAggregator(options);
  async function* run(): AsyncGenerator<StreamEvent> {
    let settled = false;
    const events: StreamEvent[] = [];
    try {
      for await (const item of itemsOf(source)) {
        for (const chunk of isBatch(item) ? item : [item]) {
          aggregator.push(chunk, events);
          yield* events;
          events.length = 0;
        }
      }
      settled = true;
      settle.resolve(aggregator.finish());
    } catch (error) {
      settled = true;
      const reported = aggregator.withPartialResponses(error);
      settle.reject(reported);
      throw reported;
    } finally {
      // The consumer stopped iterating early: the result can never be whole.
      if (!settled) {
        settle.reject(new StreamProtocolError("stream/truncated", "the live stream was closed by its consumer before it ended", { position: aggregator.position }));
      }
    }
  }
  let events: AsyncGenerator<StreamEvent> | undefined;
  const start = () => (events ??= run());
  return {
    [Symbol.asyncIterator]: () => start(),
    get result() {
      if (!events) {
        const drain = start();
        void (async () => {
          try {
            while (!(await drain.next()).done);
          } catch {
            // Reported through `result`.
          }
        })();
      }
      return result;
    },
    snapshot: () => aggregator.snapshot(),
  };
}

/** The event transform of createEventTransform, with the responses as they stand. */
export interface EventTransform extends TransformStream<ChunkItem, StreamEvent> {
  /** The responses as they stand after the chunks written so far. */
  snapshot(): AggregatedResponse[];
}

/** A TransformStream from chunks (or batches) to live events, for `readable.pipeThrough(createEventTransform())`. */
export function createEventTransform(options?: AggregatorOptions): EventTransform {
  const aggregator = new MessageAggregator(options);
  const events: StreamEvent[] = [];
  const transform = new TransformStream<ChunkItem, StreamEvent>({
    transform(item, controller) {
      pushItem(aggregator, item, events);
      for (const event of events) controller.enqueue(event);
      events.length = 0;
    },
    flush() {
      aggregator.finish();
    },
  });
  return Object.assign(transform, { snapshot: () => aggregator.snapshot() });
}
