import { describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { mediaFromBytes, mediaPart, opaquePayload, reasoningPart, textPart, toolCallPart, toolResultPart, unknownPart } from "../../src/parts/constructors.js";
import { mediaEqual, messagesEqual, partsEqual } from "../../src/parts/equality.js";
import { hasToolCalls, mediaOf, reasoningOf, textOf, toolCallsOf, toolResultText } from "../../src/parts/views.js";

const call = toolCallPart({ id: "c1", name: "get_weather", arguments: { city: "Oslo" } });

describe("textOf", () => {
  it("is empty when the message has no parts, so trimming it never throws", () => {
    expect(textOf({ parts: [] })).toBe("");
    const reply: Message = { role: "assistant", parts: [] };
    expect(textOf(reply).trim()).toBe("");
  });

  it("is empty when there are parts but no text part", () => {
    expect(textOf({ parts: [call] })).toBe("");
  });

  it("joins the text parts with no separator, skipping other parts", () => {
    expect(textOf({ parts: [textPart("a"), reasoningPart({ text: "r" }), textPart("b")] })).toBe("ab");
  });
});

describe("message views", () => {
  const parts = [reasoningPart({ text: "r" }), textPart("t"), call, mediaPart(mediaFromBytes("image/png", new Uint8Array([1, 2])))];

  it("derive reasoning, tool calls and media from the parts in order", () => {
    expect(reasoningOf({ parts })).toHaveLength(1);
    expect(toolCallsOf({ parts })).toEqual([{ id: "c1", type: "function", name: "get_weather", arguments: '{"city":"Oslo"}' }]);
    expect(mediaOf({ parts })[0]?.data).toBe("AQI=");
    expect(hasToolCalls({ parts })).toBe(true);
    expect(hasToolCalls({ parts: [textPart("x")] })).toBe(false);
  });

  it("give the text of a tool result, or null when it has none", () => {
    expect(toolResultText(toolResultPart({ id: "c1", content: [textPart("a"), textPart("b")] }))).toBe("ab");
    expect(toolResultText(toolResultPart({ id: "c1", content: [] }))).toBeNull();
  });
});

describe("partsEqual", () => {
  it("compares media by value: bytes by content, the name excluded", () => {
    const left = { mimeType: "image/png", data: "AQI=", dataKind: "bytes" as const, name: "random-1" };
    const right = { mimeType: "image/png", data: "AQI", dataKind: "bytes" as const, name: "random-2" };
    expect(mediaEqual(left, right)).toBe(true);
    expect(mediaEqual(left, { ...right, data: "AQM=" })).toBe(false);
    expect(mediaEqual(left, { ...right, dataKind: "string" })).toBe(false);
  });

  it("treats an absent payload as null and absent attributes as empty", () => {
    expect(partsEqual(textPart("a"), { type: "text", text: "a", payload: null, attributes: {} })).toBe(true);
  });

  it("sees a different signature as a different part", () => {
    const signed = reasoningPart({ text: "r", payload: opaquePayload("anthropic", "signature", "s1") });
    expect(partsEqual(signed, { ...signed, payload: opaquePayload("anthropic", "signature", "s2") })).toBe(false);
    expect(partsEqual(signed, reasoningPart({ text: "r" }))).toBe(false);
  });

  it("recurses into tool result content and compares unknown parts by raw JSON", () => {
    const result = toolResultPart({ id: "c1", content: [unknownPart({ provider: "google", kind: "x", rawJson: "{}" })] });
    expect(partsEqual(result, toolResultPart({ id: "c1", content: [unknownPart({ provider: "google", kind: "x", rawJson: "{}" })] }))).toBe(true);
    expect(partsEqual(result, toolResultPart({ id: "c1", content: [unknownPart({ provider: "google", kind: "x", rawJson: "{ }" })] }))).toBe(false);
  });
});

describe("messagesEqual", () => {
  it("is sensitive to part order", () => {
    const a = { role: "assistant" as const, parts: [textPart("a"), call] };
    expect(messagesEqual(a, { ...a, parts: [call, textPart("a")] })).toBe(false);
    expect(messagesEqual(a, { ...a, parts: [textPart("a"), call] })).toBe(true);
  });

  it("compares metadata deeply", () => {
    const a = { role: "user" as const, parts: [], metadata: { n: { x: [1] } } };
    expect(messagesEqual(a, { ...a, metadata: { n: { x: [1] } } })).toBe(true);
    expect(messagesEqual(a, { ...a, metadata: { n: { x: [2] } } })).toBe(false);
  });
});
