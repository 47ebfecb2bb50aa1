import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../../generated/types.js";
import { REPLAY_SIGNATURES_ACROSS_ENDPOINTS, createGoogleCodec, decodeGoogleResponse, encodeGoogleRequest, googleCodec } from "../../../src/providers/google/index.js";
import { decodeEventLines, fixtureFiles, readFixtureJson, readFixtureLines } from "../support/provider-fixtures.js";
import { mergeGeminiChunks } from "./merge-gemini-chunks.js";

const PROVIDER = "google";
const vertexCodec = createGoogleCodec({ endpoint: "vertex-ai" });
const VERTEX_STREAMS = new Set([
  "vercel-ai__google-stream-no-args-tool-call.chunks.txt",
  "vercel-ai__google-stream-tool-call-arguments.chunks.txt",
  "vercel-ai__google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt",
  "vercel-ai__google-vertex-stream-tool-call-arguments-nested.1.chunks.txt",
]);
const question: Message = { role: "user", parts: [{ type: "text", text: "hi" }] };
const signature = (data: string) => ({ provider: "google", kind: "thought_signature", data });
const fromVertex = { provider: "google", endpoint: "vertex-ai" };
const fromGeminiApi = { provider: "google", endpoint: "gemini-api" };
type WirePart = Record<string, unknown>;

/** The request form of a response part: a call without `args` goes back with `args: {}` (the same call). */
function requestForm(part: WirePart): WirePart {
  const call = part.functionCall as WirePart | undefined;
  return call && call.args === undefined ? { ...part, functionCall: { ...call, args: {} } } : part;
}

function modelTurns(body: { contents: { role?: string; parts?: WirePart[] }[] }) {
  return body.contents.filter((content) => content.role === "model");
}

describe("encodeGoogleRequest", () => {
  it.each(fixtureFiles(PROVIDER, ".json").filter((file) => !file.includes("429")))("reproduces the model parts of %s in order, signatures byte-identical", (file) => {
    const body = readFixtureJson(PROVIDER, file) as { candidates: { content: { parts: WirePart[] } }[] };
    const { body: request, warnings } = encodeGoogleRequest([question, decodeGoogleResponse(body).message]);
    expect(modelTurns(request)).toEqual([{ role: "model", parts: body.candidates[0]!.content.parts.map(requestForm) }]);
    expect(warnings).toEqual([]);
  });

  it.each(fixtureFiles(PROVIDER, ".chunks.txt").filter((file) => !file.includes("prompt-block")))(
    "replays the streamed turn of %s as the parts its chunks merge to", async (file) => {
      const lines = readFixtureLines(PROVIDER, file) as Record<string, unknown>[];
      const codec = VERTEX_STREAMS.has(file) ? vertexCodec : googleCodec;
      const [response] = await decodeEventLines(codec, lines);
      const merged = mergeGeminiChunks(lines) as { candidates: { content: { parts: WirePart[] } }[] };
      const { body, warnings } = codec.encodeRequest([question, response!.message]);
      expect(modelTurns(body as never)).toEqual([{ role: "model", parts: merged.candidates[0]!.content.parts.map(requestForm) }]);
      expect(warnings).toEqual([]);
    },
  );

  it("sends a tool loop: system instruction, function responses in a user turn, then the user's next words", () => {
    const { body, warnings } = encodeGoogleRequest([
      { role: "system", parts: [{ type: "text", text: "Be brief." }] },
      { role: "user", parts: [{ type: "text", text: "Weather in Paris and Tokyo?" }] },
      { role: "assistant", parts: [
        { type: "reasoning", text: "Two cities: two calls.", attributes: fromGeminiApi },
        { type: "tool_call", toolCall: { id: "", type: "function", name: "get_weather", arguments: '{"city":"Paris"}' }, payload: signature("U2ln"), attributes: fromGeminiApi },
        { type: "tool_call", toolCall: { id: "call_2", type: "function", name: "get_weather", arguments: '{"city":"Tokyo"}' }, attributes: fromGeminiApi },
      ] },
      { role: "tool", parts: [
        { type: "tool_result", name: "get_weather", content: [{ type: "text", text: '{"temp_c":15}' }], isError: false },
        { type: "tool_result", id: "call_2", content: [{ type: "text", text: "timeout" }], isError: true },
      ] },
      { role: "user", parts: [{ type: "text", text: "And in Oslo?" }] },
    ]);
    expect(body).toEqual({
      systemInstruction: { parts: [{ text: "Be brief." }] },
      contents: [
        { role: "user", parts: [{ text: "Weather in Paris and Tokyo?" }] },
        { role: "model", parts: [
          { text: "Two cities: two calls.", thought: true },
          { functionCall: { name: "get_weather", args: { city: "Paris" } }, thoughtSignature: "U2ln" },
          { functionCall: { id: "call_2", name: "get_weather", args: { city: "Tokyo" } } },
        ] },
        { role: "user", parts: [
          { functionResponse: { name: "get_weather", response: { temp_c: 15 } } },
          { functionResponse: { id: "call_2", name: "get_weather", response: { error: "timeout" } } },
          { text: "And in Oslo?" },
        ] },
      ],
    });
    expect(warnings).toEqual([]);
  });

  it("wraps results that are not JSON objects under result and sends media results as the response's parts", () => {
    const result = (content: Part[]): Part => ({ type: "tool_result", id: "c", name: "f", content, isError: false });
    const { body } = encodeGoogleRequest([{ role: "tool", parts: [
      result([{ type: "text", text: "[1,2]" }]),
      result([{ type: "text", text: "plain words" }]),
      result([{ type: "text", text: "42" }]),
      result([{ type: "text", text: " null\n" }]),
      result([{ type: "text", text: "no rain" }]),
      result([{ type: "text", text: "[unbalanced" }]),
      result([{ type: "text", text: "-" }]),
      result([{ type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } }]),
    ] }]);
    expect(body.contents[0]?.parts?.map((part) => (part.functionResponse as { response: unknown; parts?: unknown }))).toEqual([
      { id: "c", name: "f", response: { result: [1, 2] } },
      { id: "c", name: "f", response: { result: "plain words" } },
      { id: "c", name: "f", response: { result: 42 } },
      { id: "c", name: "f", response: { result: null } },
      { id: "c", name: "f", response: { result: "no rain" } },
      { id: "c", name: "f", response: { result: "[unbalanced" } },
      { id: "c", name: "f", response: { result: "-" } },
      { id: "c", name: "f", response: {}, parts: [{ inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } }] },
    ]);
  });

  it("rejects a tool result whose tool no call names, and a tool result inside a model turn", () => {
    expect(() => encodeGoogleRequest([{ role: "tool", parts: [{ type: "tool_result", id: "nobody", content: [], isError: false }] }]))
      .toThrow(expect.objectContaining({ code: "provider/unsupported-part", pointer: "/0/parts/0", provider: "google" }));
    expect(() => encodeGoogleRequest([{ role: "assistant", parts: [{ type: "tool_result", id: "c", content: [], isError: false }] }]))
      .toThrow(expect.objectContaining({ code: "provider/unsupported-part", pointer: "/0/parts/0" }));
  });

  it("sends only the text of system messages as systemInstruction, and names each other part in a warning", () => {
    const { body, warnings } = encodeGoogleRequest([
      { role: "system", parts: [
        { type: "text", text: "Be brief." },
        { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
        { type: "tool_result", id: "c", content: [], isError: false },
      ] },
      question,
    ]);
    expect(body).toEqual({ systemInstruction: { parts: [{ text: "Be brief." }] }, contents: [{ role: "user", parts: [{ text: "hi" }] }] });
    expect(warnings).toMatchObject([
      { code: "provider/part-skipped", pointer: "/0/parts/1", provider: "google", message: expect.stringContaining("`systemInstruction` takes text only") },
      { code: "provider/part-skipped", pointer: "/0/parts/2", provider: "google", message: expect.stringContaining("`systemInstruction` takes text only") },
    ]);
  });

  it("sends user media as inlineData or fileData", () => {
    const { body } = encodeGoogleRequest([{ role: "user", parts: [
      { type: "media", media: { mimeType: "image/jpeg", data: "/9j/4AAQ", dataKind: "bytes", name: "photo.jpg" } },
      { type: "media", media: { mimeType: "application/pdf", data: "gs://bucket/report.pdf", dataKind: "url" } },
      { type: "media", media: { mimeType: "text/plain", data: "notes", dataKind: "string" } },
    ] }]);
    expect(body.contents[0]?.parts).toEqual([
      { inlineData: { mimeType: "image/jpeg", data: "/9j/4AAQ", displayName: "photo.jpg" } },
      { fileData: { mimeType: "application/pdf", fileUri: "gs://bucket/report.pdf" } },
      { inlineData: { mimeType: "text/plain", data: "bm90ZXM=" } },
    ]);
  });

  it("never sends another provider's payloads: text and calls go without them, its reasoning and blocks not at all", () => {
    const { body, warnings } = encodeGoogleRequest({ format: "partwise.history", version: 1, messages: [
      question,
      { role: "assistant", parts: [
        { type: "reasoning", text: "signed elsewhere", payload: { provider: "anthropic", kind: "signature", data: "EqQB" } },
        { type: "reasoning", text: "plain", attributes: { provider: "deepseek" } },
        { type: "text", text: "Answer.", payload: { provider: "anthropic", kind: "block_fields", data: "{}" } },
        { type: "text", text: "", payload: { provider: "bedrock", kind: "signature", data: "c2ln" } },
        { type: "tool_call", toolCall: { id: "toolu_1", type: "function", name: "f", arguments: "{}" }, payload: { provider: "anthropic", kind: "block_fields", data: "{}" } },
        { type: "unknown", provider: "anthropic", kind: "server_tool_use", rawJson: '{"type":"server_tool_use"}' },
      ] },
    ] });
    expect(modelTurns(body)).toEqual([{ role: "model", parts: [{ text: "Answer." }, { functionCall: { id: "toolu_1", name: "f", args: {} } }] }]);
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/messages/1/parts/0", "/messages/1/parts/1", "/messages/1/parts/3", "/messages/1/parts/5"]);
    expect(warnings.every((warning) => warning.code === "provider/part-skipped" && warning.provider === "google")).toBe(true);
  });

  it("sends another producer's unsigned reasoning as a thought only when asked to", () => {
    const history: Message[] = [question, { role: "assistant", parts: [{ type: "reasoning", text: "plain", attributes: { provider: "deepseek" } }, { type: "text", text: "Hi." }] }];
    expect(modelTurns(encodeGoogleRequest(history, { flags: ["replayForeignReasoning"] }).body)[0]?.parts).toEqual([{ text: "plain", thought: true }, { text: "Hi." }]);
  });

  describe("with signatures from the other endpoint", () => {
    const vertexTurn: Message = { role: "assistant", parts: [
      { type: "reasoning", text: "Thinking.", payload: signature("VGhvdWdodA=="), attributes: fromVertex },
      { type: "text", text: "Calling.", payload: signature("VGV4dA=="), attributes: fromVertex },
      { type: "tool_call", toolCall: { id: "", type: "function", name: "f", arguments: '{"a":1}' }, payload: signature("Q2FsbA=="), attributes: fromVertex },
      { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" }, payload: signature("SW1hZ2U="), attributes: fromVertex },
      { type: "unknown", provider: "google", kind: "executableCode", rawJson: '{"executableCode":{"code":"1","language":"PYTHON"},"thoughtSignature":"Q29kZQ=="}', payload: signature("Q29kZQ=="), attributes: fromVertex },
      { type: "text", text: "", payload: signature("RW5k"), attributes: fromVertex },
    ] };
    const signed = [
      { text: "Thinking.", thought: true, thoughtSignature: "VGhvdWdodA==" },
      { text: "Calling.", thoughtSignature: "VGV4dA==" },
      { functionCall: { name: "f", args: { a: 1 } }, thoughtSignature: "Q2FsbA==" },
      { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" }, thoughtSignature: "SW1hZ2U=" },
      { executableCode: { code: "1", language: "PYTHON" }, thoughtSignature: "Q29kZQ==" },
      { text: "", thoughtSignature: "RW5k" },
    ];

    it("sends them to the endpoint that issued them", () => {
      const { body, warnings } = vertexCodec.encodeRequest([question, vertexTurn]);
      expect(modelTurns(body as never)).toEqual([{ role: "model", parts: signed }]);
      expect(warnings).toEqual([]);
    });

    it("leaves them off for the other endpoint, and says so for a part that was only a signature", () => {
      const { body, warnings } = googleCodec.encodeRequest([question, vertexTurn]);
      expect(modelTurns(body as never)).toEqual([{ role: "model", parts: signed.slice(0, -1).map(({ thoughtSignature: _dropped, ...part }) => part) }]);
      expect(warnings).toMatchObject([{ code: "provider/part-skipped", pointer: "/1/parts/5", message: expect.stringContaining("gemini-api") }]);
    });

    it("sends them anyway when replaySignaturesAcrossEndpoints is on", () => {
      const { body, warnings } = googleCodec.encodeRequest([question, vertexTurn], { flags: [REPLAY_SIGNATURES_ACROSS_ENDPOINTS] });
      expect(modelTurns(body as never)).toEqual([{ role: "model", parts: signed }]);
      expect(warnings).toEqual([]);
    });

    it("sends a signature whose endpoint is not recorded", () => {
      const unrecorded: Message = { role: "assistant", parts: [{ type: "tool_call", toolCall: { id: "", type: "function", name: "f", arguments: "{}" }, payload: signature("Q2FsbA==") }] };
      expect(modelTurns(googleCodec.encodeRequest([question, unrecorded]).body as never)[0]?.parts).toEqual([{ functionCall: { name: "f", args: {} }, thoughtSignature: "Q2FsbA==" }]);
    });
  });

  it("names the part whose tool-call arguments are not a JSON object", () => {
    expect(() => encodeGoogleRequest([{ role: "assistant", parts: [{ type: "tool_call", toolCall: { id: "", type: "function", name: "f", arguments: "[1]" } }] }]))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/0/parts/0" }));
  });

  it.each(["{executableCode", '"executableCode"'])("names the part whose raw JSON %s is not a JSON object", (rawJson) => {
    expect(() => encodeGoogleRequest([{ role: "assistant", parts: [{ type: "unknown", provider: "google", kind: "executableCode", rawJson }] }]))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", provider: "google", pointer: "/0/parts/0" }));
  });
});
