// The official Anthropic SDK against partwise over real HTTP on loopback (issue 15, item 1): the SDK's
// parsed stream (`messages.create({ stream: true })` and `messages.stream()`) decodes to what the recorded
// bytes decode to, its blocking `Message` to what the recorded JSON does, and the body the SDK sends for an
// encoded request is the encoded body, so it re-cases and drops nothing.
import Anthropic from "@anthropic-ai/sdk";
import type { ServerResponse } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { anthropicCodec, decodeAnthropicResponse, encodeAnthropicRequest } from "../../../src/providers/anthropic/index.js";
import { decodeEventStream } from "../../../src/providers/decode-stream.js";
import { loopbackServer, type RecordedRequest } from "../../support/loopback-server.js";
import { decodeByteChunks, fixtureFiles, readFixtureJson, readFixtureLines, serverSentEventBytes } from "../support/provider-fixtures.js";

const PROVIDER = "anthropic";

/** The next answer of the loopback server: a recorded body and its media type. */
let answer: { contentType: string; body: Uint8Array } = { contentType: "application/json", body: new Uint8Array() };
let server: { url: string; requests: RecordedRequest[] };
let client: Anthropic;

function serve(response: ServerResponse): void {
  response.writeHead(200, { "content-type": answer.contentType, "request-id": "req_loopback" });
  response.end(answer.body);
}

beforeAll(async () => {
  server = await loopbackServer([(_request, response) => serve(response)]);
  client = new Anthropic({ apiKey: "sk-ant-loopback", baseURL: server.url, maxRetries: 0 });
});

/** The streams recorded as one JSON event per line that decode without an error event (the SDK throws on one). */
function recordedStreams(): { file: string; bytes: Uint8Array; responses: number }[] {
  return fixtureFiles(PROVIDER, ".chunks.txt").flatMap((file) => {
    let events: unknown[];
    try {
      events = readFixtureLines(PROVIDER, file);
    } catch {
      return [];
    }
    if (events.some((event) => (event as { type?: unknown }).type === "error")) return [];
    const responses = events.filter((event) => (event as { type?: unknown }).type === "message_start").length;
    return [{ file, bytes: serverSentEventBytes(events, (event) => String((event as { type: unknown }).type)), responses }];
  });
}

/** The blocking responses recorded (error bodies left out). */
function recordedResponses(): string[] {
  return fixtureFiles(PROVIDER, ".json").filter((file) => (readFixtureJson(PROVIDER, file) as { type?: unknown }).type === "message");
}

const ASK = { model: "claude-sonnet-4-6", max_tokens: 1024, messages: [{ role: "user" as const, content: "Weather in Oslo?" }] };

describe("decodeEventStream", () => {
  it("reads more than one recording", () => {
    expect(recordedStreams().length).toBeGreaterThan(3);
  });

  it.each(recordedStreams().map((recording) => [recording.file, recording] as const))(
    "decodes the SDK's messages.create stream of %s to what the recorded bytes decode to",
    async (_file, { bytes }) => {
      answer = { contentType: "text/event-stream", body: bytes };
      const stream = await client.messages.create({ ...ASK, stream: true });
      expect(await decodeEventStream(anthropicCodec, stream)).toEqual(await decodeByteChunks(anthropicCodec, [bytes]));
    },
  );

  // MessageStream accumulates one message and rejects a second message_start, which create's stream passes on.
  it.each(recordedStreams().filter(({ responses }) => responses === 1).map((recording) => [recording.file, recording] as const))(
    "decodes the SDK's messages.stream events of %s to what the recorded bytes decode to",
    async (_file, { bytes }) => {
      answer = { contentType: "text/event-stream", body: bytes };
      expect(await decodeEventStream(anthropicCodec, client.messages.stream(ASK))).toEqual(await decodeByteChunks(anthropicCodec, [bytes]));
    },
  );
});

describe("decodeAnthropicResponse", () => {
  it.each(recordedResponses())("decodes the SDK's Message of %s as the recorded JSON", async (file) => {
    const recorded = readFixtureJson(PROVIDER, file);
    answer = { contentType: "application/json", body: new TextEncoder().encode(JSON.stringify(recorded)) };
    const message: Anthropic.Message = await client.messages.create(ASK);
    expect(decodeAnthropicResponse(message)).toEqual(decodeAnthropicResponse(recorded));
  });
});

/** A tool loop with what Anthropic hands back: signed and redacted thinking, calls with their extra fields, server blocks, media, results. */
const HISTORY: Message[] = [
  { role: "system", parts: [{ type: "text", text: "Answer in metric units." }] },
  { role: "user", parts: [
    { type: "text", text: "What does this forecast say, and is it raining in Oslo?" },
    { type: "media", media: { mimeType: "application/pdf", name: "forecast.pdf", data: "JVBERi0xLjcKJeLjz9MK", dataKind: "bytes" } },
    { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", dataKind: "bytes" } },
    { type: "media", media: { mimeType: "image/jpeg", data: "https://example.com/radar.jpg", dataKind: "url" } },
    { type: "media", media: { mimeType: "text/plain", name: "notes.txt", data: "Rain expected after noon.", dataKind: "string" } },
  ] },
  { role: "assistant", parts: [
    { type: "reasoning", text: "The user wants Oslo's weather; I'll search, then call get_weather.", payload: { provider: "anthropic", kind: "signature", data: "EqQBCkgIARABGAIiQL8Uo2yQ4f0pZqJcPzb5t1nVwMbZ0l3W9pQ8A1Cx" } },
    { type: "reasoning", payload: { provider: "anthropic", kind: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfW" } },
    { type: "unknown", provider: "anthropic", kind: "server_tool_use", rawJson: '{"type":"server_tool_use","id":"srvtoolu_01WYG3ziw53XMcoyKL4XcZmE","name":"web_search","input":{"query":"Oslo weather today"}}' },
    { type: "unknown", provider: "anthropic", kind: "web_search_tool_result", rawJson: '{"type":"web_search_tool_result","tool_use_id":"srvtoolu_01WYG3ziw53XMcoyKL4XcZmE","content":[{"type":"web_search_result","url":"https://www.yr.no/en/forecast/daily-table/1-72837","title":"Oslo - Yr","encrypted_content":"EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3","page_age":null}]}' },
    { type: "text", text: "Light rain and 7 °C in Oslo right now.", payload: { provider: "anthropic", kind: "block_fields", data: '{"citations":[{"type":"web_search_result_location","url":"https://www.yr.no/en/forecast/daily-table/1-72837","title":"Oslo - Yr","encrypted_index":"EpMBCioIBxgCIiQ4ODk4YTFkYy0yMTNk","cited_text":"Light rain, 7°"}]}' } },
    { type: "tool_call", toolCall: { id: "toolu_01Q9ExVZnzZj7E2QQYHYtNUa", type: "function", name: "get_weather", arguments: '{"city":"Oslo","unit":"celsius"}' }, payload: { provider: "anthropic", kind: "block_fields", data: '{"caller":{"type":"direct"}}' } },
    { type: "tool_call", toolCall: { id: "toolu_01A09q90qw90lq917835lq9", type: "function", name: "get_weather", arguments: '{"city":"Bergn"}' } },
  ] },
  { role: "tool", parts: [
    { type: "tool_result", id: "toolu_01Q9ExVZnzZj7E2QQYHYtNUa", name: "get_weather", content: [{ type: "text", text: '{"temp_c":7,"conditions":"light rain"}' }], isError: false },
    { type: "tool_result", id: "toolu_01A09q90qw90lq917835lq9", name: "get_weather", content: [
      { type: "text", text: "city not found: Bergn" },
      { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
    ], isError: true },
  ] },
  { role: "user", parts: [{ type: "text", text: "And tomorrow?" }] },
];

describe("encodeAnthropicRequest", () => {
  /** The body the SDK sent to the loopback server, as JSON. */
  function lastSentBody(): unknown {
    return JSON.parse(server.requests.at(-1)?.body ?? "null");
  }

  it("writes a body the SDK sends unchanged, for a tool loop with thinking, server blocks, media and results", async () => {
    answer = { contentType: "application/json", body: new TextEncoder().encode(JSON.stringify(readFixtureJson(PROVIDER, recordedResponses()[0]!))) };
    const encoded = encodeAnthropicRequest(HISTORY, { request: { model: "claude-sonnet-4-6", max_tokens: 2048, thinking: { type: "enabled", budget_tokens: 1024 } } });
    expect(encoded.warnings).toEqual([]);
    await client.messages.create(encoded.body);
    expect(lastSentBody()).toEqual(encoded.body);
    expect(lastSentBody()).toMatchObject({ system: "Answer in metric units.", messages: [{ role: "user" }, { role: "assistant" }, { role: "user" }] });
  });

  it("writes a streaming body the SDK sends unchanged when the request fields say stream: true", async () => {
    const [recording] = recordedStreams();
    answer = { contentType: "text/event-stream", body: recording!.bytes };
    const encoded = anthropicCodec.encodeRequest(HISTORY, { request: { model: "claude-sonnet-4-6", max_tokens: 2048, stream: true } });
    const stream = await client.messages.create(encoded.body);
    for await (const event of stream) expect(event.type).toBeTypeOf("string");
    expect(lastSentBody()).toEqual(encoded.body);
  });
});
