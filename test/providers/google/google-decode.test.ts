import { type GenerateContentResponse, GoogleGenAI } from "@google/genai";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Part } from "../../../generated/types.js";
import { validateMessage } from "../../../generated/validators.js";
import { createGoogleCodec, decodeGoogleCandidates, decodeGoogleResponse, googleCodec } from "../../../src/providers/google/index.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";
import { decodeByteChunks, decodeEventLines, fixtureFiles, readFixtureJson, readFixtureLines, serverSentEventBytes } from "../support/provider-fixtures.js";
import { VERTEX_STREAMS } from "./google-fixture-endpoints.js";
import { mergeGeminiChunks } from "./merge-gemini-chunks.js";

const PROVIDER = "google";
const vertexCodec = createGoogleCodec({ endpoint: "vertex-ai" });
const codecOf = (file: string) => (VERTEX_STREAMS.has(file) ? vertexCodec : googleCodec);
const endpointOf = (file: string) => (VERTEX_STREAMS.has(file) ? "vertex-ai" : "gemini-api");
const streams = fixtureFiles(PROVIDER, ".chunks.txt");
const blockingBodies = fixtureFiles(PROVIDER, ".json").filter((file) => !file.includes("429"));

const apiAttributes = { provider: "google", endpoint: "gemini-api" };
const vertexAttributes = { provider: "google", endpoint: "vertex-ai" };
const signature = (data: string) => ({ provider: "google", kind: "thought_signature", data });
const call = (name: string, args: unknown, id = "") => ({ id, type: "function", name, arguments: JSON.stringify(args) });

async function streamed(file: string) {
  const [response] = await decodeEventLines(codecOf(file), readFixtureLines(PROVIDER, file));
  return response!;
}

/** What the official SDK makes of the same bytes: its own SSE reader and its response getters. */
async function sdkStream(bytes: Uint8Array): Promise<GenerateContentResponse[]> {
  const ai = new GoogleGenAI({ apiKey: "test-key", httpOptions: { fetch: async () => new Response(bytes.slice(), { headers: { "content-type": "text/event-stream" } }) } });
  const chunks: GenerateContentResponse[] = [];
  for await (const chunk of await ai.models.generateContentStream({ model: "gemini-3-pro-preview", contents: "hi" })) chunks.push(chunk);
  return chunks;
}

async function sdkResponse(body: unknown): Promise<GenerateContentResponse> {
  const ai = new GoogleGenAI({ apiKey: "test-key", httpOptions: { fetch: async () => Response.json(body) } });
  return ai.models.generateContent({ model: "gemini-3-pro-preview", contents: "hi" });
}

/** The facts the SDK's getters give: answer text, signatures in order, function calls. */
function sdkFacts(responses: readonly GenerateContentResponse[]) {
  const parts = responses.flatMap((response) => response.candidates?.[0]?.content?.parts ?? []);
  return {
    text: responses.map((response) => response.text ?? "").join(""),
    signatures: parts.flatMap((part) => (part.thoughtSignature === undefined ? [] : [part.thoughtSignature])),
    calls: responses.flatMap((response) => response.functionCalls ?? []).filter((functionCall) => Object.keys(functionCall).length > 0),
  };
}

function ourFacts(parts: readonly Part[]) {
  return {
    text: parts.map((part) => (part.type === "text" ? part.text : "")).join(""),
    signatures: parts.flatMap((part) => (part.payload ? [part.payload.data] : [])),
    calls: parts.flatMap((part) => (part.type === "tool_call" ? [{ ...(part.toolCall.id ? { id: part.toolCall.id } : {}), name: part.toolCall.name, args: JSON.parse(part.toolCall.arguments) }] : [])),
  };
}

describe("decodeGoogleResponse", () => {
  it("keeps the signature on the text part that carried it", () => {
    const body = readFixtureJson(PROVIDER, "vercel-ai__google-text.json") as { candidates: { content: { parts: { thoughtSignature: string }[] } }[] };
    const decoded = decodeGoogleResponse(body);
    expect(decoded.message.parts).toEqual([{
      type: "text",
      text: "There are **3** r's in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.",
      payload: signature(body.candidates[0]!.content.parts[0]!.thoughtSignature),
      attributes: apiAttributes,
    }]);
    expect(decoded.info).toEqual({
      responseId: "Un6LacrVMcjUxs0PmJfWoQc", model: "gemini-3-pro-preview", finishReason: "stop", rawFinishReason: "STOP",
      usage: { inputTokens: 9, outputTokens: 272, totalTokens: 281, reasoningTokens: 244 },
    });
  });

  it("decodes a function call with its signature and reports a STOP with calls as tool_calls", () => {
    const decoded = decodeGoogleResponse(readFixtureJson(PROVIDER, "vercel-ai__google-tool-call-gemini3.json"));
    expect(decoded.message.parts).toEqual([{
      type: "tool_call", toolCall: call("weather", { location: "San Francisco" }), payload: signature(expect.stringMatching(/^Eqo\+Cqc\+/) as unknown as string), attributes: apiAttributes,
    }]);
    expect(decoded.info).toMatchObject({ finishReason: "tool_calls", rawFinishReason: "STOP" });
  });

  it("keeps parallel calls in order with the signature only on the first", () => {
    const parts = decodeGoogleResponse(readFixtureJson(PROVIDER, "composed__parallel-function-calls.json")).message.parts;
    expect(parts).toEqual([
      { type: "tool_call", toolCall: call("get_weather", { city: "Paris" }), payload: signature("AY89a19YsnFp7FOSIejJDV9XuMU996D+ZaDJiD6L9EEi+Lh+VGTEGqM3Lip3DPI7QzY="), attributes: apiAttributes },
      { type: "tool_call", toolCall: call("get_weather", { city: "Tokyo" }), attributes: apiAttributes },
    ]);
  });

  it("keeps code execution parts as unknown parts holding the part as received, signatures on them", () => {
    const body = readFixtureJson(PROVIDER, "vercel-ai__google-code-execution-multiple-results.json") as { candidates: { content: { parts: Record<string, unknown>[] } }[] };
    const received = body.candidates[0]!.content.parts;
    const decoded = decodeGoogleResponse(body);
    expect(decoded.message.parts).toEqual([
      { type: "unknown", provider: "google", kind: "executableCode", rawJson: JSON.stringify(received[0]), payload: signature(received[0]!.thoughtSignature as string), attributes: apiAttributes },
      { type: "unknown", provider: "google", kind: "codeExecutionResult", rawJson: JSON.stringify(received[1]), attributes: apiAttributes },
      { type: "unknown", provider: "google", kind: "codeExecutionResult", rawJson: JSON.stringify(received[2]), attributes: apiAttributes },
      { type: "text", text: received[3]!.text, payload: signature(received[3]!.thoughtSignature as string), attributes: apiAttributes },
    ]);
    // Tokens of the code results fed back to the model count as input: 23 + 289 + 35 = 347.
    expect(decoded.info.usage).toEqual({ inputTokens: 312, outputTokens: 35, totalTokens: 347 });
  });

  it("decodes thought parts, inline data and other part kinds, each with its own signature", () => {
    const parts = decodeGoogleResponse({
      candidates: [{ content: { role: "model", parts: [
        { text: "Planning the image.", thought: true, thoughtSignature: "VGhvdWdodA==" },
        { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" }, thoughtSignature: "SW1hZ2U=" },
        { fileData: { mimeType: "application/pdf", fileUri: "gs://bucket/report.pdf" } },
        { toolCall: { id: "t1", toolType: "GOOGLE_SEARCH_WEB", args: { queries: ["oslo"] } } },
        { futurePart: { x: 1 }, thoughtSignature: "RnV0dXJl" },
        { text: "", thoughtSignature: "Q2xvc2luZw==" },
        { text: "" },
      ] }, finishReason: "STOP" }],
    }, { endpoint: "vertex-ai" }).message.parts;
    expect(parts).toEqual([
      { type: "reasoning", text: "Planning the image.", payload: signature("VGhvdWdodA=="), attributes: vertexAttributes },
      { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" }, payload: signature("SW1hZ2U="), attributes: vertexAttributes },
      { type: "unknown", provider: "google", kind: "fileData", rawJson: '{"fileData":{"mimeType":"application/pdf","fileUri":"gs://bucket/report.pdf"}}', attributes: vertexAttributes },
      { type: "unknown", provider: "google", kind: "toolCall", rawJson: '{"toolCall":{"id":"t1","toolType":"GOOGLE_SEARCH_WEB","args":{"queries":["oslo"]}}}', attributes: vertexAttributes },
      { type: "unknown", provider: "google", kind: "futurePart", rawJson: '{"futurePart":{"x":1},"thoughtSignature":"RnV0dXJl"}', payload: signature("RnV0dXJl"), attributes: vertexAttributes },
      { type: "text", text: "", payload: signature("Q2xvc2luZw=="), attributes: vertexAttributes },
    ]);
  });

  it("decodes every candidate as its own message, and the chosen one alone", () => {
    const body = { responseId: "r", candidates: [
      { content: { role: "model", parts: [{ text: "A" }] }, finishReason: "STOP" },
      { content: { role: "model", parts: [{ text: "B" }] }, finishReason: "MAX_TOKENS", index: 1 },
    ] };
    expect(decodeGoogleCandidates(body).map((decoded) => [decoded.message.parts, decoded.info.finishReason])).toEqual([
      [[{ type: "text", text: "A", attributes: apiAttributes }], "stop"],
      [[{ type: "text", text: "B", attributes: apiAttributes }], "length"],
    ]);
    expect(decodeGoogleResponse(body, { candidate: 1 }).message.parts).toEqual([{ type: "text", text: "B", attributes: apiAttributes }]);
    expect(() => decodeGoogleResponse(body, { candidate: 2 })).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/candidates" }));
  });

  it("reports cached content as cache reads within the input and thoughts as reasoning within the output", () => {
    const decoded = decodeGoogleResponse({
      candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP" }],
      usageMetadata: { promptTokenCount: 1200, cachedContentTokenCount: 1024, candidatesTokenCount: 2, thoughtsTokenCount: 30, totalTokenCount: 1232 },
    });
    expect(decoded.info.usage).toEqual({ inputTokens: 1200, cacheReadInputTokens: 1024, outputTokens: 32, reasoningTokens: 30, totalTokens: 1232 });
  });

  it("decodes a blocked prompt to an empty message with finish reason content_filter", () => {
    const decoded = decodeGoogleResponse({ promptFeedback: { blockReason: "PROHIBITED_CONTENT" }, usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 }, responseId: "b" });
    expect(decoded).toEqual({ message: { role: "assistant", parts: [] }, info: { responseId: "b", finishReason: "content_filter", rawFinishReason: "PROHIBITED_CONTENT", usage: { inputTokens: 9, totalTokens: 9 } } });
  });

  it("raises provider/api-error for an error body in place of a response", () => {
    expect(() => decodeGoogleResponse(readFixtureJson(PROVIDER, "vercel-ai__google-429-retry-info.json")))
      .toThrow(expect.objectContaining({ code: "provider/api-error", provider: "google", message: expect.stringContaining("RESOURCE_EXHAUSTED"), details: expect.objectContaining({ code: 429 }) }));
  });

  it("raises provider/invalid-wire with the pointer for a malformed response", () => {
    expect(() => decodeGoogleResponse({ candidates: [{ content: { parts: [{ thoughtSignature: 7 }] } }] }))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", provider: "google", pointer: "/candidates/0/content/parts/0/thoughtSignature" }));
  });

  it.each(blockingBodies)("decodes %s to a valid canonical message", (file) => {
    expect(validateMessage(decodeGoogleResponse(readFixtureJson(PROVIDER, file)).message)).toBe(true);
  });

  describe("against the official SDK", () => {
    beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));
    afterEach(() => vi.restoreAllMocks());

    it.each(blockingBodies)("gives the text, signatures and calls the SDK's getters give for %s", async (file) => {
      const body = readFixtureJson(PROVIDER, file);
      expect(ourFacts(decodeGoogleResponse(body).message.parts)).toEqual(sdkFacts([await sdkResponse(body)]));
    });
  });
});

describe("GoogleStreamDecoder", () => {
  it("lands the signature of the closing empty text on the answer it closes", async () => {
    const lines = readFixtureLines(PROVIDER, "vercel-ai__google-text.chunks.txt") as { candidates: { content: { parts: { thoughtSignature?: string }[] } }[] }[];
    const response = await streamed("vercel-ai__google-text.chunks.txt");
    expect(response.message.parts).toEqual([{
      type: "text", text: 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y', payload: signature(lines[2]!.candidates[0]!.content.parts[0]!.thoughtSignature!), attributes: apiAttributes,
    }]);
    expect(response.complete).toBe(true);
    expect(response.info).toEqual({
      responseId: "bH6LaZW8Fp_3nsEPqtaSwQ4", model: "gemini-3-pro-preview", finishReason: "stop", rawFinishReason: "STOP",
      usage: { inputTokens: 9, outputTokens: 208, totalTokens: 217, reasoningTokens: 185 },
    });
  });

  it("keeps a thought summary apart from the answer and the signature on the answer", async () => {
    const response = await streamed("composed__thought-then-text-signature-at-end.chunks.txt");
    expect(response.message.parts).toEqual([
      { type: "reasoning", text: "**Counting letters**\n\nThe user asks how many r's are in strawberry; I will spell it out.", attributes: apiAttributes },
      { type: "text", text: 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y', payload: signature("Y29tcG9zZWQgc2lnbmF0dXJlIGNsb3NpbmcgdGhlIGFuc3dlcg=="), attributes: apiAttributes },
    ]);
  });

  it("decodes Vertex AI parallel calls with streamed arguments, the signature only on the first", async () => {
    const response = await streamed("vercel-ai__google-stream-no-args-tool-call.chunks.txt");
    expect(response.message.parts.map((part) => (part.type === "tool_call" ? [part.toolCall, part.payload?.data.slice(0, 12)] : [part.type, part.payload]))).toEqual([
      ["reasoning", undefined],
      [call("read_theme", {}), "AY89a18a8/Lo"],
      [call("read_screen", { id: "A" }), undefined],
      [call("read_screen", { id: "B" }), undefined],
      [call("read_screen", { id: "C" }), undefined],
    ]);
    expect(response.message.parts.every((part) => part.attributes?.endpoint === "vertex-ai")).toBe(true);
    expect(response.info).toMatchObject({ finishReason: "tool_calls", model: "gemini-3-flash-preview" });
  });

  it("assembles arrays and numbers from streamed arguments whose call has no closing fragment", async () => {
    const [part] = (await streamed("vercel-ai__google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt")).message.parts;
    expect(part).toMatchObject({ type: "tool_call", toolCall: call("writeItems", { operations: [
      { action: "add", description: "Fresh red apple", itemid: "apple_001", price: 0.5 },
      { action: "add", description: "Ripe yellow banana", itemid: "banana_001", price: 0.3 },
    ] }) });
  });

  it("assembles nested streamed arguments across keep-alive fragments", async () => {
    const parts = (await streamed("vercel-ai__google-vertex-stream-tool-call-arguments-nested.1.chunks.txt")).message.parts;
    expect(parts).toHaveLength(1);
    const args = JSON.parse((parts[0] as Extract<Part, { type: "tool_call" }>).toolCall.arguments) as { recipe: { name: string; ingredients: unknown[]; steps: string[] } };
    expect(args.recipe.name).toBe("Lasagna");
    expect(args.recipe.ingredients[0]).toEqual({ amount: "16 oz", name: "Lasagna noodles" });
    expect(args.recipe.ingredients).toHaveLength(10);
    expect(args.recipe.steps.at(-1)).toBe("Let stand for 15 minutes before serving.");
  });

  it("sets streamed values at quoted and indexed paths, and a __proto__ member as data", async () => {
    const fragment = (partialArgs: unknown[], willContinue = true) => ({ candidates: [{ content: { role: "model", parts: [{ functionCall: { partialArgs, willContinue } }] } }], responseId: "p" });
    const lines = [
      { candidates: [{ content: { role: "model", parts: [{ functionCall: { name: "save", willContinue: true }, thoughtSignature: "U2ln" }] } }], responseId: "p" },
      fragment([{ jsonPath: "$['file name']", stringValue: "notes", willContinue: true }]),
      fragment([{ jsonPath: "$['file name']", stringValue: ".txt" }, { jsonPath: '$["caf\\u00e9"].tags[1]', boolValue: true }]),
      fragment([{ jsonPath: "$.__proto__.polluted", nullValue: "NULL_VALUE" }], false),
      { candidates: [{ content: { role: "model", parts: [{ text: "" }] }, finishReason: "STOP" }], responseId: "p" },
    ];
    const [response] = await decodeEventLines(vertexCodec, lines);
    const args = (response?.message.parts[0] as Extract<Part, { type: "tool_call" }>).toolCall.arguments;
    expect(args).toBe('{"file name":"notes.txt","café":{"tags":[null,true]},"__proto__":{"polluted":null}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(response?.message.parts[0]?.payload).toEqual(signature("U2ln"));
  });

  it("ends a blocked prompt's stream, which has no candidate, as complete with content_filter", async () => {
    const response = await streamed("vercel-ai__issue-19758-prompt-block.chunks.txt");
    expect(response).toMatchObject({ complete: true, message: { parts: [] }, info: { finishReason: "content_filter", rawFinishReason: "PROHIBITED_CONTENT" } });
  });

  it.each(streams)("aggregates %s to the blocking decode of its hand-merged chunks", async (file) => {
    const lines = readFixtureLines(PROVIDER, file) as Record<string, unknown>[];
    const response = await streamed(file);
    const oracle = decodeGoogleResponse(mergeGeminiChunks(lines), { endpoint: endpointOf(file) });
    expect(response.message).toEqual(oracle.message);
    expect(response.info).toEqual(oracle.info);
    expect(response.complete).toBe(true);
  });

  it.each(streams.filter((file) => fixtureFiles(PROVIDER, ".json").includes(file.replace(".chunks.txt", ".json"))))(
    "has the part kinds and signature places of the recorded blocking response for %s", async (file) => {
      const shape = (parts: readonly Part[]) => parts.map((part) => [part.type, part.payload?.kind]);
      const blocking = decodeGoogleResponse(readFixtureJson(PROVIDER, file.replace(".chunks.txt", ".json")));
      expect(shape((await streamed(file)).message.parts)).toEqual(shape(blocking.message.parts));
    },
  );

  describe("against the official SDK", () => {
    beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));
    afterEach(() => vi.restoreAllMocks());

    it.each(streams)("gives the text, signatures and calls the SDK reads from the bytes of %s", async (file) => {
      const bytes = serverSentEventBytes(readFixtureLines(PROVIDER, file));
      const [response] = await decodeByteChunks(codecOf(file), [bytes]);
      const sdk = sdkFacts(await sdkStream(bytes));
      const ours = ourFacts(response!.message.parts);
      expect(ours.text).toBe(sdk.text);
      expect(ours.signatures).toEqual(sdk.signatures);
      // Vertex AI calls streamed as fragments are whole only once assembled; the SDK hands out fragments.
      if (!VERTEX_STREAMS.has(file)) expect(ours.calls).toEqual(sdk.calls);
    });
  });

  it.each(streams)("aggregates %s to a valid canonical message", async (file) => {
    expect(validateMessage((await streamed(file)).message)).toBe(true);
  });

  it("gives the same message for any chunking of a stream's raw SSE bytes", async () => {
    const recorded = streams.map((file) => ({ file, bytes: serverSentEventBytes(readFixtureLines(PROVIDER, file)) }));
    const expected = await Promise.all(streams.map((file) => decodeEventLines(codecOf(file), readFixtureLines(PROVIDER, file))));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: recorded.length - 1 }), cutsArbitrary, async (which, cuts) => {
        const { file, bytes } = recorded[which]!;
        expect(await decodeByteChunks(codecOf(file), rechunk(bytes, cuts))).toEqual(expected[which]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("reads events separated by CRLF blank lines as the SDK does", async () => {
    const lines = readFixtureLines(PROVIDER, "vercel-ai__google-reasoning.chunks.txt");
    const crlf = new TextEncoder().encode(lines.map((line) => `data: ${JSON.stringify(line)}\r\n\r\n`).join(""));
    expect(await decodeByteChunks(googleCodec, [crlf])).toEqual(await decodeEventLines(googleCodec, lines));
  });

  it("keeps two different signatures of one run on two parts", async () => {
    const chunk = (parts: unknown[], finishReason?: string) => ({ candidates: [{ content: { role: "model", parts }, ...(finishReason ? { finishReason } : {}) }], responseId: "r2" });
    const lines = [chunk([{ text: "Step one.", thoughtSignature: "QQ==" }]), chunk([{ text: " Step two.", thoughtSignature: "Qg==" }]), chunk([{ text: "", thoughtSignature: "Qg==" }], "STOP")];
    const [response] = await decodeEventLines(googleCodec, lines);
    expect(response?.message.parts).toEqual([
      { type: "text", text: "Step one.", payload: signature("QQ=="), attributes: apiAttributes },
      { type: "text", text: " Step two.", payload: signature("Qg=="), attributes: apiAttributes },
    ]);
    expect(response?.message).toEqual(decodeGoogleResponse(mergeGeminiChunks(lines)).message);
  });

  it("puts a signature that closes a thought on a text part of its own, as the blocking response has it", async () => {
    const chunk = (parts: unknown[], finishReason?: string) => ({ candidates: [{ content: { role: "model", parts }, ...(finishReason ? { finishReason } : {}) }], responseId: "t1" });
    const lines = [chunk([{ text: "**Planning**", thought: true }]), chunk([{ text: "", thoughtSignature: "VGg=" }], "MAX_TOKENS")];
    const [response] = await decodeEventLines(googleCodec, lines);
    expect(response?.message.parts).toEqual([
      { type: "reasoning", text: "**Planning**", attributes: apiAttributes },
      { type: "text", text: "", payload: signature("VGg="), attributes: apiAttributes },
    ]);
    const blocking = { candidates: [{ content: { role: "model", parts: [{ text: "**Planning**", thought: true }, { text: "", thoughtSignature: "VGg=" }] }, finishReason: "MAX_TOKENS" }], responseId: "t1" };
    expect(response?.message).toEqual(decodeGoogleResponse(blocking).message);
    expect(decodeGoogleResponse(mergeGeminiChunks(lines)).message).toEqual(decodeGoogleResponse(blocking).message);
  });

  it("decodes the chosen candidate of a stream with several, each done at its own finish reason", async () => {
    const candidate = (index: number, text: string, finishReason?: string) => ({ content: { role: "model", parts: [{ text }] }, ...(index > 0 ? { index } : {}), ...(finishReason ? { finishReason } : {}) });
    const lines = [
      { candidates: [candidate(0, "A"), candidate(1, "B")], responseId: "m" },
      { candidates: [candidate(0, "!", "STOP"), candidate(1, "?")], responseId: "m" },
      { candidates: [candidate(1, ".", "MAX_TOKENS")], responseId: "m", usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 6, totalTokenCount: 9 } },
    ];
    const [first] = await decodeEventLines(googleCodec, lines);
    const [second] = await decodeEventLines(createGoogleCodec({ candidate: 1 }), lines);
    expect([first?.message.parts, first?.complete, first?.info.finishReason]).toEqual([[{ type: "text", text: "A!", attributes: apiAttributes }], true, "stop"]);
    expect([second?.message.parts, second?.complete, second?.info.finishReason]).toEqual([[{ type: "text", text: "B?.", attributes: apiAttributes }], true, "length"]);
    expect(second?.message).toEqual(decodeGoogleResponse(mergeGeminiChunks(lines, 1), { candidate: 1 }).message);
  });

  describe("on bad wire input", () => {
    it("reports a stream cut before the finish reason as truncated, never as whole", async () => {
      const lines = readFixtureLines(PROVIDER, "vercel-ai__google-text.chunks.txt");
      await expect(decodeEventLines(googleCodec, lines.slice(0, -1))).rejects.toMatchObject({ code: "stream/truncated" });
      const [lenient] = await decodeEventLines(googleCodec, lines.slice(0, -1), { strict: false });
      expect(lenient?.complete).toBe(false);
      expect(lenient?.warnings).toMatchObject([{ code: "stream/truncated" }]);
      // What was seen before the cut is kept: the model and the usage of the last chunk.
      expect(lenient?.info).toEqual({ responseId: "bH6LaZW8Fp_3nsEPqtaSwQ4", model: "gemini-3-pro-preview", usage: { inputTokens: 9, outputTokens: 208, totalTokens: 217, reasoningTokens: 185 } });
    });

    it("reports an empty stream as truncated, not as an empty message", async () => {
      await expect(decodeByteChunks(googleCodec, [])).rejects.toMatchObject({ code: "stream/truncated" });
    });

    it("raises provider/api-error for an error body sent in place of the event stream", async () => {
      const body = new TextEncoder().encode(JSON.stringify(readFixtureJson(PROVIDER, "vercel-ai__google-429-retry-info.json"), null, 2));
      await expect(decodeByteChunks(googleCodec, rechunk(body, [5, 50]))).rejects.toMatchObject({ code: "provider/api-error", provider: "google", position: 0, message: expect.stringContaining("RESOURCE_EXHAUSTED") });
      await expect(decodeByteChunks(googleCodec, [new TextEncoder().encode("<html>Bad Gateway</html>")])).rejects.toMatchObject({ code: "provider/invalid-wire", position: 0 });
    });

    it("never presents a call cut inside its streamed arguments as a call", async () => {
      const file = "vercel-ai__google-stream-tool-call-arguments.chunks.txt";
      const [lenient] = await decodeEventLines(vertexCodec, readFixtureLines(PROVIDER, file).slice(0, 2), { strict: false });
      expect(lenient?.message.parts).toEqual([]);
      expect(lenient?.incompleteToolCalls).toMatchObject([{ toolCall: { name: "getWeather" } }]);
    });

    it("raises provider/api-error with the byte position for an error chunk after HTTP 200", async () => {
      const lines = readFixtureLines(PROVIDER, "vercel-ai__google-text.chunks.txt");
      const bytes = serverSentEventBytes([lines[0], { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } }]);
      await expect(decodeByteChunks(googleCodec, [bytes])).rejects.toMatchObject({ code: "provider/api-error", provider: "google", position: expect.any(Number), message: expect.stringContaining("UNAVAILABLE") });
    });

    it("raises provider/invalid-wire naming the position of data that is not JSON", async () => {
      await expect(decodeByteChunks(googleCodec, [new TextEncoder().encode("data: {\"candidates\":[\n\n")])).rejects.toMatchObject({ code: "provider/invalid-wire", provider: "google", position: 0 });
    });

    it("raises provider/invalid-wire with pointer and line for a chunk of the wrong shape", async () => {
      await expect(decodeEventLines(googleCodec, [{ candidates: { text: "no array" } }])).rejects.toMatchObject({ code: "provider/invalid-wire", pointer: "/candidates", position: 1 });
    });

    it("raises provider/invalid-wire with the pointer and line of a malformed call fragment", async () => {
      const lines = [{ candidates: [{ content: { role: "model", parts: [{ functionCall: { name: "f", willContinue: true } }] } }] },
        { candidates: [{ content: { role: "model", parts: [{ functionCall: { partialArgs: [{ jsonPath: "$.a", stringValue: 7 }], willContinue: true } }] } }] }];
      await expect(decodeEventLines(vertexCodec, lines)).rejects.toMatchObject({ code: "provider/invalid-wire", pointer: "/candidates/0/content/parts/0/functionCall/partialArgs/0/stringValue", position: 2 });
    });

    it("raises provider/invalid-wire for a streamed argument path that is not a JSON path", async () => {
      const lines = [{ candidates: [{ content: { role: "model", parts: [{ functionCall: { name: "f", willContinue: true } }] } }] },
        { candidates: [{ content: { role: "model", parts: [{ functionCall: { partialArgs: [{ jsonPath: "location", stringValue: "Oslo" }] } }] } }] }];
      await expect(decodeEventLines(vertexCodec, lines)).rejects.toMatchObject({ code: "provider/invalid-wire", position: 2, message: expect.stringContaining("not a JSON path") });
    });
  });
});
