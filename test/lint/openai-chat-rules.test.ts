import { afterAll, beforeAll, describe, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { message, textPart, toolResultPart, unknownPart } from "../../src/parts/constructors.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { createOpenAiChatCodec } from "../../src/providers/openai-chat/index.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { type RuleTarget, SIMULATOR_KEY, expectAcceptedByBoth, expectRejectedByBoth, firstCall, question, toolLoopOf, weatherTools } from "../support/rule-cases.js";

const simulators: RunningSimulator[] = [];

/** A simulator of `profile` and the request rules of the same variant. */
async function server(profile: string, model: string, variant?: string): Promise<RuleTarget> {
  const simulator = await startSimulator("openai.chat", { apiKey: SIMULATOR_KEY, profile });
  simulators.push(simulator);
  const decoder = createOpenAiChatCodec(variant === "kimi" || variant === "groq" ? variant : "openai") as ProviderCodec;
  return { simulator, target: "openai.chat", request: { model, ...weatherTools("openai.chat") }, decoder, ...(variant === undefined ? {} : { variant }) };
}

let openai: RuleTarget;
let kimi: RuleTarget;
let groq: RuleTarget;
beforeAll(async () => {
  openai = await server("openai", "gpt-4.1");
  kimi = await server("kimi", "kimi-k2-thinking", "kimi");
  groq = await server("groq", "llama-3.3-70b-versatile", "groq");
});
afterAll(() => Promise.all(simulators.map((simulator) => simulator.close())));

describe("openai.chat request rules", () => {
  it("openai.chat/tool-message-without-call: predicts the 400 OpenAI answers when a tool message follows no call", async () => {
    const history = [question, message("tool", [toolResultPart({ id: "call_missing", name: "get_weather", content: "7 °C" })])];
    await expectRejectedByBoth(openai, history, "openai.chat/tool-message-without-call", "/1/parts/0", { values: { id: "call_missing" } });
  });

  it("openai.chat/tool-calls-unanswered: predicts the 400 OpenAI answers when a call is not answered before the next message", async () => {
    const { loop, call } = await toolLoopOf(openai);
    await expectRejectedByBoth(openai, [question, loop[1] as Message, message("user", [textPart("Never mind.")])], "openai.chat/tool-calls-unanswered", `/1/parts/${call.index}`, { values: { id: call.id } });
    await expectAcceptedByBoth(openai, loop);
  });

  it("openai.chat/kimi-reasoning-content-missing: predicts the 400 Kimi answers when a tool-call turn lost its reasoning", async () => {
    const { loop } = await toolLoopOf(kimi);
    const reply = loop[1] as Message;
    const stripped = { ...reply, parts: reply.parts.filter((part) => part.type !== "reasoning") };
    await expectRejectedByBoth(kimi, [question, stripped, loop[2] as Message], "openai.chat/kimi-reasoning-content-missing", `/1/parts/${firstCall(stripped).index}`, { values: { index: "1" } });
    await expectAcceptedByBoth(kimi, loop);
  });

  it("openai.chat/groq-reasoning-content-unsupported: predicts the 400 Groq answers for reasoning_content on an assistant message", async () => {
    const fields = unknownPart({ provider: "openai.chat", kind: "message_fields", rawJson: JSON.stringify({ reasoning_content: "I will say hello." }) }, { attributes: { profile: "groq" } });
    const history = [question, message("assistant", [fields, textPart("Hello.")]), message("user", [textPart("Thanks.")])];
    await expectRejectedByBoth(groq, history, "openai.chat/groq-reasoning-content-unsupported", "/1", { values: { index: "1" } });
  });

  it("openai.chat/groq-reasoning-unsupported: predicts the 400 Groq answers for reasoning sent to a model without reasoning", async () => {
    const fields = unknownPart({ provider: "openai.chat", kind: "message_fields", rawJson: JSON.stringify({ reasoning: "I will say hello." }) }, { attributes: { profile: "groq" } });
    const history = [question, message("assistant", [fields, textPart("Hello.")]), message("user", [textPart("Thanks.")])];
    await expectRejectedByBoth(groq, history, "openai.chat/groq-reasoning-unsupported", "/1", { values: { index: "1" } });
    await expectAcceptedByBoth({ ...groq, request: { ...groq.request, model: "openai/gpt-oss-120b" } }, history);
  });
});
