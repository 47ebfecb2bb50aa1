import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { FINAL_ANSWER, QUESTION, json, post, runTool, serverSentEvents } from "./wire-requests.js";

type Message = Record<string, unknown>;
type Chunk = Record<string, unknown> & { type: string };
type ToolCall = { id: string; type: string; function: { name: string; arguments: string }; index: number };

const tools = ["get_weather", "get_local_time"].map((name) => ({ type: "function", function: { name, parameters: { type: "object", properties: { city: { type: "string" } } } } }));

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator("mistral", { apiKey: "mistral-key" });
});
afterAll(() => simulator.close());

function request(messages: Message[], stream: boolean, key = "mistral-key") {
  return post(`${simulator.url}/v1/chat/completions`, { model: "mistral-medium-3-5", reasoning_effort: "high", messages, tools, stream }, { authorization: `Bearer ${key}` });
}

/** Joins a delta's content (a string or chunks) onto a chunk list, merging runs of the same kind (D.3). */
function append(content: Chunk[], delta: unknown): void {
  const incoming: Chunk[] = typeof delta === "string" ? (delta === "" ? [] : [{ type: "text", text: delta }]) : ((delta ?? []) as Chunk[]);
  for (const chunk of incoming) {
    const last = content.at(-1);
    if (last?.type === "thinking" && chunk.type === "thinking") ((last.thinking as Chunk[])[0] as Chunk).text += String(((chunk.thinking as Chunk[])[0] as Chunk).text);
    else if (last?.type === "text" && chunk.type === "text") last.text = `${String(last.text)}${String(chunk.text)}`;
    else content.push(structuredClone(chunk));
  }
}

async function respond(messages: Message[], stream: boolean): Promise<Message> {
  if (!stream) {
    const { status, body } = await json(request(messages, false));
    expect(status).toBe(200);
    return (body.choices as { message: Message }[])[0]!.message;
  }
  const events = await serverSentEvents(request(messages, true));
  expect(events.at(-1)?.data).toBe("[DONE]");
  const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as { choices: { delta: Record<string, unknown>; finish_reason: string | null }[]; usage?: unknown });
  expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason !== null)).toEqual([...chunks.slice(1).map(() => false), true]);
  expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) });
  const content: Chunk[] = [];
  const toolCalls: ToolCall[] = [];
  for (const { delta } of chunks.flatMap((chunk) => chunk.choices)) {
    append(content, delta.content);
    toolCalls.push(...((delta.tool_calls ?? []) as ToolCall[]));
  }
  return { role: "assistant", content, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
}

async function toolLoop(stream: boolean): Promise<{ messages: Message[]; last: Message; rounds: number }> {
  const messages: Message[] = [{ role: "user", content: QUESTION }];
  for (let rounds = 1; ; rounds++) {
    const last = await respond(messages, stream);
    const calls = (last.tool_calls ?? []) as ToolCall[];
    if (calls.length === 0) return { messages, last, rounds };
    messages.push(last, ...calls.map((call) => ({ role: "tool", tool_call_id: call.id, name: call.function.name, content: runTool(call.function.name, JSON.parse(call.function.arguments)) })));
  }
}

function error(status: number, message: unknown) {
  return { status, body: { object: "error", message, type: "invalid_request_error", param: null, code: null } };
}

describe("mistralSimulator", () => {
  it.each([false, true])("runs a two-tool loop with thinking chunks and 9-character tool ids when streaming is %s", async (stream) => {
    const { messages, last, rounds } = await toolLoop(stream);
    expect(rounds).toBe(3);
    const content = last.content as Chunk[];
    expect(content.map((chunk) => chunk.type)).toEqual(["thinking", "text"]);
    expect(content[1]?.text).toBe(FINAL_ANSWER);
    const ids = messages.flatMap((message) => ((message.tool_calls ?? []) as ToolCall[]).map((call) => call.id));
    expect(ids).toHaveLength(2);
    expect(ids.every((id) => /^[a-zA-Z0-9]{9}$/.test(id))).toBe(true);
  });

  it("answers with string content and no thinking when reasoning is not asked for", async () => {
    const { body } = await json(post(`${simulator.url}/v1/chat/completions`, { model: "mistral-small-latest", messages: [{ role: "user", content: "Hello" }] }, { authorization: "Bearer mistral-key" }));
    expect((body.choices as { message: Message }[])[0]?.message.content).toBe("You said: Hello");
  });

  it("accepts the history when its thinking chunks were stripped, as Mistral documents no check", async () => {
    const { messages } = await toolLoop(false);
    const naive = messages.map((message) => (Array.isArray(message.content) ? { ...message, content: (message.content as Chunk[]).filter((chunk) => chunk.type === "text") } : message));
    expect((await json(request(naive, false))).status).toBe(200);
  });

  it("answers 422 extra_forbidden when an assistant message carries reasoning_content", async () => {
    const { messages } = await toolLoop(false);
    const renamed = messages.map((message) => (message.role === "assistant" ? { ...message, reasoning_content: "thought" } : message));
    const { status, body } = await json(request(renamed, false));
    expect({ status, body }).toEqual(error(422, { detail: [{ type: "extra_forbidden", loc: ["body", "messages", 1, "assistant", "reasoning_content"], msg: "Extra inputs are not permitted", input: "thought" }] }));
  });

  it("answers 400 when a tool call id is not 9 alphanumerics or calls lack their responses", async () => {
    const { messages } = await toolLoop(false);
    const call = ((messages[1]!.tool_calls as ToolCall[])[0] as ToolCall).id;
    const renamed = JSON.parse(JSON.stringify(messages).replaceAll(call, "call_search")) as Message[];
    const { status, body } = await json(request(renamed, false));
    expect({ status, body }).toEqual(error(400, "Tool call id was call_search but must be a-z, A-Z, 0-9, with a length of 9."));
    const unanswered = [...messages.slice(0, 2), { role: "user", content: "Never mind." }];
    const mismatch = await json(request(unanswered, false));
    expect({ status: mismatch.status, body: mismatch.body }).toEqual(error(400, "Not the same number of function calls and responses"));
  });

  it("refuses a stream-error fault when the provider has no in-stream error", () => {
    expect(() => simulator.injectFault({ kind: "stream-error", afterChunks: 1, message: "x" })).toThrow("the mistral simulator has no in-stream error to inject");
  });

  it("answers 401 when the key is wrong", async () => {
    const { status, body } = await json(request([{ role: "user", content: QUESTION }], false, "wrong"));
    expect(status).toBe(401);
    expect(body).toMatchObject({ object: "error", message: "Unauthorized" });
  });
});
