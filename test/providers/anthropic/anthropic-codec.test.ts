import { BetaMessageStream } from "@anthropic-ai/sdk/lib/BetaMessageStream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Part } from "../../../generated/types.js";
import { anthropicCodec, decodeAnthropicResponse, encodeAnthropicRequest } from "../../../src/providers/anthropic/index.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";
import { decodeByteChunks, decodeEventLines, fixtureFiles, readFixtureJson, readFixtureLines, serverSentEventBytes } from "../support/provider-fixtures.js";

const PROVIDER = "anthropic";
const eventName = (event: unknown) => (event as { type: string }).type;
const signature = (data: string) => ({ provider: "anthropic", kind: "signature", data });

/**
 * The Anthropic SDK's own accumulator over the recorded events: the independent oracle. The beta
 * accumulator is used because it also assembles the input of beta blocks (MCP tool use).
 */
async function sdkFinalMessage(lines: readonly unknown[]) {
  const body = new TextEncoder().encode(lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
  const stream = new ReadableStream({ start(controller) { controller.enqueue(body); controller.close(); } });
  return BetaMessageStream.fromReadableStream(stream).finalMessage();
}

describe("decodeAnthropicResponse", () => {
  it("decodes signed thinking then text, signature byte for byte", () => {
    const body = readFixtureJson(PROVIDER, "vercel-ai__anthropic-clear-thinking.1.json") as { content: { signature?: string }[] };
    expect(decodeAnthropicResponse(body).message.parts).toEqual([
      { type: "reasoning", text: "925 divided by 5 = 185", payload: signature(body.content[0]!.signature!) },
      { type: "text", text: "925 ÷ 5 = 185" },
    ]);
  });

  it("decodes a tool call with empty input as arguments {}", () => {
    const parts = decodeAnthropicResponse(readFixtureJson(PROVIDER, "vercel-ai__anthropic-tool-no-args.json")).message.parts;
    expect(parts.at(-1)).toMatchObject({ type: "tool_call", toolCall: { type: "function", arguments: "{}" } });
  });

  it("keeps a block's unmapped fields in its block_fields payload when one is named __proto__", () => {
    const body = JSON.parse('{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"Hi","__proto__":{"x":1}}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}') as object;
    const [text] = decodeAnthropicResponse(body).message.parts;
    expect(text).toEqual({ type: "text", text: "Hi", payload: { provider: "anthropic", kind: "block_fields", data: '{"__proto__":{"x":1}}' } });
  });

  it("keeps MCP and server tool blocks as unknown parts holding the block as received, in order", () => {
    const body = readFixtureJson(PROVIDER, "vercel-ai__anthropic-web-fetch-tool.error.json") as { content: object[] };
    const parts = decodeAnthropicResponse(body).message.parts;
    expect(parts.map((part) => (part.type === "unknown" ? part.kind : part.type))).toEqual(["text", "server_tool_use", "web_fetch_tool_result", "text"]);
    expect(JSON.parse((parts[2] as Extract<Part, { type: "unknown" }>).rawJson)).toEqual(body.content[2]);
    const mcp = decodeAnthropicResponse(readFixtureJson(PROVIDER, "vercel-ai__anthropic-mcp.1.json")).message.parts;
    expect(mcp.map((part) => (part.type === "unknown" ? part.kind : part.type))).toEqual(["mcp_tool_use", "mcp_tool_result", "text"]);
  });

  it("decodes a refusal with no content blocks and reports the finish reason", () => {
    const decoded = decodeAnthropicResponse(readFixtureJson(PROVIDER, "vercel-ai__anthropic-refusal.json"));
    expect(decoded.message.parts).toEqual([]);
    expect(decoded.info).toMatchObject({ finishReason: "content_filter", rawFinishReason: "refusal", model: "claude-fable-5" });
  });

  it("reports usage with cache reads and writes in the input and thinking tokens as reasoning", () => {
    const decoded = decodeAnthropicResponse(readFixtureJson(PROVIDER, "vercel-ai__anthropic-claude-opus-5-reasoning-high.1.json"));
    expect(decoded.info.usage?.reasoningTokens).toBeGreaterThan(0);
    expect(decoded.info.usage?.totalTokens).toBe((decoded.info.usage?.inputTokens ?? 0) + (decoded.info.usage?.outputTokens ?? 0));
  });

  it("raises provider/api-error for an error body in place of a response", () => {
    expect(() => decodeAnthropicResponse({ type: "error", error: { type: "overloaded_error", message: "Overloaded" }, request_id: "req_1" }))
      .toThrow(expect.objectContaining({ code: "provider/api-error", provider: "anthropic", message: expect.stringContaining("overloaded_error") }));
  });

  it("raises provider/invalid-wire at the field's pointer when a known block lacks a required field or has one of the wrong type, never coercing it", () => {
    // A real recorded reply (thinking, then text), each time with one field broken.
    const recorded = readFixtureJson(PROVIDER, "vercel-ai__anthropic-claude-opus-5-reasoning-high.1.json") as { content: Record<string, unknown>[] };
    const broken = (index: number, change: (block: Record<string, unknown>) => void) => {
      const body = structuredClone(recorded);
      change(body.content[index]!);
      return () => decodeAnthropicResponse(body);
    };
    expect(broken(0, (block) => delete block.signature)).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/content/0", message: expect.stringContaining('required property "signature"') }));
    expect(broken(0, (block) => (block.thinking = null))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/content/0/thinking" }));
    expect(broken(1, (block) => (block.text = 42))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/content/1/text", message: expect.stringContaining("expected string") }));
    expect(broken(1, (block) => Object.assign(block, { type: "tool_use", id: "toolu_1", name: "f" }))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/content/1" }));
    expect(() => decodeAnthropicResponse(recorded)).not.toThrow();
  });

  it("raises provider/invalid-wire with the pointer for a malformed response", () => {
    expect(() => decodeAnthropicResponse({ id: "m", type: "message", role: "assistant", model: "x", content: [{ text: "no type" }] }))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/content/0" }));
  });
});

describe("AnthropicStreamDecoder", () => {
  const streams = fixtureFiles(PROVIDER, ".chunks.txt");
  // The SDK throws on a repeated message_start; partwise ignores the repeat (tested below).
  const oracleStreams = streams.filter((file) => !file.includes("duplicate-message-start"));

  it.each(oracleStreams)("aggregates %s to what the SDK's accumulator gives, decoded by the blocking decoder", async (file) => {
    const lines = readFixtureLines(PROVIDER, file);
    const [streamed] = await decodeEventLines(anthropicCodec, lines);
    const oracle = decodeAnthropicResponse(await sdkFinalMessage(lines));
    // The SDK re-adds a streamed `input` as the block's last key; compare raw blocks as JSON values.
    const parsedRaw = (parts: readonly Part[] = []) => parts.map((part) => (part.type === "unknown" ? { ...part, rawJson: JSON.parse(part.rawJson) } : part));
    expect(parsedRaw(streamed?.message.parts)).toEqual(parsedRaw(oracle.message.parts));
    expect(streamed?.complete).toBe(true);
    expect(streamed?.info).toMatchObject({ responseId: oracle.info.responseId, model: oracle.info.model, finishReason: oracle.info.finishReason });
  });

  it.each(streams.filter((file) => fixtureFiles(PROVIDER, ".json").includes(file.replace(".chunks.txt", ".json"))))(
    "aggregates %s to the blocking decode of its recorded response", async (file) => {
      const [streamed] = await decodeEventLines(anthropicCodec, readFixtureLines(PROVIDER, file));
      const blocking = decodeAnthropicResponse(readFixtureJson(PROVIDER, file.replace(".chunks.txt", ".json")));
      expect(streamed?.message.parts.map((part) => part.type)).toEqual(blocking.message.parts.map((part) => part.type));
    },
  );

  it("gives the same message for any chunking of a stream's raw SSE bytes", async () => {
    const recorded = streams.map((file) => readFixtureLines(PROVIDER, file));
    const expected = await Promise.all(recorded.map((lines) => decodeEventLines(anthropicCodec, lines)));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: recorded.length - 1 }), cutsArbitrary, async (which, cuts) => {
        const bytes = serverSentEventBytes(recorded[which]!, eventName);
        expect(await decodeByteChunks(anthropicCodec, rechunk(bytes, cuts))).toEqual(expected[which]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("ignores a repeated message_start of the same message", async () => {
    const lines = readFixtureLines(PROVIDER, "vercel-ai__duplicate-message-start.chunks.txt");
    const [repeated] = await decodeEventLines(anthropicCodec, lines);
    const [once] = await decodeEventLines(anthropicCodec, lines.slice(1));
    expect(repeated).toEqual(once);
    expect(repeated?.message.parts).toEqual([{ type: "text", text: "Hello, World!" }]);
  });

  it("decodes a redacted thinking block, which arrives whole at its start", async () => {
    const events = [
      { type: "message_start", message: { id: "msg_r", type: "message", role: "assistant", model: "claude-3-7-sonnet", content: [], usage: { input_tokens: 5, output_tokens: 1 } } },
      { type: "content_block_start", index: 0, content_block: { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw" } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "thinking", thinking: "", signature: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "signature_delta", signature: "ErUBCkYIBRgCIkB" } },
      { type: "content_block_stop", index: 1 },
      { type: "content_block_start", index: 2, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 2, delta: { type: "text_delta", text: "Done." } },
      { type: "content_block_stop", index: 2 },
      { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 9 } },
      { type: "message_stop" },
    ];
    const [streamed] = await decodeEventLines(anthropicCodec, events);
    expect(streamed?.message.parts).toEqual([
      { type: "reasoning", payload: { provider: "anthropic", kind: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw" } },
      { type: "reasoning", text: "", payload: signature("ErUBCkYIBRgCIkB") },
      { type: "text", text: "Done." },
    ]);
    expect(decodeAnthropicResponse(await sdkFinalMessage(events)).message).toEqual(streamed?.message);
  });

  it("replaces, not appends, a signature sent twice, and keeps citations with their text", async () => {
    const citation = { type: "web_search_result_location", url: "https://example.com", title: "Ex", encrypted_index: "Eo8B", cited_text: "rain" };
    const events = [
      { type: "message_start", message: { id: "msg_c", type: "message", role: "assistant", model: "m", content: [], usage: { input_tokens: 1, output_tokens: 1 } } },
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "x" } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "first" } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "second" } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "", citations: [] } },
      { type: "content_block_delta", index: 1, delta: { type: "citations_delta", citation } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "It rains." } },
      { type: "content_block_stop", index: 1 },
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 3 } },
      { type: "message_stop" },
    ];
    const [streamed] = await decodeEventLines(anthropicCodec, events);
    expect(streamed?.message.parts).toEqual([
      { type: "reasoning", text: "x", payload: signature("second") },
      { type: "text", text: "It rains.", payload: { provider: "anthropic", kind: "block_fields", data: JSON.stringify({ citations: [citation] }) } },
    ]);
    expect(decodeAnthropicResponse(await sdkFinalMessage(events)).message).toEqual(streamed?.message);
  });

  it("completes a streamed compaction block with its compaction_delta, the block the SDK assembles, replayed as received", async () => {
    const lines = readFixtureLines(PROVIDER, "vercel-ai__anthropic-compaction.1.chunks.txt");
    const [streamed] = await decodeEventLines(anthropicCodec, lines);
    const sdkBlock = (await sdkFinalMessage(lines)).content[0] as unknown as Record<string, unknown>;
    const delta = (lines[3] as { delta: { content: string } }).delta;
    expect(streamed?.message.parts.map((part) => part.type)).toEqual(["unknown", "text"]);
    expect(streamed?.message.parts[0]).toEqual({ type: "unknown", provider: "anthropic", kind: "compaction", rawJson: JSON.stringify({ type: "compaction", content: delta.content }) });
    const { body } = encodeAnthropicRequest([{ role: "user", parts: [{ type: "text", text: "Summarize." }] }, streamed!.message]);
    expect(body.messages[1]?.content).toEqual([sdkBlock, { type: "text", text: (streamed!.message.parts[1] as { text: string }).text }]);
  });

  it("takes the last compaction_delta's value and its encrypted_content, never an append", async () => {
    const lines = readFixtureLines(PROVIDER, "vercel-ai__anthropic-compaction.1.chunks.txt") as Record<string, unknown>[];
    const repeated = [
      ...lines.slice(0, 3),
      { type: "content_block_delta", index: 0, delta: { type: "compaction_delta", content: "draft" } },
      { type: "content_block_delta", index: 0, delta: { type: "compaction_delta", content: "## Summary", encrypted_content: "RW5j" } },
      ...lines.slice(4),
    ];
    const [streamed] = await decodeEventLines(anthropicCodec, repeated);
    expect(streamed?.message.parts[0]).toEqual({ type: "unknown", provider: "anthropic", kind: "compaction", rawJson: '{"type":"compaction","content":"## Summary","encrypted_content":"RW5j"}' });
    expect(JSON.parse((streamed?.message.parts[0] as { rawJson: string }).rawJson)).toEqual((await sdkFinalMessage(repeated)).content[0]);
  });

  describe("on bad wire input", () => {
    const start = { type: "message_start", message: { id: "msg_b", type: "message", role: "assistant", model: "m", content: [], usage: { input_tokens: 1, output_tokens: 1 } } };

    it("reports a stream cut before message_stop as truncated, never as whole", async () => {
      const lines = readFixtureLines(PROVIDER, "vercel-ai__anthropic-json-tool.1.chunks.txt");
      await expect(decodeEventLines(anthropicCodec, lines.slice(0, -3))).rejects.toMatchObject({ code: "stream/truncated" });
      const [lenient] = await decodeEventLines(anthropicCodec, lines.slice(0, 6), { strict: false });
      expect(lenient?.complete).toBe(false);
      expect(lenient?.message.parts.some((part) => part.type === "tool_call")).toBe(false);
    });

    it("names the byte position of an unknown event", async () => {
      const bytes = serverSentEventBytes([start, { type: "message_teleport" }], eventName);
      await expect(decodeByteChunks(anthropicCodec, [bytes])).rejects.toMatchObject({ code: "provider/invalid-wire", provider: "anthropic", position: expect.any(Number) });
    });

    it("names the position of malformed JSON in streamed tool arguments", async () => {
      const events = [start,
        { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_1", name: "f", input: {} } },
        { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"city": Oslo}' } },
        { type: "content_block_stop", index: 0 }];
      await expect(decodeByteChunks(anthropicCodec, [serverSentEventBytes(events, eventName)])).rejects.toMatchObject({
        code: "provider/invalid-wire", message: expect.stringContaining("input of block 0 is not valid JSON"), position: expect.any(Number),
      });
    });

    it("raises provider/invalid-wire for a known block or delta with a missing or mistyped field, and for thinking that never got its signature", async () => {
      // A real recorded stream (thinking with a signature_delta, then text), each time with one event broken.
      type Event = { content_block?: { type: string }; delta?: { type: string } };
      const recorded = readFixtureLines(PROVIDER, "vercel-ai__anthropic-clear-thinking.1.chunks.txt") as Event[];
      const broken = (change: (events: Event[]) => Event[]) => decodeEventLines(anthropicCodec, change(structuredClone(recorded)));
      await expect(broken((events) => events.map((event) => (event.content_block?.type === "thinking" ? { ...event, content_block: { type: "thinking", thinking: "" } } : event))))
        .rejects.toMatchObject({ code: "provider/invalid-wire", pointer: "/content_block" });
      await expect(broken((events) => events.filter((event) => event.delta?.type !== "signature_delta")))
        .rejects.toMatchObject({ code: "provider/invalid-wire", pointer: "/content_block/signature", message: expect.stringContaining("thinking block 0 ended without a signature") });
      await expect(broken((events) => events.map((event) => (event.delta?.type === "text_delta" ? { ...event, delta: { type: "text_delta", text: 42 } } : event))))
        .rejects.toMatchObject({ code: "provider/invalid-wire", pointer: "/delta/text" });
      await expect(broken((events) => events)).resolves.toHaveLength(1);
    });

    it("raises provider/api-error for an error event after HTTP 200", async () => {
      const events = [start, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }];
      await expect(decodeEventLines(anthropicCodec, events)).rejects.toMatchObject({ code: "provider/api-error" });
    });

    it("raises provider/invalid-wire for event data that is not JSON", async () => {
      await expect(decodeByteChunks(anthropicCodec, [new TextEncoder().encode("event: ping\ndata: {oops\n\n")])).rejects.toMatchObject({ code: "provider/invalid-wire", position: 0 });
    });
  });
});

describe("encodeAnthropicRequest", () => {
  /** The request-side form of a response block: null fields and empty citation lists say nothing. */
  function requestForm(block: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(block).filter(([key, value]) => value !== null && !(key === "citations" && Array.isArray(value) && value.length === 0)));
  }

  it.each(fixtureFiles(PROVIDER, ".json"))("reproduces the assistant blocks of %s in order, signatures byte-identical", (file) => {
    const body = readFixtureJson(PROVIDER, file) as { content: Record<string, unknown>[] };
    const assistant = decodeAnthropicResponse(body).message;
    const { body: request, warnings } = encodeAnthropicRequest([{ role: "user", parts: [{ type: "text", text: "hi" }] }, assistant]);
    const replayed = request.messages.find((message) => message.role === "assistant");
    const expected = body.content.map(requestForm).filter((block) => !(block.type === "text" && block.text === ""));
    expect(replayed?.content ?? []).toEqual(expected);
    expect(warnings).toEqual([]);
  });

  it("sends tool results in a user turn with is_error, merged with the following user text", () => {
    const { body } = encodeAnthropicRequest([
      { role: "user", parts: [{ type: "text", text: "Weather?" }] },
      { role: "assistant", parts: [{ type: "reasoning", text: "t", payload: signature("s") }, { type: "tool_call", toolCall: { id: "toolu_1", type: "function", name: "get_weather", arguments: '{"city":"Oslo"}' } }] },
      { role: "tool", parts: [{ type: "tool_result", id: "toolu_1", name: "get_weather", content: [{ type: "text", text: "timeout" }], isError: true }] },
      { role: "user", parts: [{ type: "text", text: "Try again" }] },
    ]);
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Weather?" }] },
      { role: "assistant", content: [{ type: "thinking", thinking: "t", signature: "s" }, { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Oslo" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "timeout", is_error: true }, { type: "text", text: "Try again" }] },
    ]);
  });

  it("never sends reasoning signed by another provider or unsigned reasoning, and says so in warnings", () => {
    const { body, warnings } = encodeAnthropicRequest({
      format: "partwise.history", version: 1, messages: [
        { role: "system", parts: [{ type: "text", text: "Be brief." }] },
        { role: "user", parts: [{ type: "text", text: "q" }] },
        { role: "assistant", parts: [
          { type: "reasoning", text: "g", payload: { provider: "google", kind: "thought_signature", data: "AA==" } },
          { type: "reasoning", text: "plain", attributes: { provider: "deepseek" } },
          { type: "tool_call", toolCall: { id: "c", type: "function", name: "f", arguments: "{}" }, payload: { provider: "google", kind: "thought_signature", data: "AA==" } },
        ] },
      ],
    });
    expect(body.system).toBe("Be brief.");
    expect(body.messages[1]).toEqual({ role: "assistant", content: [{ type: "tool_use", id: "c", name: "f", input: {} }] });
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/messages/2/parts/0", "/messages/2/parts/1"]);
    expect(warnings[0]).toMatchObject({ code: "provider/part-skipped", provider: "anthropic" });
  });

  it("rejects a tool result inside an assistant message with provider/unsupported-part", () => {
    expect(() => encodeAnthropicRequest([{ role: "assistant", parts: [{ type: "tool_result", id: "c", content: [], isError: false }] }]))
      .toThrow(expect.objectContaining({ code: "provider/unsupported-part", pointer: "/0/parts/0" }));
  });

  it("reports each part it has no block for: non-text in a system message, an Anthropic payload of an unknown kind, a message left empty", () => {
    const { body, warnings } = encodeAnthropicRequest([
      { role: "system", parts: [{ type: "text", text: "Be brief." }, { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } }, { type: "text", text: "Use metric units." }] },
      { role: "user", parts: [{ type: "text", text: "q" }] },
      { role: "assistant", parts: [{ type: "reasoning", text: "x", payload: { provider: "anthropic", kind: "future_kind", data: "Zm9v" } }] },
    ]);
    expect(body.system).toEqual([{ type: "text", text: "Be brief." }, { type: "text", text: "Use metric units." }]);
    expect(body.messages).toEqual([{ role: "user", content: [{ type: "text", text: "q" }] }]);
    expect(warnings.map((warning) => [warning.pointer, warning.code])).toEqual([
      ["/0/parts/1", "provider/part-skipped"],
      ["/2/parts/0", "provider/part-skipped"],
      ["/2", "provider/part-skipped"],
    ]);
    expect(warnings[1]?.message).toContain("future_kind");
  });

  it("raises provider/invalid-wire naming the part for an Anthropic block in a user message that is not JSON", () => {
    expect(() => encodeAnthropicRequest([{ role: "user", parts: [{ type: "unknown", provider: "anthropic", kind: "document", rawJson: "{not json" }] }]))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", provider: "anthropic", pointer: "/0/parts/0" }));
  });

  it("keeps a system prompt given in the request fields when the history has no system message, and writes the history's instead when it has one", () => {
    const request = { model: "claude-sonnet-4-6", max_tokens: 256, system: [{ type: "text" as const, text: "From the request." }] };
    const user = { role: "user" as const, parts: [{ type: "text" as const, text: "q" }] };
    expect(encodeAnthropicRequest([user], { request }).body.system).toEqual(request.system);
    expect(encodeAnthropicRequest([{ role: "system", parts: [{ type: "text", text: "From the history." }] }, user], { request }).body).toMatchObject({ model: "claude-sonnet-4-6", max_tokens: 256, system: "From the history." });
  });

  it("sends images as base64 of the four types the API takes or by URL, PDFs as base64 or URL, plain text as a text source, and skips the rest with a warning", () => {
    const media = (mimeType: string, dataKind: "bytes" | "url" | "string", data = "AAAA"): Part => ({ type: "media", media: { mimeType, data, dataKind } });
    const { body, warnings } = encodeAnthropicRequest([{ role: "user", parts: [
      media("image/PNG", "bytes"),
      media("image/tiff", "url", "https://example.com/radar.tiff"),
      media("application/pdf", "url", "https://example.com/forecast.pdf"),
      media("text/plain", "string", "Rain after noon."),
      media("image/tiff", "bytes"),
      media("application/pdf", "string", "%PDF-1.7"),
    ] }]);
    expect(body.messages[0]?.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
      { type: "image", source: { type: "url", url: "https://example.com/radar.tiff" } },
      { type: "document", source: { type: "url", url: "https://example.com/forecast.pdf" } },
      { type: "document", source: { type: "text", media_type: "text/plain", data: "Rain after noon." } },
    ]);
    expect(warnings.map((warning) => [warning.pointer, warning.code])).toEqual([["/0/parts/4", "provider/part-skipped"], ["/0/parts/5", "provider/part-skipped"]]);
  });

  it.each<[string, Part, string]>([
    ["tool-call arguments are not a JSON object", { type: "tool_call", toolCall: { id: "t", type: "function", name: "f", arguments: "[1]" } }, "/0/parts/0"],
    ["a block_fields payload is not JSON", { type: "text", text: "t", payload: { provider: "anthropic", kind: "block_fields", data: "{citations" } }, "/0/parts/0/payload/data"],
    ["a raw block has no type", { type: "unknown", provider: "anthropic", kind: "server_tool_use", rawJson: '{"id":"srv_1"}' }, "/0/parts/0"],
  ])("raises provider/invalid-wire naming the pointer when %s", (_, part, pointer) => {
    expect(() => encodeAnthropicRequest([{ role: "assistant", parts: [part] }]))
      .toThrow(expect.objectContaining({ name: "PartwiseError", code: "provider/invalid-wire", provider: "anthropic", pointer }));
  });
});
