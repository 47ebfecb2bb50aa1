// Chat Completions stream merging of tool calls as the providers define it: a new id at a used index is
// a new call, and arguments cut mid-JSON are an incomplete call even when a finish_reason came.
import { describe, expect, it } from "vitest";
import { deepSeekCodec } from "../../../src/providers/deepseek/index.js";
import { openAiChatCodec } from "../../../src/providers/openai-chat/index.js";
import { decodeEventLines } from "../support/provider-fixtures.js";

function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return { id: "chatcmpl-merge", object: "chat.completion.chunk", created: 1767000000, model: "gpt-test", choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

function call(index: number, id: string | undefined, name: string | undefined, argumentsText: string) {
  return { index, ...(id === undefined ? {} : { id, type: "function" }), function: { ...(name === undefined ? {} : { name }), arguments: argumentsText } };
}

describe("OpenAiChatStreamDecoder", () => {
  it("opens a second call when a delta at the same index brings a new id and name", async () => {
    const lines = [
      chunk({ role: "assistant", tool_calls: [call(0, "call_a", "get_weather", '{"city": "Oslo"}')] }),
      chunk({ tool_calls: [call(0, "call_b", "get_local_time", '{"city": "Lima"}')] }),
      chunk({}, "tool_calls"),
      "[DONE]",
    ];
    const [response] = await decodeEventLines(openAiChatCodec, lines);
    expect(response?.message.parts.map((part) => (part.type === "tool_call" ? [part.toolCall.id, part.toolCall.name, part.toolCall.arguments] : part.type))).toEqual([
      ["call_a", "get_weather", '{"city": "Oslo"}'],
      ["call_b", "get_local_time", '{"city": "Lima"}'],
    ]);
  });

  it("keeps continuing a call whose later fragments repeat its id", async () => {
    const lines = [
      chunk({ tool_calls: [call(0, "call_a", "get_weather", '{"city": ')] }),
      chunk({ tool_calls: [call(0, "call_a", undefined, '"Oslo"}')] }),
      chunk({}, "tool_calls"),
    ];
    const [response] = await decodeEventLines(deepSeekCodec, lines);
    expect(response?.message.parts).toMatchObject([{ type: "tool_call", toolCall: { id: "call_a", arguments: '{"city": "Oslo"}' } }]);
  });

  it("reports arguments cut mid-JSON as an incomplete call, not a finished one, when finish_reason is length", async () => {
    const lines = [chunk({ tool_calls: [call(0, "call_a", "get_weather", '{"city": "Os')] }), chunk({}, "length"), "[DONE]"];
    await expect(decodeEventLines(openAiChatCodec, lines)).rejects.toMatchObject({ code: "stream/truncated" });
    const [lenient] = await decodeEventLines(openAiChatCodec, lines, { strict: false });
    expect([lenient?.complete, lenient?.message.parts, lenient?.incompleteToolCalls.map((part) => part.toolCall.arguments)]).toEqual([false, [], ['{"city": "Os']]);
  });
});
