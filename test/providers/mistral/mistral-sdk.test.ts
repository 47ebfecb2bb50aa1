// The official @mistralai/mistralai client against a loopback server: the HTTP body its serializer sends
// from mistralSdkRequest is partwise's wire body, and its camelCase results (ChatCompletionResponse, the
// CompletionEvent stream) mapped back by mistralResponseFromSdk / mistralEventsFromSdk decode as the
// recorded JSON and bytes do.
import { Mistral } from "@mistralai/mistralai";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import type { MistralRequestMessage } from "../../../generated/wire/mistral.js";
import { decodeEventStream, decodeStream } from "../../../src/providers/decode-stream.js";
import { decodeMistralResponse, mistralCodec, mistralEventsFromSdk, mistralResponseFromSdk, mistralSdkRequest } from "../../../src/providers/mistral/index.js";
import { asyncChunks } from "../../support/rechunk.js";
import { fixtureFiles, readFixtureBytes, readFixtureJson, readFixtureLines, serverSentEventBytes } from "../support/provider-fixtures.js";
import { sdkLoopback } from "../support/sdk-loopback.js";

const PROVIDER = "mistral";

const server = await sdkLoopback();
const client = new Mistral({ apiKey: "test-key", serverURL: server.url });

/** A recorded stream as the bytes Mistral sends: data-only events ending with `data: [DONE]`. */
function streamBytes(file: string): Uint8Array {
  if (file.endsWith(".sse")) return readFixtureBytes(PROVIDER, file);
  const events = serverSentEventBytes(readFixtureLines(PROVIDER, file));
  return new Uint8Array([...events, ...new TextEncoder().encode("data: [DONE]\n\n")]);
}

const signature = (data: string) => ({ provider: "mistral", kind: "signature", data });
const fromMistral = { provider: "mistral" };

/** A history with everything the encoder writes: signed thinking, calls and results, images and a document. */
const history: Message[] = [
  { role: "system", parts: [{ type: "text", text: "Answer in one line." }] },
  { role: "user", parts: [
    { type: "text", text: "What is in this picture, and the weather in Oslo?" },
    { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
    { type: "media", media: { mimeType: "image/jpeg", data: "https://example.com/cat.jpg", dataKind: "url" } },
    { type: "media", media: { mimeType: "application/pdf", data: "https://example.com/forecast.pdf", dataKind: "url", name: "forecast.pdf" } },
  ] },
  { role: "assistant", parts: [
    { type: "reasoning", text: "A cat; then the weather.", payload: signature("dGhpbmtpbmctc2lnbmF0dXJl"), attributes: fromMistral },
    { type: "text", text: "A cat.", attributes: fromMistral },
    { type: "tool_call", toolCall: { id: "D681PevKs", type: "function", name: "get_weather", arguments: '{"city":"Oslo"}' }, attributes: fromMistral },
    { type: "tool_call", toolCall: { id: "toolu_01", type: "function", name: "get_time", arguments: "{}" }, attributes: fromMistral },
  ] },
  { role: "tool", parts: [
    { type: "tool_result", id: "D681PevKs", name: "get_weather", content: [{ type: "text", text: '{"temp_c":7}' }], isError: false },
    { type: "tool_result", id: "toolu_01", content: [{ type: "text", text: "12:00" }], isError: false },
  ] },
  { role: "assistant", parts: [{ type: "text", text: "7 °C at noon.", attributes: fromMistral }] },
  { role: "user", parts: [{ type: "text", text: "Thanks." }] },
];

/** The history encoded with request fields of every kind the SDK renames (an object literal, typed by the spec). */
function encoded(stream: boolean) {
  return mistralCodec.encodeRequest(history, {
    request: {
      model: "magistral-medium-latest",
      stream,
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 512,
      random_seed: 7,
      stop: ["END"],
      tools: [{ type: "function", function: { name: "get_weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } } } } }],
      tool_choice: "auto",
      parallel_tool_calls: true,
      response_format: { type: "json_schema", json_schema: { name: "answer", schema: { type: "object" }, strict: true } },
      prompt_mode: "reasoning",
      safe_prompt: false,
    },
  });
}

/**
 * A body as the SDK's serializer completes it with its defaults: `prefix: false` on assistant messages and
 * `index: 0` on tool calls (AssistantMessage$outboundSchema, ToolCall$outboundSchema), fields the API
 * documents with those same defaults. Nothing else is added, renamed or dropped.
 */
function withSdkDefaults(body: { messages: readonly MistralRequestMessage[] }): unknown {
  return {
    ...body,
    messages: body.messages.map((message) => {
      if (message.role !== "assistant") return message;
      const calls = message.tool_calls;
      return { ...message, prefix: false, ...(calls ? { tool_calls: calls.map((call) => ({ ...call, index: 0 })) } : {}) };
    }),
  };
}

describe("mistralSdkRequest", () => {
  it("gives what chat.complete sends as partwise's wire body when the history has signed thinking, calls, results and media", async () => {
    const { body, warnings } = encoded(false);
    expect(warnings).toEqual([]);
    server.answerJson(readFixtureJson(PROVIDER, "vercel-ai__mistral-text.json"));
    await client.chat.complete(mistralSdkRequest(body));
    expect(server.lastRequest().url).toBe("/v1/chat/completions");
    expect(server.lastRequest().body).toEqual(withSdkDefaults(body));
  });

  it("gives what chat.stream sends as partwise's wire body when the request streams", async () => {
    const { body } = encoded(true);
    server.answerEvents(streamBytes("vercel-ai__mistral-text.chunks.txt"));
    for await (const event of await client.chat.stream(mistralSdkRequest(body))) expect(event.data).toBeDefined();
    expect(server.lastRequest().body).toEqual(withSdkDefaults(body));
  });

  it("carries a field it does not know under its own name when the body has one", () => {
    expect(mistralSdkRequest({ model: "m", messages: [], future_option: { keep_me: 1 } })).toEqual({ model: "m", messages: [], future_option: { keep_me: 1 } });
  });
});

describe("mistralResponseFromSdk", () => {
  it.each(fixtureFiles(PROVIDER, ".json").filter((file) => !file.includes("request")))("decodes the SDK's ChatCompletionResponse of %s as the recorded JSON", async (file) => {
    const body = readFixtureJson(PROVIDER, file);
    server.answerJson(body);
    const response = await client.chat.complete({ model: "m", messages: [{ role: "user", content: "hi" }] });
    expect(decodeMistralResponse(mistralResponseFromSdk(response))).toEqual(decodeMistralResponse(body));
  });

  it("gives back the chunk the SDK read when the chunk's kind is one the SDK does not know", async () => {
    const recorded = readFixtureJson(PROVIDER, "vercel-ai__mistral-reasoning.json") as { choices: { message: { content: unknown[] } }[] };
    const body = structuredClone(recorded);
    body.choices[0]!.message.content.push({ type: "audio_transcript", transcript: "later API", segment_ids: [1, 2] });
    server.answerJson(body);
    const response = await client.chat.complete({ model: "m", messages: [{ role: "user", content: "hi" }] });
    const decoded = decodeMistralResponse(mistralResponseFromSdk(response));
    expect(decoded).toEqual(decodeMistralResponse(body));
    expect(decoded.message.parts.at(-1)).toMatchObject({ type: "unknown", kind: "audio_transcript" });
  });
});

describe("mistralEventsFromSdk", () => {
  it.each([...fixtureFiles(PROVIDER, ".chunks.txt"), ...fixtureFiles(PROVIDER, ".sse")])("decodes the SDK's stream of %s as the recorded bytes", async (file) => {
    const bytes = streamBytes(file);
    server.answerEvents(bytes);
    const stream = await client.chat.stream({ model: "m", messages: [{ role: "user", content: "hi" }] });
    expect(await decodeEventStream(mistralCodec, mistralEventsFromSdk(stream))).toEqual(await decodeStream(mistralCodec, asyncChunks([bytes])));
  });
});
