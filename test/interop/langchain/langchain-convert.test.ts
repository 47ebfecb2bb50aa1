// The LangChain converters on hand-made cases: the shapes written for Anthropic and OpenAI Responses
// payloads, tool results as ToolMessages, the `langchain` format on JSON, and bad input reported with
// its pointer.
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { fromLangChainMessages, fromStoredMessages, langChainFormat, toLangChainMessages, toStoredMessages } from "../../../src/exports/langchain.js";
import { thrownPartwiseError } from "../../support/partwise-failure.js";

const signedTurn: Message[] = [
  { role: "user", parts: [{ type: "text", text: "Weather in Bergen?" }] },
  {
    role: "assistant",
    parts: [
      { type: "reasoning", text: "Look it up.", payload: { provider: "anthropic", kind: "signature", data: "EqQBCkYIBxgC" } },
      { type: "reasoning", payload: { provider: "anthropic", kind: "redacted_thinking", data: "EmwKAhgBEgy3" } },
      { type: "tool_call", toolCall: { id: "toolu_1", type: "function", name: "weather", arguments: "{\"city\":\"Bergen\"}" } },
    ],
  },
  { role: "tool", parts: [{ type: "tool_result", id: "toolu_1", name: "weather", content: [{ type: "text", text: "7°C, rain" }], isError: false }] },
];

describe("toStoredMessages", () => {
  it("writes signed and redacted thinking as Anthropic blocks and the result as a ToolMessage when the turn comes from Anthropic", () => {
    const { messages, warnings } = toStoredMessages(signedTurn);
    expect(warnings).toEqual([]);
    expect(messages).toEqual([
      { type: "human", data: { content: [{ type: "text", text: "Weather in Bergen?" }], additional_kwargs: {}, response_metadata: {} } },
      {
        type: "ai",
        data: {
          content: [
            { type: "thinking", thinking: "Look it up.", signature: "EqQBCkYIBxgC" },
            { type: "redacted_thinking", data: "EmwKAhgBEgy3" },
            { type: "tool_use", id: "toolu_1", name: "weather", input: { city: "Bergen" } },
          ],
          tool_calls: [{ type: "tool_call", id: "toolu_1", name: "weather", args: { city: "Bergen" } }],
          invalid_tool_calls: [],
          additional_kwargs: {},
          response_metadata: { model_provider: "anthropic" },
        },
      },
      { type: "tool", data: { content: "7°C, rain", tool_call_id: "toolu_1", name: "weather", status: "success", additional_kwargs: {}, response_metadata: {} } },
    ]);
  });

  it("writes standard v1 reasoning blocks with item id and encrypted content when the turn comes from OpenAI Responses", () => {
    const { messages } = toStoredMessages([{
      role: "assistant",
      parts: [
        { type: "reasoning", summary: "Plan.", payload: { provider: "openai.responses", kind: "encrypted_content", data: "gAAAAB1" }, attributes: { itemId: "rs_1" } },
        { type: "reasoning", payload: { provider: "openai.responses", kind: "encrypted_content", data: "gAAAAB2" }, attributes: { itemId: "rs_2" } },
        { type: "text", text: "Done." },
      ],
    }]);
    expect(messages[0]!.data).toMatchObject({
      content: [
        { type: "reasoning", reasoning: "Plan.", id: "rs_1", encrypted_content: "gAAAAB1" },
        { type: "reasoning", reasoning: "", id: "rs_2", encrypted_content: "gAAAAB2" },
        { type: "text", text: "Done." },
      ],
      response_metadata: { model_provider: "openai", output_version: "v1" },
    });
  });

  it("reports the second tool message and a Google thought signature when LangChain has no place for them", () => {
    const { warnings } = toStoredMessages({
      format: "partwise.history",
      version: 1,
      messages: [
        { role: "assistant", parts: [{ type: "text", text: "Hi", payload: { provider: "google", kind: "thought_signature", data: "c2ln" } }] },
        { role: "tool", parts: [{ type: "tool_result", id: "a", content: [], isError: false }] },
        { role: "tool", parts: [{ type: "tool_result", id: "b", content: [], isError: true }] },
      ],
    });
    expect(warnings.map((warning) => [warning.code, warning.pointer])).toEqual([
      ["convert/part-lost", "/messages/0/parts/0/payload"],
      ["convert/part-lost", "/messages/2"],
    ]);
  });

  it("raises convert/invalid-input with the pointer when a message is not partwise JSON", () => {
    const error = thrownPartwiseError(() => toStoredMessages([{ role: "user", parts: [{ type: "text" }] }] as never));
    expect(error).toMatchObject({ code: "convert/invalid-input", pointer: "/0/parts/0" });
  });
});

describe("fromStoredMessages", () => {
  it("joins consecutive ToolMessages into one tool message when a turn called two tools", () => {
    const { messages } = fromStoredMessages([
      { type: "tool", data: { content: "1", tool_call_id: "a" } },
      { type: "tool", data: { content: [{ type: "text", text: "2" }], tool_call_id: "b", status: "error" } },
    ]);
    expect(messages).toEqual([{
      role: "tool",
      parts: [
        { type: "tool_result", id: "a", content: [{ type: "text", text: "1" }], isError: false },
        { type: "tool_result", id: "b", content: [{ type: "text", text: "2" }], isError: true },
      ],
    }]);
  });

  it("reports the fields partwise has no place for when an AIMessage carries usage and a message id", () => {
    const { warnings } = fromStoredMessages([{ type: "ai", data: { content: "Hi", id: "msg_1", usage_metadata: { input_tokens: 3, output_tokens: 1, total_tokens: 4 } } }]);
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/0/data/id", "/0/data/usage_metadata"]);
  });

  it("raises convert/invalid-input with the pointer when a thinking block has no signature", () => {
    const error = thrownPartwiseError(() => fromStoredMessages([{ type: "ai", data: { content: [{ type: "thinking", thinking: "x" }] } }]));
    expect(error).toMatchObject({ code: "convert/invalid-input" });
    expect(error.toJSON().pointer).toMatch(/^\/0\/data\/content/);
  });

  it("raises convert/invalid-input when the document is not a list", () => {
    expect(thrownPartwiseError(() => fromStoredMessages({ messages: [] }))).toMatchObject({ code: "convert/invalid-input" });
  });
});

describe("fromLangChainMessages", () => {
  it("reads the standard contentBlocks of a v1 AIMessage and the tool calls it holds when LangChain built it", () => {
    const { messages, warnings } = fromLangChainMessages([
      new HumanMessage("Go"),
      new AIMessage({
        content: [{ type: "reasoning", reasoning: "Why", id: "rs_9", encrypted_content: "gAAA" }, { type: "text", text: "Ok" }],
        tool_calls: [{ id: "call_1", name: "f", args: { x: 1 } }],
        response_metadata: { model_provider: "openai", output_version: "v1" },
      }),
      new ToolMessage({ content: "done", tool_call_id: "call_1" }),
    ]);
    expect(warnings).toEqual([]);
    expect(messages[1]!.parts).toEqual([
      { type: "reasoning", summary: "Why", payload: { provider: "openai.responses", kind: "encrypted_content", data: "gAAA" }, attributes: { itemId: "rs_9" } },
      { type: "text", text: "Ok" },
      { type: "tool_call", toolCall: { id: "call_1", type: "function", name: "f", arguments: "{\"x\":1}" } },
    ]);
  });

  it("reads signed reasoning and the redacted thinking its non_standard block wraps when an Anthropic AIMessage is in v1 form", () => {
    const { messages, warnings } = fromLangChainMessages([new AIMessage({
      content: [{ type: "reasoning", reasoning: "Hm", signature: "EqQB" }, { type: "non_standard", value: { type: "redacted_thinking", data: "EmwK" } }, { type: "text", text: "Hi" }],
      response_metadata: { model_provider: "anthropic", output_version: "v1" },
    })]);
    expect(warnings).toEqual([]);
    expect(messages[0]!.parts).toEqual([
      { type: "reasoning", text: "Hm", payload: { provider: "anthropic", kind: "signature", data: "EqQB" } },
      { type: "reasoning", payload: { provider: "anthropic", kind: "redacted_thinking", data: "EmwK" } },
      { type: "text", text: "Hi" },
    ]);
  });

  it("reads metadata and tool arguments as the instance holds them when an object in them has an lc key or a __proto__ member, which toDict escapes or loses", () => {
    const metadata = JSON.parse('{"trace":{"lc":""},"wrapped":{"__lc_escaped__":1},"odd":{"__proto__":[]}}') as Record<string, unknown>;
    const call = { id: "call_1", type: "function" as const, name: "lookup", arguments: "{\"filter\":{\"lc\":1,\"type\":\"constructor\"}}" };
    const history: Message[] = [
      { role: "system", parts: [], metadata },
      { role: "assistant", parts: [{ type: "tool_call", toolCall: call }] },
    ];
    const { messages, warnings } = fromLangChainMessages(toLangChainMessages(history).messages);
    expect(warnings).toEqual([]);
    expect(messages[0]).toEqual({ role: "system", parts: [], metadata });
    expect(messages[1]!.parts).toEqual([{ type: "tool_call", toolCall: call }]);
  });

  it("raises convert/invalid-input when an element is not a LangChain message", () => {
    expect(thrownPartwiseError(() => fromLangChainMessages([{ content: "x" }] as never))).toMatchObject({ code: "convert/invalid-input", pointer: "/0" });
  });
});

describe("toLangChainMessages", () => {
  it("builds AIMessage, HumanMessage and ToolMessage instances when the history is a tool round", () => {
    const { messages } = toLangChainMessages(signedTurn);
    expect(messages.map((message) => message.getType())).toEqual(["human", "ai", "tool"]);
    expect((messages[1] as AIMessage).tool_calls).toEqual([{ type: "tool_call", id: "toolu_1", name: "weather", args: { city: "Bergen" } }]);
  });
});

describe("langChainFormat", () => {
  it("reads what it writes when the document goes through JSON text", () => {
    const { document } = langChainFormat.write(signedTurn);
    expect(langChainFormat.read!(JSON.parse(JSON.stringify(document)))).toEqual({ messages: signedTurn, warnings: [] });
  });
});
