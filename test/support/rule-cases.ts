// What the per-rule tests of test/lint/<provider>-rules.test.ts share: a provider's simulator over real HTTP,
// a genuine assistant tool turn from it (signed reasoning, a call), and the answer it gives an encoded
// history, so each rule's prediction is compared with the simulator's status and words.
import { expect } from "vitest";
import type { ErrorObject, LintTargetReport, Message } from "../../generated/types.js";
import { ProviderHttpClient } from "../../src/client/provider-http-client.js";
import { ProviderApiError } from "../../src/errors/partwise-error.js";
import { lintHistory } from "../../src/lint/lint-history.js";
import { message, textPart, toolResultPart } from "../../src/parts/constructors.js";
import { codecFor } from "../../src/providers/registry.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";

const KEY = "rule-key";

type Request = Readonly<Record<string, unknown>>;

export const question = message("user", [textPart("Is it raining in Oslo?")]);

/** A tool message answering `id`. */
export function answer(id: string): Message {
  return message("tool", [toolResultPart({ id, name: "get_weather", content: "light rain, 7 °C" })]);
}

/** A provider's simulator and a client of it for `model` (Bedrock's signs with the key as AWS secret). */
export class RuleSimulator {
  private constructor(readonly provider: string, readonly running: RunningSimulator) {}

  /** `maxBodyBytes` lowers the body limit (default the simulators' 32 MiB), so a test reaches it without uploading 32 MB. */
  static async start(provider: string, maxBodyBytes?: number): Promise<RuleSimulator> {
    return new RuleSimulator(provider, await startSimulator(provider, { apiKey: KEY, ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }) }));
  }

  close(): Promise<void> {
    return this.running.close();
  }

  private client(model: string): ProviderHttpClient {
    return new ProviderHttpClient({ provider: this.provider, model, baseUrl: this.running.url, apiKey: KEY, env: {}, maxRetries: 0, region: "us-east-1", awsCredentials: { accessKeyId: "partwise", secretAccessKey: KEY } });
  }

  /** The status and error message the simulator answers for the history encoded with `request`. */
  async answer(history: readonly Message[], request: Request, model: string): Promise<{ status: number; message?: string }> {
    const body = { ...codecFor(this.provider).encodeRequest(history, { request }).body };
    if (!codecFor(this.provider).endpoint.modelInBody) delete body.model;
    try {
      await this.client(model).complete(body);
      return { status: 200 };
    } catch (error) {
      if (!(error instanceof ProviderApiError)) throw error;
      return { status: error.status ?? 0, message: error.failure.providerMessage ?? error.message };
    }
  }

  /**
   * Lint rejects `history` by `rule` at `pointer`, and the simulator answers the rule's status and text,
   * after `location` (the wire location Anthropic puts first) when given. Returns the error text.
   */
  async expectRejected(history: readonly Message[], request: Request, model: string, rule: string, pointer: string, location?: string): Promise<string> {
    const finding = rejectionOf(lintOne(history, this.provider, request), rule);
    expect(finding.pointer).toBe(pointer);
    const said = await this.answer(history, request, model);
    expect(said.status).toBe(finding.details?.status);
    const text = String(finding.details?.errorText);
    expect(said.message).toBe(location === undefined ? text : `${location}: ${text}`);
    return text;
  }

  /** Lint predicts no rejection and the simulator answers 200. */
  async expectAccepted(history: readonly Message[], request: Request, model: string): Promise<void> {
    expect(lintOne(history, this.provider, request).findings.filter((finding) => finding.code === "lint/rejected")).toEqual([]);
    expect((await this.answer(history, request, model)).status).toBe(200);
  }

  /** The assistant turn the simulator answers the question with (signed reasoning when `request` turns it on, a tool call). */
  async toolTurn(request: Request, model: string): Promise<Message> {
    const codec = codecFor(this.provider);
    const body = { ...codec.encodeRequest([question], { request }).body };
    if (!codec.endpoint.modelInBody) delete body.model;
    return codec.decodeResponse(await this.client(model).complete(body)).message;
  }
}

/** The id of the (first) tool call of a message. */
export function callId(turn: Message): string {
  const call = turn.parts.find((part) => part.type === "tool_call");
  if (call?.type !== "tool_call") throw new Error("the turn has no tool call");
  return call.toolCall.id;
}

/** The lint report of one target. */
export function lintOne(history: readonly Message[], target: string, request: Request): LintTargetReport {
  return lintHistory(history, { target, request }).targets[0] as LintTargetReport;
}

/** The findings of one rule, after checking the report rejects the history because of it. */
export function rejectionOf(report: LintTargetReport, rule: string): ErrorObject {
  expect(report.accepted).toBe(false);
  const finding = report.findings.find((candidate) => candidate.details?.rule === rule);
  expect(finding, `a finding of ${rule} among ${JSON.stringify(report.findings)}`).toBeDefined();
  expect(finding?.code).toBe("lint/rejected");
  return finding as ErrorObject;
}
