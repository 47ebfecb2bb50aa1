import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeEventStreamMessage } from "../../../src/providers/framing/aws-event-stream.js";
import { bedrockCodec, decodeBedrockResponse } from "../../../src/providers/bedrock/index.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";
import { assembleConverseResponse, eventStreamBytes, jsonForm, parsedRaw, sdkStreamEvents } from "../support/bedrock-sdk-oracle.js";
import { decodeByteChunks, decodeEventLines, fixtureFiles, readFixtureBytes, readFixtureJson, readFixtureLines } from "../support/provider-fixtures.js";

const PROVIDER = "bedrock";
const bedrockAttributes = { provider: "bedrock" };
const streams = fixtureFiles(PROVIDER, ".chunks.txt");
const lenient = { strict: false };

/** Whether a recorded stream holds both events that end a response. */
function hasEnd(lines: readonly unknown[]): boolean {
  const names = lines.map((line) => Object.keys(line as object)[0]);
  return names.includes("messageStop") && names.includes("metadata");
}

function deltaLine(line: unknown): Record<string, any> | undefined {
  return (line as { contentBlockDelta?: { delta: Record<string, any> } }).contentBlockDelta?.delta;
}

describe("BedrockStreamDecoder", () => {
  it.each(streams)("aggregates %s to the blocking decode of the response the AWS SDK's own deserialized events assemble to", async (file) => {
    const lines = readFixtureLines(PROVIDER, file);
    const bytes = eventStreamBytes(lines);
    const sdkEvents = await sdkStreamEvents(bytes);
    const [fromLines] = await decodeEventLines(bedrockCodec, lines, lenient);
    const [fromBytes] = await decodeByteChunks(bedrockCodec, [bytes], lenient);
    const [fromSdkEvents] = await decodeEventLines(bedrockCodec, sdkEvents.map(jsonForm), lenient);
    const oracle = decodeBedrockResponse(assembleConverseResponse(sdkEvents));
    expect(fromBytes).toEqual(fromLines);
    expect(parsedRaw(fromSdkEvents?.message.parts)).toEqual(parsedRaw(fromLines?.message.parts));
    expect(parsedRaw(fromLines?.message.parts)).toEqual(parsedRaw(oracle.message.parts));
    expect(fromLines?.info).toEqual(oracle.info);
    expect(fromLines?.complete).toBe(hasEnd(lines));
  });

  it.each(streams.filter((file) => fixtureFiles(PROVIDER, ".json").includes(file.replace(".chunks.txt", ".json"))))(
    "aggregates %s to the part types of its recorded blocking response", async (file) => {
      const [streamed] = await decodeEventLines(bedrockCodec, readFixtureLines(PROVIDER, file), lenient);
      const blocking = decodeBedrockResponse(readFixtureJson(PROVIDER, file.replace(".chunks.txt", ".json")));
      expect(streamed?.message.parts.map((part) => part.type)).toEqual(blocking.message.parts.map((part) => part.type));
    },
  );

  it("gives the same responses for any chunking of a stream's raw event-stream bytes", async () => {
    const recorded = streams.map((file) => eventStreamBytes(readFixtureLines(PROVIDER, file)));
    const expected = await Promise.all(recorded.map((bytes) => decodeByteChunks(bedrockCodec, [bytes], lenient)));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: recorded.length - 1 }), cutsArbitrary, async (which, cuts) => {
        expect(await decodeByteChunks(bedrockCodec, rechunk(recorded[which]!, cuts), lenient)).toEqual(expected[which]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("decodes the recorded Claude reasoning stream: reasoning text, its signature byte for byte, then text and usage", async () => {
    const lines = readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-reasoning.chunks.txt");
    const signature = lines.map((line) => deltaLine(line)?.reasoningContent?.signature).find((value) => value !== undefined);
    const [streamed] = await decodeEventLines(bedrockCodec, lines);
    expect(streamed?.message.parts).toEqual([
      {
        type: "reasoning",
        text: "Let me count the r's in \"strawberry\":\n\ns-t-r-a-w-b-e-r-r-y\n\nr appears at positions 3, 8, and 9.\n\nSo there are 3 r's.",
        payload: { provider: "bedrock", kind: "signature", data: signature },
        attributes: bedrockAttributes,
      },
      { type: "text", text: "There are **3** r's in \"strawberry\":\n\n1. st**r**awbe**r****r**y" },
    ]);
    expect(streamed?.info).toEqual({ finishReason: "stop", rawFinishReason: "end_turn", usage: { inputTokens: 51, outputTokens: 94, totalTokens: 145 } });
    expect(streamed?.responseId).toBeUndefined();
  });

  it("joins a signature split across two deltas and keeps usage sent before messageStop (composed fixture)", async () => {
    const [split] = await decodeEventLines(bedrockCodec, readFixtureLines(PROVIDER, "composed__amazon-bedrock-reasoning-split-signature.chunks.txt"));
    const [recorded] = await decodeEventLines(bedrockCodec, readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-reasoning.chunks.txt"));
    expect(split).toEqual(recorded);
    expect(split?.complete).toBe(true);
  });

  it("decodes the recorded redacted content stream: the redacted base64 as received, then the tool call", async () => {
    const lines = readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-redacted-content.chunks.txt");
    const [streamed] = await decodeEventLines(bedrockCodec, lines);
    expect(streamed?.message.parts).toEqual([
      { type: "reasoning", payload: { provider: "bedrock", kind: "redacted_content", data: deltaLine(lines[1])?.reasoningContent.redactedContent }, attributes: bedrockAttributes },
      { type: "tool_call", toolCall: { id: "call_61f8fcbe423a58699163c53e076f1a06", type: "function", name: "propose", arguments: '{"groups":[{"name":"Sales","parentGroupName":""},{"name":"Team1","parentGroupName":"Sales"}]}' } },
    ]);
  });

  it("joins the bytes of redacted content sent in several deltas", async () => {
    const events = [
      { contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { redactedContent: Buffer.from([0, 1, 2, 3]).toString("base64") } } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { redactedContent: Buffer.from([4, 5]).toString("base64") } } } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: "end_turn" } },
      { metadata: { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, metrics: { latencyMs: 1 } } },
    ];
    const [streamed] = await decodeEventLines(bedrockCodec, events);
    expect(streamed?.message.parts).toEqual([{ type: "reasoning", payload: { provider: "bedrock", kind: "redacted_content", data: Buffer.from([0, 1, 2, 3, 4, 5]).toString("base64") }, attributes: bedrockAttributes }]);
    expect(streamed?.message.parts).toEqual(decodeBedrockResponse(assembleConverseResponse(await sdkStreamEvents(eventStreamBytes(events)))).message.parts);
  });

  it("turns the recorded citation blocks into citationsContent unknown parts between the texts, padding left out", async () => {
    const lines = readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-document-citations.chunks.txt");
    const [streamed] = await decodeEventLines(bedrockCodec, lines);
    const parts = streamed?.message.parts ?? [];
    expect(parts.map((part) => (part.type === "unknown" ? part.kind : part.type))).toEqual(
      ["text", "citationsContent", "text", "citationsContent", "text", "citationsContent", "text", "citationsContent", "text", "citationsContent", "text", "citationsContent", "text"],
    );
    expect(JSON.parse((parts[1] as Extract<(typeof parts)[number], { type: "unknown" }>).rawJson)).toEqual({
      citationsContent: {
        citations: [deltaLine(lines[5])?.citation],
        content: [{ text: "generative artificial intelligence refers to models that predict and generate various types of outputs (such as text, images, or audio) based on what's statistically likely, pulling from patterns they've learned from their training data" }],
      },
    });
    expect(JSON.stringify(parts)).not.toContain('"p":');
  });

  it("tags unsigned reasoning with its producer and gives it no payload", async () => {
    const lines = readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-reasoning.chunks.txt").filter((line) => deltaLine(line)?.reasoningContent?.signature === undefined);
    const [streamed] = await decodeEventLines(bedrockCodec, lines);
    expect(streamed?.message.parts[0]).toEqual({ type: "reasoning", text: expect.stringContaining("So there are 3 r's."), attributes: bedrockAttributes });
  });

  it("keeps streamed server tool use and its result whole, as the blocking response writes them", async () => {
    // Shapes of the SDK's ToolUseBlockStart (type server_tool_use), ToolResultBlockStart and ToolResultBlockDelta; no recording has them.
    const events = [
      { messageStart: { role: "assistant" } },
      { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "srvtoolu_01", name: "web_search", type: "server_tool_use" } } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"query":' } } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '"Oslo rain"}' } } } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { contentBlockStart: { contentBlockIndex: 1, start: { toolResult: { toolUseId: "srvtoolu_01", type: "web_search_result", status: "success" } } } },
      { contentBlockDelta: { contentBlockIndex: 1, delta: { toolResult: [{ text: "7 °C, rain" }] } } },
      { contentBlockStop: { contentBlockIndex: 1 } },
      { contentBlockDelta: { contentBlockIndex: 2, delta: { text: "It rains." } } },
      { contentBlockStop: { contentBlockIndex: 2 } },
      { messageStop: { stopReason: "end_turn" } },
      { metadata: { usage: { inputTokens: 9, outputTokens: 9, totalTokens: 18 }, metrics: { latencyMs: 1 } } },
    ];
    const blocking = {
      output: { message: { content: [
        { toolUse: { input: { query: "Oslo rain" }, name: "web_search", toolUseId: "srvtoolu_01", type: "server_tool_use" } },
        { toolResult: { content: [{ text: "7 °C, rain" }], status: "success", toolUseId: "srvtoolu_01", type: "web_search_result" } },
        { text: "It rains." },
      ], role: "assistant" } },
      stopReason: "end_turn",
      usage: { inputTokens: 9, outputTokens: 9, totalTokens: 18 },
    };
    const [streamed] = await decodeEventLines(bedrockCodec, events);
    // Raw JSON byte for byte: Bedrock writes members alphabetically, and so does the assembled block.
    expect(streamed?.message).toEqual(decodeBedrockResponse(blocking).message);
    expect(parsedRaw(streamed?.message.parts)).toEqual(parsedRaw(decodeBedrockResponse(assembleConverseResponse(await sdkStreamEvents(eventStreamBytes(events)))).message.parts));
  });

  it("keeps a delta it does not know as an unknown part after the blocks, padding left out", async () => {
    const events = [
      { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "Hi" } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { hologram: { frames: 3 } }, p: "abcdef" } },
      { messageStop: { stopReason: "end_turn" } },
      { metadata: { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } } },
    ];
    const [streamed] = await decodeEventLines(bedrockCodec, events);
    expect(streamed?.message.parts).toEqual([
      { type: "text", text: "Hi" },
      { type: "unknown", provider: "bedrock", kind: "contentBlockDelta", rawJson: '{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"hologram":{"frames":3}}}}' },
    ]);
  });

  describe("when the response is done", () => {
    it("is done with usage when metadata comes before messageStop (recorded)", async () => {
      const [streamed] = await decodeEventLines(bedrockCodec, readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-tool-no-args.chunks.txt"));
      expect(streamed?.complete).toBe(true);
      expect(streamed?.info).toEqual({ finishReason: "tool_calls", rawFinishReason: "tool_use", usage: { inputTokens: 100, outputTokens: 25, totalTokens: 125 } });
    });

    it("reports a stream cut after messageStop, before its usage, as truncated; its parts are whole", async () => {
      const lines = readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-reasoning.chunks.txt");
      await expect(decodeEventLines(bedrockCodec, lines.slice(0, -1))).rejects.toMatchObject({ code: "stream/truncated" });
      const [cut] = await decodeEventLines(bedrockCodec, lines.slice(0, -1), lenient);
      const [whole] = await decodeEventLines(bedrockCodec, lines);
      expect(cut?.complete).toBe(false);
      expect(cut?.message).toEqual(whole?.message);
      expect(cut?.info.usage).toBeUndefined();
    });

    it("reports a stream with no metadata at all as truncated (hand-written recording)", async () => {
      await expect(decodeEventLines(bedrockCodec, readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-json-tool.1.chunks.txt"))).rejects.toMatchObject({ code: "stream/truncated" });
    });

    it("never presents a tool call cut mid-input, nor a stream of only messageStart, as whole", async () => {
      const lines = readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-redacted-content.chunks.txt");
      const [cut] = await decodeEventLines(bedrockCodec, lines.slice(0, 10), lenient);
      expect(cut?.complete).toBe(false);
      expect(cut?.message.parts.map((part) => part.type)).toEqual(["reasoning"]);
      expect(cut?.incompleteToolCalls).toHaveLength(1);
      await expect(decodeEventLines(bedrockCodec, lines.slice(0, 1))).rejects.toMatchObject({ code: "stream/truncated" });
    });

    it("reports an empty stream as truncated, not as an empty message", async () => {
      await expect(decodeByteChunks(bedrockCodec, [])).rejects.toMatchObject({ code: "stream/truncated" });
    });
  });

  describe("on bad wire input", () => {
    const reasoning = () => readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-reasoning.chunks.txt");

    it("names the byte position of a frame whose CRC does not match", async () => {
      const bytes = eventStreamBytes(reasoning());
      const third = eventStreamBytes(reasoning().slice(0, 2)).length;
      bytes[third + 20]! ^= 0x01;
      await expect(decodeByteChunks(bedrockCodec, [bytes])).rejects.toMatchObject({ code: "provider/invalid-wire", provider: "bedrock", position: third });
    });

    it("raises provider/api-error for an exception frame, naming its byte position, where the SDK raises its typed exception", async () => {
      const exception = new Uint8Array(Buffer.from(readFixtureBase64("vercel-ai__model-stream-error-exception.eventstream.base64.txt"), "base64"));
      const before = eventStreamBytes(reasoning().slice(0, 5));
      const bytes = new Uint8Array([...before, ...exception]);
      await expect(decodeByteChunks(bedrockCodec, [bytes])).rejects.toMatchObject({
        code: "provider/api-error",
        provider: "bedrock",
        position: before.length,
        message: expect.stringContaining("ModelStreamErrorException: Model Stream Error"),
        details: { originalStatusCode: 500, originalMessage: "The model stream failed." },
      });
      await expect(sdkStreamEvents(bytes)).rejects.toMatchObject({ name: "ModelStreamErrorException", originalStatusCode: 500 });
    });

    it("raises provider/api-error for an exception line of --input jsonl and for an error frame", async () => {
      const lines = [...reasoning().slice(0, 3), { throttlingException: { message: "Too many requests, please wait before trying again." } }];
      await expect(decodeEventLines(bedrockCodec, lines)).rejects.toMatchObject({ code: "provider/api-error", position: 4, message: expect.stringContaining("ThrottlingException") });
      const error = encodeEventStreamMessage({ ":message-type": "error", ":error-code": "InternalFailure", ":error-message": "try later" }, new Uint8Array(0));
      await expect(decodeByteChunks(bedrockCodec, [error])).rejects.toMatchObject({ code: "provider/api-error", position: 0, message: expect.stringContaining("InternalFailure: try later") });
    });

    it("names the byte position of an unknown event and of a payload that is not JSON", async () => {
      const before = eventStreamBytes(reasoning().slice(0, 2));
      const unknown = eventStreamBytes([{ messageTeleport: {} }]);
      await expect(decodeByteChunks(bedrockCodec, [new Uint8Array([...before, ...unknown])])).rejects.toMatchObject({ code: "provider/invalid-wire", position: before.length });
      const notJson = encodeEventStreamMessage({ ":message-type": "event", ":event-type": "contentBlockDelta" }, new TextEncoder().encode("{oops"));
      await expect(decodeByteChunks(bedrockCodec, [new Uint8Array([...before, ...notJson])])).rejects.toMatchObject({ code: "provider/invalid-wire", position: before.length });
    });

    it("names the block and position of malformed JSON in streamed tool input", async () => {
      const events = [
        { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "tooluse_1", name: "f" } } } },
        { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"city": Oslo}' } } } },
        { contentBlockStop: { contentBlockIndex: 0 } },
      ];
      await expect(decodeByteChunks(bedrockCodec, [eventStreamBytes(events)])).rejects.toMatchObject({
        code: "provider/invalid-wire", message: expect.stringContaining("input of block 0 is not valid JSON"), position: eventStreamBytes(events.slice(0, 2)).length,
      });
    });

    it("rejects events out of protocol order and lines that are not one event", async () => {
      const lines = reasoning();
      const afterStop = [...lines.slice(0, -2), lines.at(-2), { contentBlockDelta: { contentBlockIndex: 2, delta: { text: "late" } } }];
      await expect(decodeEventLines(bedrockCodec, afterStop)).rejects.toMatchObject({ code: "provider/invalid-wire", message: expect.stringContaining("after messageStop") });
      const toolInputWithoutStart = [{ contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: "{}" } } } }];
      await expect(decodeEventLines(bedrockCodec, toolInputWithoutStart)).rejects.toMatchObject({ code: "provider/invalid-wire", position: 1 });
      const textIntoReasoning = [lines[1], { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "x" } } }];
      await expect(decodeEventLines(bedrockCodec, textIntoReasoning)).rejects.toMatchObject({ code: "provider/invalid-wire", position: 2 });
      await expect(decodeEventLines(bedrockCodec, [{ messageStart: { role: "assistant" }, metadata: {} }])).rejects.toMatchObject({ code: "provider/invalid-wire", position: 1 });
    });
  });
});

function readFixtureBase64(file: string): string {
  return new TextDecoder().decode(readFixtureBytes(PROVIDER, file)).trim();
}
