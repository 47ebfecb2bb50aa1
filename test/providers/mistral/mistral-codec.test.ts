import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { History, Message, Part } from "../../../generated/types.js";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../../../src/cli/main.js";
import { decodeAnthropicResponse } from "../../../src/providers/anthropic/index.js";
import { decodeMistralResponse, encodeMistralRequest, mistralCodec, mistralToolCallId } from "../../../src/providers/mistral/index.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";
import { temporaryDirectory } from "../../support/temporary-directory.js";
import { assembleCompletion, sdkAcceptsResponse, sdkReplayedMessage, sdkStreamEvents } from "../support/mistral-sdk-oracle.js";
import { decodeByteChunks, decodeEventLines, fixtureFiles, readFixtureBytes, readFixtureJson, readFixtureLines } from "../support/provider-fixtures.js";

const PROVIDER = "mistral";
const MISTRAL_REASONING = { provider: "mistral" };

/** SSE bytes of recorded stream events as Mistral sends them: data-only events, then `data: [DONE]`. */
function mistralStreamBytes(events: readonly unknown[]): Uint8Array {
  return new TextEncoder().encode(`${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}data: [DONE]\n\n`);
}

/** Every stream fixture as the raw bytes the server sends. */
function streamBytes(file: string): Uint8Array {
  return file.endsWith(".sse") ? readFixtureBytes(PROVIDER, file) : mistralStreamBytes(readFixtureLines(PROVIDER, file));
}

const streams = [...fixtureFiles(PROVIDER, ".chunks.txt"), ...fixtureFiles(PROVIDER, ".sse")];
const responses = fixtureFiles(PROVIDER, ".json").filter((file) => !file.endsWith(".request.json"));
const toolCall = (id: string, name: string, argumentsText: string): Part => ({ type: "tool_call", toolCall: { id, type: "function", name, arguments: argumentsText } });

describe("decodeMistralResponse", () => {
  it.each(responses)("decodes %s, a body the SDK's ChatCompletionResponse schema accepts", (file) => {
    const body = readFixtureJson(PROVIDER, file);
    expect(sdkAcceptsResponse(body)).toBe(true);
    expect(decodeMistralResponse(body).message.parts.length).toBeGreaterThan(0);
  });

  it("decodes a thinking chunk then a text chunk in chunk order, the thinking marked as Mistral's", () => {
    const decoded = decodeMistralResponse(readFixtureJson(PROVIDER, "vercel-ai__mistral-reasoning.json"));
    expect(decoded.message.parts).toEqual([
      { type: "reasoning", text: "The user is asking for 2+2. This is basic arithmetic. 2+2=4.", attributes: MISTRAL_REASONING },
      { type: "text", text: "2 + 2 = 4" },
    ]);
    expect(decoded.info).toEqual({
      responseId: "a4e29c5b82f94d67b23e108a7c9df6e1", model: "magistral-medium-2507", finishReason: "stop", rawFinishReason: "stop",
      usage: { inputTokens: 10, outputTokens: 46, totalTokens: 56 },
    });
  });

  it("decodes string content as one text part", () => {
    const parts = decodeMistralResponse(readFixtureJson(PROVIDER, "vercel-ai__mistral-text.json")).message.parts;
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ type: "text", text: expect.stringContaining("World Kindness Day") });
  });

  it("decodes a tool call with its 9-character id and its arguments text verbatim when the message has no content", () => {
    const decoded = decodeMistralResponse(readFixtureJson(PROVIDER, "vercel-ai__mistral-tool-call.json"));
    expect(decoded.message.parts).toEqual([toolCall("gSIMJiOkT", "weather", '{"location": "San Francisco"}')]);
    expect(decoded.info).toMatchObject({ finishReason: "tool_calls", usage: { inputTokens: 124, outputTokens: 22, totalTokens: 146 } });
  });

  it("keeps a signed thinking chunk's signature, closed flag and nested chunks, and chunks with no part of their own, in order", () => {
    const body = readFixtureJson(PROVIDER, "composed__mistral-signed-interleaved-reasoning.json") as { choices: { message: { content: Record<string, unknown>[] } }[] };
    const content = body.choices[0]!.message.content;
    const decoded = decodeMistralResponse(body);
    expect(decoded.message.parts).toEqual([
      {
        type: "reasoning",
        text: "The user asks for Oslo's population. Source 1 gives the 2025 figure, about 717,000.",
        payload: { provider: "mistral", kind: "signature", data: "dGhpbmtpbmctc2lnbmF0dXJlLTE=" },
        attributes: { provider: "mistral", chunkFields: JSON.stringify({ closed: true, thinking: content[0]!.thinking }) },
      },
      { type: "text", text: "Oslo has about 717,000 inhabitants" },
      { type: "unknown", provider: "mistral", kind: "reference", rawJson: '{"type":"reference","reference_ids":[1]}' },
      { type: "text", text: "." },
      { type: "reasoning", text: "Add the metro area for context.", attributes: MISTRAL_REASONING },
      { type: "text", text: " The metro area has about 1.1 million." },
    ]);
    expect(decoded.info.usage).toEqual({ inputTokens: 52, outputTokens: 109, totalTokens: 161, reasoningTokens: 71 });
  });

  it("raises provider/api-error for an error body in place of a response", () => {
    expect(() => decodeMistralResponse({ object: "error", message: "Invalid model: mistral-huge", type: "invalid_model", param: null, code: "1500" }))
      .toThrow(expect.objectContaining({ code: "provider/api-error", provider: "mistral", message: expect.stringContaining("Invalid model") }));
    expect(() => decodeMistralResponse({ detail: [{ type: "missing", loc: ["body", "model"], msg: "Field required" }] }))
      .toThrow(expect.objectContaining({ code: "provider/api-error", message: expect.stringContaining("Field required") }));
  });

  it("raises provider/invalid-wire with the pointer into the response for a malformed thinking chunk", () => {
    const body = { id: "x", model: "m", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: [{ type: "thinking", thinking: "flat" }] } }] };
    expect(() => decodeMistralResponse(body)).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/choices/0/message/content/0/thinking" }));
  });

  it("raises provider/invalid-wire naming tool arguments that are not JSON", () => {
    const body = { id: "x", model: "m", choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", tool_calls: [{ id: "abcdefghi", function: { name: "f", arguments: '{"city": Oslo}' } }] } }] };
    expect(() => decodeMistralResponse(body)).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/choices/0/message/tool_calls/0/function/arguments" }));
  });

  it("raises provider/invalid-wire for a response with several choices rather than decode one of them", () => {
    const choice = { index: 0, finish_reason: "stop", message: { role: "assistant", content: "a" } };
    expect(() => decodeMistralResponse({ id: "x", model: "m", choices: [choice, { ...choice, index: 1 }] })).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/choices/1" }));
  });
});

describe("MistralStreamDecoder", () => {
  it.each(streams)("aggregates %s to the blocking decode of what the SDK's stream reader yields, assembled as its examples read it", async (file) => {
    const bytes = streamBytes(file);
    const [streamed] = await decodeByteChunks(mistralCodec, [bytes]);
    const oracle = decodeMistralResponse(assembleCompletion(await sdkStreamEvents(bytes)));
    expect(streamed?.message).toEqual(oracle.message);
    expect(streamed?.info).toEqual(oracle.info);
    expect(streamed?.complete).toBe(true);
  });

  // The text stream and the text body are two different recordings (different answers), so they are not compared.
  it.each(streams.filter((file) => responses.includes(file.replace(".chunks.txt", ".json")) && !file.includes("text")))(
    "aggregates %s to the blocking decode of its recorded response", async (file) => {
      const [streamed] = await decodeEventLines(mistralCodec, readFixtureLines(PROVIDER, file));
      const blocking = decodeMistralResponse(readFixtureJson(PROVIDER, file.replace(".chunks.txt", ".json")));
      expect(streamed?.message).toEqual(blocking.message);
      expect(streamed?.info).toEqual(blocking.info);
    },
  );

  it("assembles a tool call streamed in pieces keyed by index, arguments verbatim, usage with cached tokens", async () => {
    const [streamed] = await decodeEventLines(mistralCodec, readFixtureLines(PROVIDER, "vercel-ai__mistral-incremental-tool-call.chunks.txt"));
    expect(streamed?.message.parts).toEqual([toolCall("chatcmpl-tool-9f149c74c42f265b", "webSearchTool", '{"query": "current Berlin weather"}')]);
    expect(streamed?.info.usage).toEqual({ inputTokens: 171, outputTokens: 14, totalTokens: 185, cacheReadInputTokens: 128 });
  });

  it("decodes the thinking, text and tool call stream whose transition event holds both chunks", async () => {
    const [streamed] = await decodeByteChunks(mistralCodec, [readFixtureBytes(PROVIDER, "reference-d3__mistral-thinking-text-tool-call.sse")]);
    expect(streamed?.message.parts).toEqual([
      { type: "reasoning", text: "Need live data, call get_weather for Oslo.", attributes: MISTRAL_REASONING },
      { type: "text", text: "Let me check." },
      toolCall("D681PevKs", "get_weather", '{"city": "Oslo"}'),
    ]);
  });

  it("gives the same message for any chunking of a stream's raw SSE bytes", async () => {
    const recorded = streams.map(streamBytes);
    const expected = await Promise.all(recorded.map((bytes) => decodeByteChunks(mistralCodec, [bytes])));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: recorded.length - 1 }), cutsArbitrary, async (which, cuts) => {
        expect(await decodeByteChunks(mistralCodec, rechunk(recorded[which]!, cuts))).toEqual(expected[which]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  /**
   * The composed signed answer streamed the way reasoning_with_streaming.ts describes: each text and
   * thinking chunk cut into fragments (thinking fragments as thinking chunks, text as strings or text
   * chunks), other chunks whole, the signature and `closed` on a thinking chunk's last fragment.
   */
  const streamedAnswer = (cuts: readonly number[], textAsChunks: boolean) => {
    const body = readFixtureJson(PROVIDER, "composed__mistral-signed-interleaved-reasoning.json") as { id: string; model: string; usage: unknown; choices: { message: { content: Record<string, unknown>[] } }[] };
    const pieces = (text: string): string[] => {
      const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
      return [0, ...points].map((start, index, all) => text.slice(start, all[index + 1] ?? text.length)).filter((piece) => piece !== "");
    };
    const deltas: unknown[] = [];
    for (const chunk of body.choices[0]!.message.content) {
      if (chunk.type === "text") {
        for (const piece of pieces(String(chunk.text))) deltas.push(textAsChunks ? [{ type: "text", text: piece }] : piece);
      } else if (chunk.type === "thinking") {
        const { thinking, type: _type, ...fields } = chunk as { thinking: Record<string, unknown>[]; type: string };
        const fragments = (thinking as Record<string, unknown>[]).flatMap((nested) => (nested.type === "text" ? pieces(String(nested.text)).map((text) => ({ type: "text", text })) : [nested]));
        fragments.forEach((nested, index) => deltas.push([{ type: "thinking", thinking: [nested], ...(index === fragments.length - 1 ? fields : {}) }]));
      } else {
        deltas.push([chunk]);
      }
    }
    const events = deltas.map((content, index) => ({ id: body.id, object: "chat.completion.chunk", model: body.model, choices: [{ index: 0, delta: index === 0 ? { role: "assistant", content } : { content }, finish_reason: null }] }));
    events.push({ id: body.id, object: "chat.completion.chunk", model: body.model, choices: [{ index: 0, delta: { content: "" }, finish_reason: "stop" }], usage: body.usage } as never);
    return { events, blocking: decodeMistralResponse(body) };
  };

  it("aggregates any fragmentation of a signed, interleaved answer to its blocking decode, nested chunks and signature included", async () => {
    await fc.assert(
      fc.asyncProperty(cutsArbitrary, fc.boolean(), async (cuts, textAsChunks) => {
        const { events, blocking } = streamedAnswer(cuts, textAsChunks);
        const [streamed] = await decodeByteChunks(mistralCodec, [mistralStreamBytes(events)]);
        expect(streamed?.message).toEqual(blocking.message);
        expect(decodeMistralResponse(assembleCompletion(await sdkStreamEvents(mistralStreamBytes(events)))).message).toEqual(blocking.message);
      }),
      { numRuns: propertyRuns(150) },
    );
  });

  it("replaces, not appends, a signature sent on two fragments", async () => {
    const event = (content: unknown[], finish: string | null = null) => ({ id: "c1", model: "m", choices: [{ index: 0, delta: { content }, finish_reason: finish }] });
    const [streamed] = await decodeEventLines(mistralCodec, [
      event([{ type: "thinking", thinking: [{ type: "text", text: "a" }], signature: "first" }]),
      event([{ type: "thinking", thinking: [{ type: "text", text: "b" }], signature: "second" }]),
      event([], "stop"),
    ]);
    expect(streamed?.message.parts).toEqual([{ type: "reasoning", text: "ab", payload: { provider: "mistral", kind: "signature", data: "second" }, attributes: MISTRAL_REASONING }]);
  });

  describe("on bad wire input", () => {
    const lines = () => readFixtureLines(PROVIDER, "vercel-ai__mistral-incremental-tool-call.chunks.txt");

    it("reports a stream cut before its finish as truncated and never presents the tool call being assembled", async () => {
      await expect(decodeEventLines(mistralCodec, lines().slice(0, 2))).rejects.toMatchObject({ code: "stream/truncated" });
      const [lenient] = await decodeEventLines(mistralCodec, lines().slice(0, 2), { strict: false });
      expect(lenient?.complete).toBe(false);
      expect(lenient?.message.parts.some((part) => part.type === "tool_call")).toBe(false);
    });

    it("raises provider/invalid-wire naming the position of streamed tool arguments that are not JSON", async () => {
      const broken = lines();
      (broken[1] as { choices: { delta: { tool_calls: { function: { arguments: string } }[] } }[] }).choices[0]!.delta.tool_calls[0]!.function.arguments = '{"query": Berlin';
      await expect(decodeByteChunks(mistralCodec, [mistralStreamBytes(broken)])).rejects.toMatchObject({
        code: "provider/invalid-wire", provider: "mistral", position: expect.any(Number), message: expect.stringContaining("not valid JSON"),
      });
    });

    it("raises provider/api-error for an error event after HTTP 200", async () => {
      const events = [lines()[0], { object: "error", message: "Service unavailable", type: "internal_server_error", param: null, code: "3000" }];
      await expect(decodeByteChunks(mistralCodec, [mistralStreamBytes(events)])).rejects.toMatchObject({ code: "provider/api-error", position: expect.any(Number) });
    });

    it("raises provider/invalid-wire with the byte position of event data that is not JSON", async () => {
      await expect(decodeByteChunks(mistralCodec, [new TextEncoder().encode("data: {oops\n\n")])).rejects.toMatchObject({ code: "provider/invalid-wire", position: 0 });
    });

    it("raises provider/invalid-wire for an event that is not a completion chunk", async () => {
      await expect(decodeEventLines(mistralCodec, [{ id: "c1", object: "chat.completion.chunk" }])).rejects.toMatchObject({ code: "provider/invalid-wire", position: 1 });
    });
  });
});

describe("encodeMistralRequest", () => {
  const question = (text: string): Message => ({ role: "user", parts: [{ type: "text", text }] });

  /** The SDK's replayed message without the defaults its schemas add (`prefix: false`, a call's `index`), arguments parsed. */
  function comparable(message: Record<string, unknown>): Record<string, unknown> {
    const { prefix, tool_calls: calls, ...rest } = message as { prefix?: boolean; tool_calls?: { index?: number; function: { name: string; arguments: unknown } }[] };
    const result: Record<string, unknown> = prefix ? { ...rest, prefix } : { ...rest };
    if (calls) {
      result.tool_calls = calls.map(({ index: _index, function: calledFunction, ...call }) => ({
        ...call, function: { name: calledFunction.name, arguments: typeof calledFunction.arguments === "string" ? JSON.parse(calledFunction.arguments) : calledFunction.arguments },
      }));
    }
    return result;
  }

  it.each(responses)("replays the assistant message of %s as the SDK sends it back, signature byte-identical", (file) => {
    const body = readFixtureJson(PROVIDER, file) as { choices: { message: unknown }[] };
    const { body: request, warnings } = encodeMistralRequest([question("hi"), decodeMistralResponse(body).message]);
    expect(comparable(request.messages[1] as never)).toEqual(comparable(sdkReplayedMessage(body.choices[0]!.message) as never));
    expect(warnings).toEqual([]);
  });

  it("sends the documented next request for the documented stream: the whole assistant message, then the tool message", async () => {
    const expected = readFixtureJson(PROVIDER, "reference-d1__mistral-tool-loop.request.json") as { messages: Record<string, unknown>[] };
    const [streamed] = await decodeByteChunks(mistralCodec, [readFixtureBytes(PROVIDER, "reference-d3__mistral-thinking-text-tool-call.sse")]);
    const { body } = encodeMistralRequest([
      question("Is it raining in Oslo?"),
      streamed!.message,
      { role: "tool", parts: [{ type: "tool_result", id: "D681PevKs", content: [{ type: "text", text: '{"rain":true,"temp_c":7}' }], isError: false }] },
    ]);
    expect(body.messages.map((message) => comparable(message as never))).toEqual(expected.messages.map(comparable));
  });

  it("sends Mistral's own thinking, skips another model's unless the caller opts in, and never reasoning signed by another provider", () => {
    const history: History = {
      format: "partwise.history", version: 1, messages: [
        question("q"),
        { role: "assistant", parts: [
          { type: "reasoning", text: "mine", attributes: MISTRAL_REASONING },
          { type: "reasoning", text: "ollama's", attributes: { provider: "ollama" } },
          { type: "reasoning", text: "signed", payload: { provider: "google", kind: "thought_signature", data: "CiQB" } },
          { type: "text", text: "answer" },
        ] },
      ],
    };
    const thinking = (text: string) => ({ type: "thinking", thinking: [{ type: "text", text }] });
    const plain = encodeMistralRequest(history);
    expect(plain.body.messages[1]).toEqual({ role: "assistant", content: [thinking("mine"), { type: "text", text: "answer" }] });
    expect(plain.warnings.map((warning) => warning.pointer)).toEqual(["/messages/1/parts/1", "/messages/1/parts/2"]);
    const optedIn = encodeMistralRequest(history, { flags: ["replayForeignReasoning"] });
    expect(optedIn.body.messages[1]).toEqual({ role: "assistant", content: [thinking("mine"), thinking("ollama's"), { type: "text", text: "answer" }] });
    expect(optedIn.warnings.map((warning) => warning.pointer)).toEqual(["/messages/1/parts/2"]);
  });

  it("carries the text and tool calls of an Anthropic history, ids rewritten the same way in call and result, but none of its signed reasoning", () => {
    const thinking = decodeAnthropicResponse(readFixtureJson("anthropic", "vercel-ai__anthropic-clear-thinking.1.json")).message;
    const tool = decodeAnthropicResponse(readFixtureJson("anthropic", "vercel-ai__anthropic-json-tool.1.json")).message;
    const call = tool.parts.find((part) => part.type === "tool_call")!;
    const callId = call.type === "tool_call" ? call.toolCall.id : "";
    const { body, warnings } = encodeMistralRequest([
      question("q"), thinking, question("q2"), tool,
      { role: "tool", parts: [{ type: "tool_result", id: callId, content: [{ type: "text", text: "done" }], isError: false }] },
    ]);
    const sent = JSON.stringify(body);
    for (const part of [...thinking.parts, ...tool.parts]) {
      if (part.type === "text") expect(sent).toContain(JSON.stringify(part.text).slice(1, -1));
      if (part.type === "reasoning" && part.payload) expect(sent).not.toContain(part.payload.data);
    }
    expect(body.messages[1]).toEqual({ role: "assistant", content: thinking.parts.filter((part) => part.type === "text").map((part) => (part as { text: string }).text).join("") });
    const id = mistralToolCallId(callId);
    expect(id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(body.messages[3]?.tool_calls?.[0]).toMatchObject({ id, type: "function" });
    expect(body.messages[4]).toEqual({ role: "tool", tool_call_id: id, name: call.type === "tool_call" ? call.toolCall.name : "", content: "done" });
    expect(warnings.every((warning) => warning.code === "provider/part-skipped")).toBe(true);
    expect(warnings.map((warning) => warning.pointer)).toContain("/1/parts/0");
  });

  it("sends user images as image_url chunks and PDFs by URL as document_url, and reports media Mistral cannot take", () => {
    const { body, warnings } = encodeMistralRequest([{ role: "user", parts: [
      { type: "text", text: "Compare" },
      { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
      { type: "media", media: { mimeType: "application/pdf", data: "https://example.com/report.pdf", dataKind: "url", name: "report.pdf" } },
      { type: "media", media: { mimeType: "audio/wav", data: "UklGRg==", dataKind: "bytes" } },
    ] }]);
    expect(body.messages).toEqual([{ role: "user", content: [
      { type: "text", text: "Compare" },
      { type: "image_url", image_url: "data:image/png;base64,iVBORw0KGgo=" },
      { type: "document_url", document_url: "https://example.com/report.pdf", document_name: "report.pdf" },
    ] }]);
    expect(warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", pointer: "/0/parts/3", provider: "mistral" })]);
  });

  it("rejects a tool result inside an assistant message with provider/unsupported-part", () => {
    expect(() => encodeMistralRequest([{ role: "assistant", parts: [{ type: "tool_result", id: "c", content: [], isError: false }] }]))
      .toThrow(expect.objectContaining({ code: "provider/unsupported-part", pointer: "/0/parts/0" }));
  });

  it("raises provider/invalid-wire naming the attribute when a part's chunkFields is not JSON", () => {
    const broken: Message = { role: "assistant", parts: [{ type: "reasoning", text: "r", attributes: { provider: "mistral", chunkFields: "{closed" } }] };
    expect(() => encodeMistralRequest([broken])).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/0/parts/0/attributes/chunkFields" }));
  });

  it("raises provider/invalid-wire naming the attribute when a part's chunkFields is JSON but not an object", () => {
    const broken: Message = { role: "assistant", parts: [{ type: "text", text: "t", attributes: { chunkFields: '"closed"' } }] };
    expect(() => encodeMistralRequest([broken])).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/0/parts/0/attributes/chunkFields" }));
  });

  it("raises provider/invalid-wire naming the part when a raw chunk has no type", () => {
    const broken: Message = { role: "assistant", parts: [{ type: "unknown", provider: "mistral", kind: "reference", rawJson: '{"reference_ids":[1]}' }] };
    expect(() => encodeMistralRequest([broken])).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/0/parts/0", message: expect.stringContaining('"type"') }));
  });
});

describe("partwise decode and encode --provider mistral", () => {
  const directory = temporaryDirectory("mistral-cli");
  const fixturePath = (file: string) => fileURLToPath(new URL(`../../fixtures/mistral/${file}`, import.meta.url));
  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const status = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { status, out: out.join("\n"), err: err.join("\n") };
  }

  it("decodes a raw SSE stream and a blocking body of the same answer to the same message", async () => {
    const stream = await run("decode", "--provider", "mistral", "--stream", "--input", "jsonl", fixturePath("vercel-ai__mistral-reasoning.chunks.txt"));
    const blocking = await run("decode", "--provider", "mistral", fixturePath("vercel-ai__mistral-reasoning.json"));
    const raw = await run("decode", "--provider", "mistral", "--stream", fixturePath("reference-d3__mistral-thinking-text-tool-call.sse"));
    expect([stream.status, blocking.status, raw.status]).toEqual([0, 0, 0]);
    expect(JSON.parse(stream.out)).toEqual(JSON.parse(blocking.out));
    expect(JSON.parse(raw.out).parts.map((part: Part) => part.type)).toEqual(["reasoning", "text", "tool_call"]);
  });

  it("encodes a history with the replayForeignReasoning flag and lists what it left out", async () => {
    const path = join(directory, "history.jsonl");
    writeFileSync(path, [
      { role: "user", parts: [{ type: "text", text: "q" }] },
      { role: "assistant", parts: [{ type: "reasoning", text: "r", attributes: { provider: "ollama" } }, { type: "reasoning", text: "s", payload: { provider: "anthropic", kind: "signature", data: "EqQB" } }, { type: "text", text: "a" }] },
    ].map((message) => JSON.stringify(message)).join("\n"));
    const result = await run("encode", "--provider", "mistral", "--flag", "replayForeignReasoning", path);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.out).messages[1]).toEqual({ role: "assistant", content: [{ type: "thinking", thinking: [{ type: "text", text: "r" }] }, { type: "text", text: "a" }] });
    expect(result.err).toContain("/1/parts/1");
  });
});
