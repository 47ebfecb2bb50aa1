import { afterAll, beforeAll, describe, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { message, textPart, toolResultPart } from "../../src/parts/constructors.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { QUESTION } from "../simulators/wire-requests.js";
import { type RuleTarget, SIMULATOR_KEY, expectAcceptedByBoth, expectRejectedByBoth, firstCall, replyTo, weatherTools } from "../support/request-rule-cases.js";

const question = message("user", [textPart(QUESTION)]);
let simulator: RunningSimulator;
let on: RuleTarget;
let loop: Message[];
let call: ReturnType<typeof firstCall>;

beforeAll(async () => {
  simulator = await startSimulator("deepseek", { apiKey: SIMULATOR_KEY });
  on = { simulator, target: "deepseek", request: { model: "deepseek-v4-flash", ...weatherTools("deepseek") } };
  const reply = await replyTo(on, [question]);
  call = firstCall(reply);
  loop = [question, reply, message("tool", [toolResultPart({ id: call.id, name: call.name, content: "light rain, 7 °C in Oslo" })])];
});
afterAll(() => simulator.close());

describe("deepseek request rules", () => {
  it("accepts the genuine tool loop with its reasoning_content", async () => {
    await expectAcceptedByBoth(on, loop);
  });

  it("deepseek/tool-message-without-call: predicts the 400 DeepSeek answers when a tool message follows no call", async () => {
    const history = [question, message("tool", [toolResultPart({ id: "call_missing", name: "get_weather", content: "7 °C" })])];
    await expectRejectedByBoth(on, history, "deepseek/tool-message-without-call", "/1/parts/0", { id: "call_missing" });
  });

  it("deepseek/tool-calls-unanswered: predicts the 400 DeepSeek answers when a call is not answered before the next message", async () => {
    await expectRejectedByBoth(on, [question, loop[1] as Message, message("user", [textPart("Never mind.")])], "deepseek/tool-calls-unanswered", `/1/parts/${call.index}`, { id: call.id });
  });

  it("deepseek/reasoning-content-not-passed-back: predicts the 400 DeepSeek answers in thinking mode when the R1 rules leave reasoning_content out", async () => {
    await expectRejectedByBoth({ ...on, variant: "r1" }, loop, "deepseek/reasoning-content-not-passed-back", `/1/parts/${call.index}`);
    await expectAcceptedByBoth({ ...on, variant: "r1", request: { ...on.request, thinking: { type: "disabled" } } }, loop);
  });
});
