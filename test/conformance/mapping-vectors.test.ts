// The declared mappings are tested mappings: every `@example` of every `@mapsTo` block, placed in its
// provider's wire, decodes to the declared part and encodes back (format in README.md); the committed
// vectors are exactly what the spec and the placements give; and the checker catches a wrong declaration.
import { describe, expect, it } from "vitest";
import { providersDocument } from "../../generated/providers.js";
import type { ProviderDescription } from "../../generated/types.js";
import { type MappingVector, buildMappingVectors, committedMappingVectors, holdsWireValue, mappingProblems, providerMappingVectors } from "./mapping-vectors.js";
import { vectorDrift } from "./provider-vectors.js";

const committedFiles = committedMappingVectors();
const committed = [...committedFiles].map(([path, text]) => [path, JSON.parse(text) as MappingVector] as const);

/** A provider's description with one block's declarations changed, as a wrong spec would compile. */
function withBlock(providerId: string, wireModel: string, change: (block: ProviderDescription["blocks"][number]) => void): ProviderDescription {
  const provider = structuredClone(providersDocument.providers.find((candidate) => candidate.id === providerId)!);
  provider.blocks = provider.blocks.filter((block) => block.wireModel === wireModel);
  change(provider.blocks[0]!);
  return provider;
}

async function problemsOf(provider: ProviderDescription): Promise<string[]> {
  const problems: string[] = [];
  for (const vector of (await providerMappingVectors(provider)).values()) problems.push(...(await mappingProblems(vector)));
  return problems;
}

describe("mappingProblems", () => {
  it.each(committed)("finds the declarations of %s honoured: the declared part, fields and payloads, and the example encoded back", async (_path, vector) => {
    expect(await mappingProblems(vector)).toEqual([]);
  });

  it("reports the field when a @partField names a part field the codec does not fill", async () => {
    const wrong = withBlock("anthropic", "AnthropicThinkingBlock", (block) => { block.fields = { thinking: "summary" }; });
    expect(await problemsOf(wrong)).toEqual([
      expect.stringContaining(`decodeResponse: @partField("summary") on thinking`),
      expect.stringContaining(`stream decoder: @partField("summary") on thinking`),
    ]);
  });

  it("reports the wrong field when a @partField swaps two fields of a tool call", async () => {
    const wrong = withBlock("openai.responses", "OpenAiResponsesFunctionCallItem", (block) => { block.fields = { ...block.fields, call_id: "toolCall.name", name: "toolCall.id" }; });
    const problems = await problemsOf(wrong);
    expect(problems.some((problem) => problem.includes(`@partField("toolCall.name") on call_id`))).toBe(true);
    expect(problems.some((problem) => problem.includes(`@partField("toolCall.id") on name`))).toBe(true);
  });

  it("reports the part type when @mapsTo names another type than the codec decodes to", async () => {
    const wrong = withBlock("mistral", "MistralThinkChunk", (block) => { block.part = "text"; });
    expect(await problemsOf(wrong)).toContainEqual(expect.stringContaining("decoded to a reasoning part, but @mapsTo declares text"));
  });

  it("reports the payload when @payload names a kind the codec does not carry the property as", async () => {
    const wrong = withBlock("google", "GoogleFunctionCallPart", (block) => { block.payloads = { thoughtSignature: "encrypted_content" }; });
    expect(await problemsOf(wrong)).toContainEqual(expect.stringContaining(`@payload("encrypted_content") on thoughtSignature`));
  });

  it("reports the request when the encoded block is not the example", async () => {
    const [, vector] = committed.find(([path]) => path === "deepseek/DeepSeekToolCall.1.json")!;
    const moved = { ...vector, request: "/messages/0" };
    expect(await mappingProblems(moved)).toEqual([expect.stringContaining("encodeRequest: /messages/0 is")]);
  });
});

describe("buildMappingVectors", () => {
  it("gives exactly the committed vectors, none missing, changed or orphaned, when the spec and the placements are unchanged", async () => {
    expect(vectorDrift(await buildMappingVectors(), committedFiles), "the spec or a placement changed; run `npm run conformance:update` and review the diff").toEqual([]);
  });

  it("has an example for every @mapsTo block, and every @partField and @payload present in one of them at least", () => {
    const missing: string[] = [];
    for (const provider of providersDocument.providers) {
      for (const block of provider.blocks) {
        if (block.examples.length === 0) missing.push(`${provider.id} ${block.wireModel}: no @example`);
        for (const property of [...Object.keys(block.fields), ...Object.keys(block.payloads)]) {
          const present = block.examples.some((example) => typeof example === "object" && example !== null && Object.hasOwn(example, property));
          if (!present) missing.push(`${provider.id} ${block.wireModel}.${property}: in no @example`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("holdsWireValue", () => {
  it("holds a value when the part field equals it, JSON texts compared as values", () => {
    expect(holdsWireValue("Oslo", "Oslo")).toBe(true);
    expect(holdsWireValue("{\"city\":\"Oslo\"}", { city: "Oslo" })).toBe(true);
    expect(holdsWireValue("{\"city\":\"Oslo\"}", "{\"city\": \"Oslo\"}")).toBe(true);
  });

  it("holds a value of another shape when every leaf of one is among the leaves of the other", () => {
    expect(holdsWireValue("iVBORw0KGgo=", { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" })).toBe(true);
    expect(holdsWireValue([{ type: "text", text: "7 °C" }], "7 °C")).toBe(true);
    expect(holdsWireValue("image/png", "png")).toBe(true);
    expect(holdsWireValue(true, "error")).toBe(true);
  });

  it("does not hold a value when the part field is missing or says something else", () => {
    expect(holdsWireValue(undefined, "Oslo")).toBe(false);
    expect(holdsWireValue("Bergen", "Oslo")).toBe(false);
    expect(holdsWireValue("get_weather", "toolu_01")).toBe(false);
    expect(holdsWireValue(false, "error")).toBe(false);
    expect(holdsWireValue("{\"city\":\"Oslo\"}", { city: "Bergen" })).toBe(false);
  });
});
