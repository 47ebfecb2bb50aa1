import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { FINAL_ANSWER, QUESTION, json, post, runTool, serverSentEvents } from "./wire-requests.js";

type Message = Record<string, unknown>;
type ToolCall = { id: string; type: string; function: { name: string; arguments: string } };

const tools = ["get_weather", "get_local_time"].map((name) => ({ type: "function", function: { name, parameters: { type: "object", properties: { city: { type: "string" } } } } }));

const simulators: Record<string, RunningSimulator> = {};
beforeAll(async () => {
  for (const profile of ["vllm", "kimi", "groq"]) simulators[profile] = await startSimulator("openai.chat", { apiKey: "sk-sim", profile });
});
afterAll(() => Promise.all(Object.values(simulators).map((simulator) => simulator.close())));

function request(profile: string, messages: Message[], stream: boolean, options: { model?: string; key?: string } = {}) {
  const body = { model: options.model ?? "openai/gpt-oss-120b", messages, tools, stream, ...(stream ? { stream_options: { include_usage: true } } : {}) };
  return post(`${simulators[profile]!.url}/v1/chat/completions`, body, { authorization: `Bearer ${options.key ?? "sk-sim"}` });
}

/** The assistant message: the blocking one, or the stream's deltas joined (tool calls by index, B.3). */
async function respond(profile: string, messages: Message[], stream: boolean, field: string): Promise<Message> {
  if (!stream) {
    const { status, body } = await json(request(profile, messages, false));
    expect(status).toBe(200);
    return (body.choices as { message: Message }[])[0]!.message;
  }
  const events = await serverSentEvents(request(profile, messages, true));
  expect(events.at(-1)?.data).toBe("[DONE]");
  const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as { choices: { delta: Record<string, unknown>; finish_reason: string | null }[]; usage?: unknown });
  // With include_usage the last chunk has no choices and carries the usage.
  expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
  const message: Message & { content: string; tool_calls: ToolCall[] } = { role: "assistant", content: "", [field]: "", tool_calls: [] };
  for (const { delta } of chunks.flatMap((chunk) => chunk.choices)) {
    if (typeof delta.content === "string") message.content += delta.content;
    if (typeof delta[field] === "string") message[field] = `${String(message[field])}${String(delta[field])}`;
    for (const call of (delta.tool_calls ?? []) as (Partial<ToolCall> & { index: number; function: { name?: string; arguments: string } })[]) {
      const current = message.tool_calls[call.index];
      if (current) current.function.arguments += call.function.arguments;
      else message.tool_calls[call.index] = { id: call.id!, type: "function", function: { name: call.function.name!, arguments: call.function.arguments } };
    }
  }
  if (message.tool_calls.length === 0) delete (message as Message).tool_calls;
  return message;
}

async function toolLoop(profile: string, stream: boolean, field: string): Promise<{ messages: Message[]; last: Message; rounds: number }> {
  const messages: Message[] = [{ role: "user", content: QUESTION }];
  for (let rounds = 1; ; rounds++) {
    const last = await respond(profile, messages, stream, field);
    const calls = (last.tool_calls ?? []) as ToolCall[];
    if (calls.length === 0) return { messages, last, rounds };
    messages.push(last, ...calls.map((call) => ({ role: "tool", tool_call_id: call.id, content: runTool(call.function.name, JSON.parse(call.function.arguments)) })));
  }
}

function stripped(messages: Message[], field: string): Message[] {
  return messages.map(({ [field]: _reasoning, ...message }) => message);
}

describe("openAiChatSimulator", () => {
  it.each([false, true])("runs a two-tool loop with `reasoning` replayed when the profile is vllm and streaming is %s", async (stream) => {
    const { messages, last, rounds } = await toolLoop("vllm", stream, "reasoning");
    expect(rounds).toBe(3);
    expect(last.content).toBe(FINAL_ANSWER);
    expect(messages.filter((message) => message.role === "assistant").every((message) => typeof message.reasoning === "string" && message.reasoning !== "")).toBe(true);
  });

  it("takes `reasoning_content` back, and answers 400 without it, when the profile is kimi", async () => {
    const { messages, rounds } = await toolLoop("kimi", false, "reasoning_content");
    expect(rounds).toBe(3);
    const { status, body } = await json(request("kimi", stripped(messages, "reasoning_content"), false));
    expect(status).toBe(400);
    expect(body).toEqual({ error: { message: "thinking is enabled but reasoning_content is missing in assistant tool call message at index 1", type: "invalid_request_error", param: null, code: null } });
  });

  it("answers 400 for an assistant message carrying reasoning_content when the profile is groq", async () => {
    const { messages, rounds } = await toolLoop("groq", true, "reasoning");
    expect(rounds).toBe(3);
    const renamed = messages.map(({ reasoning, ...message }) => (reasoning === undefined ? message : { ...message, reasoning_content: reasoning }));
    const { status, body } = await json(request("groq", renamed, false));
    expect(status).toBe(400);
    expect(body).toEqual({
      error: { message: "'messages.1' : for 'role:assistant' the following must be satisfied[('messages.1' : property 'reasoning_content' is unsupported)]", type: "invalid_request_error", param: null, code: null },
    });
  });

  it("answers 400 for `reasoning` when the profile is groq and the model does not reason", async () => {
    const history = [{ role: "user", content: QUESTION }, { role: "assistant", content: "Hi", reasoning: "thought" }, { role: "user", content: "And?" }];
    const { status, body } = await json(request("groq", history, false, { model: "llama-3.3-70b-versatile" }));
    expect(status).toBe(400);
    expect((body.error as Message).message).toBe("messages[1].reasoning: reasoning is not supported with this model");
  });

  it("answers 401 invalid_api_key when the key is wrong", async () => {
    const { status, body } = await json(request("vllm", [{ role: "user", content: QUESTION }], false, { key: "wrong" }));
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: { code: "invalid_api_key" } });
  });
});
