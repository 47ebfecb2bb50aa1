// The Anthropic content-block and delta unions of spec/providers/anthropic.tsp, enforced by the generated
// validators in both decoders: a malformed known block or delta is provider/invalid-wire at its pointer
// (and byte position in a stream); a block or delta with any other tag stays an unknown part, as received.
import { describe, expect, it } from "vitest";
import { anthropicCodec, decodeAnthropicResponse } from "../../../src/providers/anthropic/index.js";
import { decodeByteChunks, serverSentEventBytes } from "../support/provider-fixtures.js";

const eventName = (event: unknown) => (event as { type: string }).type;
const message = (content: unknown[]) => ({ id: "msg_u", type: "message", role: "assistant", model: "m", content, stop_reason: "end_turn", usage: { input_tokens: 1, output_tokens: 1 } });
const start = { type: "message_start", message: message([]) };
const finish = [{ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } }, { type: "message_stop" }];

/** The events of a stream with one block: its start, the deltas, its stop. */
function oneBlock(block: unknown, deltas: unknown[] = []): unknown[] {
  return [start, { type: "content_block_start", index: 0, content_block: block }, ...deltas.map((delta) => ({ type: "content_block_delta", index: 0, delta })), { type: "content_block_stop", index: 0 }, ...finish];
}

/** Decodes the events as SSE bytes; `broken` is the index of the event expected to fail, whose byte offset the error names. */
async function expectStreamError(events: unknown[], broken: number, pointer: string) {
  const position = serverSentEventBytes(events.slice(0, broken), eventName).length;
  await expect(decodeByteChunks(anthropicCodec, [serverSentEventBytes(events, eventName)])).rejects.toMatchObject({ code: "provider/invalid-wire", provider: "anthropic", pointer, position });
}

describe("decodeAnthropicResponse", () => {
  it.each([
    ["a text block whose text is a number", { type: "text", text: 42 }, "/content/0/text"],
    ["a thinking block without its signature", { type: "thinking", thinking: "hm" }, "/content/0"],
    ["a redacted_thinking block whose data is not a string", { type: "redacted_thinking", data: 7 }, "/content/0/data"],
    ["a tool_use block whose input is an array", { type: "tool_use", id: "toolu_1", name: "f", input: [1] }, "/content/0/input"],
    ["a tool_use block without an id", { type: "tool_use", name: "f", input: {} }, "/content/0"],
  ])("raises provider/invalid-wire at the pointer when given %s", (_, block, pointer) => {
    expect(() => decodeAnthropicResponse(message([block]))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", provider: "anthropic", pointer }));
  });

  it("keeps a block of any other tag as an unknown part holding it byte for byte, even with fields named like a known block's", () => {
    const blocks = [
      { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "Oslo" } },
      { type: "web_search_tool_result", tool_use_id: "srvtoolu_1", text: 42, content: [] },
      { type: "hologram", beams: [1, { depth: null }] },
    ];
    const { message: decoded } = decodeAnthropicResponse(message(blocks));
    expect(decoded.parts).toEqual(blocks.map((block) => ({ type: "unknown", provider: "anthropic", kind: block.type, rawJson: JSON.stringify(block) })));
  });
});

describe("AnthropicStreamDecoder", () => {
  it.each([
    ["a tool_use start whose id is a number", { type: "tool_use", id: 1, name: "f", input: {} }, "/content_block/id"],
    ["a thinking start without its signature", { type: "thinking", thinking: "" }, "/content_block"],
    ["a text start whose text is null", { type: "text", text: null }, "/content_block/text"],
  ])("raises provider/invalid-wire at the pointer and byte position when given %s", async (_, block, pointer) => {
    await expectStreamError(oneBlock(block), 1, pointer);
  });

  it.each([
    ["a text_delta whose text is a number", { type: "text", text: "" }, { type: "text_delta", text: 42 }, "/delta/text"],
    ["a thinking_delta whose thinking is null", { type: "thinking", thinking: "", signature: "" }, { type: "thinking_delta", thinking: null }, "/delta/thinking"],
    ["a signature_delta without its signature", { type: "thinking", thinking: "", signature: "" }, { type: "signature_delta" }, "/delta"],
    ["an input_json_delta whose partial_json is a number", { type: "tool_use", id: "toolu_1", name: "f", input: {} }, { type: "input_json_delta", partial_json: 5 }, "/delta/partial_json"],
    ["a citations_delta whose citation is a string", { type: "text", text: "" }, { type: "citations_delta", citation: "p. 3" }, "/delta/citation"],
  ])("raises provider/invalid-wire at the pointer and byte position when given %s", async (_, block, delta, pointer) => {
    await expectStreamError(oneBlock(block, [delta]), 2, pointer);
  });

  it("raises provider/invalid-wire at the pointer and byte position of a malformed known event, and names an event of any other tag", async () => {
    const events = oneBlock({ type: "text", text: "" });
    await expectStreamError(events.map((event, index) => (index === 2 ? { type: "content_block_stop", index: "0" } : event)), 2, "/index");
    await expectStreamError([start, { type: "message_delta", delta: "end_turn" }], 1, "/delta");
    const teleport = [start, { type: "message_teleport", to: "mars" }];
    await expect(decodeByteChunks(anthropicCodec, [serverSentEventBytes(teleport, eventName)])).rejects.toMatchObject({
      code: "provider/invalid-wire", message: expect.stringContaining('unknown stream event "message_teleport"'), position: serverSentEventBytes([start], eventName).length,
    });
  });

  it("raises provider/invalid-wire at the block's pointer when a tool call's streamed input is not an object, as the blocking decoder does", async () => {
    const events = oneBlock({ type: "tool_use", id: "toolu_1", name: "f", input: {} }, [{ type: "input_json_delta", partial_json: "[1, 2]" }]);
    await expectStreamError(events, 3, "/content_block/input");
    expect(() => decodeAnthropicResponse(message([{ type: "tool_use", id: "toolu_1", name: "f", input: [1, 2] }]))).toThrow(expect.objectContaining({ pointer: "/content/0/input" }));
  });

  it("keeps a block of any other tag as the unknown part the blocking decoder gives, and a delta of any other tag as an unknown part", async () => {
    const block = { type: "hologram", beams: [1], text: 42 };
    const delta = { type: "hologram_delta", beams: 2 };
    const [streamed] = await decodeByteChunks(anthropicCodec, [serverSentEventBytes(oneBlock(block, [delta]), eventName)]);
    expect(streamed?.message.parts).toEqual([
      ...decodeAnthropicResponse(message([block])).message.parts,
      { type: "unknown", provider: "anthropic", kind: "content_block_delta", rawJson: JSON.stringify({ type: "content_block_delta", index: 0, delta }) },
    ]);
  });
});
