// One test per Bedrock Converse request rule (spec/providers/bedrock.tsp): a history that breaks it, lint's
// prediction (pointer, status, error text), the simulator's ValidationException over HTTP in the same words,
// and the history fixed as the rule's `fix` says, accepted by both.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { mediaPart, message, reasoningPart, textPart, toolCallPart } from "../../src/parts/constructors.js";
import { codecFor } from "../../src/providers/registry.js";
import { weatherTools } from "../../src/demo/weather-scenario.js";
import { type RuleTarget, SIMULATOR_KEY, answer, answerOf, expectAcceptedByBoth, expectRejectedByBoth, firstCall, lintOne, question, replyTo } from "../support/rule-cases.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";

const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
const { toolConfig } = codecFor("bedrock").declareTools(weatherTools) as { toolConfig: unknown };
const plain = { modelId: MODEL, inferenceConfig: { maxTokens: 1024 }, toolConfig };
const thinking = { ...plain, additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } } };

let simulator: RunningSimulator;
/** A genuine Claude tool turn of the simulator: signed reasoning, text, a call. */
let turn: Message;
beforeAll(async () => {
  simulator = await startSimulator("bedrock", { apiKey: SIMULATOR_KEY });
  turn = await replyTo(on(thinking), [question]);
});
afterAll(() => simulator.close());

type Request = Readonly<Record<string, unknown>>;

/** The simulator, sent the history with `request`. */
const on = (request: Request): RuleTarget => ({ simulator, target: "bedrock", request, model: MODEL });

/** Lint rejects `history` by `rule` at `pointer` and the simulator answers the same status and words (Bedrock's text names its own wire location). */
const expectRejected = (history: readonly Message[], request: Request, rule: string, pointer: string): Promise<string> => expectRejectedByBoth(on(request), history, rule, pointer);
const expectAccepted = (history: readonly Message[], request: Request): Promise<void> => expectAcceptedByBoth(on(request), history);

describe("bedrock request rules", () => {
  it("rejects a toolUse the next message does not answer (bedrock/tool-use-without-result)", async () => {
    const said = await expectRejected([question, turn, message("user", [textPart("Never mind.")])], thinking, "bedrock/tool-use-without-result", "/1/parts/2");
    expect(said).toBe(`Expected toolResult blocks at messages.2.content for the following Ids: ${firstCall(turn).id}`);
    await expectAccepted([question, turn, answer(firstCall(turn).id)], thinking);
  });

  it("rejects more toolResult blocks than the previous turn has toolUse blocks (bedrock/tool-results-exceed-uses)", async () => {
    const said = await expectRejected([question, turn, answer(firstCall(turn).id), answer("tooluse_gone")], thinking, "bedrock/tool-results-exceed-uses", "/3/parts/0");
    expect(said).toContain("messages.2.content");
    await expectAccepted([question, turn, answer(firstCall(turn).id)], thinking);
  });

  it("counts toolUse blocks, not distinct ids, when a repeated turn calls one id twice (bedrock/tool-results-exceed-uses)", async () => {
    // The two assistant messages go as one turn with two toolUse blocks, so two results do not exceed them.
    await expectAccepted([question, turn, turn, answer(firstCall(turn).id), answer("tooluse_gone")], plain);
  });

  it("rejects tool blocks in a request without toolConfig (bedrock/tool-config-required)", async () => {
    const { toolConfig: _omitted, ...withoutTools } = thinking;
    await expectRejected([question, turn, answer(firstCall(turn).id)], withoutTools, "bedrock/tool-config-required", "/1/parts/2");
    await expectAccepted([question, turn, answer(firstCall(turn).id)], thinking);
  });

  it("rejects a running Claude tool loop whose assistant turn starts without reasoning (bedrock/thinking-first-in-tool-loop)", async () => {
    const openai = message("assistant", [
      reasoningPart({ text: "Look up Oslo.", payload: { provider: "openai.responses", kind: "encrypted_content", data: "gAAAAABo" } }),
      textPart("Checking."),
      toolCallPart({ id: "call_openai_1", name: "get_weather", arguments: { city: "Oslo" } }),
    ]);
    const history = [question, openai, answer("call_openai_1")];
    const said = await expectRejected(history, thinking, "bedrock/thinking-first-in-tool-loop", "/1/parts/1");
    expect(said).toContain("messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`.");
    // The same request through `reasoning_config`, Bedrock's other spelling of Claude's thinking.
    await expectRejected(history, { ...plain, additionalModelRequestFields: { reasoning_config: { type: "enabled", budget_tokens: 1024 } } }, "bedrock/thinking-first-in-tool-loop", "/1/parts/1");
    await expectAccepted(history, plain);
  });

  it("rejects a Claude reasoning signature that is not base64 (bedrock/invalid-reasoning-signature)", async () => {
    const [thought, ...rest] = turn.parts;
    if (thought?.type !== "reasoning" || !thought.payload) throw new Error("the simulator's turn starts with signed reasoning");
    for (const data of ["", `${thought.payload.data.slice(0, 4)} \n${thought.payload.data.slice(4)}`]) {
      const corrupted = message("assistant", [{ ...thought, payload: { ...thought.payload, data } }, ...rest]);
      const said = await expectRejected([question, corrupted, answer(firstCall(turn).id)], thinking, "bedrock/invalid-reasoning-signature", "/1/parts/0");
      expect(said).toBe("The model returned the following errors: messages.1.content.0: Invalid `signature` in `thinking` block");
    }
    await expectAccepted([question, turn, answer(firstCall(turn).id)], thinking);
  });

  it("rejects unsigned reasoning sent to Claude when the request names the model outside modelId (bedrock/reasoning-signature-required)", async () => {
    const unsigned = message("assistant", [reasoningPart({ text: "Thinking about Oslo.", attributes: { provider: "bedrock" } }), toolCallPart({ id: "tooluse_u1", name: "get_weather", arguments: { city: "Oslo" } })]);
    const history = [question, unsigned, answer("tooluse_u1")];
    const { modelId: _named, ...unnamed } = plain;
    await expectRejected(history, { ...unnamed, model: MODEL }, "bedrock/reasoning-signature-required", "/1/parts/0");
    await expectAccepted(history, plain);
  });

  it("rejects redacted content that is not base64 (bedrock/invalid-redacted-content)", async () => {
    const redacted = reasoningPart({ text: null, payload: { provider: "bedrock", kind: "redacted_content", data: "%%% not base64" } });
    const call = toolCallPart({ id: "tooluse_r1", name: "get_weather", arguments: { city: "Oslo" } });
    await expectRejected([question, message("assistant", [redacted, call]), answer("tooluse_r1")], plain, "bedrock/invalid-redacted-content", "/1/parts/0");
    await expectAccepted([question, message("assistant", [call]), answer("tooluse_r1")], plain);
  });

  it("rejects more than five documents in one request (bedrock/too-many-documents)", async () => {
    const file = (index: number) => mediaPart({ mimeType: "application/pdf", data: "JVBERi0xLjQK", dataKind: "bytes", name: `forecast-${index}.pdf` });
    const files = (count: number) => [message("user", [textPart("Summarize these."), ...Array.from({ length: count }, (_, index) => file(index))])];
    await expectRejected(files(6), plain, "bedrock/too-many-documents", "/0/parts/6");
    await expectAccepted(files(5), plain);
  });

  it("rejects two documents with one name, as two unnamed PDFs get (bedrock/duplicate-document-names)", async () => {
    const pdf = (name?: string) => mediaPart({ mimeType: "application/pdf", data: "JVBERi0xLjQK", dataKind: "bytes", ...(name === undefined ? {} : { name }) });
    await expectRejected([message("user", [textPart("Compare."), pdf(), pdf()])], plain, "bedrock/duplicate-document-names", "/0/parts/2");
    await expectRejected([message("user", [textPart("Compare."), pdf("report.pdf"), mediaPart({ mimeType: "text/plain", data: "rain", dataKind: "string", name: "report.txt" })])], plain, "bedrock/duplicate-document-names", "/0/parts/2");
    await expectAccepted([message("user", [textPart("Compare."), pdf("oslo.pdf"), pdf("bergen.pdf")])], plain);
  });

  it("warns that earlier turns' reasoning is ignored by Claude models before Opus 4.5 and Sonnet 4.6 (bedrock/earlier-thinking-stripped)", async () => {
    const history = [question, turn, answer(firstCall(turn).id), message("assistant", [textPart("Light rain.")]), message("user", [textPart("And in Bergen?")])];
    const degraded = lintOne(history, "bedrock", thinking);
    expect(degraded.accepted).toBe(true);
    expect(degraded.findings).toContainEqual(expect.objectContaining({ code: "lint/degraded", pointer: "/1/parts/0", details: expect.objectContaining({ rule: "bedrock/earlier-thinking-stripped" }) }));
    expect(lintOne(history, "bedrock", { ...thinking, modelId: "us.anthropic.claude-opus-4-5-20251101-v1:0" }).findings).toEqual([]);
    expect((await answerOf(on(thinking), history)).status).toBe(200);
  });
});
