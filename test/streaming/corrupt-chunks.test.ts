// A network chunk with good events and then a corrupt one (a `data:` or NDJSON line that is not JSON, an
// event-stream frame with a bad CRC): the events before the corruption reach the partial response, and the
// error is the same whatever the chunking (issue 15: bad input never loses data).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { concatBytes } from "../../src/bytes/byte-arrays.js";
import { chunkBatchesFromBytes, decodeStream } from "../../src/providers/decode-stream.js";
import { codecFor } from "../../src/providers/registry.js";
import { aggregateAll } from "../../src/streaming/aggregate.js";
import { MessageAggregator } from "../../src/streaming/message-aggregator.js";
import { corruptedAt, type FramedStream, framedStreams } from "../support/corrupt-streams.js";
import { rejectedPartwiseError } from "../support/partwise-failure.js";
import { propertyRuns } from "../support/property-runs.js";
import { asyncChunks, cutsArbitrary, rechunk } from "../support/rechunk.js";

/** The error decoding `chunks` ends with, as JSON (code, message, position, details with the partial). */
async function decodeFailure(stream: FramedStream, chunks: readonly Uint8Array[]): Promise<unknown> {
  return JSON.parse(JSON.stringify(await rejectedPartwiseError(decodeStream(codecFor(stream.provider), asyncChunks(chunks)))));
}

/** The same through the batches the chat client and the CLI aggregate. */
async function batchesFailure(stream: FramedStream, chunks: readonly Uint8Array[]): Promise<unknown> {
  return JSON.parse(JSON.stringify(await rejectedPartwiseError(aggregateAll(chunkBatchesFromBytes(codecFor(stream.provider), asyncChunks(chunks))))));
}

describe("decodeStream", () => {
  for (const stream of framedStreams) {
    it(`hands over the events a chunk completed before a corrupt one when the stream is ${stream.provider}'s`, async () => {
      for (const corruption of stream.corruptions.keys()) {
        // Every event in a chunk of its own gives the partial nothing before the corruption shares a chunk with.
        const frames = corruptedAt(stream, stream.frames.length - 1, corruption);
        const failure = await decodeFailure(stream, [concatBytes(frames)]);
        expect(failure).toMatchObject({ code: "provider/invalid-wire", details: { partial: [{ message: { role: "assistant" } }] } });
        const [partial] = (failure as { details: { partial: [{ message: { parts: unknown[] } }] } }).details.partial;
        expect(partial.message.parts.length).toBeGreaterThan(0);
        expect(failure).toEqual(await decodeFailure(stream, frames));
        expect(await batchesFailure(stream, [concatBytes(frames)])).toEqual(failure);
      }
    });
  }

  it("gives the same partial response and error for a corruption anywhere in any chunking", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...framedStreams), fc.nat(), fc.nat(), cutsArbitrary, async (stream, at, corruption, cuts) => {
        const index = at % (stream.frames.length + 1);
        const frames = corruptedAt(stream, index, corruption);
        const expected = await decodeFailure(stream, frames);
        // The partial is the responses of the events before the corruption, with what the decoder held back.
        const before = new MessageAggregator();
        for await (const batch of chunkBatchesFromBytes(codecFor(stream.provider), asyncChunks(stream.frames.slice(0, index)))) for (const chunk of batch) before.push(chunk);
        expect((expected as { details: { partial: unknown } }).details.partial).toEqual(JSON.parse(JSON.stringify(before.snapshot())));
        const chunks = rechunk(concatBytes(frames), cuts);
        expect(await decodeFailure(stream, chunks)).toEqual(expected);
        expect(await batchesFailure(stream, chunks)).toEqual(expected);
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
