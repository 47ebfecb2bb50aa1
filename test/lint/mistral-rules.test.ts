import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { lintHistory } from "../../src/lint/lint-history.js";
import { message, textPart, toolCallPart, toolResultPart } from "../../src/parts/constructors.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { QUESTION } from "../simulators/wire-requests.js";
import { type RuleTarget, SIMULATOR_KEY, expectAcceptedByBoth, expectRejectedByBoth, firstCall, replyTo, weatherTools } from "../support/request-rule-cases.js";

const question = message("user", [textPart(QUESTION)]);
let simulator: RunningSimulator;
let on: RuleTarget;
let loop: Message[];
let call: ReturnType<typeof firstCall>;

beforeAll(async () => {
  simulator = await startSimulator("mistral", { apiKey: SIMULATOR_KEY });
  on = { simulator, target: "mistral", request: { model: "mistral-medium-3-5", reasoning_effort: "high", ...weatherTools("mistral") } };
  const reply = await replyTo(on, [question]);
  call = firstCall(reply);
  loop = [question, reply, message("tool", [toolResultPart({ id: call.id, name: call.name, content: "light rain, 7 °C in Oslo" })])];
});
afterAll(() => simulator.close());

describe("mistral request rules", () => {
  it("mistral/call-response-count: predicts the 400 Mistral answers when a call is not answered before the next message", async () => {
    await expectRejectedByBoth(on, [question, loop[1] as Message, message("user", [textPart("Never mind.")])], "mistral/call-response-count", `/1/parts/${call.index}`);
    await expectAcceptedByBoth(on, loop);
  });

  it("mistral/tool-call-id-format: finds no cause when another provider's ids are derived to Mistral's form, which the simulator accepts", async () => {
    const foreign = [question, message("assistant", [toolCallPart({ id: "toolu_01A", name: "get_weather", arguments: { city: "Oslo" } })]), message("tool", [toolResultPart({ id: "toolu_01A", name: "get_weather", content: "7 °C" })])];
    expect(lintHistory(foreign, { target: "mistral", request: on.request }).targets[0]?.findings.some((finding) => finding.details?.rule === "mistral/tool-call-id-format")).toBe(false);
    await expectAcceptedByBoth(on, foreign);
  });
});
