import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { FINAL_ANSWER, QUESTION, json, jsonLines, post, runTool } from "./wire-requests.js";

type Message = Record<string, unknown>;
type ToolCall = { id: string; function: { index: number; name: string; arguments: Record<string, unknown> } };
type Line = { message: { role: string; content: string; thinking?: string; tool_calls?: ToolCall[] }; done: boolean; done_reason?: string; eval_count?: number };

const tools = ["get_weather", "get_local_time"].map((name) => ({ type: "function", function: { name, parameters: { type: "object", properties: { city: { type: "string" } } } } }));

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator("ollama", { apiKey: "ollama-key" });
});
afterAll(() => simulator.close());

function request(messages: Message[], stream: boolean, key = "ollama-key") {
  return post(`${simulator.url}/api/chat`, { model: "qwen3", think: true, messages, tools, stream }, { authorization: `Bearer ${key}` });
}

/** The assistant message: blocking, or accumulated from the NDJSON lines (C.3). */
async function respond(messages: Message[], stream: boolean): Promise<Message> {
  if (!stream) {
    const { status, body } = await json(request(messages, false));
    expect(status).toBe(200);
    expect(body).toMatchObject({ done: true, done_reason: "stop", eval_count: expect.any(Number) });
    return body.message as Message;
  }
  const answer = await request(messages, true);
  expect(answer.headers.get("content-type")).toBe("application/x-ndjson");
  const lines = (await jsonLines(answer)) as Line[];
  expect(lines.map((line) => line.done)).toEqual([...lines.slice(1).map(() => false), true]);
  expect(lines.at(-1)).toMatchObject({ done_reason: "stop", eval_count: expect.any(Number), prompt_eval_count: expect.any(Number) });
  const message = { role: "assistant", content: "", thinking: "", tool_calls: [] as ToolCall[] };
  for (const { message: delta } of lines) {
    message.content += delta.content;
    message.thinking += delta.thinking ?? "";
    message.tool_calls.push(...(delta.tool_calls ?? []));
  }
  return message.tool_calls.length === 0 ? { role: message.role, content: message.content, thinking: message.thinking } : message;
}

async function toolLoop(stream: boolean): Promise<{ messages: Message[]; last: Message; rounds: number }> {
  const messages: Message[] = [{ role: "user", content: QUESTION }];
  for (let rounds = 1; ; rounds++) {
    const last = await respond(messages, stream);
    const calls = (last.tool_calls ?? []) as ToolCall[];
    if (calls.length === 0) return { messages, last, rounds };
    // C.1: one tool message per call, named by tool_name.
    messages.push(last, ...calls.map((call) => ({ role: "tool", tool_name: call.function.name, content: runTool(call.function.name, call.function.arguments) })));
  }
}

describe("ollamaSimulator", () => {
  it.each([false, true])("runs a two-tool loop with thinking and object arguments when streaming is %s", async (stream) => {
    const { messages, last, rounds } = await toolLoop(stream);
    expect(rounds).toBe(3);
    expect(last.content).toBe(FINAL_ANSWER);
    const calls = messages.flatMap((message) => (message.tool_calls ?? []) as ToolCall[]);
    expect(calls.map((call) => call.function)).toEqual([
      { index: 0, name: "get_weather", arguments: { city: "Oslo" } },
      { index: 0, name: "get_local_time", arguments: { city: "Oslo" } },
    ]);
    expect(messages.filter((message) => message.role === "assistant").every((message) => typeof message.thinking === "string" && message.thinking !== "")).toBe(true);
  });

  it("accepts the history when its thinking was stripped, as Ollama documents no rejection", async () => {
    const { messages } = await toolLoop(false);
    const { status, body } = await json(request(messages.map(({ thinking: _dropped, ...message }) => message), false));
    expect(status).toBe(200);
    expect((body.message as Message).content).toBe(FINAL_ANSWER);
  });

  it("streams no thinking when think is false", async () => {
    const lines = (await jsonLines(post(`${simulator.url}/api/chat`, { model: "qwen3", think: false, messages: [{ role: "user", content: "Hello" }] }, { authorization: "Bearer ollama-key" }))) as Line[];
    expect(lines.every((line) => line.message.thinking === undefined)).toBe(true);
  });

  it("ends a 200 stream with an error line when a stream error is injected", async () => {
    simulator.injectFault({ kind: "stream-error", afterChunks: 3, message: "model runner has unexpectedly stopped" });
    const answer = await request([{ role: "user", content: QUESTION }], true);
    expect(answer.status).toBe(200);
    const lines = await jsonLines(answer);
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toEqual({ error: "model runner has unexpectedly stopped" });
  });

  it("answers 401 with an error string when the key is wrong", async () => {
    const { status, body } = await json(request([{ role: "user", content: QUESTION }], false, "wrong"));
    expect(status).toBe(401);
    expect(body).toEqual({ error: "unauthorized" });
  });
});
