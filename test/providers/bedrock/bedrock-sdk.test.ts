// The real AWS SDK client (@aws-sdk/client-bedrock-runtime) against a loopback Bedrock: what it sends for
// bedrockConverseInput(encoded body) is the encoded body, and what it reads from recorded answers (JSON
// bodies, AWS event-stream bytes) decodes, through bedrockResponseFromSdk / bedrockEventsFromSdk, exactly as
// partwise decodes the recorded bytes itself.
import { createServer } from "node:http2";
import type { AddressInfo } from "node:net";
import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from "@aws-sdk/client-bedrock-runtime";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { History, Message, Part } from "../../../generated/types.js";
import { bedrockCodec, bedrockConverseInput, bedrockEventsFromSdk, bedrockResponseFromSdk, decodeBedrockResponse } from "../../../src/providers/bedrock/index.js";
import { decodeEventStream, decodeStream } from "../../../src/providers/decode-stream.js";
import { replayableHistoryArbitrary } from "../../support/arbitraries.js";
import { propertyRuns } from "../../support/property-runs.js";
import { asyncChunks } from "../../support/rechunk.js";
import { eventStreamBytes } from "../support/bedrock-sdk-oracle.js";
import { fixtureFiles, readFixtureBytes, readFixtureJson, readFixtureLines } from "../support/provider-fixtures.js";

const PROVIDER = "bedrock";
const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
const lenient = { strict: false };

/** What the loopback Bedrock answers next: a JSON body or event-stream bytes. */
let answer: { contentType: string; body: Uint8Array } = { contentType: "application/json", body: new Uint8Array() };

/**
 * A loopback Bedrock over HTTP/2 without TLS, which the SDK's default handler (NodeHttp2Handler) speaks to an
 * `http://` endpoint; it records each request's path and body and sends the next answer.
 */
async function loopbackBedrock(): Promise<{ url: string; requests: { path: string; body: string }[] }> {
  const requests: { path: string; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({ path: request.url, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "content-type": answer.contentType });
      response.end(Buffer.from(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const server = await loopbackBedrock();

const client = new BedrockRuntimeClient({
  region: "us-east-1",
  endpoint: server.url,
  credentials: { accessKeyId: "AKIDLOOPBACKTEST", secretAccessKey: "loopback-test-secret" },
  maxAttempts: 1,
});

function answerJson(body: unknown): void {
  answer = { contentType: "application/json", body: new TextEncoder().encode(JSON.stringify(body)) };
}

function answerEvents(bytes: Uint8Array): void {
  answer = { contentType: "application/vnd.amazon.eventstream", body: bytes };
}

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const PDF = "JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PC9UeXBlL0NhdGFsb2c+PgplbmRvYmoK";
const SIGNATURE = "ErcBCkgIAhABGAIiQMv2Tg2kJ0Bf3v9o1rK8x4vQ0F6R2yW8aM1nP5tQ7dL9sZ3cX1bV6hJ4kN0mE2rT8uY5iO3pA7gH9jK";
const REDACTED = "RXJjQkNrZ0lBaEFCR0FJaVFNdjJUZzJrSjBCZjN2OW8xcks4eDR2UTBG";
const bedrockPart = { provider: "bedrock" };

/** Signed and redacted reasoning, tool calls and results, images and documents as bytes (and text, and in S3), and blocks kept as received. */
const history: Message[] = [
  { role: "system", parts: [{ type: "text", text: "You are a weather assistant." }] },
  {
    role: "user",
    parts: [
      { type: "text", text: "Is this forecast right for Oslo?" },
      { type: "media", media: { mimeType: "image/png", data: PNG, dataKind: "bytes" } },
      { type: "media", media: { mimeType: "application/pdf", name: "forecast.pdf", data: PDF, dataKind: "bytes" } },
      { type: "media", media: { mimeType: "text/plain", name: "notes", data: "Rain after noon.", dataKind: "string" } },
      { type: "media", media: { mimeType: "image/jpeg", data: "s3://forecasts/oslo.jpg", dataKind: "url" } },
      { type: "unknown", provider: "bedrock", kind: "cachePoint", rawJson: '{"cachePoint":{"type":"default"}}' },
    ],
  },
  {
    role: "assistant",
    parts: [
      { type: "reasoning", text: "I should check the live weather.", payload: { provider: "bedrock", kind: "signature", data: SIGNATURE }, attributes: bedrockPart },
      { type: "text", text: "Let me look that up." },
      { type: "tool_call", toolCall: { id: "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", type: "function", name: "get_weather", arguments: '{"city":"Oslo","units":"metric"}' } },
    ],
  },
  {
    role: "tool",
    parts: [
      {
        type: "tool_result",
        id: "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q",
        name: "get_weather",
        isError: false,
        content: [{ type: "text", text: '{"temp_c":7}' }, { type: "media", media: { mimeType: "image/png", data: PNG, dataKind: "bytes" } }],
      },
    ],
  },
  {
    role: "assistant",
    parts: [
      { type: "reasoning", text: null, payload: { provider: "bedrock", kind: "redacted_content", data: REDACTED }, attributes: bedrockPart },
      { type: "unknown", provider: "bedrock", kind: "citationsContent", rawJson: '{"citationsContent":{"citations":[{"location":{"documentChar":{"documentIndex":0,"end":14,"start":0}},"title":"forecast"}],"content":[{"text":"Light rain, 7°"}]}}' },
      { type: "unknown", provider: "bedrock", kind: "toolUse", rawJson: '{"toolUse":{"input":{"code":"print(7)"},"name":"nova_code_interpreter","toolUseId":"tooluse_server1","type":"server_tool_use"}}' },
      { type: "tool_call", toolCall: { id: "tooluse_second", type: "function", name: "get_weather", arguments: '{"city":"Bergn"}' } },
    ],
  },
  { role: "tool", parts: [{ type: "tool_result", id: "tooluse_second", isError: true, content: [{ type: "text", text: "city not found: Bergn" }] }] },
  {
    role: "user",
    parts: [
      { type: "text", text: "Thanks." },
      { type: "unknown", provider: "bedrock", kind: "futureBlock", rawJson: '{"futureBlock":{"bytes":"AAEC","note":"a block type the SDK does not know"}}' },
    ],
  },
];

const requestFields = {
  modelId: MODEL,
  inferenceConfig: { maxTokens: 2048, stopSequences: ["END"] },
  additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
  toolConfig: { tools: [{ toolSpec: { name: "get_weather", inputSchema: { json: { type: "object", properties: { city: { type: "string" } } } } } }, { cachePoint: { type: "default" as const } }], toolChoice: { auto: {} } },
  requestMetadata: { tenant: "oslo" },
};

/** The body partwise's own HTTP client sends: the encoded body without the `modelId` path label. */
function wireBody(body: object): unknown {
  const { modelId: _pathLabel, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** The history with each unknown part's raw block (`{ type, by }` from the arbitrary) made a one-member Converse block. */
function withOneMemberBlocks(generated: History): History {
  const oneMember = (part: Part): Part => {
    if (part.type !== "unknown") return part;
    const { type, ...fields } = JSON.parse(part.rawJson) as { type: string };
    return { ...part, rawJson: JSON.stringify({ [type]: fields }) };
  };
  return { ...generated, messages: generated.messages.map((message) => ({ ...message, parts: message.parts.map(oneMember) })) };
}

function requestPath(stream: boolean): string {
  return new URL(bedrockCodec.endpoint.requestUrl(server.url, MODEL, stream)).pathname;
}

describe("bedrockConverseInput", () => {
  it("makes the AWS SDK's ConverseCommand send the encoded body and the model in the path when the history holds every kind of block", async () => {
    const encoded = bedrockCodec.encodeRequest(history, { request: requestFields });
    expect(encoded.warnings).toEqual([]);
    answerJson(readFixtureJson(PROVIDER, "vercel-ai__amazon-bedrock-text.json"));
    await client.send(new ConverseCommand(bedrockConverseInput(encoded.body, MODEL)));
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe(requestPath(false));
    expect(JSON.parse(sent.body)).toEqual(wireBody(encoded.body));
  });

  it("makes the AWS SDK's ConverseStreamCommand send the encoded body to the stream path when encoding without request fields", async () => {
    const encoded = bedrockCodec.encodeRequest(history);
    answerEvents(eventStreamBytes(readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-text.chunks.txt")));
    const output = await client.send(new ConverseStreamCommand(bedrockConverseInput(encoded.body, MODEL)));
    for await (const _event of output.stream ?? []) continue;
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe(requestPath(true));
    expect(JSON.parse(sent.body)).toEqual(encoded.body);
  });

  it("makes the SDK send the encoded body for any replayable history, or refuses a block with several members, Claude target or not", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(replayableHistoryArbitrary, replayableHistoryArbitrary.map(withOneMemberBlocks)), fc.constantFrom(MODEL, "openai.gpt-oss-120b-1:0"), async (generated, modelId) => {
        const encoded = bedrockCodec.encodeRequest(generated, { request: { modelId, inferenceConfig: { maxTokens: 256 } } });
        const blocks = encoded.body.messages.flatMap((message) => message.content);
        if (blocks.some((block) => Object.keys(block).length !== 1)) {
          expect(() => bedrockConverseInput(encoded.body, modelId)).toThrow(expect.objectContaining({ code: "provider/unsupported-part" }));
          return;
        }
        answerJson(readFixtureJson(PROVIDER, "vercel-ai__amazon-bedrock-text.json"));
        await client.send(new ConverseCommand(bedrockConverseInput(encoded.body, modelId)));
        expect(JSON.parse(server.requests.at(-1)!.body)).toEqual(wireBody(encoded.body));
      }),
      { numRuns: propertyRuns(40) },
    );
  });

  it("sends base64 text the SDK would re-encode differently as written, in a $unknown block", async () => {
    const unpadded = "iVBORw0KGgo";
    const encoded = bedrockCodec.encodeRequest([{ role: "user", parts: [{ type: "media", media: { mimeType: "image/png", data: unpadded, dataKind: "bytes" } }] }]);
    const input = bedrockConverseInput(encoded.body, MODEL);
    expect(input.messages[0]?.content).toEqual([{ $unknown: ["image", { format: "png", source: { bytes: unpadded } }] }]);
    answerJson(readFixtureJson(PROVIDER, "vercel-ai__amazon-bedrock-text.json"));
    await client.send(new ConverseCommand(input));
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual(encoded.body);
  });

  it("gives the SDK blobs as bytes and blocks it does not model as $unknown members", () => {
    const input = bedrockConverseInput(bedrockCodec.encodeRequest(history).body, MODEL);
    const [, firstReply, , secondReply, last] = input.messages;
    expect(input.messages[0]?.content[1]).toEqual({ image: { format: "png", source: { bytes: new Uint8Array(Buffer.from(PNG, "base64")) } } });
    expect(firstReply?.content[0]).toEqual({ reasoningContent: { reasoningText: { text: "I should check the live weather.", signature: SIGNATURE } } });
    expect(secondReply?.content[0]).toEqual({ reasoningContent: { redactedContent: new Uint8Array(Buffer.from(REDACTED, "base64")) } });
    expect(secondReply?.content[2]).toEqual({ $unknown: ["toolUse", { input: { code: "print(7)" }, name: "nova_code_interpreter", toolUseId: "tooluse_server1", type: "server_tool_use" }] });
    expect(last?.content[2]).toEqual({ $unknown: ["futureBlock", { bytes: "AAEC", note: "a block type the SDK does not know" }] });
    expect(input.modelId).toBe(MODEL);
  });
});

describe("bedrockResponseFromSdk", () => {
  it.each(fixtureFiles(PROVIDER, ".json"))("decodes the SDK's ConverseCommandOutput for %s as the recorded body decodes", async (file) => {
    const recorded = readFixtureJson(PROVIDER, file);
    answerJson(recorded);
    const output = await client.send(new ConverseCommand({ modelId: MODEL, messages: [{ role: "user", content: [{ text: "Hi" }] }] }));
    expect(decodeBedrockResponse(bedrockResponseFromSdk(output))).toEqual(decodeBedrockResponse(recorded));
  });

  it("keeps a block the SDK does not model (its $unknown member) exactly as received", async () => {
    const recorded = readFixtureJson(PROVIDER, "vercel-ai__amazon-bedrock-text.json") as { output: { message: { content: unknown[] } } };
    recorded.output.message.content.push({ futureBlock: { zeta: 1, alpha: [{ b: 2, a: 1 }] } });
    answerJson(recorded);
    const output = await client.send(new ConverseCommand({ modelId: MODEL, messages: [{ role: "user", content: [{ text: "Hi" }] }] }));
    expect(output.output?.message?.content?.at(-1)).toEqual({ $unknown: ["futureBlock", { zeta: 1, alpha: [{ b: 2, a: 1 }] }] });
    const decoded = decodeBedrockResponse(bedrockResponseFromSdk(output));
    expect(decoded.message.parts.at(-1)).toEqual({ type: "unknown", provider: "bedrock", kind: "futureBlock", rawJson: '{"futureBlock":{"zeta":1,"alpha":[{"b":2,"a":1}]}}' });
    expect(decoded).toEqual(decodeBedrockResponse(recorded));
  });

  it("writes bytes as base64, dates as epoch seconds and drops the response metadata and absent members", () => {
    const output = { $metadata: { httpStatusCode: 200 }, stopReason: "end_turn", metrics: { latencyMs: 5, at: new Date(Date.UTC(2026, 0, 2)) }, usage: undefined, output: { message: { role: "assistant", content: [{ reasoningContent: { redactedContent: new Uint8Array([1, 2, 3]) } }] } } };
    expect(JSON.stringify(bedrockResponseFromSdk(output))).toBe('{"metrics":{"at":1767312000,"latencyMs":5},"output":{"message":{"content":[{"reasoningContent":{"redactedContent":"AQID"}}],"role":"assistant"}},"stopReason":"end_turn"}');
  });
});

describe("bedrockEventsFromSdk", () => {
  async function sdkStream(bytes: Uint8Array): Promise<AsyncIterable<object> | Iterable<object>> {
    answerEvents(bytes);
    const output = await client.send(new ConverseStreamCommand({ modelId: MODEL, messages: [{ role: "user", content: [{ text: "Hi" }] }] }));
    return output.stream ?? [];
  }

  it.each(fixtureFiles(PROVIDER, ".chunks.txt"))("decodes the SDK's ConverseStream events for %s as decodeStream decodes the bytes", async (file) => {
    const bytes = eventStreamBytes(readFixtureLines(PROVIDER, file));
    const fromSdk = await decodeEventStream(bedrockCodec, bedrockEventsFromSdk(await sdkStream(bytes)), lenient);
    expect(fromSdk).toEqual(await decodeStream(bedrockCodec, asyncChunks([bytes]), lenient));
  });

  it("raises the error decodeStream raises, with the same partial response, when the recorded stream ends in a modelStreamErrorException frame", async () => {
    const exception = Buffer.from(new TextDecoder().decode(readFixtureBytes(PROVIDER, "vercel-ai__model-stream-error-exception.eventstream.base64.txt")).trim(), "base64");
    const before = eventStreamBytes(readFixtureLines(PROVIDER, "vercel-ai__amazon-bedrock-reasoning.chunks.txt").slice(0, 5));
    const bytes = new Uint8Array([...before, ...exception]);
    const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => {
      const { position: _position, ...rest } = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
      return rest;
    });
    const fromSdk = await failure(decodeEventStream(bedrockCodec, bedrockEventsFromSdk(await sdkStream(bytes))));
    expect(fromSdk).toMatchObject({ code: "provider/api-error", details: { originalStatusCode: 500 } });
    // The partial holds the events before the exception whether it arrives in a network chunk of its own or with them.
    expect(fromSdk).toEqual(await failure(decodeStream(bedrockCodec, asyncChunks([before, exception]))));
    expect(fromSdk).toEqual(await failure(decodeStream(bedrockCodec, asyncChunks([bytes]))));
  });
});
