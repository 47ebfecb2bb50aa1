// Pydantic AI's own JSON (test/fixtures/pydantic-ai, see SOURCES) read into partwise and written back:
// equal as JSON once nulls are dropped (Pydantic AI's defaults), with each provider's signature landing
// in that provider's payload, and replayed by partwise's encoder for that provider.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { fromPydanticAiMessages } from "../../../src/interop/pydantic-ai/read-pydantic-ai.js";
import { toPydanticAiMessages } from "../../../src/interop/pydantic-ai/write-pydantic-ai.js";
import { codecFor } from "../../../src/providers/registry.js";

const FIXTURES = new URL("../../fixtures/pydantic-ai/", import.meta.url);

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8")) as unknown;
}

/**
 * The JSON without Pydantic AI's defaults: it writes every unset field (null, a tool return's
 * `outcome: "success"`) and reads a missing field as that default; the converter leaves them out.
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  const isDefault = (key: string, field: unknown): boolean => field === null || (key === "outcome" && field === "success");
  return Object.fromEntries(Object.entries(value).filter(([key, field]) => !isDefault(key, field)).map(([key, field]) => [key, withoutNulls(field)]));
}

function partsOf(messages: Message[]): Message["parts"] {
  return messages.flatMap((message) => message.parts);
}

const fixtureNames = readdirSync(FIXTURES).filter((name) => name.endsWith(".json"));

describe("fromPydanticAiMessages", () => {
  it.each(fixtureNames)("reads %s and writes it back as the same JSON when Pydantic AI wrote it", (name) => {
    const document = fixture(name);
    const read = fromPydanticAiMessages(document);
    const written = toPydanticAiMessages(read.messages);
    expect(written.warnings).toEqual([]);
    expect(withoutNulls(JSON.parse(JSON.stringify(written.messages)))).toEqual(withoutNulls(document));
  });

  it("keeps the Anthropic signature as an anthropic signature payload when the ThinkingPart names anthropic", () => {
    const { messages, warnings } = fromPydanticAiMessages(fixture("anthropic-code-execution.json"));
    const [reasoning, serverCall, serverResult, text] = partsOf(messages).slice(1);
    expect(reasoning).toMatchObject({ type: "reasoning", text: "The user wants to calculate 4 * 12390.", payload: { provider: "anthropic", kind: "signature" }, attributes: { provider: "anthropic" } });
    expect(reasoning?.payload?.data).toMatch(/^EuMBClsIDRgCKkCL2iffHrB6/);
    expect(serverCall).toMatchObject({ type: "unknown", provider: "pydantic-ai", kind: "builtin-tool-call" });
    expect(serverResult).toMatchObject({ type: "unknown", provider: "pydantic-ai", kind: "builtin-tool-return" });
    expect(text).toMatchObject({ type: "text", text: "**4 × 12,390 = 49,560**" });
    expect(warnings.map((warning) => [warning.code, warning.pointer])).toEqual([
      ["convert/kept-as-unknown", "/1/parts/1"],
      ["convert/kept-as-unknown", "/1/parts/2"],
    ]);
  });

  it("replays the Anthropic signature through partwise's Anthropic encoder when read from Pydantic AI", () => {
    const { messages } = fromPydanticAiMessages(fixture("anthropic-code-execution.json"));
    const { body } = codecFor("anthropic").encodeRequest({ format: "partwise.history", version: 1, messages }, { request: { model: "claude-sonnet-4-6", max_tokens: 1024 } });
    const assistant = (body as { messages: { role: string; content: { type: string; signature?: string }[] }[] }).messages.find((message) => message.role === "assistant");
    expect(assistant?.content[0]).toEqual({ type: "thinking", thinking: "The user wants to calculate 4 * 12390.", signature: partsOf(messages)[1]?.payload?.data });
  });

  it("keeps OpenAI encrypted reasoning and its item id when the ThinkingPart names openai", () => {
    const { messages } = fromPydanticAiMessages(fixture("openai-responses-reasoning.json"));
    const [reasoning, call, result] = partsOf(messages).slice(1);
    expect(reasoning).toMatchObject({ type: "reasoning", payload: { provider: "openai.responses", kind: "encrypted_content" }, attributes: { provider: "openai.responses", itemId: "rs_001fd29e2d5573f70068ece2e816fc819c82755f049c987ea4" } });
    expect(reasoning?.payload?.data).toMatch(/^gAAAAABo7OLt_/);
    expect(call).toMatchObject({ type: "tool_call", toolCall: { id: "call_LIXPi261Xx3dGYzlDsOoyHGk", name: "final_result", arguments: "{\"city\":\"Mexico City\",\"country\":\"Mexico\"}" }, attributes: { itemId: "fc_001fd29e2d5573f70068ece2ecc140819c97ca83bd4647a717" } });
    expect(result).toMatchObject({ type: "tool_result", id: "call_LIXPi261Xx3dGYzlDsOoyHGk", name: "final_result", content: [{ type: "text", text: "Final result processed." }], isError: false });
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
  });

  it("replays the encrypted reasoning through partwise's OpenAI Responses encoder when read from Pydantic AI", () => {
    const { messages } = fromPydanticAiMessages(fixture("openai-responses-reasoning.json"));
    const { body } = codecFor("openai.responses").encodeRequest({ format: "partwise.history", version: 1, messages }, { request: { model: "gpt-5", store: false } });
    const items = (body as { input: { type: string; id?: string; encrypted_content?: string }[] }).input;
    const reasoningItem = items.find((item) => item.type === "reasoning");
    expect(reasoningItem?.encrypted_content).toBe(partsOf(messages)[1]?.payload?.data);
  });

  it("keeps the Bedrock signature as a bedrock signature payload when the ThinkingPart names bedrock", () => {
    const { messages } = fromPydanticAiMessages(fixture("bedrock-thinking.json"));
    expect(partsOf(messages)[1]).toMatchObject({ type: "reasoning", payload: { provider: "bedrock", kind: "signature" }, attributes: { provider: "bedrock" } });
  });

  it("keeps Google's thought signature on the part that carried it when the response names google", () => {
    const { messages } = fromPydanticAiMessages(fixture("google-thought-signature.json"));
    expect(partsOf(messages)).toEqual([
      { type: "reasoning", text: "thought" },
      { type: "text", text: "text", payload: { provider: "google", kind: "thought_signature", data: "c2lnbmF0dXJl" } },
    ]);
  });

  it("reads a retry prompt as a failed tool result when a tool's arguments were invalid", () => {
    const { messages } = fromPydanticAiMessages(fixture("retry-prompt.json"));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.role).toBe("tool");
    expect(messages[0]?.parts[0]).toMatchObject({ type: "tool_result", name: "foo_tool", isError: true, attributes: { "pydanticAi.part_kind": "\"retry-prompt\"" } });
  });

  it("reads user media as media parts when the prompt holds BinaryContent and ImageUrl", () => {
    const binary = partsOf(fromPydanticAiMessages(fixture("agent-binary-content.json")).messages)[1];
    const url = partsOf(fromPydanticAiMessages(fixture("agent-image-url.json")).messages)[1];
    expect(binary).toMatchObject({ type: "media", media: { id: "f7ff9e", mimeType: "text/plain", data: "SGVsbG8=", dataKind: "bytes" } });
    expect(url).toMatchObject({ type: "media", media: { id: "a72e39", mimeType: "image/jpeg", data: "https://example.com/chart.jpeg", dataKind: "url" } });
  });

  it("raises convert/invalid-input with the pointer when a part lacks a required field", () => {
    const broken = [{ kind: "response", parts: [{ part_kind: "thinking" }] }];
    expect(() => fromPydanticAiMessages(broken)).toThrow(expect.objectContaining({ code: "convert/invalid-input", pointer: expect.stringMatching(/^\/0\/parts\/0/) }) as Error);
    expect(() => fromPydanticAiMessages({ messages: [] })).toThrow(expect.objectContaining({ code: "convert/invalid-input", pointer: "" }) as Error);
  });
});

describe("toPydanticAiMessages", () => {
  it("writes one ThinkingPart per summary and reads them back as one reasoning part when an OpenAI item has two summaries", () => {
    const item = "rs_0b6169df6e16e9690068dd80f3d2b08191a7c3e8f4d1e5b2c6";
    const response = [{
      kind: "response",
      provider_name: "openai",
      parts: [
        { part_kind: "thinking", content: "**Planning the search**", id: item, signature: "gAAAAABo3YDz", provider_name: "openai" },
        { part_kind: "thinking", content: "**Answering**", id: item, provider_name: "openai" },
        { part_kind: "text", content: "Done.", id: "msg_1", provider_name: "openai" },
      ],
    }];
    const { messages } = fromPydanticAiMessages(response);
    expect(messages[0]?.parts[0]).toEqual({
      type: "reasoning",
      summary: "**Planning the search**\n\n**Answering**",
      payload: { provider: "openai.responses", kind: "encrypted_content", data: "gAAAAABo3YDz" },
      attributes: { provider: "openai.responses", itemId: item, summaryPartLengths: "23,13" },
    });
    const { body } = codecFor("openai.responses").encodeRequest({ format: "partwise.history", version: 1, messages }, { request: { model: "gpt-5", store: false } });
    const reasoning = (body as { input: { type: string; summary?: unknown[] }[] }).input.find((entry) => entry.type === "reasoning");
    expect(reasoning?.summary).toEqual([{ type: "summary_text", text: "**Planning the search**" }, { type: "summary_text", text: "**Answering**" }]);
    const written = toPydanticAiMessages(messages);
    expect(written.warnings).toEqual([]);
    expect(written.messages).toEqual(response);
  });

  it("reports each piece Pydantic AI has no place for with its pointer when the history holds them", () => {
    const { warnings } = toPydanticAiMessages({
      format: "partwise.history",
      version: 1,
      messages: [
        { role: "system", parts: [{ type: "text", text: "Be brief." }, { type: "media", media: { mimeType: "image/png", data: "iVBORw0K", dataKind: "bytes" } }] },
        { role: "user", parts: [{ type: "text", text: "Hi", attributes: { custom: "x" } }] },
        { role: "assistant", parts: [{ type: "tool_call", toolCall: { id: "c1", type: "function", name: "f", arguments: "{}" }, payload: { provider: "deepseek", kind: "tool_call_fields", data: "{}" } }] },
      ],
    });
    expect(warnings.map((warning) => [warning.code, warning.pointer])).toEqual([
      ["convert/part-lost", "/messages/0/parts/1"],
      ["convert/part-lost", "/messages/1/parts/0/attributes/custom"],
      ["convert/part-lost", "/messages/2/parts/0/payload"],
    ]);
  });
});
