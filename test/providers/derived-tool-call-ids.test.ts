import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../generated/types.js";
import { encodeAnthropicRequest } from "../../src/providers/anthropic/index.js";
import { encodeBedrockRequest } from "../../src/providers/bedrock/index.js";
import { withDerivedToolCallIds } from "../../src/providers/derived-tool-call-ids.js";
import { openAiChatCodec } from "../../src/providers/openai-chat/index.js";
import { readFixtureJson } from "./support/provider-fixtures.js";

const user = (text: string): Message => ({ role: "user", parts: [{ type: "text", text }] });
const call = (id: string, name: string): Part => ({ type: "tool_call", toolCall: { id, type: "function", name, arguments: "{}" } });
const result = (name: string | undefined, text: string, id?: string): Part => ({ type: "tool_result", ...(id === undefined ? {} : { id }), ...(name === undefined ? {} : { name }), content: [{ type: "text", text }], isError: false });

/** The recorded Gemini OpenAI-compatible reply whose tool call has `id: ""`, answered by a result without an id. */
function idlessLoop(): Message[] {
  const reply = openAiChatCodec.decodeResponse(readFixtureJson("openai-chat", "gemini-openai-compatible-tool-call.1.json")).message;
  return [user("What time is it?"), reply, { role: "tool", parts: [result("get_current_time", "12:00")] }];
}

describe("withDerivedToolCallIds", () => {
  it("gives a call without an id a derived id, the same on every call, and its result the same one", () => {
    const messages = idlessLoop();
    expect(messages[1]?.parts.find((part) => part.type === "tool_call")).toMatchObject({ toolCall: { id: "" } });
    const first = withDerivedToolCallIds(messages);
    expect(withDerivedToolCallIds(messages)).toEqual(first);
    const derivedCall = first[1]?.parts.find((part) => part.type === "tool_call") as Extract<Part, { type: "tool_call" }>;
    expect(derivedCall.toolCall.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(first[2]?.parts[0]).toMatchObject({ type: "tool_result", id: derivedCall.toolCall.id });
  });

  it("pairs results without an id with the calls of their tool name, in order, when parallel calls have no ids", () => {
    const messages = withDerivedToolCallIds([
      user("Weather and time?"),
      { role: "assistant", parts: [call("", "get_weather"), call("", "get_time"), call("", "get_weather")] },
      { role: "tool", parts: [result("get_time", "12:00"), result("get_weather", "sun"), result(undefined, "rain")] },
    ]);
    const ids = messages[1]!.parts.map((part) => (part as Extract<Part, { type: "tool_call" }>).toolCall.id);
    expect(new Set(ids).size).toBe(3);
    expect(messages[2]!.parts.map((part) => (part as Extract<Part, { type: "tool_result" }>).id)).toEqual([ids[1], ids[0], ids[2]]);
  });

  it("returns the messages unchanged when every call has an id", () => {
    const messages: Message[] = [{ role: "assistant", parts: [call("call_1", "f")] }, { role: "tool", parts: [result("f", "ok", "call_1")] }];
    expect(withDerivedToolCallIds(messages)).toBe(messages);
  });
});

describe("encodeRequest of providers that require tool-call ids", () => {
  it("sends Anthropic a non-empty tool_use id, and the same tool_use_id on its result, when the call came without an id", () => {
    const { body } = encodeAnthropicRequest(idlessLoop());
    const blocks = body.messages.flatMap((message) => message.content);
    const toolUse = blocks.find((block) => block.type === "tool_use");
    const toolResult = blocks.find((block) => block.type === "tool_result");
    expect(toolUse).toMatchObject({ id: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
    expect(toolResult).toMatchObject({ tool_use_id: toolUse?.type === "tool_use" ? toolUse.id : "" });
  });

  it("sends Bedrock a non-empty toolUseId, and the same one on its toolResult, when the call came without an id", () => {
    const { body } = encodeBedrockRequest(idlessLoop());
    const blocks = (body.messages ?? []).flatMap((message) => message.content ?? []) as Record<string, { toolUseId?: string }>[];
    const toolUse = blocks.find((block) => block.toolUse)?.toolUse;
    const toolResult = blocks.find((block) => block.toolResult)?.toolResult;
    expect(toolUse?.toolUseId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(toolResult?.toolUseId).toBe(toolUse?.toolUseId);
  });
});
