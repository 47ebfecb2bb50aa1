// The official @google/genai client against a loopback server: the HTTP body it sends from
// googleGenerateContentParameters is partwise's wire body (the SDK's serializer is the judge), and what
// it parses from the recorded fixtures (GenerateContentResponse objects, the stream's async generator)
// decodes as the recorded JSON and bytes do.
import { GoogleGenAI, HarmBlockThreshold, HarmCategory, FunctionCallingConfigMode, ThinkingLevel } from "@google/genai";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { decodeEventStream, decodeStream } from "../../../src/providers/decode-stream.js";
import { createGoogleCodec, decodeGoogleResponse, googleCodec, googleGenerateContentParameters } from "../../../src/providers/google/index.js";
import { asyncChunks } from "../../support/rechunk.js";
import { fixtureFiles, readFixtureJson, readFixtureLines, serverSentEventBytes } from "../support/provider-fixtures.js";
import { sdkLoopback } from "../support/sdk-loopback.js";
import { VERTEX_STREAMS } from "./google-fixture-endpoints.js";

const PROVIDER = "google";
const MODEL = "gemini-3-pro-preview";
const vertexCodec = createGoogleCodec({ endpoint: "vertex-ai" });
const server = await sdkLoopback();
const geminiApi = new GoogleGenAI({ apiKey: "test-key", httpOptions: { baseUrl: server.url } });
// Vertex AI express mode (an API key, no project): the SDK's Vertex serializers and URLs, no Google auth.
const vertexAi = new GoogleGenAI({ vertexai: true, apiKey: "test-key", httpOptions: { baseUrl: server.url } });

const signature = (data: string) => ({ provider: "google", kind: "thought_signature", data });
const fromGeminiApi = { provider: "google", endpoint: "gemini-api" };
const fromVertex = { provider: "google", endpoint: "vertex-ai" };

/** A history with everything the encoder writes: signed thoughts, calls and results, media, server-tool parts. */
function history(attributes: Record<string, string>): Message[] {
  return [
    { role: "system", parts: [{ type: "text", text: "Answer in one line." }] },
    { role: "user", parts: [
      { type: "text", text: "What is in this picture, and the weather in Oslo?" },
      { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
      { type: "media", media: { mimeType: "application/pdf", data: "https://example.com/forecast.pdf", dataKind: "url" } },
    ] },
    { role: "assistant", parts: [
      { type: "reasoning", text: "**Looking**\n\nA cat; then the weather.", payload: signature("Q2lRQjBlMktiN1lx"), attributes },
      { type: "text", text: "A cat.", attributes },
      { type: "unknown", provider: "google", kind: "executableCode", rawJson: '{"executableCode":{"language":"PYTHON","code":"print(1)"}}', payload: signature("Q29kZVNpZw=="), attributes },
      { type: "unknown", provider: "google", kind: "codeExecutionResult", rawJson: '{"codeExecutionResult":{"outcome":"OUTCOME_OK","output":"1\\n"}}', attributes },
      { type: "tool_call", toolCall: { id: "call_1", type: "function", name: "get_weather", arguments: '{"city":"Oslo","days":[1,2]}' }, payload: signature("Q2FsbFNpZw=="), attributes },
    ] },
    { role: "tool", parts: [
      { type: "tool_result", id: "call_1", name: "get_weather", content: [
        { type: "text", text: '{"temp_c":7,"conditions":"light rain"}' },
        { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
      ], isError: false },
    ] },
    { role: "assistant", parts: [{ type: "text", text: "", payload: signature("RW5kU2ln"), attributes }] },
    { role: "user", parts: [{ type: "text", text: "Thanks." }] },
  ];
}

describe("googleGenerateContentParameters", () => {
  const request = {
    generationConfig: { temperature: 0.2, maxOutputTokens: 1024, stopSequences: ["END"], thinkingConfig: { includeThoughts: true, thinkingLevel: ThinkingLevel.HIGH } },
    tools: [{ functionDeclarations: [{ name: "get_weather", description: "Weather for a city", parametersJsonSchema: { type: "object", properties: { city: { type: "string" } } } }] }, { codeExecution: {} }],
    toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } },
    safetySettings: [{ category: HarmCategory.HARM_CATEGORY_HARASSMENT, threshold: HarmBlockThreshold.BLOCK_ONLY_HIGH }],
  };

  it("gives what the SDK sends as partwise's wire body when the history has signatures, calls, results and media", async () => {
    const encoded = googleCodec.encodeRequest(history(fromGeminiApi), { request });
    expect(encoded.warnings).toEqual([]);
    server.answerJson(readFixtureJson(PROVIDER, "vercel-ai__google-text.json"));
    await geminiApi.models.generateContent(googleGenerateContentParameters(encoded, MODEL));
    expect(server.lastRequest().url).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(server.lastRequest().body).toEqual(encoded.body);
    server.answerEvents(serverSentEventBytes(readFixtureLines(PROVIDER, "vercel-ai__google-text.chunks.txt")));
    for await (const chunk of await geminiApi.models.generateContentStream(googleGenerateContentParameters(encoded, MODEL))) expect(chunk).toBeDefined();
    expect(server.lastRequest().url).toBe(`/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`);
    expect(server.lastRequest().body).toEqual(encoded.body);
  });

  it("gives what the SDK sends to Vertex AI as partwise's Vertex AI wire body", async () => {
    const encoded = vertexCodec.encodeRequest(history(fromVertex), { request: { ...request, labels: { team: "weather" } } });
    server.answerJson(readFixtureJson(PROVIDER, "vercel-ai__google-text.json"));
    await vertexAi.models.generateContent(googleGenerateContentParameters(encoded, MODEL));
    expect(server.lastRequest().url).toMatch(new RegExp(`/publishers/google/models/${MODEL}:generateContent$`));
    expect(server.lastRequest().body).toEqual(encoded.body);
  });

  it("gives a body with only the contents when the request has no other fields", async () => {
    const encoded = googleCodec.encodeRequest([{ role: "user", parts: [{ type: "text", text: "hi" }] }]);
    server.answerJson(readFixtureJson(PROVIDER, "vercel-ai__google-text.json"));
    await geminiApi.models.generateContent(googleGenerateContentParameters(encoded, MODEL));
    expect(server.lastRequest().body).toEqual(encoded.body);
  });

  it("gives a body the SDK completes with an empty generationConfig when the request has no generation fields", async () => {
    const encoded = googleCodec.encodeRequest(history(fromGeminiApi).slice(0, 2), { request: { toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } } } });
    server.answerJson(readFixtureJson(PROVIDER, "vercel-ai__google-text.json"));
    await geminiApi.models.generateContent(googleGenerateContentParameters(encoded, MODEL));
    // The SDK writes `generationConfig` whenever it has a config: empty, it asks for the defaults, as leaving it out does.
    expect(server.lastRequest().body).toEqual({ ...encoded.body, generationConfig: {} });
  });
});

describe("decodeGoogleResponse", () => {
  it.each(fixtureFiles(PROVIDER, ".json").filter((file) => !file.includes("429")))("decodes the SDK's GenerateContentResponse of %s as the recorded JSON", async (file) => {
    const body = readFixtureJson(PROVIDER, file);
    server.answerJson(body);
    const response = await geminiApi.models.generateContent({ model: MODEL, contents: "hi" });
    expect(decodeGoogleResponse(response)).toEqual(decodeGoogleResponse(body));
  });
});

describe("decodeEventStream", () => {
  it.each(fixtureFiles(PROVIDER, ".chunks.txt"))("decodes the SDK's stream of %s as the recorded bytes", async (file) => {
    const vertex = VERTEX_STREAMS.has(file);
    const codec = vertex ? vertexCodec : googleCodec;
    const bytes = serverSentEventBytes(readFixtureLines(PROVIDER, file));
    server.answerEvents(bytes);
    const stream = await (vertex ? vertexAi : geminiApi).models.generateContentStream({ model: MODEL, contents: "hi" });
    expect(await decodeEventStream(codec, stream)).toEqual(await decodeStream(codec, asyncChunks([bytes])));
  });
});
