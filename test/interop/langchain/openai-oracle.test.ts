// Oracle: the real ChatOpenAI of @langchain/openai (Responses API, store false, encrypted reasoning
// included) builds its request from converted partwise histories against a loopback server replaying
// recorded OpenAI traffic; the request must carry the items partwise's own encoder sends, in order, and
// the reply, read back, the payloads partwise decodes.
import type { AIMessageChunk } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { fromLangChainMessages, toLangChainMessages } from "../../../src/exports/langchain.js";
import { decodeStream } from "../../../src/providers/decode-stream.js";
import { codecFor } from "../../../src/providers/registry.js";
import { readCassette } from "../../support/cassettes.js";
import { json, loopbackServer } from "../../support/loopback-server.js";
import { payloadsOf, sseHandler } from "./langchain-oracle-support.js";

const openai = codecFor("openai.responses");
const cassette = (name: string) => readCassette(new URL(`../../fixtures/real/openai-responses/pydantic-ai__test_openai_responses__${name}.yaml`, import.meta.url).pathname);
const include: ["reasoning.encrypted_content"] = ["reasoning.encrypted_content"];

interface ResponsesRequest {
  readonly input: readonly Record<string, unknown>[];
}

/** The items that must reach OpenAI unchanged and in order: reasoning (id, summary, encrypted_content), tool calls and server-tool items. */
function opaqueItems(request: ResponsesRequest): unknown[] {
  return request.input.filter((item) => item.type !== undefined && item.type !== "message").map((item) => {
    if (item.type !== "function_call") return item;
    const { call_id, name, arguments: argumentsText } = item;
    return { type: item.type, call_id, name, arguments: argumentsText };
  });
}

function userText(request: ResponsesRequest, index: number): string {
  const content = request.input[index]!.content;
  return typeof content === "string" ? content : (content as readonly { text: string }[])[0]!.text;
}

async function chatOpenAi(url: string, streaming = false) {
  const { ChatOpenAI } = await import("@langchain/openai");
  return new ChatOpenAI({ model: "gpt-5", apiKey: "test-key-not-real", configuration: { baseURL: url }, useResponsesApi: true, zdrEnabled: true, streaming, maxRetries: 0 });
}

function jsonReply(interaction: ReturnType<typeof cassette>[number]): unknown {
  if (interaction.body.kind !== "json") throw new Error("expected a recorded JSON reply");
  return interaction.body.value;
}

// @langchain/openai 1.6 and its openai 7 declare Node 22: these run on CI's Node 22 and 24 legs.
describe.runIf(Number(process.versions.node.split(".")[0]) >= 22)("toLangChainMessages with ChatOpenAI (Responses)", () => {
  it("sends every reasoning item and code-interpreter call partwise sends, in order, when the history replays a turn with two reasoning items", async () => {
    const [first, second] = cassette("test_openai_responses_thinking_with_code_execution_tool");
    const nextRequest = second!.requestBody as ResponsesRequest;
    const history: Message[] = [
      { role: "user", parts: [{ type: "text", text: userText(first!.requestBody as ResponsesRequest, 0) }] },
      openai.decodeResponse(jsonReply(first!)).message,
      { role: "user", parts: [{ type: "text", text: userText(nextRequest, nextRequest.input.length - 1) }] },
    ];
    const server = await loopbackServer([json(200, jsonReply(second!))]);
    const { messages, warnings } = toLangChainMessages(history);
    expect(warnings.filter((warning) => (warning.pointer ?? "").endsWith("/payload"))).toEqual([]);
    const reply = await (await chatOpenAi(server.url)).invoke(messages, { include });
    const sent = JSON.parse(server.requests[0]!.body) as ResponsesRequest;
    const expected = openai.encodeRequest(history, { request: { model: "gpt-5", store: false, include } }).body as unknown as ResponsesRequest;
    expect(opaqueItems(sent)).toEqual(opaqueItems(expected));
    expect(opaqueItems(sent).filter((item) => (item as { type: string }).type === "reasoning")).toHaveLength(2);
    expect(payloadsOf(fromLangChainMessages([reply]).messages[0]!.parts)).toEqual(payloadsOf(openai.decodeResponse(jsonReply(second!)).message.parts));
  });

  it("sends the reasoning item, function call and its output partwise sends when the history replays a tool round", async () => {
    const [first, second] = cassette("test_openai_responses_thinking_with_tool_calls");
    const nextRequest = second!.requestBody as ResponsesRequest;
    const output = nextRequest.input.find((item) => item.type === "function_call_output")!;
    const history: Message[] = [
      { role: "user", parts: [{ type: "text", text: userText(first!.requestBody as ResponsesRequest, 0) }] },
      openai.decodeResponse(jsonReply(first!)).message,
      { role: "tool", parts: [{ type: "tool_result", id: output.call_id as string, content: [{ type: "text", text: output.output as string }], isError: false }] },
    ];
    const server = await loopbackServer([json(200, jsonReply(second!))]);
    const reply = await (await chatOpenAi(server.url)).invoke(toLangChainMessages(history).messages, { include });
    const sent = JSON.parse(server.requests[0]!.body) as ResponsesRequest;
    const expected = openai.encodeRequest(history, { request: { model: "gpt-5", store: false, include } }).body as unknown as ResponsesRequest;
    expect(opaqueItems(sent)).toEqual(opaqueItems(expected));
    expect(payloadsOf(fromLangChainMessages([reply]).messages[0]!.parts)).toEqual(payloadsOf(openai.decodeResponse(jsonReply(second!)).message.parts));
  });
});

describe.runIf(Number(process.versions.node.split(".")[0]) >= 22)("fromLangChainMessages with ChatOpenAI (Responses)", () => {
  it("reads every reasoning item and server-tool item partwise decodes when the reply is blocking", async () => {
    const [first] = cassette("test_openai_responses_thinking_with_code_execution_tool");
    const server = await loopbackServer([json(200, jsonReply(first!))]);
    const reply = await (await chatOpenAi(server.url)).invoke([["user", "Go"]], { include });
    const read = payloadsOf(fromLangChainMessages([reply]).messages[0]!.parts);
    expect(read).toEqual(payloadsOf(openai.decodeResponse(jsonReply(first!)).message.parts));
    expect(read.length).toBeGreaterThan(2);
  });

  it("reads the encrypted reasoning partwise decodes when the chunks of a stream are concatenated", async () => {
    const [recorded] = cassette("test_openai_responses_thinking_with_code_execution_tool_stream");
    if (recorded!.body.kind !== "text") throw new Error("expected a recorded event stream");
    const text = recorded!.body.value;
    const server = await loopbackServer([sseHandler(text)]);
    let whole: AIMessageChunk | undefined;
    for await (const chunk of await (await chatOpenAi(server.url, true)).stream([["user", "Go"]], { include })) whole = whole === undefined ? chunk : whole.concat(chunk);
    const [decoded] = await decodeStream(openai, (async function* () { yield new TextEncoder().encode(text); })());
    const expected = payloadsOf(decoded!.message.parts);
    expect(payloadsOf(fromLangChainMessages([whole!]).messages[0]!.parts)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });
});
