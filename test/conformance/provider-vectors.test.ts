// The TypeScript implementation over the per-provider conformance vectors (format in README.md), and the
// check that the committed vectors are exactly what the registry's codecs give over test/fixtures/.
import { describe, expect, it } from "vitest";
import { providerCodecs } from "../../src/providers/registry.js";
import { type ProviderVector, buildProviderVectors, committedProviderVectors, runProviderVector, vectorDrift } from "./provider-vectors.js";

const committedFiles = committedProviderVectors();
const committed = [...committedFiles].map(([path, text]) => [path, JSON.parse(text) as ProviderVector] as const);

describe("runProviderVector", () => {
  it.each(committed)("decodes %s to its expected message and replays it as its expected request", async (_path, vector) => {
    const codec = providerCodecs[vector.provider];
    expect(codec, `no codec for ${vector.provider}`).toBeDefined();
    expect(await runProviderVector(codec!, vector.input)).toEqual({ expected: vector.expected, replay: vector.replay });
  });
});

describe("buildProviderVectors", () => {
  it("gives exactly the committed vectors, none missing, changed or orphaned, when the codecs and fixtures are unchanged", async () => {
    expect(vectorDrift(await buildProviderVectors(), committedFiles), "the codecs no longer give the committed vectors; after a deliberate change run `npm run conformance:update`").toEqual([]);
  });

  it("covers every codec of the registry with at least one vector", () => {
    const covered = new Set(committed.map(([, vector]) => vector.provider));
    expect(Object.keys(providerCodecs).filter((provider) => !covered.has(provider))).toEqual([]);
  });
});
