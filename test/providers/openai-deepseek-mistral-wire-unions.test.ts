// The wire unions of OpenAI Responses, OpenAI Chat, DeepSeek and Mistral (issue 13 item 1): a malformed
// known block, item, part or event is provider/invalid-wire at its JSON pointer (and stream byte position)
// in both decoders; an unknown tag stays an unknown part, byte for byte, in both.
import { describe, expect, it } from "vitest";
import type { Part } from "../../generated/types.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { decodeDeepSeekResponse, deepSeekCodec } from "../../src/providers/deepseek/index.js";
import { decodeMistralResponse, mistralCodec } from "../../src/providers/mistral/index.js";
import { decodeOpenAiChatResponse, openAiChatCodec } from "../../src/providers/openai-chat/index.js";
import { decodeOpenAiResponsesResponse, encodeOpenAiResponsesRequest, openAiResponsesCodec } from "../../src/providers/openai-responses/index.js";
import { validateOpenAiResponsesRequest } from "../../generated/wire/openai.responses-validators.js";
import { decodeByteChunks, fixtureFiles, readFixtureJson, serverSentEventBytes } from "./support/provider-fixtures.js";

const responsesEventName = (event: unknown) => (event as { type?: string }).type;

/** Decodes SSE events (the last one after `lead`) and expects provider/invalid-wire at the pointer and the last event's byte. */
async function expectStreamRejects(codec: ProviderCodec, lead: readonly unknown[], bad: unknown, pointer: string, eventName?: (event: unknown) => string | undefined) {
  const bytes = serverSentEventBytes([...lead, bad], eventName);
  await expect(decodeByteChunks(codec, [bytes])).rejects.toMatchObject({
    code: "provider/invalid-wire", pointer, position: serverSentEventBytes(lead, eventName).length,
  });
}

async function streamedParts(codec: ProviderCodec, events: readonly unknown[], eventName?: (event: unknown) => string | undefined): Promise<Part[] | undefined> {
  const [aggregated] = await decodeByteChunks(codec, [serverSentEventBytes(events, eventName)]);
  return aggregated?.message.parts;
}

describe("decodeOpenAiResponsesResponse", () => {
  const response = (output: unknown[]) => ({ id: "resp_u", status: "completed", output });
  const cases: [string, unknown, string][] = [
    ["a message whose output_text has no string text", { type: "message", role: "assistant", content: [{ type: "output_text", text: 7 }] }, "/output/0/content/0/text"],
    ["a message whose refusal has no refusal", { type: "message", role: "assistant", content: [{ type: "refusal" }] }, "/output/0/content/0"],
    ["a function_call without arguments", { type: "function_call", call_id: "call_u", name: "f" }, "/output/0"],
    ["a reasoning item whose summary text is not a string", { type: "reasoning", summary: [{ type: "summary_text", text: null }] }, "/output/0/summary/0/text"],
    ["an image_generation_call without id", { type: "image_generation_call", result: "aGk=" }, "/output/0"],
  ];
  it.each(cases)("raises provider/invalid-wire at the pointer for %s", (_what, item, pointer) => {
    expect(() => decodeOpenAiResponsesResponse(response([item]))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer }));
  });

  it("keeps an item of an unknown type as an unknown part holding it byte for byte, and a message's unknown content part with the message", () => {
    const item = { type: "telepathy_call", id: "tp_1", thought: { deep: [1, "two"] } };
    const content = [{ type: "output_text", text: "hi", annotations: [] }, { type: "hologram", frames: 3 }];
    const parts = decodeOpenAiResponsesResponse(response([item, { type: "message", role: "assistant", content }])).message.parts;
    expect(parts[0]).toEqual({ type: "unknown", provider: "openai.responses", kind: "telepathy_call", rawJson: JSON.stringify(item) });
    expect(parts[1]).toMatchObject({ type: "text", text: "hi" });
    expect(JSON.parse((parts[1] as { payload: { data: string } }).payload.data)).toEqual({ content });
  });
});

describe("encodeOpenAiResponsesRequest", () => {
  const bodies = fixtureFiles("openai-responses", ".json").filter((file) => !file.includes("error") && !file.endsWith(".request.json"));
  it.each(bodies)("writes input items the request's input union accepts when replaying %s", (file) => {
    const assistant = decodeOpenAiResponsesResponse(readFixtureJson("openai-responses", file)).message;
    const tool = { role: "tool" as const, parts: [{ type: "tool_result" as const, id: "call_x", name: "f", content: [{ type: "text" as const, text: "ok" }], isError: false }] };
    const { body } = encodeOpenAiResponsesRequest([{ role: "user", parts: [{ type: "text", text: "hi" }] }, assistant, tool]);
    expect(validateOpenAiResponsesRequest(body), JSON.stringify(validateOpenAiResponsesRequest.errors)).toBe(true);
  });

  it("refuses a known input item that is malformed, and takes an item of unknown type as it is", () => {
    const request = (item: unknown) => ({ store: false, include: [], input: [item] });
    expect(validateOpenAiResponsesRequest(request({ type: "function_call_output", output: "ok" }))).toBe(false);
    expect(validateOpenAiResponsesRequest.errors?.[0]).toMatchObject({ instancePath: "/input/0", params: { missingProperty: "call_id" } });
    expect(validateOpenAiResponsesRequest(request({ type: "message", role: "user", content: 7 }))).toBe(false);
    expect(validateOpenAiResponsesRequest(request({ type: "telepathy_call", thought: {} }))).toBe(true);
  });
});

describe("OpenAiResponsesStreamDecoder", () => {
  const created = { type: "response.created", response: { id: "resp_s", output: [] } };
  const messageAdded = { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_s", role: "assistant", content: [] } };
  const lead = [created, messageAdded];
  const cases: [string, unknown, string][] = [
    ["an output_text delta whose delta is not a string", { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: 1 }, "/delta"],
    ["an output_item.done whose message content is malformed", { type: "response.output_item.done", output_index: 0, item: { type: "message", content: [{ type: "output_text" }] } }, "/item/content/0"],
    ["a content_part.added whose output_text has no text", { type: "response.content_part.added", output_index: 0, content_index: 0, part: { type: "output_text" } }, "/part"],
    ["a summary delta without summary_index", { type: "response.reasoning_summary_text.delta", output_index: 0, delta: "x" }, ""],
    ["an arguments delta whose delta is not a string", { type: "response.function_call_arguments.delta", output_index: 0, delta: null }, "/delta"],
    ["a response.completed whose output holds a malformed function_call", { type: "response.completed", response: { id: "resp_s", status: "completed", output: [{ type: "function_call", name: "f", arguments: "" }] } }, "/response/output/0"],
    ["an error event whose message is not a string", { type: "error", message: 5 }, "/message"],
  ];
  it.each(cases)("raises provider/invalid-wire at the pointer and byte for %s", async (_what, event, pointer) => {
    await expectStreamRejects(openAiResponsesCodec, lead, event, pointer, responsesEventName);
  });

  it("passes over events of unknown type and keeps an item of unknown type as the unknown part the blocking decode gives", async () => {
    const item = { type: "telepathy_call", id: "tp_1", thought: { deep: [1, "two"] } };
    const events = [
      created,
      { type: "response.output_item.added", output_index: 0, item: { type: "telepathy_call", id: "tp_1" } },
      { type: "response.telepathy_call.thinking", output_index: 0, item_id: "tp_1" },
      { type: "response.output_item.done", output_index: 0, item },
      { type: "response.completed", response: { id: "resp_s", status: "completed", output: [item] } },
    ];
    const blocking = decodeOpenAiResponsesResponse({ id: "resp_s", status: "completed", output: [item] }).message.parts;
    expect(await streamedParts(openAiResponsesCodec, events, responsesEventName)).toEqual(blocking);
    expect(blocking).toEqual([{ type: "unknown", provider: "openai.responses", kind: "telepathy_call", rawJson: JSON.stringify(item) }]);
  });
});

describe("decodeOpenAiChatResponse", () => {
  const completion = (message: unknown) => ({ id: "c", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", ...(message as object) } }] });
  const cases: [string, unknown, string][] = [
    ["a text content part whose text is not a string", { content: [{ type: "text", text: 7 }] }, "/choices/0/message/content/0/text"],
    ["a function call without a name", { tool_calls: [{ id: "call_1", type: "function", function: { arguments: "{}" } }] }, "/choices/0/message/tool_calls/0/function"],
    ["a function call (no type) without its function", { tool_calls: [{ id: "call_1" }] }, "/choices/0/message/tool_calls/0"],
    ["a custom call without custom", { tool_calls: [{ id: "call_1", type: "custom" }] }, "/choices/0/message/tool_calls/0"],
  ];
  it.each(cases)("raises provider/invalid-wire at the pointer for %s", (_what, message, pointer) => {
    expect(() => decodeOpenAiChatResponse(completion(message))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer }));
  });

  it("keeps a content part and a tool call of unknown type as unknown parts holding them byte for byte", () => {
    const hologram = { type: "hologram", frames: [1, 2] };
    const call = { id: "call_9", type: "telepathy", telepathy: { thought: "x" } };
    const parts = decodeOpenAiChatResponse(completion({ content: [{ type: "text", text: "a" }, hologram], tool_calls: [call] })).message.parts;
    expect(parts).toEqual([
      { type: "text", text: "a" },
      { type: "unknown", provider: "openai.chat", kind: "content_part", rawJson: JSON.stringify(hologram), attributes: { profile: "openai" } },
      { type: "unknown", provider: "openai.chat", kind: "telepathy_tool_call", rawJson: JSON.stringify(call), attributes: { profile: "openai" } },
    ]);
  });
});

describe("OpenAiChatStreamDecoder", () => {
  const first = { id: "c", choices: [{ index: 0, delta: { role: "assistant", content: "a" } }] };

  it("raises provider/invalid-wire at the pointer and byte for a malformed text content part in a delta", async () => {
    await expectStreamRejects(openAiChatCodec, [first], { id: "c", choices: [{ index: 0, delta: { content: [{ type: "text" }] } }] }, "/choices/0/delta/content/0");
  });

  it("raises provider/invalid-wire at the first fragment's pointer and byte for a streamed custom call that never sent custom", async () => {
    const call = { id: "c", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_c", type: "custom" }] } }] };
    const bytes = serverSentEventBytes([first, call, { id: "c", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] }]);
    await expect(decodeByteChunks(openAiChatCodec, [bytes])).rejects.toMatchObject({
      code: "provider/invalid-wire", pointer: "/choices/0/delta/tool_calls/0", position: serverSentEventBytes([first]).length,
    });
  });

  it("reports a stream cut before a custom call's custom arrived as incomplete, not as malformed", async () => {
    const call = { id: "c", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_c", type: "custom" }] } }] };
    await expect(decodeByteChunks(openAiChatCodec, [serverSentEventBytes([first, call])])).rejects.toMatchObject({ code: "stream/truncated" });
  });

  it("keeps a streamed content part of unknown type as the unknown part the blocking decode gives", async () => {
    const hologram = { type: "hologram", frames: [1, 2] };
    const events = [first, { id: "c", choices: [{ index: 0, delta: { content: [hologram] }, finish_reason: "stop" }] }];
    const blocking = decodeOpenAiChatResponse({ id: "c", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: [{ type: "text", text: "a" }, hologram] } }] });
    expect(await streamedParts(openAiChatCodec, events)).toEqual(blocking.message.parts);
  });
});

describe("decodeDeepSeekResponse", () => {
  const completion = (toolCalls: unknown[]) => ({ id: "d", choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: "", tool_calls: toolCalls } }] });

  it("raises provider/invalid-wire at the pointer for a function call without its function or name", () => {
    expect(() => decodeDeepSeekResponse(completion([{ index: 0, id: "call_0", type: "function" }])))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/choices/0/message/tool_calls/0" }));
    expect(() => decodeDeepSeekResponse(completion([{ index: 0, id: "call_0", type: "function", function: { arguments: "{}" } }])))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/choices/0/message/tool_calls/0/function" }));
  });

  it("keeps a tool call of unknown type as an unknown part holding it byte for byte, in both decoders", async () => {
    const call = { id: "call_0", type: "telepathy", telepathy: { thought: "x" } };
    const blocking = decodeDeepSeekResponse(completion([{ index: 0, ...call }])).message.parts;
    expect(blocking).toEqual([{ type: "unknown", provider: "deepseek", kind: "telepathy_tool_call", rawJson: JSON.stringify(call) }]);
    const events = [
      { id: "d", choices: [{ index: 0, delta: { role: "assistant", content: "", tool_calls: [{ index: 0, ...call }] } }] },
      { id: "d", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
    ];
    expect(await streamedParts(deepSeekCodec, events)).toEqual(blocking);
  });
});

describe("decodeMistralResponse", () => {
  const completion = (content: unknown[]) => ({ id: "m", model: "mistral-medium", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }] });
  const cases: [string, unknown[], string][] = [
    ["a text chunk whose text is not a string", [{ type: "text", text: 3 }], "/choices/0/message/content/0/text"],
    ["a thinking chunk whose nested text chunk has no text", [{ type: "thinking", thinking: [{ type: "text" }] }], "/choices/0/message/content/0/thinking/0"],
  ];
  it.each(cases)("raises provider/invalid-wire at the pointer for %s", (_what, content, pointer) => {
    expect(() => decodeMistralResponse(completion(content))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer }));
  });

  it("keeps a chunk of unknown type as an unknown part holding it byte for byte, in both decoders", async () => {
    const chunk = { type: "hologram", frames: [1, 2] };
    const blocking = decodeMistralResponse(completion([chunk])).message.parts;
    expect(blocking).toEqual([{ type: "unknown", provider: "mistral", kind: "hologram", rawJson: JSON.stringify(chunk) }]);
    const events = [{ id: "m", model: "mistral-medium", choices: [{ index: 0, delta: { role: "assistant", content: [chunk] }, finish_reason: "stop" }] }];
    expect(await streamedParts(mistralCodec, events)).toEqual(blocking);
  });
});

describe("MistralStreamDecoder", () => {
  it("raises provider/invalid-wire at the pointer and byte for a malformed text or thinking chunk in a delta", async () => {
    const first = { id: "m", model: "mistral-medium", choices: [{ index: 0, delta: { role: "assistant", content: "a" } }] };
    await expectStreamRejects(mistralCodec, [first], { id: "m", choices: [{ index: 0, delta: { content: [{ type: "text", text: {} }] } }] }, "/choices/0/delta/content/0/text");
    await expectStreamRejects(mistralCodec, [first], { id: "m", choices: [{ index: 0, delta: { content: [{ type: "thinking", thinking: "flat" }] } }] }, "/choices/0/delta/content/0/thinking");
  });
});
