// toOtelMessages and otelFormat: recorded provider replies and random histories exported as the OTel GenAI
// message JSON validate against the conventions' published schemas, and no opaque value ever leaves.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { History, Message, Part } from "../../../generated/types.js";
import { validateOtelGenAiChatMessage, validateOtelGenAiDocument } from "../../../generated/formats/otel-validators.js";
import { textToBase64 } from "../../../src/bytes/base64.js";
import { otelFormat, toOtelMessages } from "../../../src/interop/otel/otel-messages.js";
import { codecFor } from "../../../src/providers/registry.js";
import { historyArbitrary } from "../../support/arbitraries.js";
import { propertyRuns } from "../../support/property-runs.js";
import { readFixtureJson } from "../../providers/support/provider-fixtures.js";
import { publishedSchemaErrors } from "./published-schemas.js";

const question: Message = { role: "user", parts: [{ type: "text", text: "Is it raining in Oslo?" }] };
const system: Message = { role: "system", parts: [{ type: "text", text: "You answer about the weather." }] };

function decodedReply(provider: string, directory: string, file: string) {
  return codecFor(provider).decodeResponse(readFixtureJson(directory, file));
}

describe("toOtelMessages", () => {
  it("splits the leading system messages, the input and the final assistant messages when given a history", () => {
    const call: Part = { type: "tool_call", toolCall: { id: "call_1", type: "function", name: "get_weather", arguments: "{\"city\":\"Oslo\"}" } };
    const result: Part = { type: "tool_result", id: "call_1", name: "get_weather", content: [{ type: "text", text: "7 °C, light rain" }], isError: false };
    const later: Message = { role: "system", parts: [{ type: "text", text: "Answer briefly." }] };
    const history: History = {
      format: "partwise.history", version: 1,
      messages: [system, question, { role: "assistant", parts: [call] }, { role: "tool", parts: [result] }, later, { role: "assistant", parts: [{ type: "text", text: "Yes." }] }],
    };
    const exported = toOtelMessages(history, { response: { finishReason: "stop" } });

    expect(exported.systemInstructions).toEqual([{ type: "text", content: "You answer about the weather." }]);
    expect(exported.inputMessages).toEqual([
      { role: "user", parts: [{ type: "text", content: "Is it raining in Oslo?" }] },
      { role: "assistant", parts: [{ type: "tool_call", id: "call_1", name: "get_weather", arguments: { city: "Oslo" } }] },
      { role: "tool", parts: [{ type: "tool_call_response", id: "call_1", name: "get_weather", response: "7 °C, light rain" }] },
      { role: "system", parts: [{ type: "text", content: "Answer briefly." }] },
    ]);
    expect(exported.outputMessages).toEqual([{ role: "assistant", parts: [{ type: "text", content: "Yes." }], finish_reason: "stop" }]);
    expect(exported.warnings).toEqual([]);
    expect(publishedSchemaErrors(exported)).toEqual([]);
  });

  it("is checked by the published schemas and by partwise's stricter spec, since the published generic part admits any typed object", () => {
    const untyped = { systemInstructions: [], inputMessages: [{ role: "user", parts: [{ content: "x" }] }], outputMessages: [{ parts: [] }] };
    expect(publishedSchemaErrors(untyped as never)).toHaveLength(2);
    const reasoningWithoutContent = { role: "user", parts: [{ type: "reasoning" }] };
    expect(publishedSchemaErrors({ systemInstructions: [], inputMessages: [reasoningWithoutContent as never], outputMessages: [] })).toEqual([]);
    expect(validateOtelGenAiChatMessage(reasoningWithoutContent)).toBe(false);
  });

  it("exports every message as input when output is none", () => {
    const exported = toOtelMessages([system, question, { role: "assistant", parts: [{ type: "text", text: "Yes." }] }], { output: "none" });
    expect(exported.inputMessages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(exported.outputMessages).toEqual([]);
  });

  it("withholds an Anthropic signature, marking the reasoning part and warning with its pointer, when a recorded reply carries one", () => {
    const reply = decodedReply("anthropic", "anthropic", "vercel-ai__anthropic-claude-opus-5-reasoning-high.1.json");
    const signature = reply.message.parts[0]!.payload!.data;
    const exported = toOtelMessages([question, reply.message], { response: reply.info });

    expect(exported.outputMessages[0]!.parts[0]).toEqual({
      type: "reasoning",
      content: (reply.message.parts[0] as { text: string }).text,
      partwise: { withheld: [{ field: "payload", provider: "anthropic", kind: "signature" }] },
    });
    expect(exported.outputMessages[0]!.finish_reason).toBe("stop");
    expect(exported.warnings).toEqual([expect.objectContaining({ code: "convert/part-lost", pointer: "/1/parts/0/payload", details: { field: "payload", provider: "anthropic", kind: "signature" } })]);
    expect(JSON.stringify(exported)).not.toContain(signature);
    expect(publishedSchemaErrors(exported)).toEqual([]);
  });

  it("withholds OpenAI Responses encrypted reasoning but keeps the item ids as attributes when a recorded reply carries them", () => {
    const reply = decodedReply("openai.responses", "openai-responses", "pydantic-ai__azure-gpt-5.5-reasoning-empty-content.json");
    const encrypted = reply.message.parts[0]!.payload!.data;
    const exported = toOtelMessages([reply.message]);
    const [reasoning, text] = exported.outputMessages[0]!.parts;

    expect(reasoning).toMatchObject({ type: "reasoning", content: "", partwise: { withheld: [{ field: "payload", provider: "openai.responses", kind: "encrypted_content" }], attributes: { itemId: expect.stringMatching(/^rs_/) } } });
    expect(text).toMatchObject({ type: "text", partwise: { attributes: { itemId: expect.stringMatching(/^msg_/), phase: "final_answer" } } });
    expect(JSON.stringify(exported)).not.toContain(encrypted);
    expect(exported.warnings.map((warning) => warning.pointer)).toEqual(["/0/parts/0/payload"]);
  });

  it("names a raw provider block by provider and kind without its content when a part is unknown", () => {
    const rawJson = "{\"type\":\"server_tool_use\",\"id\":\"srvtoolu_01\",\"name\":\"web_search\",\"input\":{\"query\":\"Oslo weather\"}}";
    const exported = toOtelMessages([question, { role: "assistant", parts: [{ type: "unknown", provider: "anthropic", kind: "server_tool_use", rawJson }] }]);

    expect(exported.outputMessages[0]!.parts).toEqual([{ type: "partwise.unknown", provider: "anthropic", kind: "server_tool_use", partwise: { withheld: [{ field: "rawJson", provider: "anthropic", kind: "server_tool_use" }] } }]);
    expect(JSON.stringify(exported)).not.toContain("Oslo weather");
    expect(exported.warnings).toEqual([expect.objectContaining({ code: "convert/part-lost", pointer: "/1/parts/0/rawJson" })]);
  });

  it("exports media by URL as a uri part and inline media as a reference unless includeMediaBytes is set", () => {
    const photo: Part = { type: "media", media: { mimeType: "image/png", name: "chart.png", data: "iVBORw0KGgo=", dataKind: "bytes" } };
    const report: Part = { type: "media", media: { mimeType: "application/pdf", data: "https://example.com/report.pdf", dataKind: "url" } };
    const note: Part = { type: "media", media: { mimeType: "text/plain", data: "hello", dataKind: "string" } };
    const user: Message = { role: "user", parts: [photo, report, note] };

    const referenced = toOtelMessages([user]);
    expect(referenced.inputMessages[0]!.parts).toEqual([
      { type: "partwise.media", mime_type: "image/png", modality: "image", name: "chart.png", byte_size: 8, partwise: { withheld: [{ field: "media.data", kind: "image/png" }] } },
      { type: "uri", mime_type: "application/pdf", modality: "document", uri: "https://example.com/report.pdf" },
      { type: "partwise.media", mime_type: "text/plain", modality: "document", byte_size: 5, partwise: { withheld: [{ field: "media.data", kind: "text/plain" }] } },
    ]);
    expect(referenced.warnings.map((warning) => warning.pointer)).toEqual(["/0/parts/0/media/data", "/0/parts/2/media/data"]);

    const inline = toOtelMessages([user], { includeMediaBytes: true });
    expect(inline.inputMessages[0]!.parts).toEqual([
      { type: "blob", mime_type: "image/png", modality: "image", name: "chart.png", content: "iVBORw0KGgo=" },
      { type: "uri", mime_type: "application/pdf", modality: "document", uri: "https://example.com/report.pdf" },
      { type: "blob", mime_type: "text/plain", modality: "document", content: textToBase64("hello") },
    ]);
    expect(inline.warnings).toEqual([]);
    expect([...publishedSchemaErrors(referenced), ...publishedSchemaErrors(inline)]).toEqual([]);
  });

  it("keeps arguments that are not JSON as their text, and a failed result's flag and content parts", () => {
    const call: Part = { type: "tool_call", toolCall: { id: "c", type: "function", name: "f", arguments: "{not json" } };
    const failed: Part = { type: "tool_result", id: "c", content: [{ type: "text", text: "boom" }, { type: "text", text: "!" }], isError: true };
    const exported = toOtelMessages([{ role: "assistant", parts: [call] }, { role: "tool", parts: [failed] }], { output: "none" });

    expect(exported.inputMessages.map((message) => message.parts[0])).toEqual([
      { type: "tool_call", id: "c", name: "f", arguments: "{not json" },
      { type: "tool_call_response", id: "c", response: [{ type: "text", content: "boom" }, { type: "text", content: "!" }], partwise: { is_error: true } },
    ]);
  });

  it("reports message metadata as lost when a message has some", () => {
    const exported = toOtelMessages([{ ...question, metadata: { turn: 1 } }]);
    expect(exported.warnings).toEqual([expect.objectContaining({ code: "convert/part-lost", pointer: "/0/metadata" })]);
  });
});

/** The history with every opaque value replaced by a unique marker, and the pointers of the pieces that must be withheld. */
function marked(history: History): { history: History; markers: string[]; withheld: string[] } {
  const markers: string[] = [];
  const withheld: string[] = [];
  const mark = () => {
    const marker = `opaque${markers.length}x${Math.random().toString(36).slice(2)}`;
    markers.push(marker);
    return marker;
  };
  const part = (value: Part, pointer: string): Part => {
    let next: Part = value;
    if (value.payload) {
      withheld.push(`${pointer}/payload`);
      next = { ...next, payload: { ...value.payload, data: mark() } };
    }
    if (next.type === "unknown") {
      withheld.push(`${pointer}/rawJson`);
      return { ...next, rawJson: JSON.stringify({ secret: mark() }) };
    }
    if (next.type === "media" && next.media.dataKind !== "url") {
      withheld.push(`${pointer}/media/data`);
      return { ...next, media: { ...next.media, data: next.media.dataKind === "bytes" ? textToBase64(mark()) : mark() } };
    }
    if (next.type === "tool_result") return { ...next, content: next.content.map((inner, index) => part(inner, `${pointer}/content/${index}`)) };
    return next;
  };
  const messages = history.messages.map((message, index) => {
    if (message.metadata && Object.keys(message.metadata).length > 0) withheld.push(`/messages/${index}/metadata`);
    return { ...message, parts: message.parts.map((inner, partIndex) => part(inner, `/messages/${index}/parts/${partIndex}`)) };
  });
  return { history: { ...history, messages }, markers, withheld };
}

describe("toOtelMessages on random histories", () => {
  it("writes output the published schemas accept, leaks no opaque value and warns of exactly the withheld pieces", () => {
    fc.assert(fc.property(historyArbitrary, (generated) => {
      const { history, markers, withheld } = marked(generated);
      const exported = toOtelMessages(history);
      const text = JSON.stringify(exported.systemInstructions) + JSON.stringify(exported.inputMessages) + JSON.stringify(exported.outputMessages);

      expect(publishedSchemaErrors(exported)).toEqual([]);
      const document = { "gen_ai.system_instructions": exported.systemInstructions, "gen_ai.input.messages": exported.inputMessages, "gen_ai.output.messages": exported.outputMessages };
      expect(validateOtelGenAiDocument(JSON.parse(JSON.stringify(document)))).toBe(true);
      for (const marker of markers) expect(text).not.toContain(marker);
      // Marker strings in base64 (media bytes) must not leak either.
      for (const marker of markers) expect(text).not.toContain(textToBase64(marker));
      expect(exported.warnings.map((warning) => warning.pointer).sort()).toEqual([...withheld].sort());
    }), { numRuns: propertyRuns(200) });
  });
});

describe("otelFormat", () => {
  it("writes the three attributes by name, valid against partwise's own spec of them", () => {
    const reply = decodedReply("anthropic", "anthropic", "vercel-ai__anthropic-claude-opus-5-reasoning-high.1.json");
    const { document, warnings } = otelFormat.write([system, question, reply.message]);

    expect(Object.keys(document as object)).toEqual(["gen_ai.system_instructions", "gen_ai.input.messages", "gen_ai.output.messages"]);
    expect(validateOtelGenAiDocument(document)).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(otelFormat.read).toBeUndefined();
  });
});
