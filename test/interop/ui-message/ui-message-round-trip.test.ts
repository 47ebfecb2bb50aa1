// Round trips through UIMessages: random histories come back part for part except where a warning says a
// piece was lost, and the shapes of a tool loop, signed reasoning and files are the AI SDK's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { fromUIMessages, toUIMessages } from "../../../src/interop/ui-message/index.js";
import { messagesEqual } from "../../../src/parts/equality.js";
import { historyArbitrary } from "../../support/arbitraries.js";
import { propertyRuns } from "../../support/property-runs.js";

function listsEqual(left: readonly Message[], right: readonly Message[]): boolean {
  return left.length === right.length && left.every((message, index) => messagesEqual(message, right[index]!));
}

const loop: Message[] = [
  { role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] },
  {
    role: "assistant",
    parts: [
      { type: "reasoning", text: "Call the tool.", payload: { provider: "anthropic", kind: "signature", data: "EqQBsig" } },
      { type: "reasoning", text: null, payload: { provider: "anthropic", kind: "redacted_thinking", data: "EmwKredacted" } },
      { type: "tool_call", toolCall: { id: "toolu_1", type: "function", name: "get_weather", arguments: "{\"city\":\"Oslo\"}" } },
    ],
  },
  { role: "tool", parts: [{ type: "tool_result", id: "toolu_1", name: "get_weather", content: [{ type: "text", text: "rain" }], isError: false }] },
  { role: "assistant", parts: [{ type: "text", text: "Light rain." }] },
];

describe("toUIMessages", () => {
  it("folds a tool loop into one assistant UIMessage with a step-start per step", () => {
    const { messages, warnings } = toUIMessages(loop);
    expect(warnings).toEqual([]);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.parts).toEqual([
      { type: "step-start" },
      { type: "reasoning", text: "Call the tool.", providerMetadata: { anthropic: { signature: "EqQBsig" } } },
      { type: "reasoning", text: "", providerMetadata: { anthropic: { redactedData: "EmwKredacted" } } },
      { type: "tool-get_weather", toolCallId: "toolu_1", state: "output-available", input: { city: "Oslo" }, output: "rain" },
      { type: "step-start" },
      { type: "text", text: "Light rain." },
    ]);
  });

  it("writes bytes as a data: URL and keeps a URL when media is given either way", () => {
    const { messages } = toUIMessages([{ role: "user", parts: [
      { type: "media", media: { mimeType: "image/png", name: "a.png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
      { type: "media", media: { mimeType: "application/pdf", data: "https://example.com/r.pdf", dataKind: "url" } },
    ] }]);
    expect(messages[0]!.parts).toEqual([
      { type: "file", mediaType: "image/png", filename: "a.png", url: "data:image/png;base64,iVBORw0KGgo=" },
      { type: "file", mediaType: "application/pdf", url: "https://example.com/r.pdf" },
    ]);
  });

  it("writes a payload under the caller's provider key when providerKeys overrides the default", () => {
    const vertex: Message[] = [{ role: "assistant", parts: [{ type: "text", text: "Hi.", payload: { provider: "google", kind: "thought_signature", data: "CsigA" } }] }];
    const { messages, warnings } = toUIMessages(vertex, { providerKeys: { google: "vertex" } });
    expect(warnings).toEqual([]);
    expect(messages[0]!.parts[1]).toEqual({ type: "text", text: "Hi.", providerMetadata: { vertex: { thoughtSignature: "CsigA" } } });
    expect(fromUIMessages(messages, { providerKeys: { google: "vertex" } })).toEqual({ messages: vertex, warnings: [] });
  });

  it("reports an error result as output-error when the tool failed", () => {
    const { messages } = toUIMessages([loop[1]!, { role: "tool", parts: [{ type: "tool_result", id: "toolu_1", name: "get_weather", content: [{ type: "text", text: "timeout" }], isError: true }] }]);
    expect(messages[0]!.parts[3]).toMatchObject({ state: "output-error", errorText: "timeout" });
  });
});

describe("fromUIMessages", () => {
  it("splits the tool loop back into assistant and tool messages when reading its own output", () => {
    const { messages, warnings } = fromUIMessages(toUIMessages(loop).messages);
    expect(warnings).toEqual([]);
    expect(messages).toEqual(loop);
  });

  it("keeps a source part as an unknown part and restores it when written back", () => {
    const source = { type: "source-url", sourceId: "s1", url: "https://example.com", title: "Example" };
    const read = fromUIMessages([{ id: "m", role: "assistant", parts: [{ type: "step-start" }, source] }]);
    expect(read.messages[0]!.parts[0]).toEqual({ type: "unknown", provider: "ai-sdk", kind: "source-url", rawJson: JSON.stringify(source) });
    expect(read.warnings.map((warning) => warning.code)).toEqual(["convert/kept-as-unknown"]);
    expect(toUIMessages(read.messages).messages[0]!.parts[1]).toEqual(source);
  });

  it("merges the AI SDK's per-summary reasoning parts into one part when they share an OpenAI item id", () => {
    const metadata = (extra: Record<string, string>) => ({ openai: { itemId: "rs_1", ...extra } });
    const { messages } = fromUIMessages([{ id: "m", role: "assistant", parts: [
      { type: "step-start" },
      { type: "reasoning", text: "First.", providerMetadata: metadata({ reasoningEncryptedContent: "gAAA" }) },
      { type: "reasoning", text: "Second.", providerMetadata: metadata({}) },
    ] }]);
    expect(messages[0]!.parts).toEqual([{
      type: "reasoning", summary: "First.\n\nSecond.",
      payload: { provider: "openai.responses", kind: "encrypted_content", data: "gAAA" },
      attributes: { provider: "openai.responses", itemId: "rs_1", summaryPartLengths: "6,7" },
    }]);
  });

  it("reports provider metadata and approvals partwise has no place for when reading AI SDK messages", () => {
    const { warnings } = fromUIMessages([{ id: "m", role: "assistant", parts: [
      { type: "text", text: "Hi", providerMetadata: { anthropic: { citations: [] } } },
      { type: "tool-run", toolCallId: "c1", state: "approval-requested", input: {}, approval: { id: "a1" } },
    ] }]);
    expect(warnings.map((warning) => [warning.code, warning.pointer])).toEqual([
      ["convert/part-lost", "/0/parts/0/providerMetadata"],
      ["convert/part-lost", "/0/parts/1/approval"],
    ]);
  });

  it("raises convert/invalid-input with the pointer when a part is not a UIMessage part", () => {
    expect(() => fromUIMessages([{ id: "m", role: "user", parts: [{ type: "text" }] }])).toThrow(expect.objectContaining({ code: "convert/invalid-input" }));
  });

  it("gives every part back when random histories go to UIMessages and back", () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const written = toUIMessages(history);
        const json = JSON.parse(JSON.stringify(written.messages)) as unknown;
        const read = fromUIMessages(json);
        expect(written.warnings.filter((warning) => warning.code === "convert/part-lost")).toEqual([]);
        expect(listsEqual(read.messages, history.messages), JSON.stringify({ history, json })).toBe(true);
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
