// Fuzzing (issue 22, "Keep, as tests"): every provider's blocking decoder, its stream decoder over decoded
// events and over raw bytes, and parseHistory, driven by arbitrary and mutated input. The only failures
// allowed are PartwiseErrors. CI runs the small counts; `npm run fuzz` raises them through
// PARTWISE_PROPERTY_RUNS and this file prints the cases per second of each property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import { parseHistory } from "../../src/index.js";
import { chunkBatchesFromBytes, chunksFromJsonValues } from "../../src/providers/decode-stream.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { aggregateAll } from "../../src/streaming/aggregate.js";
import { mergeResponses } from "../../src/streaming/message-aggregator.js";
import { eventStreamBytes } from "../providers/support/bedrock-sdk-oracle.js";
import { fixtureFiles, newlineDelimitedJsonBytes, readFixtureBytes, serverSentEventBytes } from "../providers/support/provider-fixtures.js";
import { replayableHistoryArbitrary } from "../support/arbitraries.js";
import { propertyRuns } from "../support/property-runs.js";

const fuzzing = process.env.PARTWISE_PROPERTY_RUNS !== undefined && process.env.PARTWISE_PROPERTY_RUNS !== "";

/** Runs a property, printing its cases per second in a fuzz run. */
async function fuzz<Values extends unknown[]>(name: string, property: fc.IAsyncPropertyWithHooks<Values> | fc.IPropertyWithHooks<Values>, ciRuns: number): Promise<void> {
  const runs = propertyRuns(ciRuns);
  const started = performance.now();
  await fc.assert(property as fc.IAsyncProperty<Values>, { numRuns: runs });
  const seconds = (performance.now() - started) / 1000;
  if (fuzzing) console.info(`fuzz ${name}: ${runs} cases in ${seconds.toFixed(1)} s, ${Math.round(runs / seconds)} cases/s`);
}

/** Runs an operation; it may succeed or raise a PartwiseError, nothing else. */
async function onlyPartwiseErrors(operation: () => unknown): Promise<void> {
  try {
    await operation();
  } catch (error) {
    expect(PartwiseError.isPartwiseError(error), `untyped ${String(error)}\n${(error as Error)?.stack ?? ""}`).toBe(true);
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a node of a JSON value. */
function paths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  const children = Array.isArray(value) ? value.map((child, index) => [index, child] as const) : value !== null && typeof value === "object" ? Object.entries(value) : [];
  return [path, ...children.flatMap(([key, child]) => paths(child, [...path, key]))];
}

const MUTATIONS = ["replace", "delete", "empty-string", "negative", "wrap", "huge-string"] as const;

/** One mutation of a JSON value: at a node chosen by `pick`, replace, delete, retype or wrap it. */
function mutate(seed: Json, pick: number, mutation: (typeof MUTATIONS)[number], replacement: Json): Json {
  const copy = structuredClone(seed);
  const all = paths(copy);
  const path = all[pick % all.length]!;
  if (path.length === 0) return replacement;
  const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string | number, Json>)[key]!, copy) as Record<string | number, Json>;
  const key = path.at(-1)!;
  switch (mutation) {
    case "replace": parent[key] = replacement; break;
    case "delete": if (Array.isArray(parent)) parent.splice(key as number, 1); else delete parent[key]; break;
    case "empty-string": parent[key] = ""; break;
    case "negative": parent[key] = -1; break;
    case "wrap": parent[key] = [parent[key]!]; break;
    case "huge-string": parent[key] = "x".repeat(100_000); break;
  }
  return copy;
}

/** Mutants of seed values: up to three mutations each. */
function mutants(seeds: readonly Json[]): fc.Arbitrary<Json> {
  const mutation = fc.tuple(fc.nat(), fc.constantFrom(...MUTATIONS), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>);
  return fc.tuple(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([seed, steps]) => steps.reduce((value, [pick, kind, replacement]) => mutate(value, pick, kind, replacement), seed));
}

/** The JSON values of a text, skipping what is not JSON (some fixtures are broken on purpose). */
function jsonValues(texts: readonly string[]): Json[] {
  return texts.flatMap((text) => {
    try {
      return [JSON.parse(text) as Json];
    } catch {
      return [];
    }
  });
}

/** A provider's recorded blocking bodies and streams (one decoded event per line), as seeds. */
function seeds(provider: string): { responses: Json[]; streams: Json[][] } {
  const directory = provider.replace(/\./g, "-");
  const text = (file: string) => new TextDecoder().decode(readFixtureBytes(directory, file));
  return {
    responses: jsonValues(fixtureFiles(directory, ".json").filter((file) => !file.endsWith(".request.json")).map(text)),
    streams: fixtureFiles(directory, ".chunks.txt").map((file) => jsonValues(text(file).split("\n"))).filter((stream) => stream.length > 0),
  };
}

/** The provider's framing of decoded events, as the provider sends them. */
function framed(codec: ProviderCodec, events: readonly unknown[]): Uint8Array {
  switch (codec.framing) {
    case "server-sent-events":
      return serverSentEventBytes(events, (event) => (typeof (event as { type?: unknown })?.type === "string" ? (event as { type: string }).type : undefined));
    case "newline-delimited-json":
      return newlineDelimitedJsonBytes(events);
    case "aws-event-stream":
      return eventStreamBytes(events);
  }
}

async function decodeBytes(codec: ProviderCodec, chunks: readonly Uint8Array[]): Promise<void> {
  mergeResponses(await aggregateAll(chunkBatchesFromBytes(codec, (async function* () { yield* chunks; })())));
}

/** Bytes cut into network chunks at the given offsets. */
function split(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((left, right) => left - right);
  return [...offsets, bytes.length].map((end, index) => bytes.subarray(index === 0 ? 0 : offsets[index - 1]!, end));
}

/** Mutants of byte strings: flipped, dropped and inserted bytes, and cuts. */
function byteMutants(seeds: readonly Uint8Array[]): fc.Arbitrary<Uint8Array[]> {
  const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom("flip", "drop", "insert", "truncate"));
  return fc.tuple(fc.constantFrom(...seeds), fc.array(edit, { maxLength: 4 }), fc.array(fc.nat(), { maxLength: 4 })).map(([seed, edits, cuts]) => {
    let bytes = Array.from(seed);
    for (const [at, value, kind] of edits) {
      const index = bytes.length === 0 ? 0 : at % bytes.length;
      if (kind === "flip") bytes[index] = value;
      else if (kind === "drop") bytes.splice(index, 1);
      else if (kind === "insert") bytes.splice(index, 0, value);
      else bytes = bytes.slice(0, index);
    }
    return split(new Uint8Array(bytes), cuts);
  });
}

describe.each(Object.values(providerCodecs).map((codec) => [codec.id, codec] as const))("the %s decoders", (provider, codec) => {
  const { responses, streams } = seeds(provider);

  it("raise only PartwiseErrors when decodeResponse gets arbitrary or mutated bodies", async () => {
    const body = fc.oneof(fc.jsonValue() as fc.Arbitrary<Json>, ...(responses.length > 0 ? [mutants(responses)] : []));
    await fuzz(`${provider} decodeResponse`, fc.asyncProperty(body, (value) => onlyPartwiseErrors(() => codec.decodeResponse(value))), 100);
  });

  it("raise only PartwiseErrors when the stream decoder gets arbitrary or mutated events", async () => {
    const events = fc.oneof(
      fc.array(fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>, { maxLength: 6 }),
      ...(streams.length > 0 ? [fc.tuple(fc.constantFrom(...streams), fc.nat(), fc.nat()).chain(([stream, from, length]) =>
        mutants([stream.slice(from % stream.length, (from % stream.length) + 1 + (length % 12)) as Json]).map((value) => (Array.isArray(value) ? value : [value])))] : []),
    );
    await fuzz(`${provider} stream events`, fc.asyncProperty(events, (values) => onlyPartwiseErrors(async () => mergeResponses(await aggregateAll(chunksFromJsonValues(codec, values))))), 100);
  });

  it("raise only PartwiseErrors when the wire reader gets arbitrary or mutated bytes", async () => {
    const seeds = streams.slice(0, 8).map((stream) => framed(codec, stream.slice(0, 16)));
    const bytes = fc.oneof(
      fc.array(fc.uint8Array({ maxLength: 256 }), { minLength: 1, maxLength: 4 }),
      ...(seeds.length > 0 ? [byteMutants(seeds)] : []),
    );
    await fuzz(`${provider} stream bytes`, fc.asyncProperty(bytes, (chunks) => onlyPartwiseErrors(() => decodeBytes(codec, chunks))), 100);
  });
});

describe("parseHistory", () => {
  it("raises only PartwiseErrors on arbitrary text, arbitrary JSON and mutated histories", async () => {
    const valid = fc.sample(replayableHistoryArbitrary, { numRuns: 20, seed: 22 }) as unknown as Json[];
    const input = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.jsonValue() as fc.Arbitrary<Json>,
      mutants(valid),
      mutants(valid).map((value) => JSON.stringify(value)),
      fc.tuple(fc.constantFrom(...valid.map((value) => JSON.stringify(value))), fc.nat()).map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
    );
    await fuzz("parseHistory", fc.asyncProperty(input, (value) => onlyPartwiseErrors(() => parseHistory(value))), 300);
  });
});
