// Oracle: the real AI SDK (ai 6 with @ai-sdk/* 3.x; ai 7 with @ai-sdk/* 4.x-5.x on Node >= 22) reads
// toUIMessages output and sends, through the real provider packages, the same signatures and encrypted
// reasoning in the same order as partwise's own encoder; and a recorded stream read by
// streamText/readUIMessageStream comes back through fromUIMessages with the payloads of partwise's decodeStream.
import * as bedrockV4 from "@ai-sdk/amazon-bedrock";
import * as anthropicV3 from "@ai-sdk/anthropic";
import * as googleV3 from "@ai-sdk/google";
import * as openaiV3 from "@ai-sdk/openai";
import * as aiV6 from "ai";
import type { LanguageModel, UIMessage } from "ai";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message, OpaquePayload, Part } from "../../../generated/types.js";
import { codecFor, decodeStream } from "../../../src/index.js";
import { fromModelMessages } from "../../../src/interop/ai-sdk/from-model-messages.js";
import { fromUIMessages, toUIMessages } from "../../../src/interop/ui-message/index.js";
import { historyArbitrary } from "../../support/arbitraries.js";
import { readCassette, type RecordedInteraction } from "../../support/cassettes.js";
import { propertyRuns } from "../../support/property-runs.js";
import { recordingFetch } from "../support/recording-fetch.js";

const REAL = new URL("../../fixtures/real/", import.meta.url).pathname;

/** One major of the AI SDK: `ai` and the four provider packages, typed as ai 6's (ai 7 keeps these signatures). */
interface AiSdk {
  readonly ai: Pick<typeof aiV6, "convertToModelMessages" | "generateText" | "readUIMessageStream" | "streamText" | "validateUIMessages">;
  readonly anthropic: typeof anthropicV3.createAnthropic;
  readonly openai: typeof openaiV3.createOpenAI;
  readonly google: typeof googleV3.createGoogleGenerativeAI;
  readonly bedrock: typeof bedrockV4.createAmazonBedrock;
}

const aiSdk6: AiSdk = { ai: aiV6, anthropic: anthropicV3.createAnthropic, openai: openaiV3.createOpenAI, google: googleV3.createGoogleGenerativeAI, bedrock: bedrockV4.createAmazonBedrock };

/** ai 7 and @ai-sdk/* 4.x-5.x declare Node >= 22, so they are imported only there (CI's Node 22 and 24 legs). */
async function loadAiSdk7(): Promise<AiSdk> {
  const [ai, anthropic, openai, google, bedrock] = await Promise.all([
    import("ai-v7"), import("ai-sdk-anthropic-v4"), import("ai-sdk-openai-v4"), import("ai-sdk-google-v4"), import("ai-sdk-amazon-bedrock-v5"),
  ]);
  // The majors' types differ in detail (V3 vs V4 model specifications); the calls below are the same in both.
  return { ai, anthropic: anthropic.createAnthropic, openai: openai.createOpenAI, google: google.createGoogleGenerativeAI, bedrock: bedrock.createAmazonBedrock } as unknown as AiSdk;
}

const onNode22 = Number(process.versions.node.split(".")[0]) >= 22;

interface ProviderCase {
  readonly provider: "anthropic" | "openai.responses" | "google" | "bedrock";
  /** A cassette whose first reply holds reasoning with payloads, and whose second reply answers the next turn. */
  readonly blocking: string;
  /** A cassette whose reply is a stream with payloads. */
  readonly streaming: string;
  readonly model: (sdk: AiSdk, fetch: typeof globalThis.fetch) => LanguageModel;
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
    model: (sdk, fetch) => sdk.anthropic({ apiKey: "test", fetch })("claude-sonnet-4-5"),
  },
  {
    provider: "openai.responses",
    blocking: "openai-responses/pydantic-ai__test_openai_responses__test_openai_responses_thinking_with_tool_calls.yaml",
    streaming: "openai-responses/pydantic-ai__test_openai_responses__test_openai_responses_thinking_with_code_execution_tool_stream.yaml",
    model: (sdk, fetch) => sdk.openai({ apiKey: "test", fetch }).responses("gpt-5"),
    providerOptions: { openai: { store: false } },
    streamKeepsAnotherCopy: true,
  },
  {
    provider: "google",
    blocking: "google/pydantic-ai__test_google__test_google_model_thinking_part.yaml",
    streaming: "google/pydantic-ai__test_google__test_google_streaming_tool_call_thought_signature.yaml",
    model: (sdk, fetch) => sdk.google({ apiKey: "test", fetch })("gemini-2.5-pro"),
  },
  {
    provider: "bedrock",
    blocking: "bedrock/pydantic-ai__test_bedrock__test_bedrock_model_thinking_part_redacted.yaml",
    streaming: "bedrock/pydantic-ai__test_bedrock__test_bedrock_model_thinking_part_redacted_stream.yaml",
    model: (sdk, fetch) => sdk.bedrock({ region: "us-east-1", accessKeyId: "test", secretAccessKey: "test", fetch })("us.anthropic.claude-sonnet-4-5-20250929-v1:0"),
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

function oracle(major: string, loadSdk: () => Promise<AiSdk>): void {
describe(`toUIMessages (${major})`, () => {
  for (const providerCase of cases) {
    it(`makes the real @ai-sdk provider send the payloads partwise's ${providerCase.provider} encoder sends when the history holds its signed reasoning`, async () => {
      const sdk = await loadSdk();
      const [first, second] = readCassette(REAL + providerCase.blocking);
      const history = historyFrom(providerCase.provider, first!);
      const { messages } = toUIMessages(history);
      const validated = await sdk.ai.validateUIMessages({ messages: messages as UIMessage[] });
      const recorder = recordingFetch([second ?? first!]);
      await sdk.ai.generateText({
        model: providerCase.model(sdk, recorder.fetch),
        messages: await sdk.ai.convertToModelMessages(validated),
        ...(providerCase.providerOptions === undefined ? {} : { providerOptions: providerCase.providerOptions }),
      });
      const partwise = codecFor(providerCase.provider).encodeRequest(history).body;
      const expected = opaqueValues(partwise);
      expect(expected.length).toBeGreaterThan(0);
      expect(opaqueValues(recorder.requests[0]!.body)).toEqual(expected);
    });
  }
});

describe(`toUIMessages then fromModelMessages (${major})`, () => {
  for (const providerCase of cases) {
    it(`gives back the ${providerCase.provider} history equal, payloads included, when the real convertToModelMessages sits between the two converters`, async () => {
      const sdk = await loadSdk();
      const [first] = readCassette(REAL + providerCase.blocking);
      const history = historyFrom(providerCase.provider, first!);
      const { messages } = toUIMessages(history);
      const modelMessages = await sdk.ai.convertToModelMessages(await sdk.ai.validateUIMessages({ messages: messages as UIMessage[] }));
      const expected = payloadsOf(history);
      expect(expected.length).toBeGreaterThan(0);
      const back = fromModelMessages(JSON.parse(JSON.stringify(modelMessages))).messages;
      expect(payloadsOf(back)).toEqual(expected);
      expect(back).toEqual(history);
    });
  }
});

describe(`fromUIMessages (${major})`, () => {
  for (const providerCase of cases) {
    it(`gives the payloads partwise's ${providerCase.provider} decodeStream gives when the real streamText read the recorded stream`, async () => {
      const sdk = await loadSdk();
      const [reply] = readCassette(REAL + providerCase.streaming);
      const recorder = recordingFetch([reply!]);
      const result = sdk.ai.streamText({
        model: providerCase.model(sdk, recorder.fetch),
        prompt: "Think, then answer.",
        ...(providerCase.providerOptions === undefined ? {} : { providerOptions: providerCase.providerOptions }),
      });
      let last: UIMessage | undefined;
      for await (const message of sdk.ai.readUIMessageStream({ stream: result.toUIMessageStream() })) last = message;
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

  it("sends the signed thinking and reports each server-tool block it keeps out of the AI SDK request when the history holds Anthropic web search", async () => {
    const sdk = await loadSdk();
    const [first] = readCassette(REAL + "anthropic/pydantic-ai__test_anthropic__test_anthropic_web_search_tool.yaml");
    const history = historyFrom("anthropic", first!);
    const serverBlocks = history.flatMap((message, index) => message.parts.flatMap((part, partIndex) => (part.type === "unknown" ? [`/${index}/parts/${partIndex}`] : [])));
    expect(serverBlocks.length).toBeGreaterThan(0);
    const { messages, warnings } = toUIMessages(history);
    expect(warnings.filter((warning) => warning.code === "convert/kept-as-unknown").map((warning) => warning.pointer)).toEqual(expect.arrayContaining(serverBlocks));
    const recorder = recordingFetch([first!]);
    await sdk.ai.generateText({ model: cases[0]!.model(sdk, recorder.fetch), messages: await sdk.ai.convertToModelMessages(await sdk.ai.validateUIMessages({ messages: messages as UIMessage[] })) });
    // The signed thinking still reaches Anthropic; the server-tool blocks (and the encrypted search results in
    // them) do not, which is what the warnings above say.
    const signatures = payloadsOf(history).filter((payload) => payload.kind === "signature").map((payload) => payload.data);
    expect(opaqueValues(recorder.requests[0]!.body)).toEqual(signatures);
    expect(opaqueValues(codecFor("anthropic").encodeRequest(history).body).length).toBeGreaterThan(signatures.length);
  });

  it("writes UIMessages the real validateUIMessages accepts when the history is random", async () => {
    const sdk = await loadSdk();
    await fc.assert(
      fc.asyncProperty(historyArbitrary, async (history) => {
        const { messages } = toUIMessages(history);
        if (messages.length > 0) await sdk.ai.validateUIMessages({ messages: JSON.parse(JSON.stringify(messages)) as UIMessage[] });
      }),
      { numRuns: propertyRuns(100) },
    );
  });
}

oracle("ai 6", async () => aiSdk6);
// ai 7 declares Node >= 22: its oracle runs on CI's Node 22 and 24 legs only.
describe.runIf(onNode22)("ai 7", () => oracle("ai 7", loadAiSdk7));
