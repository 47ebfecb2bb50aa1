import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { FINAL_ANSWER, QUESTION, json, post, runTool, serverSentEvents } from "./wire-requests.js";

type Part = Record<string, unknown> & { functionCall?: { name: string; args: Record<string, unknown> } };
type Content = { role: string; parts: Part[] };

const tools = [{ functionDeclarations: ["get_weather", "get_local_time"].map((name) => ({ name, parameters: { type: "object", properties: { city: { type: "string" } } } })) }];

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator("google", { apiKey: "gemini-key" });
});
afterAll(() => simulator.close());

function request(contents: Content[], stream: boolean, options: { model?: string; key?: string } = {}) {
  const model = options.model ?? "gemini-3-pro-preview";
  const url = `${simulator.url}/v1beta/models/${model}:${stream ? "streamGenerateContent?alt=sse" : "generateContent"}`;
  return post(url, { contents, tools, generationConfig: { thinkingConfig: { includeThoughts: true } } }, { "x-goog-api-key": options.key ?? "gemini-key" });
}

/** The model's content: the candidate's parts, or the stream's chunks' parts in order (each chunk kept, as the SDK's chat history does). */
async function respond(contents: Content[], stream: boolean): Promise<Content> {
  if (!stream) {
    const { status, body } = await json(request(contents, false));
    expect(status).toBe(200);
    return (body.candidates as { content: Content }[])[0]!.content;
  }
  const events = await serverSentEvents(request(contents, true));
  const chunks = events.map((event) => JSON.parse(event.data) as { candidates: { content: Content; finishReason?: string }[] });
  // Data-only events; only the last carries finishReason.
  expect(events.every((event) => event.event === undefined)).toBe(true);
  expect(chunks.map((chunk) => chunk.candidates[0]?.finishReason)).toEqual([...chunks.slice(1).map(() => undefined), "STOP"]);
  return { role: "model", parts: chunks.flatMap((chunk) => chunk.candidates[0]!.content.parts) };
}

async function toolLoop(stream: boolean): Promise<{ contents: Content[]; last: Content; rounds: number }> {
  const contents: Content[] = [{ role: "user", parts: [{ text: QUESTION }] }];
  for (let rounds = 1; ; rounds++) {
    const last = await respond(contents, stream);
    const calls = last.parts.filter((part) => part.functionCall);
    if (calls.length === 0) return { contents, last, rounds };
    contents.push(last, { role: "user", parts: calls.map(({ functionCall }) => ({ functionResponse: { name: functionCall!.name, response: { output: runTool(functionCall!.name, functionCall!.args) } } })) });
  }
}

function withoutSignatures(content: Content): Content {
  return { ...content, parts: content.parts.map(({ thoughtSignature: _signature, ...part }) => part) };
}

describe("googleSimulator", () => {
  it.each([false, true])("runs a two-tool loop with signed function calls when streaming is %s", async (stream) => {
    const { contents, last, rounds } = await toolLoop(stream);
    expect(rounds).toBe(3);
    expect(last.parts.filter((part) => part.thought !== true).map((part) => part.text).join("")).toBe(FINAL_ANSWER);
    expect(last.parts.some((part) => part.thought === true)).toBe(true);
    // The answer without a call signs its last part (or a trailing empty text when streaming).
    expect(typeof last.parts.at(-1)?.thoughtSignature).toBe("string");
    const signedCalls = contents.flatMap((content) => content.parts).filter((part) => part.functionCall && typeof part.thoughtSignature === "string");
    expect(signedCalls).toHaveLength(2);
  });

  it("answers the documented 400 when a function call comes back without its thought signature, as a text-only store sends it", async () => {
    const { contents } = await toolLoop(false);
    const naive = contents.map((content) => (content.role === "model" ? withoutSignatures(content) : content));
    const { status, body } = await json(request(naive, false));
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: 400,
        message: "Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:get_weather` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.",
        status: "INVALID_ARGUMENT",
      },
    });
  });

  it("answers 400 Corrupted thought signature when the signature was altered, and accepts it unaltered", async () => {
    const { contents } = await toolLoop(false);
    expect((await json(request(contents, false))).status).toBe(200);
    const model = contents[1] as Content;
    const call = model.parts.find((part) => part.functionCall) as Part;
    const signature = Buffer.from(String(call.thoughtSignature), "base64");
    signature[signature.length - 1] = signature[signature.length - 1]! ^ 1;
    const altered = contents.map((content) => (content === model ? { ...content, parts: content.parts.map((part) => (part === call ? { ...part, thoughtSignature: signature.toString("base64") } : part)) } : content));
    const { status, body } = await json(request(altered, false));
    expect(status).toBe(400);
    expect(body).toEqual({ error: { code: 400, message: "Corrupted thought signature.", status: "INVALID_ARGUMENT" } });
  });

  it("answers 400 Base64 decoding failed when a thought signature is not base64", async () => {
    const { contents } = await toolLoop(false);
    const broken = contents.map((content) => (content.role === "model" ? { ...content, parts: content.parts.map((part) => (part.functionCall ? { ...part, thoughtSignature: "EqQBCk…opaque…" } : part)) } : content));
    expect((await json(request(broken, false))).body).toMatchObject({ error: { code: 400, message: "Invalid value at 'thought_signature' (TYPE_BYTES), Base64 decoding failed" } });
  });

  it("accepts unsigned function calls when they are from earlier turns or the model predates Gemini 3", async () => {
    const { contents, last } = await toolLoop(false);
    const earlier = [...contents.map((content) => (content.role === "model" ? withoutSignatures(content) : content)), last, { role: "user", parts: [{ text: "And in Bergen?" }] }];
    expect((await json(request(earlier, false))).status).toBe(200);
    const naive = contents.map((content) => (content.role === "model" ? withoutSignatures(content) : content));
    expect((await json(request(naive, false, { model: "gemini-2.5-flash" }))).status).toBe(200);
  });

  it("answers 400 API_KEY_INVALID, as the Gemini API does, when the key is wrong", async () => {
    const { status, body } = await json(request([{ role: "user", parts: [{ text: QUESTION }] }], false, { key: "wrong" }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT", details: [{ reason: "API_KEY_INVALID" }] } });
  });
});
