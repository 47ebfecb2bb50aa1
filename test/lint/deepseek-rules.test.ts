import { afterAll, beforeAll, describe, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { message, textPart, toolResultPart } from "../../src/parts/constructors.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { type RuleTarget, SIMULATOR_KEY, expectAcceptedByBoth, expectRejectedByBoth, type ToolLoop, question, toolLoopOf, weatherTools } from "../support/rule-cases.js";

let simulator: RunningSimulator;
let on: RuleTarget;
let loop: Message[];
let call: ToolLoop["call"];

beforeAll(async () => {
  simulator = await startSimulator("deepseek", { apiKey: SIMULATOR_KEY });
  on = { simulator, target: "deepseek", request: { model: "deepseek-v4-flash", ...weatherTools("deepseek") } };
  ({ call, loop } = await toolLoopOf(on));
});
afterAll(() => simulator.close());

describe("deepseek request rules", () => {
  it("accepts the genuine tool loop with its reasoning_content", async () => {
    await expectAcceptedByBoth(on, loop);
  });

  it("deepseek/tool-message-without-call: predicts the 400 DeepSeek answers when a tool message follows no call", async () => {
    const history = [question, message("tool", [toolResultPart({ id: "call_missing", name: "get_weather", content: "7 °C" })])];
    await expectRejectedByBoth(on, history, "deepseek/tool-message-without-call", "/1/parts/0", { values: { id: "call_missing" } });
  });

  it("deepseek/tool-calls-unanswered: predicts the 400 DeepSeek answers when a call is not answered before the next message", async () => {
    await expectRejectedByBoth(on, [question, loop[1] as Message, message("user", [textPart("Never mind.")])], "deepseek/tool-calls-unanswered", `/1/parts/${call.index}`, { values: { id: call.id } });
  });

  it("deepseek/reasoning-content-not-passed-back: predicts the 400 DeepSeek answers in thinking mode when the R1 rules leave reasoning_content out", async () => {
    await expectRejectedByBoth({ ...on, variant: "r1" }, loop, "deepseek/reasoning-content-not-passed-back", `/1/parts/${call.index}`);
    await expectAcceptedByBoth({ ...on, variant: "r1", request: { ...on.request, thinking: { type: "disabled" } } }, loop);
  });
});
