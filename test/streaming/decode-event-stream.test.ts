// decodeEventStream reads an SDK's parsed event stream (issue 15): the recorded stream fixtures of every
// provider, yielded as parsed events one at a time, aggregate to what the same events give as JSON lines.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { aggregateAllSync, chunksFromJsonValues, decodeEventStream, providerCodecs, type PartwiseError } from "../../src/index.js";
import { parseJsonText } from "../../src/json/parse-json-text.js";
import { fixtureDirectory } from "../conformance/provider-vectors.js";

function isJson(line: string): boolean {
  try {
    parseJsonText(line);
    return true;
  } catch {
    return false;
  }
}

const recordings = Object.values(providerCodecs).flatMap((codec) => {
  const directory = fixtureDirectory(codec.id);
  return readdirSync(directory)
    .filter((file) => file.endsWith(".chunks.txt"))
    .flatMap((file) => {
      const lines = readFileSync(join(directory, file), "utf8").split("\n").filter((line) => line.trim() !== "");
      // A recording cut inside an event is no stream an SDK would yield events of.
      if (!lines.every(isJson)) return [];
      return [{ codec, file, events: lines.map((line, index) => parseJsonText(line, { line: index + 1 })) }];
    });
});

async function* oneAtATime(events: readonly unknown[]): AsyncGenerator<unknown> {
  for (const event of events) yield await Promise.resolve(event);
}

describe("decodeEventStream", () => {
  it("reads recordings of every provider that records streams", () => {
    expect(new Set(recordings.map(({ codec }) => codec.id)).size).toBeGreaterThanOrEqual(7);
  });

  it.each(recordings.map((recording) => [`${recording.codec.id} ${recording.file}`, recording] as const))(
    "aggregates %s as the same events read as JSON lines when they arrive as an async iterable",
    async (_name, { codec, events }) => {
      const outcome = (run: () => unknown) => {
        try {
          return { responses: run() };
        } catch (error) {
          return { error: (error as PartwiseError).toJSON() };
        }
      };
      const fromLines = outcome(() => aggregateAllSync(chunksFromJsonValues(codec, events)));
      const fromEvents = await decodeEventStream(codec, oneAtATime(events)).then((responses) => ({ responses }), (error: PartwiseError) => ({ error: error.toJSON() }));
      expect(fromEvents).toEqual(fromLines);
    },
  );

  it("hands over the responses so far when an event in the stream is malformed", async () => {
    const anthropic = recordings.find(({ codec, events }) => codec.id === "anthropic" && events.length > 3);
    const events = [...anthropic!.events.slice(0, 3), { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: 42 } }];
    const failure = await decodeEventStream(anthropic!.codec, oneAtATime(events)).then(() => undefined, (error: unknown) => error);
    expect(failure).toMatchObject({ code: "provider/invalid-wire", details: { partial: expect.any(Array) } });
  });
});
