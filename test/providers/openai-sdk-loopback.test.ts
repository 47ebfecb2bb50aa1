// The real openai SDK client against a loopback server that answers with recorded fixture bytes, for
// Responses, Chat Completions and DeepSeek: its parsed stream and its blocking result decode as the
// recording does, and the HTTP body it sends for partwise's encoded body is that body, field for field.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../generated/types.js";
import { decodeEventStream, decodeStream } from "../../src/providers/decode-stream.js";
import { deepSeekCodec } from "../../src/providers/deepseek/index.js";
import { createOpenAiChatCodec, openAiChatCodec } from "../../src/providers/openai-chat/index.js";
import { openAiResponsesCodec } from "../../src/providers/openai-responses/index.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { chatCompletionsSseBytes } from "./support/openai-sdk-oracle.js";
import { readFixtureBytes, readFixtureJson, readFixtureLines, serverSentEventBytes } from "./support/provider-fixtures.js";
import { type Handler, json, loopbackServer } from "../support/loopback-server.js";

const openRouterCodec = createOpenAiChatCodec("openrouter");

/** A handler answering with a recorded stream's bytes, as the server sent them. */
function eventStream(bytes: Uint8Array): Handler {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(Buffer.from(bytes));
  };
}

/** The bytes of a recording: an `.sse` file as recorded, a `.chunks.txt` file (one event JSON a line) framed as its server frames it. */
function recordedBytes(folder: string, file: string): Uint8Array {
  if (file.endsWith(".sse")) return readFixtureBytes(folder, file);
  const events = readFixtureLines(folder, file);
  return folder === "openai-responses" ? serverSentEventBytes(events, (event) => (event as { type: string }).type) : chatCompletionsSseBytes(events);
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** A client of the loopback server with a fake key and no retries. */
async function sdkClient(handlers: Handler[]) {
  const server = await loopbackServer(handlers);
  return { client: new OpenAI({ apiKey: "sk-loopback", baseURL: server.url, maxRetries: 0 }), requests: server.requests };
}

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const PDF = "JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PC9UeXBlL0NhdGFsb2c+PgplbmRvYmoK";

const userText = (text: string): Message => ({ role: "user", parts: [{ type: "text", text }] });
const toolResult = (id: string, text: string): Message => ({ role: "tool", parts: [{ type: "tool_result", id, name: "get_weather", content: [{ type: "text", text }], isError: false }] });
const image: Part = { type: "media", media: { mimeType: "image/png", data: PNG, dataKind: "bytes" } };
const pdf: Part = { type: "media", media: { mimeType: "application/pdf", data: PDF, dataKind: "bytes", name: "forecast.pdf" } };

/** The first tool call id of a message. */
function callId(message: Message): string {
  const call = message.parts.find((part) => part.type === "tool_call");
  if (call?.type !== "tool_call") throw new Error("the recorded turn has no tool call");
  return call.toolCall.id;
}

/** The assistant message a recorded stream aggregates to. */
async function streamedMessage(codec: ProviderCodec, folder: string, file: string): Promise<Message> {
  const [response] = await decodeStream(codec, once(recordedBytes(folder, file)));
  return response!.message;
}

/** What the server received, as JSON. */
function sentBody(requests: readonly { body: string }[]): unknown {
  return JSON.parse(requests.at(-1)!.body);
}

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Per codec, recordings of its server: a stream (`.sse` bytes or `.chunks.txt` events) and a blocking response. */
const RECORDINGS = [
  { codec: openAiResponsesCodec, folder: "openai-responses", stream: "reference__composed-reasoning-commentary-call.sse", blocking: "vercel-ai__openai-reasoning-encrypted-content.1.json" },
  { codec: openAiResponsesCodec, folder: "openai-responses", stream: "vercel-ai__openai-reasoning-encrypted-content.1.chunks.txt", blocking: "vercel-ai__openai-web-search-tool.1.json" },
  { codec: openAiResponsesCodec, folder: "openai-responses", stream: "vercel-ai__openai-web-search-tool.1.chunks.txt", blocking: "vercel-ai__parallel-tool-call-wrapper.1.json" },
  { codec: openAiChatCodec, folder: "openai-chat", stream: "openai-text.chunks.txt", blocking: "openai-text.json" },
  { codec: openRouterCodec, folder: "openai-chat", stream: "openrouter-stream-with-reasoning.sse", blocking: "openrouter-preserve-reasoning-block.2.json" },
  { codec: deepSeekCodec, folder: "deepseek", stream: "deepseek-thinking-stream.sse", blocking: "deepseek-reasoning.json" },
  { codec: deepSeekCodec, folder: "deepseek", stream: "deepseek-tool-call.chunks.txt", blocking: "deepseek-v4-tool-loop.2.json" },
] as const;

const QUESTION = "Weather in Oslo?";

/** The SDK call a recording answers: Responses for the Responses folder, Chat Completions (OpenAI's, OpenRouter's, DeepSeek's) for the others. */
function ask(client: OpenAI, folder: string, stream: true): Promise<AsyncIterable<unknown>>;
function ask(client: OpenAI, folder: string, stream: false): Promise<unknown>;
async function ask(client: OpenAI, folder: string, stream: boolean): Promise<unknown> {
  if (folder === "openai-responses") return client.responses.create({ model: "gpt-5", input: QUESTION, stream });
  return client.chat.completions.create({ model: "served-model", messages: [{ role: "user", content: QUESTION }], stream });
}

describe("decodeEventStream", () => {
  it.each(RECORDINGS)("gives for the SDK's parsed stream of $folder/$stream what the recorded bytes give", async ({ codec, folder, stream }) => {
    const bytes = recordedBytes(folder, stream);
    const { client } = await sdkClient([eventStream(bytes)]);
    const fromBytes = await decodeStream(codec, once(bytes));
    expect(fromBytes[0]?.message.parts.length).toBeGreaterThan(0);
    expect(await decodeEventStream(codec, await ask(client, folder, true))).toEqual(fromBytes);
  });
});

describe("decodeResponse", () => {
  it.each(RECORDINGS)("gives for the SDK's result of $folder/$blocking what the recorded JSON gives", async ({ codec, folder, blocking }) => {
    const recorded = readFixtureJson(folder, blocking);
    const { client } = await sdkClient([json(200, recorded)]);
    const fromRecording = codec.decodeResponse(recorded);
    expect(fromRecording.message.parts.length).toBeGreaterThan(0);
    expect(codec.decodeResponse(await ask(client, folder, false))).toEqual(fromRecording);
  });
});

describe("encodeRequest", () => {
  it("gives a Responses body the SDK sends as it is: encrypted reasoning, a function call and its output, image and file input, hosted tool items", async () => {
    const reasoningTurn = await streamedMessage(openAiResponsesCodec, "openai-responses", "reference__composed-reasoning-commentary-call.sse");
    const webSearchTurn = openAiResponsesCodec.decodeResponse(readFixtureJson("openai-responses", "vercel-ai__openai-web-search-tool.1.json")).message;
    const history: Message[] = [
      { role: "system", parts: [{ type: "text", text: "Answer briefly." }] },
      { role: "user", parts: [{ type: "text", text: "Weather in Oslo? Here is the map and the forecast." }, image, pdf] },
      reasoningTurn,
      toolResult(callId(reasoningTurn), '{"temp_c":7}'),
      webSearchTurn,
      userText("Thanks."),
    ];
    const encoded = openAiResponsesCodec.encodeRequest(history, {
      request: { model: "gpt-5", reasoning: { effort: "medium", summary: "auto" }, include: ["message.output_text.logprobs"] },
    });
    const input = JSON.stringify(encoded.body.input);
    for (const expected of ['"encrypted_content":"gAAAAB-final', '"type":"function_call"', '"type":"function_call_output"', '"type":"input_image"', '"type":"input_file"', '"type":"web_search_call"']) {
      expect(input).toContain(expected);
    }
    const { client, requests } = await sdkClient([json(200, readFixtureJson("openai-responses", "vercel-ai__openai-reasoning-encrypted-content.1.json"))]);
    await client.responses.create(encoded.body);
    expect(sentBody(requests)).toEqual(asJson(encoded.body));
  });

  it("gives a Chat Completions body the SDK sends as it is: OpenRouter's reasoning details, a tool call and its result, an image", async () => {
    const reasoningTurn = openRouterCodec.decodeResponse(readFixtureJson("openai-chat", "openrouter-preserve-reasoning-block.2.json")).message;
    const callTurn = openRouterCodec.decodeResponse(readFixtureJson("openai-chat", "groq-tool-call.json")).message;
    const history: Message[] = [
      { role: "user", parts: [{ type: "text", text: "What is on the map?" }, image] },
      reasoningTurn,
      userText("And the weather?"),
      callTurn,
      toolResult(callId(callTurn), '{"temp_c":7}'),
    ];
    const encoded = openRouterCodec.encodeRequest(history, { request: { model: "anthropic/claude-sonnet-4.5", tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object" } } }] } });
    const messages = JSON.stringify(encoded.body.messages);
    for (const expected of ['"reasoning_details"', '"tool_calls"', '"role":"tool"', '"type":"image_url"']) expect(messages).toContain(expected);
    const { client, requests } = await sdkClient([json(200, readFixtureJson("openai-chat", "openai-text.json"))]);
    await client.chat.completions.create(encoded.body);
    expect(sentBody(requests)).toEqual(asJson(encoded.body));
  });

  it("gives a DeepSeek body the SDK sends as it is, reasoning_content (which the SDK's types lack) included", async () => {
    const callTurn = deepSeekCodec.decodeResponse(readFixtureJson("deepseek", "deepseek-v4-tool-loop.2.json")).message;
    const history: Message[] = [userText("Roll a die for Anne."), callTurn, toolResult(callId(callTurn), "4")];
    const encoded = deepSeekCodec.encodeRequest(history, { request: { model: "deepseek-v4-pro", thinking: { type: "enabled" } } });
    expect(JSON.stringify(encoded.body.messages)).toContain('"reasoning_content"');
    const { client, requests } = await sdkClient([json(200, readFixtureJson("deepseek", "deepseek-reasoning.json"))]);
    await client.chat.completions.create(encoded.body);
    expect(sentBody(requests)).toEqual(asJson(encoded.body));
  });
});
