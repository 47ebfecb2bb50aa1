// The Bedrock content-block, start and delta unions of spec/providers/bedrock.tsp (tagged by which member a
// block has), enforced by the generated validators in both decoders: a malformed known member is
// provider/invalid-wire at its pointer (and byte position in a stream); any other member stays an unknown part.
import { describe, expect, it } from "vitest";
import { bedrockCodec, decodeBedrockResponse } from "../../../src/providers/bedrock/index.js";
import { eventStreamBytes } from "../support/bedrock-sdk-oracle.js";
import { decodeByteChunks } from "../support/provider-fixtures.js";

const response = (content: unknown[]) => ({ output: { message: { role: "assistant", content } }, stopReason: "end_turn", usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } });
const CONTENT = "/output/message/content";
const finish = [{ contentBlockStop: { contentBlockIndex: 0 } }, { messageStop: { stopReason: "end_turn" } }, { metadata: { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } } }];

/** Decodes the events as event-stream bytes; `broken` is the index of the event expected to fail, whose byte offset the error names. */
async function expectStreamError(events: unknown[], broken: number, pointer: string) {
  const position = eventStreamBytes(events.slice(0, broken)).length;
  await expect(decodeByteChunks(bedrockCodec, [eventStreamBytes(events)])).rejects.toMatchObject({ code: "provider/invalid-wire", provider: "bedrock", pointer, position });
}

describe("decodeBedrockResponse", () => {
  it.each([
    ["a text block whose text is null", { text: null }, `${CONTENT}/0/text`],
    ["a reasoning text that is a number", { reasoningContent: { reasoningText: { text: 5 } } }, `${CONTENT}/0/reasoningContent/reasoningText/text`],
    ["redacted content that is not a string", { reasoningContent: { redactedContent: [1] } }, `${CONTENT}/0/reasoningContent/redactedContent`],
    ["a toolUse without its toolUseId", { toolUse: { name: "f", input: {} } }, `${CONTENT}/0/toolUse`],
    ["a toolUse whose name is a number", { toolUse: { toolUseId: "t1", name: 1, input: {} } }, `${CONTENT}/0/toolUse/name`],
  ])("raises provider/invalid-wire at the pointer when given %s", (_, block, pointer) => {
    expect(() => decodeBedrockResponse(response([block]))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", provider: "bedrock", pointer }));
  });

  it("keeps a block of any other member as an unknown part holding it byte for byte", () => {
    const blocks = [{ citationsContent: { citations: [], content: [{ text: "x" }] } }, { hologram: { beams: [1, null] } }];
    expect(decodeBedrockResponse(response(blocks)).message.parts).toEqual(blocks.map((block) => ({ type: "unknown", provider: "bedrock", kind: Object.keys(block)[0], rawJson: JSON.stringify(block) })));
  });
});

describe("BedrockStreamDecoder", () => {
  const begin = { messageStart: { role: "assistant" } };

  it.each([
    ["a toolUse start without its toolUseId", { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { name: "f" } } } }, "/start/toolUse"],
    ["a toolResult start that is a string", { contentBlockStart: { contentBlockIndex: 0, start: { toolResult: "done" } } }, "/start/toolResult"],
    ["a text delta that is a number", { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 5 } } }, "/delta/text"],
    ["a reasoning delta whose signature is a number", { contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { signature: 1 } } } }, "/delta/reasoningContent/signature"],
    ["a toolUse delta without its input", { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: {} } } }, "/delta/toolUse"],
    ["a citation delta that is a list", { contentBlockDelta: { contentBlockIndex: 0, delta: { citation: [] } } }, "/delta/citation"],
  ])("raises provider/invalid-wire at the pointer and byte position when given %s", async (_, event, pointer) => {
    await expectStreamError([begin, event, ...finish], 1, pointer);
  });

  it("keeps a start and a delta of any other member as unknown parts, and a text block as text", async () => {
    const events = [
      begin,
      { contentBlockStart: { contentBlockIndex: 0, start: { hologram: { beams: 1 } } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "Hi" } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { hologram: { beams: 2 } } } },
      ...finish,
    ];
    const [streamed] = await decodeByteChunks(bedrockCodec, [eventStreamBytes(events)]);
    expect(streamed?.message.parts).toEqual([
      { type: "text", text: "Hi" },
      { type: "unknown", provider: "bedrock", kind: "contentBlockStart", rawJson: JSON.stringify({ contentBlockStart: { contentBlockIndex: 0, start: { hologram: { beams: 1 } } } }) },
      { type: "unknown", provider: "bedrock", kind: "contentBlockDelta", rawJson: JSON.stringify({ contentBlockDelta: { contentBlockIndex: 0, delta: { hologram: { beams: 2 } } } }) },
    ]);
  });
});
