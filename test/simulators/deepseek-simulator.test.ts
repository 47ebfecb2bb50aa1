import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { FINAL_ANSWER, QUESTION, json, post, runTool, serverSentEvents } from "./wire-requests.js";

type Message = Record<string, unknown>;
type ToolCall = { id: string; type: string; function: { name: string; arguments: string } };

const tools = ["get_weather", "get_local_time"].map((name) => ({ type: "function", function: { name, parameters: { type: "object", properties: { city: { type: "string" } } } } }));
const NOT_PASSED_BACK = {
  error: { message: "The `reasoning_content` in the thinking mode must be passed back to the API.", type: "invalid_request_error", param: null, code: "invalid_request_error" },
};

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator("deepseek", { apiKey: "sk-deepseek" });
});
afterAll(() => simulator.close());

function request(messages: Message[], stream: boolean, key = "sk-deepseek") {
  return post(`${simulator.url}/chat/completions`, { model: "deepseek-v4-pro", thinking: { type: "enabled" }, messages, tools, stream }, { authorization: `Bearer ${key}` });
}

/** The assistant message: blocking, or joined from the stream's deltas (D.3). */
async function respond(messages: Message[], stream: boolean): Promise<Message> {
  if (!stream) {
    const { status, body } = await json(request(messages, false));
    expect(status).toBe(200);
    const message = (body.choices as { message: Message }[])[0]!.message;
    // DeepSeek puts `index` in blocking tool calls too (D.2); it is not part of what is sent back.
    const calls = (message.tool_calls ?? []) as (ToolCall & { index?: number })[];
    return calls.length === 0 ? message : { ...message, tool_calls: calls.map(({ index: _index, ...call }) => call) };
  }
  const events = await serverSentEvents(request(messages, true));
  expect(events.at(-1)?.data).toBe("[DONE]");
  const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as { choices: { delta: Record<string, unknown>; finish_reason: string | null }[]; usage: unknown });
  // D.3: the first delta opens reasoning with "", usage rides on the finishing chunk only.
  expect(chunks[0]?.choices[0]?.delta).toEqual({ role: "assistant", content: null, reasoning_content: "" });
  expect(chunks.map((chunk) => chunk.usage === null)).toEqual([...chunks.slice(1).map(() => true), false]);
  const message = { role: "assistant", content: "", reasoning_content: "", tool_calls: [] as ToolCall[] };
  for (const { delta } of chunks.flatMap((chunk) => chunk.choices)) {
    if (typeof delta.content === "string") message.content += delta.content;
    if (typeof delta.reasoning_content === "string") message.reasoning_content += delta.reasoning_content;
    for (const call of (delta.tool_calls ?? []) as (Partial<ToolCall> & { index: number; function: { name?: string; arguments: string } })[]) {
      const current = message.tool_calls[call.index];
      if (current) current.function.arguments += call.function.arguments;
      else message.tool_calls[call.index] = { id: call.id!, type: "function", function: { name: call.function.name!, arguments: call.function.arguments } };
    }
  }
  return message.tool_calls.length === 0 ? { role: message.role, content: message.content, reasoning_content: message.reasoning_content } : message;
}

async function toolLoop(stream: boolean): Promise<{ messages: Message[]; last: Message; rounds: number }> {
  const messages: Message[] = [{ role: "user", content: QUESTION }];
  for (let rounds = 1; ; rounds++) {
    const last = await respond(messages, stream);
    const calls = (last.tool_calls ?? []) as ToolCall[];
    if (calls.length === 0) return { messages, last, rounds };
    messages.push(last, ...calls.map((call) => ({ role: "tool", tool_call_id: call.id, content: runTool(call.function.name, JSON.parse(call.function.arguments)) })));
  }
}

function withReasoning(messages: Message[], index: number, reasoning: string | undefined): Message[] {
  return messages.map((message, position) => {
    if (position !== index) return message;
    const { reasoning_content: _kept, ...rest } = message;
    return reasoning === undefined ? rest : { ...rest, reasoning_content: reasoning };
  });
}

describe("deepSeekSimulator", () => {
  it.each([false, true])("runs a two-tool loop with reasoning_content passed back when streaming is %s", async (stream) => {
    const { messages, last, rounds } = await toolLoop(stream);
    expect(rounds).toBe(3);
    expect(last.content).toBe(FINAL_ANSWER);
    expect(messages.filter((message) => message.role === "assistant").every((message) => typeof message.reasoning_content === "string" && message.reasoning_content !== "")).toBe(true);
    // The next user turn keeps the tool-call turns' reasoning (D.4, V4 rule); the final answer's may go.
    const next = [...messages, { role: "assistant", content: last.content }, { role: "user", content: "And in Bergen?" }];
    expect((await json(request(next, false))).status).toBe(200);
  });

  it("answers the documented 400 when a tool-call turn comes back without reasoning_content, as a text-only store sends it", async () => {
    const { messages } = await toolLoop(false);
    const { status, body } = await json(request(messages.map(({ reasoning_content: _dropped, ...message }) => message), false));
    expect(status).toBe(400);
    expect(body).toEqual(NOT_PASSED_BACK);
  });

  it("answers the documented 400 when reasoning_content was altered, and accepts it when it is empty", async () => {
    const { messages } = await toolLoop(false);
    const altered = await json(request(withReasoning(messages, 1, "I made this up."), false));
    expect(altered.status).toBe(400);
    expect(altered.body).toEqual(NOT_PASSED_BACK);
    expect((await json(request(withReasoning(messages, 1, ""), false))).status).toBe(200);
  });

  it("accepts any reasoning_content when it did not issue the tool-call turn", async () => {
    const foreign = [
      { role: "user", content: QUESTION },
      { role: "assistant", content: "", reasoning_content: "From another server.", tool_calls: [{ id: "call_00_foreign", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Oslo\"}" } }] },
      { role: "tool", tool_call_id: "call_00_foreign", content: "light rain" },
    ];
    expect((await json(request(foreign, false))).status).toBe(200);
  });

  it("answers 401 authentication_error when the key is wrong", async () => {
    const { status, body } = await json(request([{ role: "user", content: QUESTION }], false, "sk-wrong"));
    expect(status).toBe(401);
    expect(body).toEqual({ error: { message: "Authentication Fails (no such user)", type: "authentication_error", param: null, code: "invalid_request_error" } });
  });
});
