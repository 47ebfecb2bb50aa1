import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { History, Message, RequestRule } from "../../generated/types.js";
import { REASONING_AS_TEXT_FLAG, fixHistory, lintHistory, registerProvider, unregisterProvider } from "../../src/index.js";
import { message, reasoningPart, textPart, toolCallPart, toolResultPart } from "../../src/parts/constructors.js";
import { acmeRegistration } from "../extension/acme/index.js";

// The Acme test provider (test/extension/acme), registered with a rejection for each generic check.
const PROVIDER = "acme";

/** A rejection of the registered test provider for one generic check. */
function rule(check: string): RequestRule {
  const repair = ({ "tool-call-unanswered": "drop-call", "trailing-tool-call": "drop-call", "tool-result-without-call": "drop-result", "empty-tool-call-id": "derive-ids" } as const)[check];
  return { id: `${PROVIDER}/${check}`, check, severity: "rejection", status: 400, errorText: `${check}: {id}`, reason: `The API refuses ${check}.`, fix: "See the check.", ...(repair === undefined ? {} : { repair }), docs: "https://acme.example/docs/tools" };
}

beforeAll(() => {
  const checks = ["tool-call-unanswered", "trailing-tool-call", "tool-result-without-call", "empty-tool-call-id", "duplicate-tool-call-id"];
  registerProvider({ codec: acmeRegistration.codec, description: { ...acmeRegistration.description, requests: { default: checks.map(rule) } } });
});
afterAll(() => unregisterProvider(PROVIDER));

const anthropic = { target: "anthropic", request: { model: "claude-sonnet-4-5", max_tokens: 1024 } } as const;
const document = (messages: Message[]): History => ({ format: "partwise.history", version: 1, messages });
const weather = (id: string) => toolCallPart({ id, name: "get_weather", arguments: { city: "Oslo" } });

describe("fixHistory", () => {
  it("drops a call nothing answers, and the target then accepts the history, when Anthropic would reject it", () => {
    const history = document([message("user", [textPart("Weather in Oslo?")]), message("assistant", [textPart("Checking."), weather("toolu_01")]), message("user", [textPart("Never mind.")])]);
    expect(lintHistory(history, anthropic).accepted).toBe(false);
    const fixed = fixHistory(history, anthropic);
    expect(fixed).toMatchObject({ accepted: true, unfixed: [], changes: [{ code: "lint/fixed", pointer: "/messages/1/parts/1", provider: "anthropic", details: { fix: "drop-call", rule: "anthropic/tool-use-without-result" } }] });
    expect(fixed.history.messages[1]?.parts).toEqual([textPart("Checking.")]);
    expect(lintHistory(fixed.history, anthropic).accepted).toBe(true);
  });

  it("drops a trailing call and a result answering no call, with the messages they leave empty, when a loop was cut", () => {
    const history = [message("tool", [toolResultPart({ id: "call_lost", name: "get_weather", content: "7 °C" })]), message("user", [textPart("Weather?")]), message("assistant", [weather("call_1")])];
    const fixed = fixHistory(history, { target: PROVIDER });
    expect(fixed.changes.map((change) => [change.pointer, change.details?.fix])).toEqual([["/0/parts/0", "drop-result"], ["/2/parts/0", "drop-call"]]);
    expect(fixed.history).toEqual([message("user", [textPart("Weather?")])]);
    expect(lintHistory(fixed.history, { target: PROVIDER }).accepted).toBe(true);
  });

  it("derives missing tool ids keeping calls and results paired, when a provider without ids produced the loop", () => {
    const history = [message("user", [textPart("Weather?")]), message("assistant", [weather("")]), message("tool", [toolResultPart({ name: "get_weather", content: "7 °C" })])];
    const fixed = fixHistory(history, { target: PROVIDER });
    expect(fixed).toMatchObject({ accepted: true, changes: [{ details: { fix: "derive-ids" } }] });
    const [call, result] = [fixed.history[1]?.parts[0], fixed.history[2]?.parts[0]];
    expect(call?.type === "tool_call" && result?.type === "tool_result" && call.toolCall.id !== "" && call.toolCall.id === result.id).toBe(true);
  });

  it("lists a rejection it has no fix for as not fixed, and leaves the history there as it was, when call ids repeat", () => {
    const history = [message("user", [textPart("Weather?")]), message("assistant", [weather("call_1"), weather("call_1")]), message("tool", [toolResultPart({ id: "call_1", name: "get_weather", content: "7 °C" })])];
    const fixed = fixHistory(history, { target: PROVIDER });
    expect(fixed).toMatchObject({ accepted: false, changes: [], unfixed: [{ code: "lint/not-fixed", pointer: "/1/parts/1/toolCall/id", details: { rule: `${PROVIDER}/duplicate-tool-call-id` } }] });
    expect(fixed.history).toEqual(history);
  });

  it("keeps reasoning the target leaves out as text only when the reasoningAsText flag is given, never copying its payload", () => {
    const foreign = reasoningPart({ text: "Oslo needs get_weather.", payload: { provider: "google", kind: "thought_signature", data: "c2lnbmVk" } });
    const history = document([message("user", [textPart("Weather?")]), message("assistant", [foreign, textPart("Rain.")]), message("user", [textPart("Thanks.")])]);
    expect(fixHistory(history, anthropic)).toMatchObject({ accepted: true, changes: [], history });
    const fixed = fixHistory(history, { ...anthropic, flags: [REASONING_AS_TEXT_FLAG] });
    expect(fixed.changes).toMatchObject([{ pointer: "/messages/1/parts/0", details: { fix: "reasoning-as-text", rule: "replay" } }]);
    expect(fixed.history.messages[1]?.parts).toEqual([textPart("Oslo needs get_weather."), textPart("Rain.")]);
  });
});

describe("fixHistory with the built-in rules", () => {
  const call = toolCallPart({ id: "call_1", name: "get_weather", arguments: { city: "Oslo" } });
  const unanswered = [message("user", [textPart("Weather?")]), message("assistant", [textPart("Checking."), call]), message("user", [textPart("Never mind.")])];
  const orphan = [message("user", [textPart("Weather?")]), message("assistant", [textPart("It rains.")]), message("tool", [toolResultPart({ id: "call_9", name: "get_weather", content: "7 °C" })]), message("user", [textPart("Thanks.")])];
  const targets: [string, Record<string, unknown>][] = [
    ["anthropic", { model: "claude-sonnet-4-5", max_tokens: 1024 }],
    ["bedrock", { modelId: "anthropic.claude-sonnet-4-5", toolConfig: { tools: [{ toolSpec: { name: "get_weather", inputSchema: { json: { type: "object" } } } }] } }],
    ["openai.chat", { model: "gpt-4.1" }],
    ["deepseek", { model: "deepseek-chat" }],
    ["openai.responses", { model: "gpt-5" }],
  ];

  it.each(targets)("drops the unanswered call and the result answering no call for %s, which then accepts the history, when its rules declare those repairs", (target, request) => {
    for (const [history, fix] of [[unanswered, "drop-call"], [orphan, "drop-result"]] as const) {
      expect(lintHistory(history, { target, request }).accepted).toBe(false);
      const fixed = fixHistory(history, { target, request });
      expect(fixed).toMatchObject({ accepted: true, unfixed: [] });
      expect(fixed.changes.map((change) => change.details?.fix)).toEqual([fix]);
    }
  });
});
