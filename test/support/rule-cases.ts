// One request rule proved both ways, for test/lint/<provider>-rules.test.ts: lintHistory predicts the rejection
// (rule, pointer, the spec's status and error text) and the target's simulator, sent the encoded body over real
// HTTP by the library's client, answers the same status and words; the fixed history is accepted by both.
import { expect } from "vitest";
import type { ErrorObject, LintTargetReport, Message } from "../../generated/types.js";
import { ProviderHttpClient } from "../../src/client/provider-http-client.js";
import { ProviderApiError } from "../../src/errors/partwise-error.js";
import { lintHistory } from "../../src/lint/lint-history.js";
import { message, textPart, toolResultPart } from "../../src/parts/constructors.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { codecFor } from "../../src/providers/registry.js";
import { requestRule, ruleErrorText } from "../../src/providers/request-rules.js";
import type { RunningSimulator } from "../../src/simulators/index.js";
import { QUESTION } from "../simulators/wire-requests.js";

export const SIMULATOR_KEY = "sk-sim";

type Request = Readonly<Record<string, unknown>>;

/** A simulator (started with SIMULATOR_KEY) and the request a history is sent to it with. */
export interface RuleTarget {
  readonly simulator: RunningSimulator;
  readonly target: string;
  readonly request: Request;
  readonly variant?: string;
  /** The model the client names, when the request's `model` does not (Bedrock's `modelId`). */
  readonly model?: string;
  /** The codec that decodes the simulator's replies (a server profile's), when not the registry's. */
  readonly decoder?: ProviderCodec;
}

/** The simulator's answer: its status, the provider's error message, and the body of a success. */
export interface RuleAnswer {
  readonly status: number;
  readonly message?: string;
  readonly body?: unknown;
}

function lintOf(on: RuleTarget, history: readonly Message[]): LintTargetReport {
  return lintHistory(history, { target: on.target, request: on.request, ...(on.variant === undefined ? {} : { variant: on.variant }) }).targets[0] as LintTargetReport;
}

/** Sends the history as the target's encoder writes it (Bedrock's signed with the key as AWS secret). */
export async function answerOf(on: RuleTarget, history: readonly Message[]): Promise<RuleAnswer> {
  const codec = codecFor(on.target);
  const body = { ...codec.encodeRequest(history, { request: on.request, ...(on.variant === undefined ? {} : { variant: on.variant }) }).body };
  if (!codec.endpoint.modelInBody) delete body.model;
  const model = on.model ?? String(on.request.model ?? "");
  const client = new ProviderHttpClient({ provider: on.target, model, baseUrl: on.simulator.url, apiKey: SIMULATOR_KEY, env: {}, maxRetries: 0, region: "us-east-1", awsCredentials: { accessKeyId: "partwise", secretAccessKey: SIMULATOR_KEY } });
  try {
    return { status: 200, body: await client.complete(body) };
  } catch (error) {
    if (!(error instanceof ProviderApiError)) throw error;
    return { status: error.status ?? 0, message: error.failure.providerMessage ?? error.message };
  }
}

/** The assistant message the simulator answers the history with. */
export async function replyTo(on: RuleTarget, history: readonly Message[]): Promise<Message> {
  const { status, body } = await answerOf(on, history);
  expect(status).toBe(200);
  return (on.decoder ?? codecFor(on.target)).decodeResponse(body).message;
}

/** What a rejection test may add: the values the rule's text names, and the wire location the provider puts before it (Anthropic's `messages.1.content.0`). */
export interface RejectionDetails {
  readonly values?: Readonly<Record<string, string>>;
  readonly location?: string;
}

/**
 * Lint predicts `ruleId`'s rejection at `pointer`, with the spec's status, citation and text (filled with
 * `values` when given), and the simulator answers that status and text. Returns the text.
 */
export async function expectRejectedByBoth(on: RuleTarget, history: readonly Message[], ruleId: string, pointer: string, details: RejectionDetails = {}): Promise<string> {
  const rule = requestRule(on.target, ruleId);
  const finding = rejectionOf(lintOf(on, history), ruleId);
  expect(finding).toMatchObject({ pointer, details: { status: rule.status, docs: rule.docs } });
  const errorText = String(finding.details?.errorText);
  if (details.values !== undefined) expect(errorText).toBe(ruleErrorText(rule, details.values));
  const said = await answerOf(on, history);
  expect(said.status).toBe(rule.status);
  expect(said.message).toBe(details.location === undefined ? errorText : `${details.location}: ${errorText}`);
  return errorText;
}

/** Lint predicts no rejection and the simulator answers 200. */
export async function expectAcceptedByBoth(on: RuleTarget, history: readonly Message[]): Promise<void> {
  expect(lintOf(on, history).findings.filter((finding) => finding.code === "lint/rejected")).toEqual([]);
  expect((await answerOf(on, history)).status).toBe(200);
}

/** The lint report of one target. */
export function lintOne(history: readonly Message[], target: string, request: Request): LintTargetReport {
  return lintHistory(history, { target, request }).targets[0] as LintTargetReport;
}

/** The finding of one rule, after checking the report rejects the history because of it. */
export function rejectionOf(report: LintTargetReport, rule: string): ErrorObject {
  expect(report.accepted).toBe(false);
  const finding = report.findings.find((candidate) => candidate.details?.rule === rule);
  expect(finding, `a finding of ${rule} among ${JSON.stringify(report.findings)}`).toBeDefined();
  expect(finding?.code).toBe("lint/rejected");
  return finding as ErrorObject;
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

/** A tool message answering `id`. */
export function answer(id: string): Message {
  return message("tool", [toolResultPart({ id, name: "get_weather", content: "light rain, 7 °C in Oslo" })]);
}

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
