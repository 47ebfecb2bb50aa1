// One test per Anthropic request rule (spec/providers/anthropic.tsp): a history that breaks it, lint's
// prediction (pointer, status, error text), the simulator's answer over HTTP in the same words, and the
// history fixed as the rule's `fix` says, accepted by both.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { mediaPart, message, reasoningPart, textPart, toolCallPart } from "../../src/parts/constructors.js";
import { codecFor } from "../../src/providers/registry.js";
import { weatherTools } from "../../src/demo/weather-scenario.js";
import { DEFAULT_SIMULATOR_MAX_BODY_BYTES } from "../../src/simulators/simulator-server.js";
import { type RuleTarget, SIMULATOR_KEY, answer, answerOf, expectAcceptedByBoth, expectRejectedByBoth, firstCall, lintOne, question, rejectionOf, replyTo } from "../support/rule-cases.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";

const MODEL = "claude-sonnet-4-5";
const plain = { model: MODEL, max_tokens: 1024, ...codecFor("anthropic").declareTools(weatherTools) };
const thinking = { ...plain, thinking: { type: "enabled", budget_tokens: 1024 } };

let simulator: RunningSimulator;
/** A genuine tool turn of the simulator: signed thinking, text, a call. */
let turn: Message;
beforeAll(async () => {
  simulator = await startSimulator("anthropic", { apiKey: SIMULATOR_KEY });
  turn = await replyTo(on(thinking), [question]);
});
afterAll(() => simulator.close());

type Request = Readonly<Record<string, unknown>>;

/** The simulator, sent the history with `request`. */
const on = (request: Request): RuleTarget => ({ simulator, target: "anthropic", request });

/** Lint rejects `history` by `rule` at `pointer` and the simulator answers the same status, with `location` before the same text. */
const expectRejected = (history: readonly Message[], request: Request, rule: string, pointer: string, location: string): Promise<string> => expectRejectedByBoth(on(request), history, rule, pointer, { location });
const expectAccepted = (history: readonly Message[], request: Request): Promise<void> => expectAcceptedByBoth(on(request), history);

describe("anthropic request rules", () => {
  it("rejects a tool_use the next message does not answer (anthropic/tool-use-without-result)", async () => {
    await expectRejected([question, turn, message("user", [textPart("Never mind.")])], thinking, "anthropic/tool-use-without-result", "/1/parts/2", "messages.2");
    await expectAccepted([question, turn, answer(firstCall(turn).id)], thinking);
  });

  it("rejects a tool_result answering no tool_use of the previous message (anthropic/tool-result-without-use)", async () => {
    await expectRejected([question, answer("toolu_gone")], plain, "anthropic/tool-result-without-use", "/1/parts/0", "messages.0.content.1");
    await expectAccepted([question], plain);
  });

  it("rejects a tool_use id used twice (anthropic/duplicate-tool-use-id)", async () => {
    const again = (id: string) => message("assistant", [toolCallPart({ id, name: "get_weather", arguments: { city: "Bergen" } })]);
    const id = firstCall(turn).id;
    await expectRejected([question, turn, answer(id), again(id), answer(id)], plain, "anthropic/duplicate-tool-use-id", "/3/parts/0", "messages.3.content.0");
    await expectAccepted([question, turn, answer(id), again("toolu_02"), answer("toolu_02")], plain);
  });

  it("rejects a tool id outside ^[a-zA-Z0-9_-]+$, as another provider writes them (anthropic/tool-id-pattern)", async () => {
    const call = (id: string) => message("assistant", [toolCallPart({ id, name: "get_weather", arguments: { city: "Oslo" } })]);
    await expectRejected([question, call("call.1|x"), answer("call.1|x")], plain, "anthropic/tool-id-pattern", "/1/parts/0", "messages.1.content.0.tool_use.id");
    await expectAccepted([question, call("call_1"), answer("call_1")], plain);
  });

  it("rejects a running tool loop whose assistant turn starts without thinking, as a Gemini turn replayed here (anthropic/thinking-first-in-tool-loop)", async () => {
    const gemini = message("assistant", [
      reasoningPart({ text: "Look up Oslo.", payload: { provider: "google", kind: "thought_signature", data: "CiQBjz1rX0Yw" } }),
      textPart("Checking."),
      toolCallPart({ id: "call_gemini_1", name: "get_weather", arguments: { city: "Oslo" } }),
    ]);
    const history = [question, gemini, answer("call_gemini_1")];
    await expectRejected(history, thinking, "anthropic/thinking-first-in-tool-loop", "/1/parts/1", "messages.1.content.0.type");
    expect(lintOne(history, "anthropic", thinking).findings.find((finding) => finding.details?.rule === "anthropic/thinking-first-in-tool-loop")?.details?.errorText).toContain("but found `text`");
    await expectAccepted(history, plain);
    await expectAccepted([question, turn, answer(firstCall(turn).id)], thinking);
  });

  it("rejects a thinking signature that is not base64 (anthropic/invalid-thinking-signature)", async () => {
    const [thought, ...rest] = turn.parts;
    if (thought?.type !== "reasoning" || !thought.payload) throw new Error("the simulator's turn starts with signed thinking");
    for (const data of ["", ` ${thought.payload.data}`, thought.payload.data.replaceAll("+", "-").replaceAll("/", "_") + "_"]) {
      const corrupted = message("assistant", [{ ...thought, payload: { ...thought.payload, data } }, ...rest]);
      await expectRejected([question, corrupted, answer(firstCall(turn).id)], thinking, "anthropic/invalid-thinking-signature", "/1/parts/0", "messages.1.content.0");
    }
    await expectAccepted([question, turn, answer(firstCall(turn).id)], thinking);
  });

  it("rejects redacted thinking whose data is not base64 (anthropic/invalid-redacted-thinking)", async () => {
    const redacted = reasoningPart({ text: null, payload: { provider: "anthropic", kind: "redacted_thinking", data: "not base64!" } });
    const call = toolCallPart({ id: "toolu_r1", name: "get_weather", arguments: { city: "Oslo" } });
    await expectRejected([question, message("assistant", [redacted, call]), answer("toolu_r1")], plain, "anthropic/invalid-redacted-thinking", "/1/parts/0", "messages.1.content.0");
    await expectAccepted([question, message("assistant", [call]), answer("toolu_r1")], plain);
  });

  it("rejects thinking in a trailing assistant message when thinking is off (anthropic/thinking-in-final-assistant)", async () => {
    const [thought] = turn.parts;
    const prefill = message("assistant", [thought!, textPart("It is")]);
    await expectRejected([question, prefill], plain, "anthropic/thinking-in-final-assistant", "/1/parts/0", "messages.1.content.0");
    await expectAccepted([question, message("assistant", [textPart("It is")])], plain);
  });

  it("rejects more than 100 images in one request (anthropic/too-many-images)", async () => {
    const image = mediaPart({ mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" });
    const album = (count: number) => [message("user", [textPart("Which of these show rain?"), ...Array.from({ length: count }, () => image)])];
    const finding = rejectionOf(lintOne(album(101), "anthropic", plain), "anthropic/too-many-images");
    expect(finding).toMatchObject({ pointer: "/0", details: { status: 400, errorText: "Too much media: 0 document pages + 101 images > 100" } });
    const said = await answerOf(on(plain), album(101));
    expect(said).toEqual({ status: 400, message: finding.details?.errorText });
    await expectAccepted(album(100), plain);
  });

  it("rejects a request body over 32 MB (anthropic/request-too-large)", async () => {
    const pdf = (bytes: number) => [message("user", [textPart("Summarize the forecast."), mediaPart({ mimeType: "application/pdf", data: "A".repeat(bytes), dataKind: "bytes" })])];
    const finding = rejectionOf(lintOne(pdf(33 * 1024 * 1024), "anthropic", plain), "anthropic/request-too-large");
    expect(finding).toMatchObject({ pointer: "", details: { status: 413, errorText: "Request exceeds the maximum size" } });
    expect(lintOne(pdf(1024), "anthropic", plain).accepted).toBe(true);
    // The simulators' default limit is the API's; one with a lower limit shows the answer without a 32 MB upload.
    expect(DEFAULT_SIMULATOR_MAX_BODY_BYTES).toBe(32 * 1024 * 1024);
    const small = await startSimulator("anthropic", { apiKey: SIMULATOR_KEY, maxBodyBytes: 64 * 1024 });
    const onSmall: RuleTarget = { simulator: small, target: "anthropic", request: plain };
    try {
      expect(await answerOf(onSmall, pdf(200 * 1024))).toEqual({ status: 413, message: finding.details?.errorText });
      expect((await answerOf(onSmall, pdf(1024))).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it("warns that earlier turns' thinking is stripped by models before Opus 4.5 and Sonnet 4.6 (anthropic/earlier-thinking-stripped)", async () => {
    const history = [question, turn, answer(firstCall(turn).id), message("assistant", [textPart("Light rain.")]), message("user", [textPart("And in Bergen?")])];
    const degraded = lintOne(history, "anthropic", thinking);
    expect(degraded.accepted).toBe(true);
    expect(degraded.findings).toContainEqual(expect.objectContaining({ code: "lint/degraded", pointer: "/1/parts/0", details: expect.objectContaining({ rule: "anthropic/earlier-thinking-stripped" }) }));
    expect(lintOne(history, "anthropic", { ...thinking, model: "claude-opus-4-5" }).findings).toEqual([]);
    expect((await answerOf(on(thinking), history)).status).toBe(200);
  });
});
