// Reading recorded provider fixtures (test/fixtures/<provider>/) and replaying them through a codec:
// blocking bodies, streams recorded as one decoded event per line, and the same streams re-framed as
// the raw bytes of the provider's wire (SSE, NDJSON, AWS event-stream) in any chunking.
import { readFileSync, readdirSync } from "node:fs";
import type { AggregatedResponse } from "../../../generated/types.js";
import { aggregateAll } from "../../../src/streaming/aggregate.js";
import { chunksFromJsonValues, decodeStream } from "../../../src/providers/decode-stream.js";
import type { ProviderCodec } from "../../../src/providers/provider-codec.js";
import { asyncChunks } from "../../support/rechunk.js";

function fixtureUrl(provider: string, file = ""): URL {
  return new URL(`../../fixtures/${provider}/${file}`, import.meta.url);
}

/** The fixture files of a provider whose names end with `suffix`, sorted. */
export function fixtureFiles(provider: string, suffix: string): string[] {
  return readdirSync(fixtureUrl(provider)).filter((file) => file.endsWith(suffix)).sort();
}

/** A blocking response body. */
export function readFixtureJson(provider: string, file: string): unknown {
  return JSON.parse(readFileSync(fixtureUrl(provider, file), "utf8"));
}

/** A stream recorded as one decoded event (JSON) per line. */
export function readFixtureLines(provider: string, file: string): unknown[] {
  return readFileSync(fixtureUrl(provider, file), "utf8").split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
}

/** The raw bytes of a fixture file. */
export function readFixtureBytes(provider: string, file: string): Uint8Array {
  return new Uint8Array(readFileSync(fixtureUrl(provider, file)));
}

/** Decodes and aggregates a stream given as one decoded event per line. */
export async function decodeEventLines(codec: ProviderCodec, lines: readonly unknown[], options: { strict?: boolean } = {}): Promise<AggregatedResponse[]> {
  return aggregateAll(chunksFromJsonValues(codec, lines), options);
}

/** Decodes and aggregates a raw byte stream delivered in the given chunks. */
export async function decodeByteChunks(codec: ProviderCodec, chunks: readonly Uint8Array[], options: { strict?: boolean } = {}): Promise<AggregatedResponse[]> {
  return decodeStream(codec, asyncChunks(chunks), options);
}

/** SSE bytes for decoded events, each framed as `event: <name>` + `data: <json>` as the provider sends it. */
export function serverSentEventBytes(events: readonly unknown[], eventName?: (event: unknown) => string | undefined): Uint8Array {
  const text = events.map((event) => {
    const name = eventName?.(event);
    return `${name === undefined ? "" : `event: ${name}\n`}data: ${JSON.stringify(event)}\n\n`;
  }).join("");
  return new TextEncoder().encode(text);
}

/** NDJSON bytes for decoded events (Ollama's framing): one JSON object per line. */
export function newlineDelimitedJsonBytes(events: readonly unknown[]): Uint8Array {
  return new TextEncoder().encode(events.map((event) => `${JSON.stringify(event)}\n`).join(""));
}
