import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand, type Message } from "@aws-sdk/client-bedrock-runtime";
import { EventStreamCodec } from "@smithy/eventstream-codec";
import { NodeHttpHandler } from "@smithy/node-http-handler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAwsRequest } from "../../src/client/aws-signature.js";
import { EventStreamDecoder } from "../../src/providers/framing/aws-event-stream.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { FINAL_ANSWER, QUESTION, bodyBytes, json, post, runTool } from "./wire-requests.js";

type Block = Record<string, unknown>;
type WireMessage = { role: string; content: Block[] };

// The installed Node is older than the SDK's next support floor; its one-time notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const CLAUDE = "anthropic.claude-sonnet-4-5-20250929-v1:0";
const credentials = { accessKeyId: "AKIDSIMULATOR", secretAccessKey: "simulator/secret+key" };
const toolConfig = { tools: ["get_weather", "get_local_time"].map((name) => ({ toolSpec: { name, inputSchema: { json: { type: "object", properties: { city: { type: "string" } } } } } })) };
const thinking = { thinking: { type: "enabled", budget_tokens: 1024 } };
const smithyCodec = new EventStreamCodec((bytes) => Buffer.from(bytes).toString("utf8"), (text) => new Uint8Array(Buffer.from(text, "utf8")));

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator("bedrock", { apiKey: `${credentials.accessKeyId}:${credentials.secretAccessKey}` });
});
afterAll(() => simulator.close());

async function signedPost(model: string, stream: boolean, body: unknown, signing: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } = credentials) {
  const url = new URL(`${simulator.url}/model/${encodeURIComponent(model)}/${stream ? "converse-stream" : "converse"}`);
  const text = JSON.stringify(body);
  const headers = await signAwsRequest(url, { "content-type": "application/json" }, text, { credentials: signing, region: "eu-west-1" });
  return post(url.toString(), text, headers);
}

function request(messages: WireMessage[]) {
  return { messages, toolConfig, additionalModelRequestFields: thinking, inferenceConfig: { maxTokens: 2048 } };
}

/** The stream's events as `[event type, payload]`, decoded by partwise's framing and checked against the AWS SDK's codec. */
async function streamEvents(bytes: Uint8Array): Promise<[string, Record<string, unknown>][]> {
  const decoder = new EventStreamDecoder("bedrock");
  const messages = [...decoder.push(bytes), ...decoder.end()];
  const oracle: [string, Record<string, unknown>][] = [];
  for (let offset = 0; offset < bytes.length;) {
    const length = new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0);
    const message = smithyCodec.decode(bytes.subarray(offset, offset + length));
    oracle.push([String(message.headers[":event-type"]?.value), JSON.parse(Buffer.from(message.body).toString("utf8")) as Record<string, unknown>]);
    offset += length;
  }
  const events = messages.map((message): [string, Record<string, unknown>] => {
    expect(message.headers[":message-type"]?.value).toBe("event");
    expect(message.headers[":content-type"]?.value).toBe("application/json");
    return [String(message.headers[":event-type"]?.value), JSON.parse(Buffer.from(message.payload).toString("utf8")) as Record<string, unknown>];
  });
  expect(events).toEqual(oracle);
  return events.map(([type, { p: _padding, ...payload }]) => [type, payload]);
}

/** The assistant message a stream assembles: deltas joined per contentBlockIndex (B.3). */
function assemble(events: [string, Record<string, unknown>][]): WireMessage {
  const blocks: Block[] = [];
  for (const [type, payload] of events) {
    const index = payload.contentBlockIndex as number;
    if (type === "contentBlockStart") blocks[index] = { toolUse: { ...((payload.start as Block).toolUse as Block), input: "" } };
    if (type !== "contentBlockDelta") continue;
    const delta = payload.delta as { text?: string; toolUse?: { input: string }; reasoningContent?: { text?: string; signature?: string; redactedContent?: string } };
    if (delta.text !== undefined) blocks[index] = { text: `${String(blocks[index]?.text ?? "")}${delta.text}` };
    if (delta.toolUse) (blocks[index]!.toolUse as Block).input = `${String((blocks[index]!.toolUse as Block).input)}${delta.toolUse.input}`;
    const reasoning = delta.reasoningContent;
    if (reasoning?.redactedContent !== undefined) blocks[index] = { reasoningContent: { redactedContent: reasoning.redactedContent } };
    else if (reasoning) {
      const current = ((blocks[index]?.reasoningContent as Block | undefined)?.reasoningText ?? { text: "" }) as { text: string; signature?: string };
      blocks[index] = { reasoningContent: { reasoningText: { text: current.text + (reasoning.text ?? ""), ...(reasoning.signature ?? current.signature ? { signature: reasoning.signature ?? current.signature } : {}) } } };
    }
  }
  return { role: "assistant", content: blocks.map((block) => (block.toolUse ? { toolUse: { ...(block.toolUse as Block), input: JSON.parse(String((block.toolUse as Block).input)) } } : block)) };
}

async function respond(messages: WireMessage[], stream: boolean, model = CLAUDE): Promise<WireMessage> {
  if (!stream) {
    const { status, body } = await json(signedPost(model, false, request(messages)));
    expect(status).toBe(200);
    return (body.output as { message: WireMessage }).message;
  }
  const answer = await signedPost(model, true, request(messages));
  expect(answer.headers.get("content-type")).toBe("application/vnd.amazon.eventstream");
  const events = await streamEvents(await bodyBytes(answer));
  expect(events.map(([type]) => type).slice(-2)).toEqual(["messageStop", "metadata"]);
  return assemble(events);
}

async function toolLoop(stream: boolean, model = CLAUDE, question = QUESTION): Promise<{ messages: WireMessage[]; last: WireMessage; rounds: number }> {
  const messages: WireMessage[] = [{ role: "user", content: [{ text: question }] }];
  for (let rounds = 1; ; rounds++) {
    const last = await respond(messages, stream, model);
    const uses = last.content.map((block) => block.toolUse as { toolUseId: string; name: string; input: unknown } | undefined).filter((use) => use !== undefined);
    if (uses.length === 0) return { messages, last, rounds };
    messages.push(last, { role: "user", content: uses.map((use) => ({ toolResult: { toolUseId: use.toolUseId, content: [{ text: runTool(use.name, use.input) }], status: "success" } })) });
  }
}

async function validationError(messages: WireMessage[]) {
  const { status, body, headers } = await json(signedPost(CLAUDE, false, request(messages)));
  expect(status).toBe(400);
  expect(headers.get("x-amzn-errortype")?.split(":")[0]).toBe("ValidationException");
  return body;
}

describe("bedrockSimulator", () => {
  it.each([false, true])("runs a two-tool Claude loop with signed reasoning when streaming is %s", async (stream) => {
    const { messages, last, rounds } = await toolLoop(stream);
    expect(rounds).toBe(3);
    expect(last.content.at(-1)).toEqual({ text: FINAL_ANSWER });
    const assistants = [...messages.filter((message) => message.role === "assistant"), last];
    expect(assistants.every((message) => typeof ((message.content[0]?.reasoningContent as Block).reasoningText as Block).signature === "string")).toBe(true);
  });

  it("signs, streams and parses with the AWS SDK's own client when it drives a tool loop", async () => {
    // The SDK speaks HTTP/2 to Bedrock by default; the simulator serves HTTP/1.1, which Bedrock accepts too.
    const client = new BedrockRuntimeClient({ region: "us-east-1", endpoint: simulator.url, credentials, requestHandler: new NodeHttpHandler() });
    const messages: Message[] = [{ role: "user", content: [{ text: QUESTION }] }];
    const base = { modelId: CLAUDE, toolConfig, additionalModelRequestFields: thinking } as const;
    const first = await client.send(new ConverseCommand({ ...base, messages }));
    const use = first.output?.message?.content?.find((block) => block.toolUse)?.toolUse;
    expect(use?.name).toBe("get_weather");
    messages.push(first.output!.message!, { role: "user", content: [{ toolResult: { toolUseId: use!.toolUseId!, content: [{ text: runTool("get_weather", use!.input) }] } }] });
    const streamed = await client.send(new ConverseStreamCommand({ ...base, messages }));
    const kinds: string[] = [];
    for await (const event of streamed.stream ?? []) kinds.push(Object.entries(event).find(([, value]) => value !== undefined)![0]);
    expect(kinds).toContain("contentBlockStart");
    expect(kinds.slice(-2)).toEqual(["messageStop", "metadata"]);
  });

  it("answers a ValidationException wrapping Anthropic's text when a tool turn's reasoning text was modified", async () => {
    const { messages } = await toolLoop(false);
    const tampered = messages.map((message, index) => {
      if (index !== 1) return message;
      const reasoning = (message.content[0]!.reasoningContent as Block).reasoningText as Block;
      return { ...message, content: [{ reasoningContent: { reasoningText: { ...reasoning, text: `${String(reasoning.text)} (edited)` } } }, ...message.content.slice(1)] };
    });
    expect(await validationError(tampered)).toEqual({ message: "The model returned the following errors: messages.1.content.0: Invalid `signature` in `thinking` block" });
  });

  it("answers a ValidationException when a tool turn comes back without its reasoning, as a text-only store sends it", async () => {
    const { messages } = await toolLoop(false);
    const naive = messages.map((message) => ({ ...message, content: message.content.filter((block) => !block.reasoningContent) }));
    expect(await validationError(naive)).toEqual({
      message: "The model returned the following errors: messages.3.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking",
    });
  });

  it("returns redacted reasoning, takes it back, and rejects it altered when the prompt is Anthropic's trigger", async () => {
    const trigger = "ANTHROPIC_MAGIC_STRING_TRIGGER_REDACTED_THINKING_46C9A13E193C177646C7398A98432ECCCE4C1253D5E2D82641AC0E52CC2876CB in Oslo";
    const { messages, rounds } = await toolLoop(true, CLAUDE, trigger);
    expect(rounds).toBe(3);
    const redacted = (messages[1]!.content[0]!.reasoningContent as Block).redactedContent as string;
    expect(Buffer.from(redacted, "base64").toString("base64")).toBe(redacted);
    const bytes = Buffer.from(redacted, "base64");
    bytes[0] = bytes[0]! ^ 1;
    const altered = messages.map((message, index) => (index === 1 ? { ...message, content: [{ reasoningContent: { redactedContent: bytes.toString("base64") } }, ...message.content.slice(1)] } : message));
    expect(await validationError(altered)).toEqual({ message: "The model returned the following errors: messages.1.content.0: Invalid `data` in `redacted_thinking` block" });
  });

  it("returns unsigned reasoning and takes it back when the model is gpt-oss", async () => {
    const { messages, last, rounds } = await toolLoop(false, "openai.gpt-oss-120b-1:0");
    expect(rounds).toBe(3);
    expect(last.content[0]).toEqual({ reasoningContent: { reasoningText: { text: expect.any(String) } } });
    expect(messages[1]!.content[0]).toMatchObject({ reasoningContent: { reasoningText: { text: expect.any(String) } } });
  });

  it("answers a ValidationException when a user message carries reasoning", async () => {
    const body = await validationError([{ role: "user", content: [{ reasoningContent: { reasoningText: { text: "x", signature: "y" } } }, { text: QUESTION }] }]);
    expect(body).toEqual({ message: "User messages cannot contain reasoning content." });
  });

  it("answers 403 InvalidSignatureException when the secret or the signed body differs", async () => {
    const wrongSecret = await json(signedPost(CLAUDE, false, request([{ role: "user", content: [{ text: QUESTION }] }]), { ...credentials, secretAccessKey: "wrong" }));
    expect(wrongSecret.status).toBe(403);
    expect(wrongSecret.headers.get("x-amzn-errortype")?.split(":")[0]).toBe("InvalidSignatureException");
    expect(wrongSecret.body.message).toMatch(/^The request signature we calculated does not match the signature you provided\./);
    const url = new URL(`${simulator.url}/model/${encodeURIComponent(CLAUDE)}/converse`);
    const headers = await signAwsRequest(url, { "content-type": "application/json" }, JSON.stringify({ messages: [] }), { credentials, region: "eu-west-1" });
    expect((await post(url.toString(), JSON.stringify({ messages: [{ role: "user", content: [{ text: "swapped" }] }] }), headers)).status).toBe(403);
  });

  it("accepts the request when it is signed with temporary credentials carrying a session token", async () => {
    const temporary = { ...credentials, sessionToken: "FwoGZXIvYXdzEXAMPLE" };
    expect((await json(signedPost(CLAUDE, false, request([{ role: "user", content: [{ text: QUESTION }] }]), temporary))).status).toBe(200);
  });

  it("accepts any access key id when the simulator is given the secret alone", async () => {
    const secretOnly = await startSimulator("bedrock", { apiKey: credentials.secretAccessKey });
    try {
      const url = new URL(`${secretOnly.url}/model/${encodeURIComponent(CLAUDE)}/converse`);
      const text = JSON.stringify(request([{ role: "user", content: [{ text: QUESTION }] }]));
      const sign = (secretAccessKey: string) => signAwsRequest(url, { "content-type": "application/json" }, text, { credentials: { accessKeyId: "ANYID", secretAccessKey }, region: "us-west-2" });
      expect((await post(url.toString(), text, await sign(credentials.secretAccessKey))).status).toBe(200);
      expect((await post(url.toString(), text, await sign("wrong"))).status).toBe(403);
    } finally {
      await secretOnly.close();
    }
  });

  it("ends the stream with an exception frame when a stream error is injected", async () => {
    simulator.injectFault({ kind: "stream-error", afterChunks: 2, message: "The model stream failed." });
    const answer = await signedPost(CLAUDE, true, request([{ role: "user", content: [{ text: QUESTION }] }]));
    expect(answer.status).toBe(200);
    const frames = new EventStreamDecoder("bedrock").push(await bodyBytes(answer));
    const last = frames.at(-1)!;
    expect(frames).toHaveLength(3);
    expect([last.headers[":message-type"]?.value, last.headers[":exception-type"]?.value]).toEqual(["exception", "internalServerException"]);
    expect(JSON.parse(Buffer.from(last.payload).toString("utf8"))).toEqual({ message: "The model stream failed." });
  });
});
