import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../../generated/types.js";
import { bedrockCodec, decodeBedrockResponse, encodeBedrockRequest } from "../../../src/providers/bedrock/index.js";
import { assembleConverseResponse, eventStreamBytes, sdkStreamEvents } from "../support/bedrock-sdk-oracle.js";
import { decodeEventLines, fixtureFiles, readFixtureJson, readFixtureLines } from "../support/provider-fixtures.js";

const PROVIDER = "bedrock";
const question: Message = { role: "user", parts: [{ type: "text", text: "Is it raining in Oslo?" }] };
const call: Part = { type: "tool_call", toolCall: { id: "tooluse_Ab12Cd", type: "function", name: "get_weather", arguments: '{"city":"Oslo"}' } };
const unsignedReasoning: Part = { type: "reasoning", text: "Need live data, call get_weather for Oslo.", attributes: { provider: "bedrock" } };

type Block = Record<string, unknown>;

/**
 * A response block as a request takes it: the union member alone (hand-written recordings add a
 * non-Converse `type` beside `text`), and a client call untagged (the request's ToolUseBlock knows only the
 * `server_tool_use` tag; replies that also hold server tool use tag client calls `tool_use`).
 */
function requestForm(block: Block): Block {
  if (typeof block.text === "string") return { text: block.text };
  const toolUse = block.toolUse as Block | undefined;
  if (toolUse?.type === "tool_use") {
    const { type: _tag, ...untagged } = toolUse;
    return { toolUse: untagged };
  }
  return block;
}

function assistantContent(messages: readonly { role: string; content: unknown[] }[]): unknown[] | undefined {
  return messages.find((message) => message.role === "assistant")?.content;
}

describe("encodeBedrockRequest", () => {
  it.each(fixtureFiles(PROVIDER, ".json"))("reproduces the assistant blocks of %s in order, signatures and redacted content byte-identical", (file) => {
    const body = readFixtureJson(PROVIDER, file) as { output: { message: { content: Block[] } } };
    const { body: request, warnings } = encodeBedrockRequest([question, decodeBedrockResponse(body).message]);
    expect(assistantContent(request.messages)).toEqual(body.output.message.content.map(requestForm));
    expect(warnings).toEqual([]);
  });

  it.each(fixtureFiles(PROVIDER, ".chunks.txt"))("replays the aggregated stream %s as the blocks the AWS SDK's events assemble to", async (file) => {
    const lines = readFixtureLines(PROVIDER, file);
    const [streamed] = await decodeEventLines(bedrockCodec, lines, { strict: false });
    const assembled = assembleConverseResponse(await sdkStreamEvents(eventStreamBytes(lines))) as { output: { message: { content: Block[] } } };
    const { body: request } = encodeBedrockRequest([question, streamed!.message]);
    expect(assistantContent(request.messages)).toEqual(assembled.output.message.content.map(requestForm));
  });

  it("sends unsigned Bedrock reasoning to a non-Claude model with the signature field omitted", () => {
    const { body, warnings } = encodeBedrockRequest([question, { role: "assistant", parts: [unsignedReasoning, call] }], { request: { modelId: "openai.gpt-oss-120b-1:0" } });
    expect(body.modelId).toBe("openai.gpt-oss-120b-1:0");
    expect(assistantContent(body.messages)).toStrictEqual([
      { reasoningContent: { reasoningText: { text: "Need live data, call get_weather for Oslo." } } },
      { toolUse: { toolUseId: "tooluse_Ab12Cd", name: "get_weather", input: { city: "Oslo" } } },
    ]);
    expect(warnings).toEqual([]);
  });

  it.each([
    ["a Claude model id", { request: { modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0" } }],
    ["a Claude foundation-model ARN", { request: { modelId: "arn:aws:bedrock:us-east-1::foundation-model/anthropic.claude-3-7-sonnet-20250219-v1:0" } }],
    ["the claudeModel flag with an application inference profile", { request: { modelId: "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/a1b2c3" }, flags: ["claudeModel"] }],
  ])("skips unsigned Bedrock reasoning for %s, with a warning", (_target, options) => {
    const { body, warnings } = encodeBedrockRequest([question, { role: "assistant", parts: [unsignedReasoning, call] }], options);
    expect(assistantContent(body.messages)).toEqual([{ toolUse: { toolUseId: "tooluse_Ab12Cd", name: "get_weather", input: { city: "Oslo" } } }]);
    expect(warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", provider: "bedrock", pointer: "/1/parts/0", message: expect.stringContaining("Claude models on Bedrock reject") })]);
  });

  it("never sends reasoning signed by another provider or unsigned reasoning of another producer, and says so", () => {
    const { body, warnings } = encodeBedrockRequest({
      format: "partwise.history", version: 1, messages: [
        question,
        { role: "assistant", parts: [
          { type: "reasoning", text: "t", payload: { provider: "anthropic", kind: "signature", data: "anthropic:EqQB" }, attributes: { provider: "bedrock" } },
          { type: "reasoning", text: "plain", attributes: { provider: "deepseek" } },
          { type: "unknown", provider: "anthropic", kind: "server_tool_use", rawJson: '{"type":"server_tool_use"}' },
          { type: "unknown", provider: "bedrock", kind: "citationsContent", rawJson: '{"citationsContent":{"citations":[],"content":[{"text":"cited"}]}}' },
          { ...call, payload: { provider: "google", kind: "thought_signature", data: "google:AA==" } },
        ] },
      ],
    });
    expect(assistantContent(body.messages)).toEqual([
      { citationsContent: { citations: [], content: [{ text: "cited" }] } },
      { toolUse: { toolUseId: "tooluse_Ab12Cd", name: "get_weather", input: { city: "Oslo" } } },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/anthropic:|google:/);
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/messages/1/parts/0", "/messages/1/parts/1", "/messages/1/parts/2"]);
  });

  it("does not send a Bedrock payload of a kind it does not know, and says so", () => {
    const future: Part = { type: "reasoning", text: "x", payload: { provider: "bedrock", kind: "future_kind", data: "Zm9v" }, attributes: { provider: "bedrock" } };
    const { body, warnings } = encodeBedrockRequest([question, { role: "assistant", parts: [future, { type: "text", text: "Done." }] }]);
    expect(assistantContent(body.messages)).toEqual([{ text: "Done." }]);
    expect(warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", pointer: "/1/parts/0", message: expect.stringContaining("future_kind") })]);
  });

  it("sends system text as system blocks and tool results in a user message, status error only on failure, merged with the next user text", () => {
    const { body, warnings } = encodeBedrockRequest([
      { role: "system", parts: [{ type: "text", text: "You are a weather assistant." }] },
      question,
      { role: "assistant", parts: [call, { ...call, toolCall: { ...call.toolCall, id: "tooluse_Ef34Gh", arguments: "" } } as Part] },
      { role: "tool", parts: [
        { type: "tool_result", id: "tooluse_Ab12Cd", name: "get_weather", content: [{ type: "text", text: '{"rain":true,"temp_c":7}' }], isError: false },
        { type: "tool_result", id: "tooluse_Ef34Gh", name: "get_weather", content: [{ type: "text", text: "timeout" }], isError: true },
      ] },
      { role: "user", parts: [{ type: "text", text: "Thanks" }, { type: "text", text: "" }] },
    ], { request: { modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0", inferenceConfig: { maxTokens: 4096 } } });
    expect(body).toEqual({
      modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
      inferenceConfig: { maxTokens: 4096 },
      system: [{ text: "You are a weather assistant." }],
      messages: [
        { role: "user", content: [{ text: "Is it raining in Oslo?" }] },
        { role: "assistant", content: [
          { toolUse: { toolUseId: "tooluse_Ab12Cd", name: "get_weather", input: { city: "Oslo" } } },
          { toolUse: { toolUseId: "tooluse_Ef34Gh", name: "get_weather", input: {} } },
        ] },
        { role: "user", content: [
          { toolResult: { toolUseId: "tooluse_Ab12Cd", content: [{ text: '{"rain":true,"temp_c":7}' }] } },
          { toolResult: { toolUseId: "tooluse_Ef34Gh", content: [{ text: "timeout" }], status: "error" } },
          { text: "Thanks" },
        ] },
      ],
    });
    expect(warnings).toEqual([]);
  });

  it("sends images and documents as Bedrock blocks, and reports media it cannot take", () => {
    const { body, warnings } = encodeBedrockRequest([{ role: "user", parts: [
      { type: "text", text: "Summarize these." },
      { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
      { type: "media", media: { mimeType: "application/pdf", name: "Q3 report (final).pdf", data: "s3://bucket/q3.pdf", dataKind: "url" } },
      { type: "media", media: { mimeType: "text/markdown", name: "notes_v2.md", data: "# Notes", dataKind: "string" } },
      { type: "media", media: { mimeType: "image/png", data: "https://example.com/chart.png", dataKind: "url" } },
      { type: "media", media: { mimeType: "audio/wav", data: "UklGRg==", dataKind: "bytes" } },
    ] }]);
    expect(body.messages[0]?.content).toEqual([
      { text: "Summarize these." },
      { image: { format: "png", source: { bytes: "iVBORw0KGgo=" } } },
      { document: { format: "pdf", name: "Q3 report (final)", source: { s3Location: { uri: "s3://bucket/q3.pdf" } } } },
      { document: { format: "md", name: "notes-v2", source: { text: "# Notes" } } },
    ]);
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/0/parts/4", "/0/parts/5"]);
  });

  it("rejects a tool result inside an assistant message with provider/unsupported-part", () => {
    expect(() => encodeBedrockRequest([{ role: "assistant", parts: [{ type: "tool_result", id: "c", content: [], isError: false }] }]))
      .toThrow(expect.objectContaining({ code: "provider/unsupported-part", provider: "bedrock", pointer: "/0/parts/0" }));
  });

  it("leaves out an assistant message none of whose parts can be replayed, and reports reasoning in a user message", () => {
    const { body, warnings } = encodeBedrockRequest([
      { role: "user", parts: [{ type: "text", text: "q" }, unsignedReasoning] },
      { role: "assistant", parts: [{ type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } }] },
    ]);
    expect(body.messages).toEqual([{ role: "user", content: [{ text: "q" }] }]);
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/0/parts/1", "/1/parts/0", "/1"]);
  });

  it("raises provider/invalid-wire naming the part for tool-call arguments that are not JSON", () => {
    const broken: Part = { type: "tool_call", toolCall: { id: "t", type: "function", name: "f", arguments: "{city: Oslo}" } };
    expect(() => encodeBedrockRequest([question, { role: "assistant", parts: [broken] }])).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/1/parts/0" }));
  });

  it("sends tool-call arguments that are JSON but not an object as the toolUse input document", () => {
    const listed: Part = { type: "tool_call", toolCall: { id: "t", type: "function", name: "f", arguments: "[1,2]" } };
    expect(encodeBedrockRequest([question, { role: "assistant", parts: [listed] }]).body.messages[1]).toEqual({ role: "assistant", content: [{ toolUse: { toolUseId: "t", name: "f", input: [1, 2] } }] });
  });

  it("raises provider/invalid-wire naming the part when a raw block is not a JSON object", () => {
    const broken: Part = { type: "unknown", provider: "bedrock", kind: "citationsContent", rawJson: "[]" };
    expect(() => encodeBedrockRequest([question, { role: "assistant", parts: [broken] }])).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/1/parts/0" }));
  });
});
