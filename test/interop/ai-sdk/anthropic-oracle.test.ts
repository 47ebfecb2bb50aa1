// Oracle: a partwise history with signed and redacted thinking and a tool loop, converted with
// toModelMessages and sent by the REAL generateText / streamText through the real @ai-sdk/anthropic, must
// carry the same thinking blocks, in the same order, as partwise's own Anthropic encoder; the recorded reply,
// read by the AI SDK and converted back, must carry the payloads partwise's own decoder reads from it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Message, OpaquePayload } from "../../../generated/types.js";
import { fromModelMessages, toModelMessages } from "../../../src/exports/ai-sdk.js";
import { decodeStream } from "../../../src/providers/decode-stream.js";
import { codecFor } from "../../../src/providers/registry.js";
import { recordingFetch, serverSentEvents } from "./recording-fetch.js";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/anthropic/${name}`, import.meta.url), "utf8");
const REPLY = fixture("vercel-ai__anthropic-clear-thinking.1.json");
const STREAM = serverSentEvents(fixture("vercel-ai__anthropic-clear-thinking.1.chunks.txt"));

const history: Message[] = [
  { role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] },
  {
    role: "assistant",
    parts: [
      { type: "reasoning", text: "Need live data.", payload: { provider: "anthropic", kind: "signature", data: "EqQBCkgIARABGAIiQ+sig/1==" } },
      { type: "reasoning", text: null, payload: { provider: "anthropic", kind: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix+redacted" } },
      { type: "tool_call", toolCall: { id: "toolu_01", type: "function", name: "get_weather", arguments: "{\"city\":\"Oslo\"}" } },
    ],
  },
  { role: "tool", parts: [{ type: "tool_result", id: "toolu_01", name: "get_weather", content: [{ type: "text", text: "rain, 7 C" }], isError: false }] },
];

type Block = { type: string; signature?: string; data?: string; id?: string };

/** The payload-bearing blocks of an Anthropic request body, in order. */
function thinkingBlocks(body: unknown): Block[] {
  const messages = (body as { messages: { content: string | Block[] }[] }).messages;
  return messages.flatMap((message) => (typeof message.content === "string" ? [] : message.content))
    .filter((block) => block.type === "thinking" || block.type === "redacted_thinking" || block.type === "tool_use")
    .map(({ type, signature, data, id }) => ({ type, ...(signature === undefined ? {} : { signature }), ...(data === undefined ? {} : { data }), ...(id === undefined ? {} : { id }) }));
}

function payloads(messages: readonly Message[]): OpaquePayload[] {
  return messages.flatMap((message) => message.parts.flatMap((part) => (part.payload == null ? [] : [part.payload])));
}

async function* bytesOf(text: string): AsyncIterable<Uint8Array> {
  yield new TextEncoder().encode(text);
}

const codec = codecFor("anthropic");
const expectedBlocks = thinkingBlocks(codec.encodeRequest(history).body);
const expectedReply = payloads([codec.decodeResponse(JSON.parse(REPLY)).message]);

interface Sdk {
  generateText: (options: never) => Promise<{ response: { messages: unknown[] } }>;
  streamText: (options: never) => { response: PromiseLike<{ messages: unknown[] }>; consumeStream: () => PromiseLike<unknown> };
  createAnthropic: (options: { apiKey: string; fetch: typeof globalThis.fetch }) => (model: string) => unknown;
}

async function sdk6(): Promise<Sdk> {
  const [ai, anthropic] = await Promise.all([import("ai"), import("@ai-sdk/anthropic")]);
  return { generateText: ai.generateText as never, streamText: ai.streamText as never, createAnthropic: anthropic.createAnthropic as never };
}

async function sdk7(): Promise<Sdk> {
  const [ai, anthropic] = await Promise.all([import("ai-v7"), import("ai-sdk-anthropic-v4")]);
  return { generateText: ai.generateText as never, streamText: ai.streamText as never, createAnthropic: anthropic.createAnthropic as never };
}

function oracle(load: () => Promise<Sdk>) {
  it("compares signed, redacted and tool blocks when the history has them", () => {
    expect(expectedBlocks.map((block) => block.type)).toEqual(["thinking", "redacted_thinking", "tool_use"]);
    expect(expectedReply.map((payload) => payload.kind)).toEqual(["signature"]);
  });

  it("sends the thinking blocks partwise's encoder sends and reads back its payloads when generateText runs", async () => {
    const { generateText, createAnthropic } = await load();
    const recorder = recordingFetch(REPLY, "application/json");
    const model = createAnthropic({ apiKey: "test-key", fetch: recorder.fetch })("claude-sonnet-4-5");
    const result = await generateText({ model, messages: toModelMessages(history).messages } as never);
    expect(thinkingBlocks(recorder.bodies[0])).toEqual(expectedBlocks);
    expect(payloads(fromModelMessages(result.response.messages).messages)).toEqual(expectedReply);
  });

  it("reads back the payloads partwise's stream decoder reads when streamText runs", async () => {
    const { streamText, createAnthropic } = await load();
    const recorder = recordingFetch(STREAM, "text/event-stream");
    const model = createAnthropic({ apiKey: "test-key", fetch: recorder.fetch })("claude-sonnet-4-5");
    const result = streamText({ model, messages: toModelMessages(history).messages } as never);
    await result.consumeStream();
    const response = await result.response;
    expect(thinkingBlocks(recorder.bodies[0])).toEqual(expectedBlocks);
    const [decoded] = await decodeStream(codec, bytesOf(STREAM));
    expect(payloads(fromModelMessages(response.messages).messages)).toEqual(payloads([decoded!.message]));
  });
}

describe("toModelMessages with ai 6 and @ai-sdk/anthropic 3", () => oracle(sdk6));

// ai 7 and @ai-sdk/anthropic 4 declare Node >= 22; CI runs them on its Node 22 and 24 legs.
describe.runIf(Number(process.versions.node.split(".")[0]) >= 22)("toModelMessages with ai 7 and @ai-sdk/anthropic 4", () => oracle(sdk7));
