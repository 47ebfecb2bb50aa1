import { describe, expect, it } from "vitest";
import { decodeBedrockResponse } from "../../../src/providers/bedrock/index.js";
import { jsonForm, parsedRaw, sdkConverseResponse } from "../support/bedrock-sdk-oracle.js";
import { fixtureFiles, readFixtureJson } from "../support/provider-fixtures.js";

const PROVIDER = "bedrock";
const bedrockAttributes = { provider: "bedrock" };

type ConverseBody = { output: { message: { content: Record<string, any>[] } } };

describe("decodeBedrockResponse", () => {
  it("decodes signed reasoning then text, the signature byte for byte and the producer on the reasoning", () => {
    const body = readFixtureJson(PROVIDER, "vercel-ai__amazon-bedrock-reasoning.json") as ConverseBody;
    const reasoningText = body.output.message.content[0]!.reasoningContent.reasoningText;
    expect(decodeBedrockResponse(body).message.parts).toEqual([
      { type: "reasoning", text: reasoningText.text, payload: { provider: "bedrock", kind: "signature", data: reasoningText.signature }, attributes: bedrockAttributes },
      { type: "text", text: body.output.message.content[1]!.text },
    ]);
  });

  it("decodes redacted content as reasoning without text, its base64 as the payload", () => {
    const body = readFixtureJson(PROVIDER, "vercel-ai__amazon-bedrock-redacted-content.json") as ConverseBody;
    const [redacted, toolUse] = body.output.message.content as [Record<string, any>, Record<string, any>];
    expect(decodeBedrockResponse(body).message.parts).toEqual([
      { type: "reasoning", payload: { provider: "bedrock", kind: "redacted_content", data: redacted.reasoningContent.redactedContent }, attributes: bedrockAttributes },
      { type: "tool_call", toolCall: { id: "call_f9b3e3c877325ec4940fcad11b0a3a88", type: "function", name: "json", arguments: JSON.stringify(toolUse.toolUse.input) } },
    ]);
  });

  it("tags unsigned reasoning (gpt-oss) with its producer and gives it no payload", () => {
    const body = readFixtureJson(PROVIDER, "vercel-ai__issue-9967-gpt-oss-json-tool-name-channel.json") as ConverseBody;
    const parts = decodeBedrockResponse(body).message.parts;
    expect(parts[0]).toEqual({ type: "reasoning", text: body.output.message.content[0]!.reasoningContent.reasoningText.text, attributes: bedrockAttributes });
    expect(parts[1]).toEqual({
      type: "tool_call",
      toolCall: { id: "tooluse_x8RLcHCNXeUTHeEWUwSSXi", type: "function", name: "json<|channel|>commentary", arguments: '{"name":"Pizza","size":"Large","price":12}' },
    });
  });

  it("keeps a citationsContent block as an unknown part holding the block, between its texts", () => {
    const body = readFixtureJson(PROVIDER, "vercel-ai__bedrock-citations-content.json") as ConverseBody;
    const [before, cited, after] = body.output.message.content as [Record<string, any>, Record<string, any>, Record<string, any>];
    expect(decodeBedrockResponse(body).message.parts).toEqual([
      { type: "text", text: before.text },
      { type: "unknown", provider: "bedrock", kind: "citationsContent", rawJson: JSON.stringify(cited) },
      { type: "text", text: after.text },
    ]);
  });

  it("decodes a tool call with empty input as arguments {}", () => {
    const parts = decodeBedrockResponse(readFixtureJson(PROVIDER, "vercel-ai__amazon-bedrock-tool-no-args.json")).message.parts;
    expect(parts.at(-1)).toEqual({ type: "tool_call", toolCall: { id: "tool-use-id", type: "function", name: "updateIssueList", arguments: "{}" } });
  });

  it("keeps server tool blocks, image output and unknown reasoning members as unknown parts, in order", () => {
    const content = [
      { toolUse: { input: { query: "Oslo rain" }, name: "web_search", toolUseId: "srvtoolu_01", type: "server_tool_use" } },
      { toolResult: { content: [{ text: "7 °C, rain" }], status: "success", toolUseId: "srvtoolu_01", type: "web_search_result" } },
      { reasoningContent: { redactedReasoning: { data: "EmwKAhgB" } } },
      { image: { format: "png", source: { bytes: "iVBORw0KGgo=" } } },
      { futureBlock: { anything: [1, 2] } },
    ];
    const parts = decodeBedrockResponse({ output: { message: { role: "assistant", content } }, stopReason: "end_turn" }).message.parts;
    expect(parts).toEqual(content.map((block) => ({ type: "unknown", provider: "bedrock", kind: Object.keys(block)[0], rawJson: JSON.stringify(block) })));
  });

  it("reads a client call tagged tool_use next to server tool use as a tool call, and the server blocks as received", () => {
    const body = readFixtureJson(PROVIDER, "composed__nova-code-interpreter-then-tool-use.json") as ConverseBody;
    const decoded = decodeBedrockResponse(body);
    const [server, result] = body.output.message.content;
    expect(decoded.message.parts).toEqual([
      { type: "unknown", provider: "bedrock", kind: "toolUse", rawJson: JSON.stringify(server) },
      { type: "unknown", provider: "bedrock", kind: "toolResult", rawJson: JSON.stringify(result) },
      { type: "text", text: "The average is 101.0. I'll record it." },
      { type: "tool_call", toolCall: { id: "tooluse_Kq3VtM1aRkeN2cXhUo7b9w", type: "function", name: "record_result", arguments: '{"name":"average","value":101}' } },
    ]);
    expect(decoded.info.finishReason).toBe("tool_calls");
  });

  it.each(fixtureFiles(PROVIDER, ".json"))("reads %s as the AWS SDK's Converse deserializer does", async (file) => {
    const body = readFixtureJson(PROVIDER, file);
    const oracle = decodeBedrockResponse(jsonForm(await sdkConverseResponse(body)));
    const decoded = decodeBedrockResponse(body);
    expect(parsedRaw(decoded.message.parts)).toEqual(parsedRaw(oracle.message.parts));
    expect(decoded.info).toEqual(oracle.info);
  });

  it("counts prompt-cache reads and writes in the input tokens, and maps each stop reason", () => {
    const body = { output: { message: { role: "assistant", content: [{ text: "hi" }] } }, stopReason: "tool_use", usage: { inputTokens: 10, outputTokens: 5, totalTokens: 45, cacheReadInputTokens: 20, cacheWriteInputTokens: 10 } };
    expect(decodeBedrockResponse(body).info).toEqual({
      finishReason: "tool_calls",
      rawFinishReason: "tool_use",
      usage: { inputTokens: 40, outputTokens: 5, totalTokens: 45, cacheReadInputTokens: 20, cacheWriteInputTokens: 10 },
    });
    const reasons = { end_turn: "stop", stop_sequence: "stop", max_tokens: "length", model_context_window_exceeded: "length", guardrail_intervened: "content_filter", content_filtered: "content_filter", malformed_tool_use: "error", something_new: "other" };
    for (const [stopReason, finishReason] of Object.entries(reasons)) {
      expect(decodeBedrockResponse({ ...body, stopReason }).info.finishReason).toBe(finishReason);
    }
  });

  it("raises provider/api-error for an error body in place of a response", () => {
    // The body of a recorded HTTP 400 (vercel/ai issue 7034); the error type travels in a header.
    const body = { message: "User messages cannot contain reasoning content. Please remove the reasoning content and try again." };
    expect(() => decodeBedrockResponse(body)).toThrow(expect.objectContaining({ code: "provider/api-error", provider: "bedrock", message: expect.stringContaining("User messages cannot contain reasoning content") }));
  });

  it("raises provider/invalid-wire with the pointer for a malformed response or an empty block", () => {
    const malformed = { output: { message: { role: "assistant", content: [{ text: "ok" }, { reasoningContent: { reasoningText: { text: 7 } } }] } } };
    expect(() => decodeBedrockResponse(malformed)).toThrow(expect.objectContaining({ code: "provider/invalid-wire", provider: "bedrock", pointer: "/output/message/content/1/reasoningContent/reasoningText/text" }));
    const empty = { output: { message: { role: "assistant", content: [{ text: "ok" }, {}] } } };
    expect(() => decodeBedrockResponse(empty)).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/output/message/content/1" }));
  });
});
