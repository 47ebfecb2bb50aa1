// fromModelMessages on AI SDK messages partwise did not write: provider keys, Responses reasoning split per
// summary part, ai 7 parts and binary data, options partwise has no place for, and input that is not ModelMessage[].
import { describe, expect, it } from "vitest";
import { PartwiseError } from "../../../src/errors/partwise-error.js";
import { fromModelMessages, toModelMessages } from "../../../src/exports/ai-sdk.js";

describe("fromModelMessages", () => {
  it("merges reasoning parts of one Responses item into one part with the summary parts joined when the AI SDK split them", () => {
    const openai = { itemId: "rs_1", reasoningEncryptedContent: "gAAA+enc" };
    const { messages, warnings } = fromModelMessages([{
      role: "assistant",
      content: [
        { type: "reasoning", text: "First.", providerOptions: { openai } },
        { type: "reasoning", text: "Second.", providerOptions: { openai } },
        { type: "text", text: "Done.", providerOptions: { openai: { itemId: "msg_1" } } },
      ],
    }]);
    expect(warnings).toEqual([]);
    expect(messages[0]!.parts).toEqual([
      { type: "reasoning", summary: "First.\n\nSecond.", payload: { provider: "openai.responses", kind: "encrypted_content", data: "gAAA+enc" }, attributes: { itemId: "rs_1", summaryPartLengths: "6,7" } },
      { type: "text", text: "Done.", attributes: { itemId: "msg_1" } },
    ]);
  });

  it("reads signatures under the key given in providerKeys when the provider was created under another name", () => {
    const { messages } = fromModelMessages(
      [{ role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "f", input: { a: 1 }, providerOptions: { vertex: { thoughtSignature: "sig==" } } }] }],
      { providerKeys: { google: "vertex" } },
    );
    expect(messages[0]!.parts).toEqual([
      { type: "tool_call", toolCall: { id: "c1", type: "function", name: "f", arguments: "{\"a\":1}" }, payload: { provider: "google", kind: "thought_signature", data: "sig==" } },
    ]);
    expect(toModelMessages(messages, { providerKeys: { google: "vertex" } }).messages[0]).toEqual({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "c1", toolName: "f", input: { a: 1 }, providerOptions: { vertex: { thoughtSignature: "sig==" } } }],
    });
  });

  it("keeps ai 7 parts as unknown parts and reads bytes and URLs as media when the messages hold them", () => {
    const { messages, warnings } = fromModelMessages([
      { role: "user", content: [{ type: "image", image: new Uint8Array([1, 2, 3]), mediaType: "image/png" }, { type: "file", data: new URL("https://example.com/a.pdf"), mediaType: "application/pdf" }] },
      { role: "assistant", content: [{ type: "custom", kind: "openai.compaction" }] },
    ]);
    expect(messages[0]!.parts).toEqual([
      { type: "media", media: { mimeType: "image/png", data: "AQID", dataKind: "bytes" } },
      { type: "media", media: { mimeType: "application/pdf", data: "https://example.com/a.pdf", dataKind: "url" } },
    ]);
    expect(messages[1]!.parts).toEqual([{ type: "unknown", provider: "ai-sdk", kind: "custom", rawJson: "{\"type\":\"custom\",\"kind\":\"openai.compaction\"}" }]);
    expect(warnings.map((warning) => [warning.code, warning.pointer])).toEqual([["convert/kept-as-unknown", "/1/content/0"]]);
  });

  it("reports provider options partwise has no place for when a part carries them", () => {
    const { warnings } = fromModelMessages([{ role: "user", content: [{ type: "text", text: "hi", providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } }] }]);
    expect(warnings.map((warning) => [warning.code, warning.pointer])).toEqual([["convert/part-lost", "/0/content/0/providerOptions/anthropic/cacheControl"]]);
  });

  it("raises convert/invalid-input with the pointer when the input is not a list of ModelMessages", () => {
    const attempt = () => fromModelMessages([{ role: "user", content: [{ type: "text" }] }]);
    expect(attempt).toThrow(PartwiseError);
    expect(attempt).toThrow(expect.objectContaining({ code: "convert/invalid-input" }));
  });
});

describe("toModelMessages", () => {
  it("sends invalid JSON arguments as the string input and reports it when the model's text was not JSON", () => {
    const { messages, warnings } = toModelMessages([{ role: "assistant", parts: [{ type: "tool_call", toolCall: { id: "c1", type: "function", name: "f", arguments: "{\"a\":" } }] }]);
    expect(messages[0]).toMatchObject({ content: [{ type: "tool-call", input: "{\"a\":" }] });
    expect(warnings.map((warning) => [warning.code, warning.pointer])).toEqual([["convert/kept-as-unknown", "/0/parts/0/toolCall/arguments"]]);
  });

  it("writes redacted Anthropic thinking as empty reasoning with redactedData when the text is hidden", () => {
    const { messages } = toModelMessages({ format: "partwise.history", version: 1, messages: [{ role: "assistant", parts: [{ type: "reasoning", text: null, payload: { provider: "anthropic", kind: "redacted_thinking", data: "Em+x" } }] }] });
    expect(messages[0]).toEqual({ role: "assistant", content: [{ type: "reasoning", text: "", providerOptions: { anthropic: { redactedData: "Em+x" } } }] });
  });

  it("keeps an unknown part under providerOptions.partwise and reports it when the AI SDK has no part for it", () => {
    const part = { type: "unknown" as const, provider: "anthropic", kind: "server_tool_use", rawJson: "{\"type\":\"server_tool_use\",\"id\":\"srvtoolu_1\"}" };
    const { messages, warnings } = toModelMessages([{ role: "assistant", parts: [{ type: "text", text: "a" }, part] }]);
    expect(warnings.map((warning) => [warning.code, warning.pointer])).toEqual([["convert/kept-as-unknown", "/0/parts/1"]]);
    expect(fromModelMessages(messages).messages[0]!.parts).toEqual([{ type: "text", text: "a" }, part]);
  });
});
