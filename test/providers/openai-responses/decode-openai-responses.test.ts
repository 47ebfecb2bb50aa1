import { describe, expect, it } from "vitest";
import type { Part } from "../../../generated/types.js";
import { chunksFromJsonValues } from "../../../src/providers/decode-stream.js";
import { decodeOpenAiResponsesResponse, encodeOpenAiResponsesRequest, openAiResponsesCodec } from "../../../src/providers/openai-responses/index.js";
import { aggregateAllSync } from "../../../src/streaming/aggregate.js";
import { readFixtureJson } from "../support/provider-fixtures.js";

const PROVIDER = "openai-responses";

type Item = Record<string, unknown> & { type: string; id?: string };
const output = (file: string) => (readFixtureJson(PROVIDER, file) as { output: Item[] }).output;
const kinds = (parts: readonly Part[]) => parts.map((part) => (part.type === "unknown" ? part.kind : part.type));
const encrypted = (data: string) => ({ provider: "openai.responses", kind: "encrypted_content", data });
const itemFields = (fields: unknown) => ({ provider: "openai.responses", kind: "item_fields", data: JSON.stringify(fields) });

describe("decodeOpenAiResponsesResponse", () => {
  it("decodes a reasoning item with its encrypted content, id and summary, then the message, when store is false", () => {
    const file = "vercel-ai__openai-reasoning-encrypted-content.1.json";
    const [reasoning, message] = output(file) as [Item & { encrypted_content: string; summary: { text: string }[] }, Item & { content: { text: string }[] }];
    const decoded = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, file));
    expect(decoded.message).toEqual({
      role: "assistant",
      parts: [
        { type: "reasoning", summary: reasoning.summary[0]!.text, payload: encrypted(reasoning.encrypted_content), attributes: { provider: "openai.responses", itemId: reasoning.id } },
        { type: "text", text: message.content[0]!.text, attributes: { itemId: message.id, itemStatus: "completed" } },
      ],
    });
    expect(decoded.info).toEqual({
      responseId: "resp_0f35ed53160b395301693cc957829881909359e7f80cdd20b5",
      model: "gpt-5-mini-2025-08-07",
      finishReason: "stop",
      rawFinishReason: "completed",
      usage: { inputTokens: 865, outputTokens: 163, totalTokens: 1028, cacheReadInputTokens: 0, reasoningTokens: 128 },
    });
  });

  it("decodes a function call with call_id as its id and its namespace as item_fields when the model calls a tool", () => {
    const decoded = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "vercel-ai__openai-tool-search.1.json"));
    expect(kinds(decoded.message.parts)).toEqual(["tool_search_call", "tool_search_output", "tool_call"]);
    expect(decoded.message.parts[2]).toEqual({
      type: "tool_call",
      toolCall: { id: "call_ytqozXvUXG8NN1b0IODxzUaE", type: "function", name: "get_weather", arguments: '{"location":"San Francisco, CA","unit":"fahrenheit"}' },
      payload: itemFields({ namespace: "get_weather" }),
      attributes: { itemId: "fc_04bd69550b37ba260069aa68969e088190a5ebe91c1448f693", itemStatus: "completed" },
    });
    expect(decoded.info.finishReason).toBe("tool_calls");
  });

  it("keeps the item as received in an unknown part, never a tool call, when it is a hosted tool or custom tool item", () => {
    for (const file of ["vercel-ai__openai-web-search-tool.1.json", "vercel-ai__openai-mcp-tool-approval.4.json", "vercel-ai__openai-shell-skills.1.json", "vercel-ai__openai-custom-tool.1.json", "vercel-ai__openai-compaction.1.json"]) {
      const items = output(file);
      const parts = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, file)).message.parts;
      expect(parts).toHaveLength(items.length);
      parts.forEach((part, index) => {
        if (part.type !== "unknown") return;
        expect(part).toEqual({ type: "unknown", provider: "openai.responses", kind: items[index]!.type, rawJson: JSON.stringify(items[index]) });
      });
      expect(parts.some((part) => part.type === "tool_call")).toBe(false);
    }
    expect(kinds(decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "vercel-ai__openai-web-search-tool.1.json")).message.parts)).toEqual([
      "reasoning", "web_search_call", "reasoning", "web_search_call", "reasoning", "web_search_call", "reasoning", "text",
    ]);
  });

  it("keeps each message's phase, and marks reasoning as its producer's, when the response was stored", () => {
    const parts = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "vercel-ai__openai-phase.1.json")).message.parts;
    expect(parts.map((part) => part.attributes?.phase)).toEqual(["commentary", "final_answer"]);
    const unsigned = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "vercel-ai__openai-local-shell-tool.1.json")).message.parts[0];
    expect(unsigned).toEqual({ type: "reasoning", attributes: { provider: "openai.responses", itemId: "rs_68da74ab2c48819cb435ff526bd1ba1d0fdbc19a07110799" } });
  });

  it("keeps the content whole as item_fields when the text has annotations", () => {
    const items = output("vercel-ai__openai-file-search-tool.1.json");
    const message = items.at(-1) as Item & { content: { text: string; annotations: unknown[] }[] };
    expect(message.content[0]!.annotations.length).toBeGreaterThan(0);
    const part = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "vercel-ai__openai-file-search-tool.1.json")).message.parts.at(-1);
    expect(part).toEqual({ type: "text", text: message.content[0]!.text, payload: itemFields({ content: message.content }), attributes: { itemId: message.id, itemStatus: "completed" } });
  });

  it("joins raw reasoning texts and summaries with the lengths that split them back, and keeps a refusal, when an open-weight server answers", () => {
    const decoded = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "composed__openai-raw-reasoning-refusal.1.json"));
    const summaries = ["**Checking the request**\n\nThe user asks for a lock-picking guide.", "**Deciding**\n\nI should decline."];
    const texts = ["User wants lock picking steps.", "Policy says decline."];
    const lengths = (parts: string[]) => parts.map((part) => part.length).join(",");
    expect(decoded.message.parts).toEqual([
      {
        type: "reasoning",
        text: texts.join("\n\n"),
        summary: summaries.join("\n\n"),
        payload: encrypted("gAAAAB-cot-final"),
        attributes: { provider: "openai.responses", itemId: "rs_COT1", textPartLengths: lengths(texts), summaryPartLengths: lengths(summaries) },
      },
      { type: "text", text: "I can't help with that.", payload: itemFields({ content: [{ type: "refusal", refusal: "I can't help with that." }] }), attributes: { itemId: "msg_COT1", itemStatus: "completed" } },
    ]);
    expect(decoded.info).toMatchObject({ finishReason: "content_filter", rawFinishReason: "completed" });
  });

  it("decodes media with its format and keeps the item's other fields when the image generation tool made an image", () => {
    const decoded = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "composed__openai-image-generation.1.json"));
    const image = output("composed__openai-image-generation.1.json")[1] as Item & { result: string };
    expect(kinds(decoded.message.parts)).toEqual(["reasoning", "media", "reasoning", "text"]);
    expect(decoded.message.parts[1]).toEqual({
      type: "media",
      media: { id: "ig_IG1", mimeType: "image/png", data: image.result, dataKind: "bytes" },
      payload: itemFields({ background: "opaque", output_format: "png", quality: "low", revised_prompt: "A single red pixel on a white background.", size: "1024x1024" }),
      attributes: { provider: "openai.responses", itemStatus: "completed" },
    });
    const webp = decodeOpenAiResponsesResponse({ id: "r", output: [{ ...image, output_format: "webp" }, { id: "ig_2", type: "image_generation_call", status: "failed", result: null }] }).message.parts;
    expect(webp[0]).toMatchObject({ type: "media", media: { mimeType: "image/webp" } });
    // No image, nothing to show: the item is kept as it came.
    expect(webp[1]).toMatchObject({ type: "unknown", kind: "image_generation_call" });
  });

  it("reports cached and reasoning tokens, and none when a compatible server omits the usage details", () => {
    const cached = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "vercel-ai__openai-file-search-tool.1.json"));
    expect(cached.info.usage).toEqual({ inputTokens: 3700, outputTokens: 741, totalTokens: 4441, cacheReadInputTokens: 2560, reasoningTokens: 640 });
    const compatible = decodeOpenAiResponsesResponse({ id: "resp_vllm", model: "gpt-oss-20b", status: "completed", output: [], usage: { input_tokens: 12, output_tokens: 3, total_tokens: 15 } });
    expect(compatible.info).toEqual({ responseId: "resp_vllm", model: "gpt-oss-20b", finishReason: "stop", rawFinishReason: "completed", usage: { inputTokens: 12, outputTokens: 3, totalTokens: 15 } });
  });

  it("maps the finish reason to the incomplete reason when the response is incomplete", () => {
    const incomplete = (reason: string) => decodeOpenAiResponsesResponse({ id: "r", status: "incomplete", incomplete_details: { reason }, output: [] }).info;
    expect(incomplete("max_output_tokens")).toMatchObject({ finishReason: "length", rawFinishReason: "max_output_tokens" });
    expect(incomplete("content_filter")).toMatchObject({ finishReason: "content_filter", rawFinishReason: "content_filter" });
  });

  it("raises provider/api-error when an HTTP error body comes in place of a response", () => {
    expect(() => decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "vercel-ai__openai-error.1.json")))
      .toThrow(expect.objectContaining({ code: "provider/api-error", provider: "openai.responses", message: expect.stringContaining("insufficient_quota") }));
    expect(() => decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "vercel-ai__reasoning-model-temperature-error.json")))
      .toThrow(expect.objectContaining({ code: "provider/api-error", message: expect.stringContaining("'temperature' is not supported") }));
  });

  it("raises provider/api-error when the response failed", () => {
    expect(() => decodeOpenAiResponsesResponse({ id: "r", status: "failed", error: { code: "server_error", message: "The server had an error" }, output: [] }))
      .toThrow(expect.objectContaining({ code: "provider/api-error", message: "openai.responses reported server_error: The server had an error" }));
  });

  it("raises provider/invalid-wire with the pointer when an item is malformed", () => {
    expect(() => decodeOpenAiResponsesResponse({ id: "r", output: [{ type: "message", content: [] }, { type: "function_call", name: "f", arguments: "{}" }] }))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/output/1", message: expect.stringContaining('"call_id"') }));
    expect(() => decodeOpenAiResponsesResponse({ id: "r", output: [{ type: "message", content: [{ type: "output_text", text: 7 }] }] }))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/output/0/content/0/text" }));
    expect(() => decodeOpenAiResponsesResponse({ id: "r", output: {} })).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/output" }));
  });
});

describe("decodeOpenAiResponsesResponse of /responses/compact output", () => {
  const compacted = output("pydantic-ai__openai-responses-compact.3.json");

  it("keeps the user messages of compacted output as received, never as assistant text, when the output holds user items", () => {
    const { message } = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "pydantic-ai__openai-responses-compact.3.json"));
    expect(message.parts).toEqual(compacted.map((item) => ({ type: "unknown", provider: "openai.responses", kind: item.type, rawJson: JSON.stringify(item) })));
    expect(message.parts.some((part) => part.type === "text")).toBe(false);
  });

  it("replays compacted output item for item, the user messages with their role and input_text content, before the next user message", () => {
    const { message } = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "pydantic-ai__openai-responses-compact.3.json"));
    const { body, warnings } = encodeOpenAiResponsesRequest([message, { role: "user", parts: [{ type: "text", text: "And 5+5?" }] }]);
    expect(body.input).toEqual([...compacted, { type: "message", role: "user", content: "And 5+5?" }]);
    expect(warnings).toEqual([]);
  });
});

describe("OpenAiResponsesStreamDecoder of a user message item", () => {
  it("gives the same unknown part as the blocking decode when a streamed output holds a user message", () => {
    const item = output("pydantic-ai__openai-responses-compact.3.json")[0]!;
    const response = { id: "resp_1", object: "response", status: "completed", model: "gpt-4o-mini", output: [item] };
    const events = [
      { type: "response.created", response: { ...response, status: "in_progress", output: [] } },
      { type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress" } },
      { type: "response.output_item.done", output_index: 0, item },
      { type: "response.completed", response },
    ];
    const [streamed] = aggregateAllSync(chunksFromJsonValues(openAiResponsesCodec, events));
    expect(streamed!.message).toEqual(decodeOpenAiResponsesResponse(response).message);
  });
});
