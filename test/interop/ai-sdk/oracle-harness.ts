// The oracle every provider's test runs: a partwise history converted with toModelMessages goes through the
// REAL generateText / streamText and the real @ai-sdk provider (ai 6, and ai 7 on Node >= 22) to a fetch
// that records the body and answers with a recorded reply. The body's payload-bearing blocks must equal those
// of partwise's own encoder, in order; the reply read by the AI SDK and converted back with fromModelMessages
// must carry the payloads partwise's own decoders read from it (kind, data, order).
import { describe, expect, it } from "vitest";
import type { Message, OpaquePayload } from "../../../generated/types.js";
import { fromModelMessages, toModelMessages } from "../../../src/exports/ai-sdk.js";
import { decodeStream } from "../../../src/providers/decode-stream.js";
import { codecFor } from "../../../src/providers/registry.js";
import { recordingFetch } from "../support/recording-fetch.js";

/** The two functions of one `ai` major and a model of the provider under test, built on a fetch. */
export interface AiSdk {
  readonly generateText: (options: never) => Promise<{ response: { messages: unknown[] } }>;
  readonly streamText: (options: never) => { response: PromiseLike<{ messages: unknown[] }>; consumeStream: () => PromiseLike<unknown> };
  readonly model: (fetch: typeof globalThis.fetch) => unknown;
  /** Tools for the call, when the provider drops tool calls from a request without them (Bedrock). */
  readonly tools?: unknown;
}

/** One `ai` major with its provider package: a name for the test and the Node major it needs. */
export interface AiSdkLine {
  readonly name: string;
  readonly minimumNode: number;
  readonly load: () => Promise<AiSdk>;
}

/**
 * The two lines every oracle runs: ai 6 with the provider package of its major, on every Node, and ai 7 with
 * the aliased next major, on Node >= 22. `model` builds the provider's model from its module and a fetch;
 * `tools`, when given, builds the call's tools from the `ai` module.
 */
export function aiSdkLines(
  packages: { readonly v6: string; readonly v7: string },
  providers: { readonly v6: () => Promise<unknown>; readonly v7: () => Promise<unknown> },
  model: (module: never) => (fetch: typeof globalThis.fetch) => unknown,
  tools?: (ai: never) => unknown,
): AiSdkLine[] {
  const line = (name: string, minimumNode: number, ai: () => Promise<unknown>, provider: () => Promise<unknown>): AiSdkLine => ({
    name,
    minimumNode,
    load: async () => {
      const [aiModule, providerModule] = await Promise.all([ai(), provider()]) as [{ generateText: never; streamText: never }, never];
      return { generateText: aiModule.generateText, streamText: aiModule.streamText, model: model(providerModule), tools: tools?.(aiModule as never) };
    },
  });
  return [line(`ai 6 and ${packages.v6}`, 20, () => import("ai"), providers.v6), line(`ai 7 and ${packages.v7}`, 22, () => import("ai-v7"), providers.v7)];
}

/** What one provider's oracle sends and answers. */
export interface OracleCase {
  /** The partwise provider id whose encoder and decoders are the reference. */
  readonly provider: string;
  readonly history: readonly Message[];
  /** The recorded blocking reply (JSON text). */
  readonly reply: string;
  /** The recorded stream, as the provider sends it, and its content type. */
  readonly stream: { readonly bytes: string | Uint8Array; readonly contentType: string };
  /** The payload-bearing blocks of a request body, in order. */
  readonly blocks: (body: unknown) => unknown[];
  /** How many blocks the history must give (so the comparison is never of two empty lists). */
  readonly expectedBlocks: number;
  /** `providerOptions` of the AI SDK call (e.g. `openai.store: false`). */
  readonly providerOptions?: Record<string, Record<string, string | boolean | string[]>>;
  readonly lines: readonly AiSdkLine[];
  /**
   * Why the stream's payload data may differ between the AI SDK and partwise (a recording that sends the
   * same item's payload several times with different values); then kinds and order must still be equal,
   * and each AI SDK value must appear verbatim in the recorded stream.
   */
  readonly streamDataMayDiffer?: string;
}

function payloads(messages: readonly Message[]): OpaquePayload[] {
  return messages.flatMap((message) => message.parts.flatMap((part) => (part.payload == null ? [] : [part.payload])));
}

async function* bytesOf(bytes: string | Uint8Array): AsyncIterable<Uint8Array> {
  yield typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
}

const nodeMajor = Number(process.versions.node.split(".")[0]);

/** The oracle's tests for each line of `oracleCase`, skipped on a Node older than the line needs. */
export function describeOracle(oracleCase: OracleCase): void {
  const codec = codecFor(oracleCase.provider);
  const expectedBlocks = oracleCase.blocks(codec.encodeRequest(oracleCase.history).body);
  const expectedReply = payloads([codec.decodeResponse(JSON.parse(oracleCase.reply)).message]);
  const call = (sdk: AiSdk, fetch: typeof globalThis.fetch) =>
    ({ model: sdk.model(fetch), messages: toModelMessages(oracleCase.history).messages, providerOptions: oracleCase.providerOptions, tools: sdk.tools }) as never;

  for (const line of oracleCase.lines) {
    // ai 7 and @ai-sdk/* 4+ declare Node >= 22; CI runs them on its Node 22 and 24 legs.
    describe.runIf(nodeMajor >= line.minimumNode)(`toModelMessages with ${line.name}`, () => {
      it("compares payload-bearing blocks and payloads when the history and the reply have them", () => {
        expect(expectedBlocks).toHaveLength(oracleCase.expectedBlocks);
        expect(expectedReply.length).toBeGreaterThan(0);
      });

      it("sends the blocks partwise's encoder sends and reads back its decoder's payloads when generateText runs", async () => {
        const sdk = await line.load();
        const recorder = recordingFetch([{ contentType: "application/json", bytes: oracleCase.reply }]);
        const result = await sdk.generateText(call(sdk, recorder.fetch));
        expect(oracleCase.blocks(recorder.requests[0]?.body)).toEqual(expectedBlocks);
        expect(payloads(fromModelMessages(result.response.messages).messages)).toEqual(expectedReply);
      });

      it("sends the same blocks and reads back the stream decoder's payloads when streamText runs", async () => {
        const sdk = await line.load();
        const recorder = recordingFetch([oracleCase.stream]);
        const result = sdk.streamText(call(sdk, recorder.fetch));
        await result.consumeStream();
        const response = await result.response;
        expect(oracleCase.blocks(recorder.requests[0]?.body)).toEqual(expectedBlocks);
        const [decoded] = await decodeStream(codec, bytesOf(oracleCase.stream.bytes));
        const read = payloads(fromModelMessages(response.messages).messages);
        const expected = payloads([decoded!.message]);
        if (oracleCase.streamDataMayDiffer === undefined) expect(read).toEqual(expected);
        else {
          expect(read.map(({ provider, kind }) => ({ provider, kind }))).toEqual(expected.map(({ provider, kind }) => ({ provider, kind })));
          const recorded = typeof oracleCase.stream.bytes === "string" ? oracleCase.stream.bytes : new TextDecoder().decode(oracleCase.stream.bytes);
          for (const payload of read) expect(recorded).toContain(payload.data);
        }
      });
    });
  }
}
