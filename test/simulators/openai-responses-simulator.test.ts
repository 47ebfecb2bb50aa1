import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { FINAL_ANSWER, QUESTION, json, post, runTool, serverSentEvents } from "./wire-requests.js";

type Item = Record<string, unknown>;

const tools = ["get_weather", "get_local_time"].map((name) => ({ type: "function", name, parameters: { type: "object", properties: { city: { type: "string" } } }, strict: false }));

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator("openai.responses", { apiKey: "sk-sim" });
});
afterAll(() => simulator.close());

function request(input: Item[], stream: boolean, key = "sk-sim") {
  const body = { model: "gpt-5.2", input, tools, store: false, include: ["reasoning.encrypted_content"], reasoning: { effort: "medium", summary: "auto" }, stream };
  return post(`${simulator.url}/v1/responses`, body, { authorization: `Bearer ${key}` });
}

async function respond(input: Item[], stream: boolean): Promise<Item[]> {
  if (!stream) {
    const { status, body } = await json(request(input, false));
    expect(status).toBe(200);
    return body.output as Item[];
  }
  const events = await serverSentEvents(request(input, true));
  const payloads = events.map((event) => JSON.parse(event.data) as Item);
  // Every event names its type in both places and is numbered from 0 in order.
  expect(events.every((event, index) => event.event === payloads[index]?.type)).toBe(true);
  expect(payloads.map((payload) => payload.sequence_number)).toEqual(payloads.map((_, index) => index));
  expect(payloads[0]?.type).toBe("response.created");
  const completed = payloads.at(-1) as { type: string; response: { output: Item[] } };
  expect(completed.type).toBe("response.completed");
  // The final items are the ones each output_item.done delivered.
  expect(payloads.filter((payload) => payload.type === "response.output_item.done").map((payload) => payload.item)).toEqual(completed.response.output);
  return completed.response.output;
}

/** Runs the tool loop to its end: the input of the last request and the last output. */
async function toolLoop(stream: boolean): Promise<{ input: Item[]; output: Item[]; rounds: number }> {
  const input: Item[] = [{ role: "user", content: QUESTION }];
  for (let rounds = 1; ; rounds++) {
    const output = await respond(input, stream);
    const calls = output.filter((item) => item.type === "function_call");
    if (calls.length === 0) return { input, output, rounds };
    input.push(...output, ...calls.map((call) => ({ type: "function_call_output", call_id: call.call_id, output: runTool(String(call.name), JSON.parse(String(call.arguments))) })));
  }
}

function error(message: string, param: string | null = "input", code: string | null = null) {
  return { error: { message, type: "invalid_request_error", param, code } };
}

describe("openAiResponsesSimulator", () => {
  it.each([false, true])("runs a two-tool loop with encrypted reasoning replayed statelessly when streaming is %s", async (stream) => {
    const { input, output, rounds } = await toolLoop(stream);
    expect(rounds).toBe(3);
    expect(output.map((item) => item.type)).toEqual(["reasoning", "message"]);
    expect(((output[1]?.content as Item[])[0] as Item).text).toBe(FINAL_ANSWER);
    const reasoning = input.filter((item) => item.type === "reasoning");
    expect(reasoning).toHaveLength(2);
    expect(reasoning.every((item) => typeof item.encrypted_content === "string" && (item.summary as Item[]).length === 1)).toBe(true);
  });

  it("returns reasoning without encrypted_content when the request does not include it", async () => {
    const { body } = await json(post(`${simulator.url}/responses`, { model: "gpt-5.2", input: QUESTION, tools }, { authorization: "Bearer sk-sim" }));
    expect((body.output as Item[])[0]).toEqual({ id: expect.stringMatching(/^rs_[0-9a-f]{50}$/), type: "reasoning", summary: [] });
  });

  it("answers 400 invalid_encrypted_content when encrypted_content was altered", async () => {
    const { input } = await toolLoop(false);
    const reasoning = input.find((item) => item.type === "reasoning") as Item;
    const altered = input.map((item) => (item === reasoning ? { ...item, encrypted_content: `${String(item.encrypted_content).slice(0, -4)}AAAA` } : item));
    const { status, body } = await json(request(altered, false));
    expect(status).toBe(400);
    expect(body).toEqual(error(`The encrypted content for item ${String(reasoning.id)} could not be verified. Reason: Encrypted content could not be decrypted or parsed.`, null, "invalid_encrypted_content"));
  });

  it("answers the documented 400 when a function_call comes back without its reasoning item, as a text-only store sends it", async () => {
    const input: Item[] = [{ role: "user", content: QUESTION }];
    const output = await respond(input, false);
    const [reasoning, message, call] = output as [Item, Item, Item];
    const naive = [...input, message, call, { type: "function_call_output", call_id: call.call_id, output: "light rain" }];
    const { status, body } = await json(request(naive, false));
    expect(status).toBe(400);
    expect(body).toEqual(error(`Item '${String(call.id)}' of type 'function_call' was provided without its required 'reasoning' item: '${String(reasoning.id)}'.`));
  });

  it("accepts the history when the reasoning item is kept", async () => {
    const input: Item[] = [{ role: "user", content: QUESTION }];
    const output = await respond(input, false);
    const call = output[2] as Item;
    const { status } = await json(request([...input, ...output, { type: "function_call_output", call_id: call.call_id, output: "light rain" }], false));
    expect(status).toBe(200);
  });

  it("answers 404 when store is false and a reasoning item is sent by id only", async () => {
    const output = await respond([{ role: "user", content: QUESTION }], false);
    const { encrypted_content: _dropped, ...byId } = output[0] as Item;
    const { status, body } = await json(request([{ role: "user", content: QUESTION }, byId, ...output.slice(1)], false));
    expect(status).toBe(404);
    expect(body).toEqual(error(`Item with id '${String(byId.id)}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`));
  });

  it("answers 400 when a reasoning item lacks its following item or an output lacks its call", async () => {
    const output = await respond([{ role: "user", content: QUESTION }], false);
    const reasoning = output[0] as Item;
    const last = await json(request([{ role: "user", content: QUESTION }, reasoning], false));
    expect(last.body).toEqual(error(`Item '${String(reasoning.id)}' of type 'reasoning' was provided without its required following item.`));
    const orphan = await json(request([{ role: "user", content: QUESTION }, { type: "function_call_output", call_id: "call_nope", output: "x" }], false));
    expect(orphan.body).toEqual(error("No tool call found for function call output with call_id call_nope."));
  });

  it("answers 401 invalid_api_key when the key is wrong", async () => {
    const { status, body } = await json(request([{ role: "user", content: QUESTION }], false, "sk-wrong"));
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: { type: "invalid_request_error", code: "invalid_api_key" } });
  });
});
