// Oracle: the real AI SDK (ai 6 with @ai-sdk/* 3.x) reads toUIMessages output and sends, through the real
// provider packages, the same signatures and encrypted reasoning in the same order as partwise's own encoder;
// and a recorded stream read by streamText/readUIMessageStream comes back through fromUIMessages with the
// same payloads as partwise's decodeStream of the same bytes.
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { convertToModelMessages, generateText, readUIMessageStream, streamText, validateUIMessages, type LanguageModel, type UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import type { Message, OpaquePayload, Part } from "../../../generated/types.js";
import { codecFor, decodeStream } from "../../../src/index.js";
import { fromUIMessages, toUIMessages } from "../../../src/interop/ui-message/index.js";
import { readCassette, type RecordedInteraction } from "../../support/cassettes.js";
import { recordingFetch } from "./recording-fetch.js";

const REAL = new URL("../../fixtures/real/", import.meta.url).pathname;

interface ProviderCase {
  readonly provider: "anthropic" | "openai.responses" | "google" | "bedrock";
  /** A cassette whose first reply holds reasoning with payloads, and whose second reply answers the next turn. */
  readonly blocking: string;
  /** A cassette whose reply is a stream with payloads. */
  readonly streaming: string;
  readonly model: (fetch: typeof globalThis.fetch) => LanguageModel;
  readonly providerOptions?: Record<string, Record<string, string | boolean>>;
  /**
   * Set when the AI SDK reads a different copy of a payload from the same stream: OpenAI re-encrypts the
   * reasoning between `response.output_item.done` (what @ai-sdk/openai keeps) and `response.completed`
   * (what partwise keeps), so only the payloads' providers, kinds and order can agree.
   */
  readonly streamKeepsAnotherCopy?: boolean;
}

const cases: readonly ProviderCase[] = [
  {
    provider: "anthropic",
    blocking: "anthropic/pydantic-ai__test_anthropic__test_anthropic_tool_with_thinking.yaml",
    streaming: "anthropic/pydantic-ai__test_anthropic__test_anthropic_model_thinking_part_redacted_stream.yaml",
    model: (fetch) => createAnthropic({ apiKey: "test", fetch })("claude-sonnet-4-5"),
  },
  {
    provider: "openai.responses",
    blocking: "openai-responses/pydantic-ai__test_openai_responses__test_openai_responses_thinking_with_tool_calls.yaml",
    streaming: "openai-responses/pydantic-ai__test_openai_responses__test_openai_responses_thinking_with_code_execution_tool_stream.yaml",
    model: (fetch) => createOpenAI({ apiKey: "test", fetch }).responses("gpt-5"),
    providerOptions: { openai: { store: false } },
    streamKeepsAnotherCopy: true,
  },
  {
    provider: "google",
    blocking: "google/pydantic-ai__test_google__test_google_model_thinking_part.yaml",
    streaming: "google/pydantic-ai__test_google__test_google_streaming_tool_call_thought_signature.yaml",
    model: (fetch) => createGoogleGenerativeAI({ apiKey: "test", fetch })("gemini-2.5-pro"),
  },
  {
    provider: "bedrock",
    blocking: "bedrock/pydantic-ai__test_bedrock__test_bedrock_model_thinking_part_redacted.yaml",
    streaming: "bedrock/pydantic-ai__test_bedrock__test_bedrock_model_thinking_part_redacted_stream.yaml",
    model: (fetch) => createAmazonBedrock({ region: "us-east-1", accessKeyId: "test", secretAccessKey: "test", fetch })("us.anthropic.claude-sonnet-4-5-20250929-v1:0"),
  },
];

/** The opaque values a request body carries, in document order: signatures, redacted and encrypted reasoning. */
function opaqueValues(value: unknown, found: string[] = [], parentType?: unknown): string[] {
  if (Array.isArray(value)) value.forEach((child) => opaqueValues(child, found, parentType));
  else if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(record)) {
      const opaque = ["signature", "encrypted_content", "thoughtSignature", "thought_signature", "redactedContent"].includes(key)
        || (key === "data" && record.type === "redacted_thinking")
        || (key === "data" && parentType === "redactedContent");
      if (opaque && typeof child === "string") found.push(child);
      else opaqueValues(child, found, key === "redactedContent" ? "redactedContent" : record.type);
    }
  }
  return found;
}

/** The payloads of messages, in order: what both directions must agree on. */
function payloadsOf(messages: readonly Message[]): OpaquePayload[] {
  const collect = (parts: readonly Part[]): OpaquePayload[] => parts.flatMap((part) => [
    ...(part.payload == null ? [] : [{ provider: part.payload.provider, kind: part.payload.kind, data: part.payload.data }]),
    ...(part.type === "tool_result" ? collect(part.content) : []),
  ]);
  return messages.flatMap((message) => collect(message.parts));
}

/** A history ending in the recorded reply: the user's question, the decoded reply, and a result for each of its calls. */
function historyFrom(provider: ProviderCase["provider"], reply: RecordedInteraction): Message[] {
  const assistant = codecFor(provider).decodeResponse(reply.body.value).message;
  const calls = assistant.parts.flatMap((part) => (part.type === "tool_call" ? [part.toolCall] : []));
  const results: Message[] = calls.length === 0
    ? [{ role: "user", parts: [{ type: "text", text: "And then?" }] }]
    : [{ role: "tool", parts: calls.map((call) => ({ type: "tool_result" as const, id: call.id, name: call.name, content: [{ type: "text" as const, text: "42" }], isError: false })) }];
  return [{ role: "user", parts: [{ type: "text", text: "Think, then answer." }] }, assistant, ...results];
}

async function* bytesOf(reply: RecordedInteraction): AsyncIterable<Uint8Array> {
  yield reply.body.kind === "bytes" ? reply.body.value : new TextEncoder().encode(reply.body.kind === "text" ? reply.body.value : JSON.stringify(reply.body.value));
}

describe("toUIMessages", () => {
  for (const providerCase of cases) {
    it(`makes the real @ai-sdk provider send the payloads partwise's ${providerCase.provider} encoder sends when the history holds its signed reasoning`, async () => {
      const [first, second] = readCassette(REAL + providerCase.blocking);
      const history = historyFrom(providerCase.provider, first!);
      const { messages } = toUIMessages(history);
      const validated = await validateUIMessages({ messages: messages as UIMessage[] });
      const recorder = recordingFetch([second ?? first!]);
      await generateText({
        model: providerCase.model(recorder.fetch),
        messages: await convertToModelMessages(validated),
        ...(providerCase.providerOptions === undefined ? {} : { providerOptions: providerCase.providerOptions }),
      });
      const partwise = codecFor(providerCase.provider).encodeRequest(history).body;
      const expected = opaqueValues(partwise);
      expect(expected.length).toBeGreaterThan(0);
      expect(opaqueValues(recorder.requests[0]!.body)).toEqual(expected);
    });
  }
});

describe("fromUIMessages", () => {
  for (const providerCase of cases) {
    it(`gives the payloads partwise's ${providerCase.provider} decodeStream gives when the real streamText read the recorded stream`, async () => {
      const [reply] = readCassette(REAL + providerCase.streaming);
      const recorder = recordingFetch([reply!]);
      const result = streamText({
        model: providerCase.model(recorder.fetch),
        prompt: "Think, then answer.",
        ...(providerCase.providerOptions === undefined ? {} : { providerOptions: providerCase.providerOptions }),
      });
      let last: UIMessage | undefined;
      for await (const message of readUIMessageStream({ stream: result.toUIMessageStream() })) last = message;
      const converted = fromUIMessages([last]);
      const decoded = await decodeStream(codecFor(providerCase.provider), bytesOf(reply!));
      const expected = payloadsOf(decoded.map((response) => response.message));
      expect(expected.length).toBeGreaterThan(0);
      const received = payloadsOf(converted.messages);
      const withoutData = (payloads: OpaquePayload[]) => payloads.map(({ provider, kind }) => ({ provider, kind }));
      if (providerCase.streamKeepsAnotherCopy) expect(withoutData(received)).toEqual(withoutData(expected));
      else expect(received).toEqual(expected);
    });
  }
});
