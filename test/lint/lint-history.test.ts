import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { listProviders } from "../../src/providers/registry.js";
import { codecFor } from "../../src/providers/registry.js";
import { requestRules } from "../../src/providers/request-rules.js";
import { lintHistory } from "../../src/lint/lint-history.js";
import { GENERIC_CHECKS } from "../../src/lint/generic-checks.js";
import { message, textPart, toolCallPart, toolResultPart } from "../../src/parts/constructors.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";

const request = { model: "claude-sonnet-4-5", max_tokens: 1024 };

/** A tool call that the next user message does not answer. */
const unanswered: Message[] = [
  message("user", [textPart("Weather in Oslo?")]),
  message("assistant", [toolCallPart({ id: "toolu_01", name: "get_weather", arguments: { city: "Oslo" } })]),
  message("user", [textPart("Never mind.")]),
];

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator("anthropic", { apiKey: "sk-sim" });
});
afterAll(() => simulator.close());

describe("lintHistory", () => {
  it("predicts the status and error text the simulator answers when a tool call is never answered", async () => {
    const report = lintHistory(unanswered, { target: "anthropic", request });
    expect(report.accepted).toBe(false);
    const [finding] = report.targets[0]?.findings ?? [];
    expect(finding).toMatchObject({ code: "lint/rejected", pointer: "/1/parts/0", provider: "anthropic", details: { rule: "anthropic/tool-use-without-result", status: 400 } });
    const body = codecFor("anthropic").encodeRequest(unanswered, { request }).body;
    const answer = await fetch(`${simulator.url}/v1/messages`, { method: "POST", headers: { "x-api-key": "sk-sim", "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(answer.status).toBe(finding?.details?.status);
    const error = ((await answer.json()) as { error: { message: string } }).error;
    expect(error.message).toBe(`messages.2: ${String(finding?.details?.errorText)}`);
  });

  it("accepts a history whose tool calls are all answered", () => {
    const answered = [...unanswered.slice(0, 2), message("tool", [toolResultPart({ id: "toolu_01", name: "get_weather", content: "7 °C" })])];
    expect(lintHistory(answered, { target: ["anthropic"], request })).toMatchObject({ accepted: true, targets: [{ target: "anthropic", variant: "default", model: "claude-sonnet-4-5", accepted: true }] });
  });
});

describe("requestRules", () => {
  it("names only checks that exist when read for any built-in provider", () => {
    for (const { id } of listProviders()) {
      const own = codecFor(id).lint?.checks ?? {};
      for (const rule of requestRules(id)) expect(Object.hasOwn(own, rule.check) || Object.hasOwn(GENERIC_CHECKS, rule.check), `${rule.id} names check ${rule.check}`).toBe(true);
    }
  });
});
