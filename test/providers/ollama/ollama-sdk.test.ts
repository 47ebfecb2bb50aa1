// The official Ollama client (npm `ollama`) against partwise over real HTTP on loopback (issue 15, item 1):
// the client's parsed stream (`chat({ stream: true })`, an AbortableAsyncIterator of ChatResponse) decodes
// to what the recorded NDJSON bytes decode to, its blocking ChatResponse to what the recorded JSON does,
// and the body the client sends for an encoded request is the encoded body.
import { type ChatResponse, Ollama } from "ollama";
import type { ServerResponse } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { decodeOllamaResponse, encodeOllamaRequest, ollamaCodec } from "../../../src/providers/ollama/index.js";
import { decodeEventStream } from "../../../src/providers/decode-stream.js";
import { loopbackServer, type RecordedRequest } from "../../support/loopback-server.js";
import { decodeByteChunks, fixtureFiles, readFixtureBytes, readFixtureJson } from "../support/provider-fixtures.js";

const PROVIDER = "ollama";

/** The next answer of the loopback server: a recorded body and its media type. */
let answer: { contentType: string; body: Uint8Array } = { contentType: "application/json", body: new Uint8Array() };
let server: { url: string; requests: RecordedRequest[] };
let client: Ollama;

function serve(response: ServerResponse): void {
  response.writeHead(200, { "content-type": answer.contentType });
  response.end(answer.body);
}

beforeAll(async () => {
  server = await loopbackServer([(_request, response) => serve(response)]);
  client = new Ollama({ host: server.url });
});

/** The NDJSON streams recorded without an error line (the client throws on one, as partwise does). */
function recordedStreams(): string[] {
  return fixtureFiles(PROVIDER, ".ndjson").filter((file) => !new TextDecoder().decode(readFixtureBytes(PROVIDER, file)).includes('"error"'));
}

const ASK = { model: "qwen3", messages: [{ role: "user", content: "Weather in Tokyo?" }] };

describe("decodeEventStream", () => {
  it("reads more than one recording", () => {
    expect(recordedStreams().length).toBeGreaterThan(1);
  });

  it.each(recordedStreams())("decodes the client's chat stream of %s to what the recorded bytes decode to", async (file) => {
    const bytes = readFixtureBytes(PROVIDER, file);
    answer = { contentType: "application/x-ndjson", body: bytes };
    const stream = await client.chat({ ...ASK, stream: true });
    expect(await decodeEventStream(ollamaCodec, stream)).toEqual(await decodeByteChunks(ollamaCodec, [bytes]));
  });
});

/** The blocking responses recorded (requests recorded beside them left out). */
function recordedResponses(): string[] {
  return fixtureFiles(PROVIDER, ".json").filter((file) => (readFixtureJson(PROVIDER, file) as { done?: unknown }).done !== undefined);
}

describe("decodeOllamaResponse", () => {
  it("reads more than one recording", () => {
    expect(recordedResponses().length).toBeGreaterThan(1);
  });

  it.each(recordedResponses())("decodes the client's ChatResponse of %s as the recorded JSON", async (file) => {
    const recorded = readFixtureJson(PROVIDER, file);
    answer = { contentType: "application/json", body: new TextEncoder().encode(JSON.stringify(recorded)) };
    const response: ChatResponse = await client.chat({ ...ASK, stream: false });
    expect(decodeOllamaResponse(response)).toEqual(decodeOllamaResponse(recorded));
  });
});

/** A tool loop with thinking, parallel tool calls, an image and the results, and a message field partwise does not model. */
const HISTORY: Message[] = [
  { role: "system", parts: [{ type: "text", text: "Answer in metric units." }] },
  { role: "user", parts: [
    { type: "text", text: "Is it warmer in Tokyo or in the city on this photo?" },
    { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", dataKind: "bytes" } },
  ] },
  { role: "assistant", parts: [
    { type: "reasoning", text: "The photo shows Paris; I need both temperatures.", attributes: { provider: "ollama" } },
    { type: "tool_call", toolCall: { id: "call_tokyo", type: "function", name: "get_temperature", arguments: '{"city":"Tokyo"}' } },
    { type: "tool_call", toolCall: { id: "call_paris", type: "function", name: "get_temperature", arguments: '{"city":"Paris"}' } },
    { type: "unknown", provider: "ollama", kind: "message_field", rawJson: '{"tool_choice_hint":"parallel"}' },
  ] },
  { role: "tool", parts: [
    { type: "tool_result", id: "call_tokyo", content: [{ type: "text", text: "22 °C" }], isError: false },
    { type: "tool_result", id: "call_paris", content: [{ type: "text", text: "18 °C" }], isError: false },
  ] },
  { role: "user", parts: [{ type: "text", text: "And tomorrow?" }] },
];

describe("encodeOllamaRequest", () => {
  /** The body the client sent to the loopback server, as JSON. */
  function lastSentBody(): unknown {
    return JSON.parse(server.requests.at(-1)?.body ?? "null");
  }

  it("writes a body the client sends unchanged, for a tool loop with thinking, parallel calls, an image and results", async () => {
    answer = { contentType: "application/json", body: new TextEncoder().encode(JSON.stringify(readFixtureJson(PROVIDER, "ollama-docs__chat-no-streaming.json"))) };
    const encoded = encodeOllamaRequest(HISTORY, { request: { model: "qwen3", stream: false, think: true } });
    expect(encoded.warnings).toEqual([]);
    // The client writes into the request it is given (`stream`, images), so the body is compared as encoded.
    const expected: unknown = JSON.parse(JSON.stringify(encoded.body));
    await client.chat(encoded.body);
    expect(lastSentBody()).toEqual(expected);
    expect(expected).toMatchObject({ messages: [{ role: "system" }, { role: "user", images: [expect.any(String)] }, { role: "assistant", tool_calls: [{}, {}] }, { role: "tool" }, { role: "tool" }, { role: "user" }] });
  });

  it("writes a streaming body the client sends unchanged when the request fields say stream: true", async () => {
    answer = { contentType: "application/x-ndjson", body: readFixtureBytes(PROVIDER, "ollama-docs__chat-streaming.ndjson") };
    const encoded = ollamaCodec.encodeRequest(HISTORY, { request: { model: "qwen3", stream: true } });
    const expected: unknown = JSON.parse(JSON.stringify(encoded.body));
    for await (const response of await client.chat(encoded.body)) expect(response.model).toBeTypeOf("string");
    expect(lastSentBody()).toEqual(expected);
  });
});
