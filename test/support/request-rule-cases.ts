// One request rule proved both ways: lintHistory predicts the rejection (rule, pointer, status, error text)
// and the target's simulator, sent the encoded body over real HTTP, answers the same status and words; the
// fixed history is accepted by both. Also the simulator's own reply as a decoded message, for genuine signed turns.
import { expect } from "vitest";
import type { Message } from "../../generated/types.js";
import { lintHistory } from "../../src/lint/lint-history.js";
import { message, textPart, toolResultPart } from "../../src/parts/constructors.js";
import { codecFor } from "../../src/providers/registry.js";
import { requestRule, ruleErrorText } from "../../src/providers/request-rules.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import type { RunningSimulator } from "../../src/simulators/index.js";
import { QUESTION } from "../simulators/wire-requests.js";

export const SIMULATOR_KEY = "sk-sim";

export interface RuleTarget {
  readonly simulator: RunningSimulator;
  readonly target: string;
  readonly request: Readonly<Record<string, unknown>>;
  readonly variant?: string;
  /** The codec that decodes the simulator's replies (a server profile's), when not the registry's. */
  readonly decoder?: ProviderCodec;
}

/** POSTs the history as the target's encoder writes it; the status and JSON body. */
async function send(on: RuleTarget, history: readonly Message[]): Promise<{ status: number; body: Record<string, unknown> }> {
  const codec = codecFor(on.target);
  const encoded = codec.encodeRequest(history, { request: on.request, ...(on.variant === undefined ? {} : { variant: on.variant }) });
  const url = codec.endpoint.requestUrl(on.simulator.url, String(on.request.model ?? ""), false);
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...codec.endpoint.authHeaders(SIMULATOR_KEY) }, body: JSON.stringify(encoded.body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The error text of an answer: `error.message` (OpenAI, Gemini, DeepSeek) or `message` (Mistral). */
function answeredText(body: Record<string, unknown>): unknown {
  const error = body.error as { message?: unknown } | undefined;
  return error?.message ?? body.message;
}

/** The assistant message the simulator answers the history with. */
export async function replyTo(on: RuleTarget, history: readonly Message[]): Promise<Message> {
  const { status, body } = await send(on, history);
  expect(status).toBe(200);
  return (on.decoder ?? codecFor(on.target)).decodeResponse(body).message;
}

/** Lint predicts `ruleId`'s rejection at `pointer` and the simulator answers its status and words. */
export async function expectRejectedByBoth(on: RuleTarget, history: readonly Message[], ruleId: string, pointer: string, values: Readonly<Record<string, string>> = {}): Promise<void> {
  const rule = requestRule(on.target, ruleId);
  const report = lintHistory(history, { target: on.target, request: on.request, ...(on.variant === undefined ? {} : { variant: on.variant }) });
  expect(report.accepted).toBe(false);
  const finding = report.targets[0]?.findings.find((candidate) => candidate.details?.rule === ruleId);
  const errorText = ruleErrorText(rule, values);
  expect(finding).toMatchObject({ code: "lint/rejected", pointer, details: { status: rule.status, errorText, docs: rule.docs } });
  const { status, body } = await send(on, history);
  expect(status).toBe(rule.status);
  expect(answeredText(body)).toBe(errorText);
}

/** Lint predicts no rejection and the simulator answers 200. */
export async function expectAcceptedByBoth(on: RuleTarget, history: readonly Message[]): Promise<void> {
  const report = lintHistory(history, { target: on.target, request: on.request, ...(on.variant === undefined ? {} : { variant: on.variant }) });
  expect(report.targets[0]?.findings.filter((finding) => finding.code === "lint/rejected")).toEqual([]);
  expect((await send(on, history)).status).toBe(200);
}

/** The tools the simulators' scripted model calls, declared the target's way. */
export function weatherTools(target: string): Record<string, unknown> {
  const parameters = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
  return codecFor(target).declareTools([{ name: "get_weather", parameters }, { name: "get_local_time", parameters }]);
}

/** The index of the first tool call of a message, and the call. */
export function firstCall(message: Message): { index: number; id: string; name: string } {
  const index = message.parts.findIndex((part) => part.type === "tool_call");
  const part = message.parts[index];
  if (part?.type !== "tool_call") throw new Error("the reply has no tool call");
  return { index, id: part.toolCall.id, name: part.toolCall.name };
}

/** The question the scripted model answers with a tool call. */
export const question = message("user", [textPart(QUESTION)]);

/** A genuine tool loop: the question, the simulator's reply with its first call, and that call's result. */
export interface ToolLoop {
  readonly reply: Message;
  readonly call: ReturnType<typeof firstCall>;
  readonly loop: Message[];
}

export async function toolLoopOf(on: RuleTarget): Promise<ToolLoop> {
  const reply = await replyTo(on, [question]);
  const call = firstCall(reply);
  return { reply, call, loop: [question, reply, message("tool", [toolResultPart({ id: call.id, name: call.name, content: "light rain, 7 °C in Oslo" })])] };
}
