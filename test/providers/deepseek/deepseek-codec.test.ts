import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import type { DeepSeekRequestFields } from "../../../generated/wire/deepseek.js";
import { DEEPSEEK_RULE_VERSIONS, decodeDeepSeekResponse, deepSeekCodec, encodeDeepSeekRequest } from "../../../src/providers/deepseek/index.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";
import { chatCompletionsSseBytes, sdkFinalCompletion, sseDataChunks, withStreamedReasoning } from "../support/openai-sdk-oracle.js";
import { decodeByteChunks, decodeEventLines, fixtureFiles, readFixtureBytes, readFixtureJson, readFixtureLines } from "../support/provider-fixtures.js";

const FOLDER = "deepseek";
const DEEPSEEK = { provider: "deepseek" };
const user = (text: string): Message => ({ role: "user", parts: [{ type: "text", text }] });
const system = (text: string): Message => ({ role: "system", parts: [{ type: "text", text }] });
const toolResult = (id: string, text: string): Message => ({ role: "tool", parts: [{ type: "tool_result", id, content: [{ type: "text", text }], isError: false }] });

function recordedStream(file: string): { chunks: unknown[]; bytes: Uint8Array } {
  if (file.endsWith(".sse")) {
    const bytes = readFixtureBytes(FOLDER, file);
    return { chunks: sseDataChunks(bytes), bytes };
  }
  const chunks = readFixtureLines(FOLDER, file);
  return { chunks, bytes: chatCompletionsSseBytes(chunks) };
}

const streams = [...fixtureFiles(FOLDER, ".chunks.txt"), ...fixtureFiles(FOLDER, ".sse")];

describe("decodeDeepSeekResponse", () => {
  it("decodes reasoning_content, tagged deepseek, then the text", () => {
    const body = readFixtureJson(FOLDER, "deepseek-reasoning.json") as { choices: { message: { content: string; reasoning_content: string } }[] };
    const { message } = body.choices[0]!;
    expect(decodeDeepSeekResponse(body).message.parts).toEqual([
      { type: "reasoning", text: message.reasoning_content, attributes: DEEPSEEK },
      { type: "text", text: message.content },
    ]);
  });

  it("decodes a V4 turn with text and parallel tool calls, leaving out the calls' transport index", () => {
    const decoded = decodeDeepSeekResponse(readFixtureJson(FOLDER, "deepseek-v4-tool-loop.2.json"));
    expect(decoded.message.parts).toEqual([
      { type: "reasoning", text: "Great, now I have access to the dice roll tool. Let me first get the player's name and then roll the die.", attributes: DEEPSEEK },
      { type: "text", text: "Let me get your name and roll the die!" },
      { type: "tool_call", toolCall: { id: "call_00_6edlnw3Z1MgeMfey687g8451", type: "function", name: "get_player_name", arguments: "{}" } },
      { type: "tool_call", toolCall: { id: "call_01_km02sac7sHxNDPATKLZy7705", type: "function", name: "roll_dice", arguments: "{}" } },
    ]);
    expect(decoded.info).toEqual({
      responseId: "6b3446f6-7bd6-491f-a44c-0993ad3d67cf", model: "deepseek-v4-flash", finishReason: "tool_calls", rawFinishReason: "tool_calls",
      usage: { inputTokens: 875, outputTokens: 79, totalTokens: 954, cacheReadInputTokens: 0, reasoningTokens: 26 },
    });
  });

  it("reports a non-thinking answer cut by the length limit", () => {
    const decoded = decodeDeepSeekResponse(readFixtureJson(FOLDER, "deepseek-text.json"));
    expect(decoded.message.parts.map((part) => part.type)).toEqual(["text"]);
    expect(decoded.info).toMatchObject({ finishReason: "length", model: "deepseek-chat" });
  });

  it("raises provider/api-error for DeepSeek's 400 when reasoning_content was not passed back", () => {
    const body = { error: { message: "The `reasoning_content` in the thinking mode must be passed back to the API.", type: "invalid_request_error", param: null, code: "invalid_request_error" } };
    expect(() => decodeDeepSeekResponse(body)).toThrow(expect.objectContaining({ code: "provider/api-error", provider: "deepseek", message: expect.stringContaining("must be passed back") }));
  });
});

describe("DeepSeekStreamDecoder", () => {
  it.each(streams)("aggregates %s to what the openai SDK's accumulator gives, decoded by the blocking decoder", async (file) => {
    const { chunks, bytes } = recordedStream(file);
    const [streamed, ...others] = await decodeByteChunks(deepSeekCodec, [bytes]);
    const oracle = decodeDeepSeekResponse(withStreamedReasoning(await sdkFinalCompletion(bytes), chunks));
    expect(others).toEqual([]);
    expect(streamed?.complete).toBe(true);
    expect(streamed?.message.parts).toEqual(oracle.message.parts);
    expect(streamed?.info).toEqual(oracle.info);
  });

  it("gives the same message for any chunking of a stream's raw SSE bytes", async () => {
    const recorded = streams.map((file) => recordedStream(file).bytes);
    const expected = await Promise.all(recorded.map((bytes) => decodeByteChunks(deepSeekCodec, [bytes])));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: recorded.length - 1 }), cutsArbitrary, async (which, cuts) => {
        expect(await decodeByteChunks(deepSeekCodec, rechunk(recorded[which]!, cuts))).toEqual(expected[which]);
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it("assembles a tool call streamed in fragments after the reasoning, the empty first reasoning delta adding nothing", async () => {
    const [streamed] = await decodeEventLines(deepSeekCodec, readFixtureLines(FOLDER, "deepseek-tool-call.chunks.txt"));
    expect(streamed?.message.parts.map((part) => part.type)).toEqual(["reasoning", "tool_call"]);
    expect(streamed?.message.parts[1]).toEqual({ type: "tool_call", toolCall: { id: "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF", type: "function", name: "weather", arguments: '{"location": "San Francisco"}' } });
  });

  it("reports a stream cut before the finish chunk as truncated", async () => {
    const lines = readFixtureLines(FOLDER, "deepseek-tool-call.chunks.txt");
    await expect(decodeEventLines(deepSeekCodec, lines.slice(0, -1))).rejects.toMatchObject({ code: "stream/truncated" });
  });
});

describe("encodeDeepSeekRequest", () => {
  /**
   * The recorded V4 tool loop (pydantic-ai against api.deepseek.com, deepseek-v4-flash): its third request,
   * which DeepSeek accepted, rebuilt from the decoded responses and the caller's own messages. The one
   * assistant turn the caller wrote itself (a tool call, no reasoning) goes out with `reasoning_content: ""`.
   */
  it("rebuilds the history DeepSeek V4 accepted from the decoded responses of its tool loop", () => {
    const recorded = readFixtureJson(FOLDER, "deepseek-v4-tool-loop.3.request.json") as Required<Pick<DeepSeekRequestFields, "model" | "stream" | "tool_choice" | "tools">> & { messages: Record<string, unknown>[] };
    const [firstSystem, secondSystem] = recorded.messages.map((message) => String(message.content));
    const searchCall = { id: "auto_load_eb5fc31bb581b4e7", type: "function" as const, name: "search_tools", arguments: '{"queries":["DICE_ROLL"]}' };
    const history: Message[] = [
      system(firstSystem!), system(secondSystem!), user("My guess is 4"),
      decodeDeepSeekResponse(readFixtureJson(FOLDER, "deepseek-v4-tool-loop.1.json")).message,
      toolResult("call_00_sXqYgMESDht75NCLLZtt9804", "{}"),
      { role: "assistant", parts: [{ type: "tool_call", toolCall: searchCall }] },
      toolResult(searchCall.id, String(recorded.messages[6]?.content)),
      decodeDeepSeekResponse(readFixtureJson(FOLDER, "deepseek-v4-tool-loop.2.json")).message,
      toolResult("call_00_6edlnw3Z1MgeMfey687g8451", "Anne"),
      toolResult("call_01_km02sac7sHxNDPATKLZy7705", "4"),
    ];
    const { model, stream, tool_choice, tools } = recorded;
    const { body, warnings } = encodeDeepSeekRequest(history, { request: { model, stream, tool_choice, tools } });
    // The caller sent `content: null` on its own tool-call turn; partwise sends "", as DeepSeek itself
    // answers tool-call turns (deepseek-tool-call.json); V4 takes both.
    const expected = recorded.messages.map((message, index) => (index === 5 ? { ...message, content: "" } : message));
    expect(body).toEqual({ ...recorded, messages: expected });
    expect(warnings).toEqual([]);
  });

  const loop: Message[] = [
    user("Weather in Hangzhou tomorrow?"),
    { role: "assistant", parts: [{ type: "reasoning", text: "Need the date first.", attributes: DEEPSEEK }, { type: "tool_call", toolCall: { id: "call_00_D1", type: "function", name: "get_date", arguments: "{}" } }] },
    toolResult("call_00_D1", "2026-05-01"),
    { role: "assistant", parts: [{ type: "reasoning", text: "Tomorrow is 2026-05-02.", attributes: DEEPSEEK }, { type: "text", text: "Cloudy 7~13°C." }] },
    user("And Paris?"),
    { role: "assistant", parts: [{ type: "tool_call", toolCall: { id: "call_00_D3", type: "function", name: "get_weather", arguments: '{"city":"Paris"}' } }] },
  ];
  const assistants = (variant?: string) => {
    const encoded = encodeDeepSeekRequest(loop, variant === undefined ? {} : { variant });
    return { messages: encoded.body.messages.filter((message) => message.role === "assistant"), pointers: encoded.warnings.map((warning) => warning.pointer) };
  };

  it("V4 (default): sends every turn's reasoning, and an empty reasoning_content on every other assistant message of a tool-using conversation", () => {
    expect(assistants()).toEqual({
      messages: [
        { role: "assistant", content: "", reasoning_content: "Need the date first.", tool_calls: [{ id: "call_00_D1", type: "function", function: { name: "get_date", arguments: "{}" } }] },
        { role: "assistant", content: "Cloudy 7~13°C.", reasoning_content: "Tomorrow is 2026-05-02." },
        { role: "assistant", content: "", reasoning_content: "", tool_calls: [{ id: "call_00_D3", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
      ],
      pointers: [],
    });
    expect(assistants("v4")).toEqual(assistants());
  });

  it("V3.2: sends reasoning within the current question's tool loop only, and drops earlier reasoning with a warning", () => {
    const { messages, pointers } = assistants("v3.2");
    expect(messages.map((message) => message.reasoning_content)).toEqual([undefined, undefined, ""]);
    expect(pointers).toEqual(["/1/parts/0", "/3/parts/0"]);
  });

  it("R1: never sends reasoning_content, each reasoning part reported", () => {
    const { messages, pointers } = assistants("r1");
    expect(messages.every((message) => !("reasoning_content" in message))).toBe(true);
    expect(pointers).toEqual(["/1/parts/0", "/3/parts/0"]);
  });

  it("V4 without tools in the conversation sends reasoning it has and adds no empty field", () => {
    const { body } = encodeDeepSeekRequest([user("Hi"), { role: "assistant", parts: [{ type: "text", text: "Hello" }] }, user("Bye")]);
    expect(body.messages[1]).toEqual({ role: "assistant", content: "Hello" });
  });

  it.each(["v4", "r1", "v3.2"])("%s: replays an empty reasoning as no reasoning_content field at all when nothing requires one", (variant) => {
    const emptyReasoning: Message = { role: "assistant", parts: [{ type: "reasoning", text: "", attributes: DEEPSEEK }, { type: "text", text: "Hello" }] };
    const { body } = encodeDeepSeekRequest([user("Hi"), emptyReasoning, user("Bye")], { variant });
    expect(body.messages[1]).toEqual({ role: "assistant", content: "Hello" });
  });

  it("V4 in a tool conversation sends the required empty reasoning_content once, not an empty reasoning of its own", () => {
    const emptyReasoning: Message = { role: "assistant", parts: [{ type: "reasoning", text: "", attributes: DEEPSEEK }, { type: "tool_call", toolCall: { id: "call_1", type: "function", name: "f", arguments: "{}" } }] };
    const { body } = encodeDeepSeekRequest([user("Hi"), emptyReasoning, toolResult("call_1", "ok")]);
    expect(body.messages[1]).toEqual({ role: "assistant", content: "", reasoning_content: "", tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }] });
  });

  it("names the rule versions for an unknown variant", () => {
    expect(Object.keys(DEEPSEEK_RULE_VERSIONS)).toEqual(["v4", "v3.2", "r1"]);
    expect(() => encodeDeepSeekRequest(loop, { variant: "v2" })).toThrow(/no replay rule version "v2".*v3\.2/);
  });
});
