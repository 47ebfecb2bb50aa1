import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { lintHistory } from "../../src/lint/lint-history.js";
import type { LintSubject } from "../../src/lint/lint-check.js";
import { mistralLint } from "../../src/providers/mistral/mistral-lint.js";
import { requestRule, ruleErrorText } from "../../src/providers/request-rules.js";
import { message, textPart, toolCallPart, toolResultPart } from "../../src/parts/constructors.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { QUESTION } from "../simulators/wire-requests.js";
import { type RuleTarget, SIMULATOR_KEY, expectAcceptedByBoth, expectRejectedByBoth, type ToolLoop, question, toolLoopOf, weatherTools } from "../support/rule-cases.js";

let simulator: RunningSimulator;
let on: RuleTarget;
let loop: Message[];
let call: ToolLoop["call"];

beforeAll(async () => {
  simulator = await startSimulator("mistral", { apiKey: SIMULATOR_KEY });
  on = { simulator, target: "mistral", request: { model: "mistral-medium-3-5", reasoning_effort: "high", ...weatherTools("mistral") } };
  ({ call, loop } = await toolLoopOf(on));
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

  it("mistral/tool-call-id-format: finds the id the simulator refuses when a body sends one that is not 9 letters and digits", async () => {
    // The encoder never sends such an id, so the check and the simulator read a body written by hand.
    const history = [question, message("assistant", [toolCallPart({ id: "call_search", name: "get_weather", arguments: { city: "Oslo" } })]), message("tool", [toolResultPart({ id: "call_search", name: "get_weather", content: "7 °C" })])];
    const body = {
      model: "mistral-medium-3-5",
      messages: [
        { role: "user", content: QUESTION },
        { role: "assistant", content: "", tool_calls: [{ id: "call_search", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Oslo\"}" } }] },
        { role: "tool", tool_call_id: "call_search", content: "7 °C" },
      ],
    };
    const subject: LintSubject = { target: "mistral", variant: "default", messages: history, base: "", request: {}, facts: new Set(), dropped: new Set(), body };
    expect([...mistralLint.checks!["tool-call-id-format"]!(subject)]).toEqual([
      { pointer: "/1/parts/0", values: { id: "call_search" } },
      { pointer: "/2/parts/0", values: { id: "call_search" } },
    ]);
    const answer = await fetch(`${simulator.url}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${SIMULATOR_KEY}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(ruleErrorText(requestRule("mistral", "mistral/tool-call-id-format"), { id: "call_search" }));
  });
});
