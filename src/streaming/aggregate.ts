// Thin wrappers over the aggregator reducer: aggregate any chunk source (iterable, async iterable, Web
// ReadableStream) to one message or one message per response, consume a stream live as typed events
// while the final result builds up, or plug the aggregator into a Web Streams pipeline.
import type { AggregatedResponse, StreamChunk, StreamEvent } from "../../generated/types.js";
import { StreamProtocolError } from "../errors/partwise-error.js";
import {
  type AggregatorOptions,
  type ApplyOptions,
  applyChunk,
  finishAggregation,
  initialAggregatorState,
  mergeResponses,
  withPartialResponses,
} from "./message-aggregator.js";

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

/** Plain aggregation: no events, and the state is never exposed, so each step may update it in place. */
const plain: ApplyOptions = { events: false, transient: true };

/** One aggregated response per response id in the stream (tool-loop rounds stay apart), synchronously. */
export function aggregateAllSync(chunks: Iterable<ChunkItem>, options?: AggregatorOptions): AggregatedResponse[] {
  let state = initialAggregatorState(options);
  try {
    for (const item of chunks) {
      if (isBatch(item)) for (const chunk of item) state = applyChunk(state, chunk, plain).state;
      else state = applyChunk(state, item, plain).state;
    }
  } catch (error) {
    throw withPartialResponses(error, state);
  }
  return finishAggregation(state);
}

/** One aggregated response per response id in the stream (tool-loop rounds stay apart). */
export async function aggregateAll(source: ChunkSource, options?: AggregatorOptions): Promise<AggregatedResponse[]> {
  let state = initialAggregatorState(options);
  try {
    for await (const item of itemsOf(source)) {
      if (isBatch(item)) for (const chunk of item) state = applyChunk(state, chunk, plain).state;
      else state = applyChunk(state, item, plain).state;
    }
  } catch (error) {
    throw withPartialResponses(error, state);
  }
  return finishAggregation(state);
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
  async function* run(): AsyncGenerator<StreamEvent> {
    let state = initialAggregatorState(options);
    let settled = false;
    try {
      for await (const item of itemsOf(source)) {
        for (const chunk of isBatch(item) ? item : [item]) {
          const step = applyChunk(state, chunk, { transient: true });
          state = step.state;
          yield* step.events;
        }
      }
      settled = true;
      settle.resolve(finishAggregation(state));
    } catch (error) {
      settled = true;
      const reported = withPartialResponses(error, state);
      settle.reject(reported);
      throw reported;
    } finally {
      // The consumer stopped iterating early: the result can never be whole.
      if (!settled) {
        settle.reject(new StreamProtocolError("stream/truncated", "the live stream was closed by its consumer before it ended", { position: state.position }));
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
  };
}

/** A TransformStream from chunks (or batches) to live events, for `readable.pipeThrough(createEventTransform())`. */
export function createEventTransform(options?: AggregatorOptions): TransformStream<ChunkItem, StreamEvent> {
  let state = initialAggregatorState(options);
  return new TransformStream({
    transform(item, controller) {
      for (const chunk of isBatch(item) ? item : [item]) {
        const step = applyChunk(state, chunk, { transient: true });
        state = step.state;
        for (const event of step.events) controller.enqueue(event);
      }
    },
    flush() {
      finishAggregation(state);
    },
  });
}
