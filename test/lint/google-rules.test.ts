import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { lintHistory } from "../../src/lint/lint-history.js";
import { mediaFromBytes, mediaPart, message, textPart, toolResultPart } from "../../src/parts/constructors.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { type RuleTarget, SIMULATOR_KEY, type ToolLoop, expectAcceptedByBoth, expectRejectedByBoth, toolLoopOf, weatherTools } from "../support/rule-cases.js";

let simulator: RunningSimulator;
let gemini3: RuleTarget;
/** A genuine tool loop of the current turn: the question, the signed call, its result. */
let loop: Message[];
let call: ToolLoop["call"];

const request = (model: string) => ({ model, ...weatherTools("google"), generationConfig: { thinkingConfig: { includeThoughts: true } } });

beforeAll(async () => {
  simulator = await startSimulator("google", { apiKey: SIMULATOR_KEY });
  gemini3 = { simulator, target: "google", request: request("gemini-3-pro-preview") };
  ({ call, loop } = await toolLoopOf(gemini3));
});
afterAll(() => simulator.close());

/** The loop with the reply's parts changed. */
function withReply(change: (parts: Message["parts"]) => Message["parts"]): Message[] {
  const reply = loop[1] as Message;
  return [loop[0] as Message, { ...reply, parts: change(reply.parts) }, loop[2] as Message];
}

const unsigned = () => withReply((parts) => parts.map(({ payload: _payload, ...part }) => part as Message["parts"][number]));

describe("google request rules", () => {
  it("google/current-turn-call-unsigned: predicts the 400 the simulator answers when a Gemini 3 call of the current turn lost its signature", async () => {
    await expectRejectedByBoth(gemini3, unsigned(), "google/current-turn-call-unsigned", `/1/parts/${call.index}`, { values: { name: call.name, position: "2" } });
  });

  it("google/current-turn-call-unsigned: accepts the loop when the call keeps its signature", async () => {
    await expectAcceptedByBoth(gemini3, loop);
  });

  it("google/current-turn-call-unsigned-degrades: warns of the reasoning lost when a Gemini 2.5 call of the current turn lost its signature", async () => {
    const gemini25 = { ...gemini3, request: request("gemini-2.5-flash") };
    const report = lintHistory(unsigned(), { target: "google", request: gemini25.request });
    expect(report.targets[0]?.findings).toContainEqual(expect.objectContaining({ code: "lint/degraded", pointer: `/1/parts/${call.index}`, details: expect.objectContaining({ rule: "google/current-turn-call-unsigned-degrades" }) }));
    await expectAcceptedByBoth(gemini25, unsigned());
    expect(lintHistory(loop, { target: "google", request: gemini25.request }).targets[0]?.findings.filter((finding) => finding.code === "lint/degraded")).toEqual([]);
  });

  it("google/signature-not-base64: predicts the 400 the simulator answers when a signature is not base64", async () => {
    const broken = withReply((parts) => parts.map((part) => (part.payload ? { ...part, payload: { ...part.payload, data: `${part.payload.data.slice(0, 8)} ${part.payload.data.slice(8)}` } } : part)));
    const signed = (loop[1] as Message).parts.findIndex((part) => part.payload !== undefined);
    await expectRejectedByBoth(gemini3, broken, "google/signature-not-base64", `/1/parts/${signed}/payload/data`);
  });

  it("google/function-response-count: predicts the 400 the simulator answers when a call is answered by two function responses", async () => {
    const extra = toolResultPart({ id: "other", name: "get_local_time", content: "14:05" });
    const history = [...loop.slice(0, 2), message("tool", [...(loop[2] as Message).parts, extra])];
    await expectRejectedByBoth(gemini3, history, "google/function-response-count", `/1/parts/${call.index}`);
  });
});

describe("google request size rule", () => {
  it("google/request-too-large: predicts the 400 the simulator answers when inline media makes the request larger than 20 MB", async () => {
    // A simulator of its own: no pooled connection to it can sit idle (and be closed) while the large body is built.
    const own = await startSimulator("google", { apiKey: SIMULATOR_KEY });
    try {
      const on = { ...gemini3, simulator: own };
      // 21 MiB of base64 text, built directly: encoding that many bytes would only slow the test down.
      const image = mediaPart({ mimeType: "image/png", dataKind: "bytes", data: "A".repeat(21 * 1024 * 1024) });
      await expectRejectedByBoth(on, [message("user", [textPart("What is in this picture?"), image])], "google/request-too-large", "/0/parts/1");
      await expectAcceptedByBoth(on, [message("user", [textPart("What is in this picture?"), mediaPart(mediaFromBytes("image/png", new Uint8Array(1024)))])]);
    } finally {
      await own.close();
    }
  });
});
