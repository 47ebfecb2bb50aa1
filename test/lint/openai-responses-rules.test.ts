import { afterAll, beforeAll, describe, it } from "vitest";
import type { Message, Part } from "../../generated/types.js";
import { message, textPart, toolResultPart, unknownPart } from "../../src/parts/constructors.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { type RuleTarget, SIMULATOR_KEY, type ToolLoop, expectAcceptedByBoth, expectRejectedByBoth, question, toolLoopOf, weatherTools } from "../support/rule-cases.js";

let simulator: RunningSimulator;
let on: RuleTarget;
/** The simulator's first reply (encrypted reasoning, text, a function call) and the loop it starts. */
let reply: Message;
let loop: Message[];
let call: ToolLoop["call"];

beforeAll(async () => {
  simulator = await startSimulator("openai.responses", { apiKey: SIMULATOR_KEY });
  on = { simulator, target: "openai.responses", request: { model: "gpt-5", reasoning: { effort: "medium", summary: "auto" }, ...weatherTools("openai.responses") } };
  ({ reply, call, loop } = await toolLoopOf(on));
});
afterAll(() => simulator.close());

function reasoningOf(message: Message): { index: number; part: Part & { type: "reasoning" } } {
  const index = message.parts.findIndex((part) => part.type === "reasoning");
  const part = message.parts[index];
  if (part?.type !== "reasoning") throw new Error("the reply has no reasoning");
  return { index, part };
}

/** The reply's reasoning as a raw reasoning item, which the encoder sends as it is. */
function rawReasoning(fields: Record<string, unknown>): Part {
  return unknownPart({ provider: "openai.responses", kind: "reasoning", rawJson: JSON.stringify({ type: "reasoning", id: "rs_raw", summary: [], ...fields }) });
}

describe("openai.responses request rules", () => {
  it("accepts the genuine tool loop", async () => {
    await expectAcceptedByBoth(on, loop);
  });

  it("openai.responses/output-without-call: predicts the 400 the simulator answers when a result answers no call", async () => {
    const history = [question, message("tool", [toolResultPart({ id: "call_missing", name: "get_weather", content: "7 °C" })])];
    await expectRejectedByBoth(on, history, "openai.responses/output-without-call", "/1/parts/0", { values: { id: "call_missing" } });
  });

  it("openai.responses/call-without-output: predicts the 400 the simulator answers when the conversation goes on past an unanswered call", async () => {
    const history = [question, reply, message("user", [textPart("Never mind.")])];
    await expectRejectedByBoth(on, history, "openai.responses/call-without-output", `/1/parts/${call.index}`, { values: { id: call.id } });
  });

  it("openai.responses/encrypted-content-unreadable: predicts the 400 the simulator answers when encrypted content holds a space", async () => {
    const { index, part } = reasoningOf(reply);
    const data = String(part.payload?.data);
    const broken = { ...reply, parts: reply.parts.map((each, position) => (position === index ? { ...part, payload: { ...part.payload!, data: `${data.slice(0, 10)} ${data.slice(10)}` } } : each)) };
    await expectRejectedByBoth(on, [question, broken, loop[2] as Message], "openai.responses/encrypted-content-unreadable", `/1/parts/${index}`, { values: { id: String(part.attributes?.itemId) } });
  });

  it("openai.responses/reasoning-not-persisted: predicts the 404 the simulator answers for a reasoning item without encrypted content", async () => {
    const history = [question, message("assistant", [rawReasoning({}), textPart("It rains.")]), message("user", [textPart("Thanks.")])];
    await expectRejectedByBoth(on, history, "openai.responses/reasoning-not-persisted", "/1/parts/0", { values: { id: "rs_raw" } });
  });

  it("openai.responses/reasoning-without-following-item: predicts the 400 the simulator answers for reasoning that ends its turn", async () => {
    const encrypted = String(reasoningOf(reply).part.payload?.data);
    const history = [question, message("assistant", [rawReasoning({ encrypted_content: encrypted })]), message("user", [textPart("Go on.")])];
    await expectRejectedByBoth(on, history, "openai.responses/reasoning-without-following-item", "/1/parts/0", { values: { id: "rs_raw" } });
    await expectAcceptedByBoth(on, [question, message("assistant", [rawReasoning({ encrypted_content: encrypted }), textPart("It rains.")]), message("user", [textPart("Go on.")])]);
  });
});
