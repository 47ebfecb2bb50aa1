import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Part } from "../../../generated/types.js";
import { createGoogleCodec, decodeGoogleResponse } from "../../../src/providers/google/index.js";
import { propertyRuns } from "../../support/property-runs.js";
import { decodeEventLines, readFixtureLines } from "../support/provider-fixtures.js";
import { mergeGeminiChunks } from "./merge-gemini-chunks.js";

const PROVIDER = "google";
const vertex = createGoogleCodec({ endpoint: "vertex-ai" });
const SIGNATURE = "Q2lRQjRmSA==";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Leaf = { path: string; value: null | boolean | number | string };

/** A member as Gemini writes it in a path: `.name` when it can be, else `['…']` with JSON escapes. */
function member(key: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return `.${key}`;
  return `['${JSON.stringify(key).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}']`;
}

/** The values of an argument object at their RFC 9535 paths, in document order. */
function leaves(value: Json, path = "$"): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => leaves(item, `${path}${member(key)}`));
  return [{ path, value }];
}

/** The `partialArgs` entries of one value: a string in the given pieces, each but the last saying `willContinue`. */
function partialArgs(leaf: Leaf, cuts: readonly number[]): object[] {
  const { path, value } = leaf;
  if (value === null) return [{ jsonPath: path, nullValue: "NULL_VALUE" }];
  if (typeof value === "boolean") return [{ jsonPath: path, boolValue: value }];
  if (typeof value === "number") return [{ jsonPath: path, numberValue: value }];
  const points = [...new Set(cuts.map((cut) => cut % (value.length + 1)))].sort((a, b) => a - b);
  const pieces = [0, ...points].map((from, at, all) => value.slice(from, all[at + 1] ?? value.length));
  return pieces.map((piece, at) => (at < pieces.length - 1 ? { jsonPath: path, stringValue: piece, willContinue: true } : { jsonPath: path, stringValue: piece }));
}

const chunk = (part: object, finishReason?: string) => ({ candidates: [{ content: { role: "model", parts: [part] }, ...(finishReason ? { finishReason } : {}) }], responseId: "pa" });

const keyArbitrary = fc.oneof(fc.constantFrom("city", "file name", "it's", "café", "a-b", "x.y", "0", "__proto__", 'say "hi"', "back\\slash"), fc.string({ minLength: 1, maxLength: 6 }));
/** Argument values as streamed arguments can carry them: no empty object or array (no leaf gives them). */
const { value: valueArbitrary } = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ unit: "grapheme", maxLength: 12 }),
    fc.array(tie("value"), { minLength: 1, maxLength: 3 }),
    fc.dictionary(keyArbitrary, tie("value"), { minKeys: 1, maxKeys: 3 }),
  ),
}));
const argumentsArbitrary = fc.dictionary(keyArbitrary, valueArbitrary, { minKeys: 1, maxKeys: 4 });

describe("GoogleStreamDecoder with Vertex AI streamed arguments", () => {
  it("assembles a call whose string pieces each end in an empty closing piece, as recorded", async () => {
    const [response] = await decodeEventLines(vertex, readFixtureLines(PROVIDER, "js-genai__vertex-stream-function-call-arguments.chunks.txt"));
    const [call] = response!.message.parts as Extract<Part, { type: "tool_call" }>[];
    expect(response!.message.parts).toHaveLength(1);
    expect(call!.toolCall).toEqual({ id: "", type: "function", name: "getCurrentWeather", arguments: JSON.stringify({ country: "USA", location: "NewYorkCity", purpose: "to know what to wear today", unit: "C" }) });
    expect(call!.payload?.kind).toBe("thought_signature");
  });

  it("decodes a call given whole as partialArgs in one chunk as the blocking decoder does", async () => {
    const lines = readFixtureLines(PROVIDER, "js-genai__vertex-chat-call-arguments-in-one-chunk.chunks.txt");
    const [response] = await decodeEventLines(vertex, lines);
    const blocking = decodeGoogleResponse(lines[0], { endpoint: "vertex-ai" });
    expect(response!.message).toEqual(blocking.message);
    expect(blocking.message.parts).toMatchObject([{ type: "tool_call", toolCall: { name: "customDivide", arguments: '{"denominator":2,"numerator":100}' } }]);
  });

  it("keeps a call open across an empty text and a thought between its fragments: one call, no nameless one", async () => {
    const lines = readFixtureLines(PROVIDER, "js-genai__vertex-stream-function-call-arguments.chunks.txt") as Record<string, unknown>[];
    const between = (part: object) => ({ ...chunk(part), responseId: lines[0]!.responseId });
    const interleaved = [...lines.slice(0, 3), between({ text: "" }), between({ text: "Checking the units.", thought: true }), ...lines.slice(3)];
    const [response] = await decodeEventLines(vertex, interleaved);
    const [whole] = await decodeEventLines(vertex, lines);
    expect(response!.message.parts.map((part) => part.type)).toEqual(["tool_call", "reasoning"]);
    expect(response!.message.parts[0]).toEqual(whole!.message.parts[0]);
    expect(response!.message).toEqual(decodeGoogleResponse(mergeGeminiChunks(interleaved), { endpoint: "vertex-ai" }).message);
  });

  it("raises provider/invalid-wire with the position for streamed arguments with no call open", async () => {
    const lines = [chunk({ functionCall: { partialArgs: [{ jsonPath: "$.city", stringValue: "Oslo" }], willContinue: true } }), chunk({ text: "" }, "STOP")];
    await expect(decodeEventLines(vertex, lines)).rejects.toMatchObject({ code: "provider/invalid-wire", position: 1 });
  });

  it("gives the blocking call's arguments for any split of them into fragments, pieces, keep-alives and empty texts", async () => {
    const fragmentation = fc.record({
      cuts: fc.array(fc.array(fc.nat(), { maxLength: 4 }), { maxLength: 40 }),
      groups: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 40 }),
      keepAlive: fc.array(fc.boolean(), { maxLength: 40 }),
      emptyText: fc.array(fc.boolean(), { maxLength: 40 }),
      closing: fc.constantFrom("empty", "last-fragment"),
    });
    await fc.assert(
      fc.asyncProperty(argumentsArbitrary, fragmentation, async (args, { cuts, groups, keepAlive, emptyText, closing }) => {
        const entries = leaves(args).flatMap((leaf, at) => partialArgs(leaf, cuts[at] ?? []));
        const fragments: object[][] = [];
        for (let from = 0, at = 0; from < entries.length; at++) {
          const size = groups[at] ?? 1;
          fragments.push(entries.slice(from, from + size));
          from += size;
        }
        const lines: object[] = [chunk({ functionCall: { name: "save", willContinue: true }, thoughtSignature: SIGNATURE })];
        fragments.forEach((fragment, at) => {
          const last = closing === "last-fragment" && at === fragments.length - 1;
          lines.push(chunk({ functionCall: last ? { partialArgs: fragment } : { partialArgs: fragment, willContinue: true } }));
          if (keepAlive[at] === true && !last) lines.push(chunk({ functionCall: { willContinue: true } }));
          if (emptyText[at] === true && !last) lines.push(chunk({ text: "" }));
        });
        if (closing === "empty") lines.push(chunk({ functionCall: {} }));
        lines.push(chunk({ text: "" }, "STOP"));
        const [streamed] = await decodeEventLines(vertex, lines);
        const blocking = decodeGoogleResponse(
          { candidates: [{ content: { role: "model", parts: [{ functionCall: { name: "save", args }, thoughtSignature: SIGNATURE }] }, finishReason: "STOP" }], responseId: "pa" },
          { endpoint: "vertex-ai" },
        );
        expect(streamed!.message).toEqual(blocking.message);
        expect(decodeGoogleResponse(mergeGeminiChunks(lines as Record<string, unknown>[]), { endpoint: "vertex-ai" }).message).toEqual(blocking.message);
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
