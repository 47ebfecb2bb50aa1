// The simulators are lint's oracle (issue 18): for random cross-provider histories and requests, every
// target's lint says "rejected" exactly when its simulator answers the encoded request over HTTP with an
// error, with one of the statuses lint predicts. A part the encoder refuses is a rejection with no request.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorObject, History } from "../../generated/types.js";
import { PartwiseError, ProviderApiError } from "../../src/errors/partwise-error.js";
import { lintHistory } from "../../src/lint/lint-history.js";
import { codecFor } from "../../src/providers/registry.js";
import type { RunningSimulator } from "../../src/simulators/index.js";
import { validateHistory } from "../../src/validation/validate-history.js";
import { type LintTarget, type TurnPool, collectTurnPool, lintCaseArbitrary, lintRequestArbitrary, lintTargets, simulatorClient, startTargetSimulators } from "../support/lint-histories.js";
import { propertyRuns } from "../support/property-runs.js";

const targets = lintTargets();
let simulators: Map<string, RunningSimulator>;
let pool: TurnPool;

beforeAll(async () => {
  simulators = await startTargetSimulators(targets);
  pool = await collectTurnPool(targets, simulators);
});
afterAll(() => Promise.all([...simulators.values()].map((simulator) => simulator.close())));

/** What the simulator said: a status and its error message, or no request at all (the encoder refused). */
type SimulatorAnswer = { readonly status: number; readonly message?: string } | { readonly refused: string };

async function simulatorAnswer(target: LintTarget, history: History, request: Readonly<Record<string, unknown>>): Promise<SimulatorAnswer> {
  const codec = codecFor(target.provider);
  let body: Record<string, unknown>;
  try {
    body = { ...codec.encodeRequest(history, { request, variant: target.variant }).body };
  } catch (error) {
    if (PartwiseError.isPartwiseError(error) && error.code === "provider/unsupported-part") return { refused: error.message };
    throw error;
  }
  const model = String(request.model);
  // A provider that takes the model in the URL gets it there, as a real caller sends it.
  if (!codec.endpoint.modelInBody) delete body.model;
  try {
    await simulatorClient(target.provider, simulators.get(target.label)!, model).complete(body);
    return { status: 200 };
  } catch (error) {
    if (error instanceof ProviderApiError && error.status !== undefined) return { status: error.status, message: error.failure.providerMessage ?? error.message };
    throw error;
  }
}

/** The validation errors besides the tool-pairing and payload checks that lint's rules restate with each provider's words. */
function schemaErrors(history: History): string[] {
  return validateHistory(history).problems.filter((problem) => problem.name === "ValidationError" && problem.code !== "history/invalid").map((problem) => `${problem.pointer}: ${problem.message}`);
}

function rejectionStatuses(findings: readonly ErrorObject[]): unknown[] {
  return findings.filter((finding) => finding.code === "lint/rejected").map((finding) => finding.details?.status);
}

describe("lintHistory", () => {
  it.each(targets.map((target) => [target.label, target] as const))("predicts what the %s simulator answers for any history and request", async (_label, target) => {
    await fc.assert(
      fc.asyncProperty(lintCaseArbitrary(pool, target), lintRequestArbitrary(target), async ({ history, corruption }, request) => {
        expect(schemaErrors(history), "the harness generates histories the schema takes").toEqual([]);
        const report = lintHistory(history, { target: target.provider, request, variant: target.variant }).targets[0]!;
        const answer = await simulatorAnswer(target, history, request);
        const rejected = "refused" in answer || answer.status >= 400;
        const agrees = report.accepted === !rejected && ("refused" in answer || !rejected || rejectionStatuses(report.findings).includes(answer.status));
        if (!agrees) {
          const counterexample = { target: target.label, request, corruption, history, findings: report.findings, simulator: answer };
          throw new Error(`lint and the ${target.label} simulator disagree:\n${JSON.stringify(counterexample, null, 2)}`);
        }
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});
