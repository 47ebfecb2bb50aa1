// The Ollama message fields of spec/providers/ollama.tsp, enforced by the generated validators in both
// decoders: a malformed known field is provider/invalid-wire at its pointer (and byte position in a
// stream); a field Ollama adds later stays an unknown part holding it as received.
import { describe, expect, it } from "vitest";
import { decodeOllamaResponse, ollamaCodec } from "../../../src/providers/ollama/index.js";
import { decodeByteChunks, newlineDelimitedJsonBytes } from "../support/provider-fixtures.js";

const line = (message: Record<string, unknown>, done: boolean) => ({ model: "qwen3", message: { role: "assistant", content: "", ...message }, done, ...(done ? { done_reason: "stop" } : {}) });

const malformed: [string, Record<string, unknown>, string][] = [
  ["a thinking that is a number", { thinking: 5 }, "/message/thinking"],
  ["a content that is null", { content: null }, "/message/content"],
  ["images that are not strings", { images: [1] }, "/message/images/0"],
  ["a tool call whose arguments are a string", { tool_calls: [{ function: { name: "f", arguments: "{}" } }] }, "/message/tool_calls/0/function/arguments"],
  ["a tool call without its function name", { tool_calls: [{ function: { arguments: {} } }] }, "/message/tool_calls/0/function"],
];

describe("decodeOllamaResponse", () => {
  it.each(malformed)("raises provider/invalid-wire at the pointer when given %s", (_, fields, pointer) => {
    expect(() => decodeOllamaResponse(line(fields, true))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", provider: "ollama", pointer }));
  });

  it("keeps a field it does not model as an unknown part holding that field as received", () => {
    const { message } = decodeOllamaResponse(line({ content: "Hi", hologram: { beams: [1, null] } }, true));
    expect(message.parts).toEqual([{ type: "text", text: "Hi" }, { type: "unknown", provider: "ollama", kind: "hologram", rawJson: JSON.stringify({ hologram: { beams: [1, null] } }) }]);
  });
});

describe("OllamaStreamDecoder", () => {
  it.each(malformed)("raises provider/invalid-wire at the pointer and byte position when given %s", async (_, fields, pointer) => {
    const lines = [line({ content: "Hi" }, false), line(fields, false), line({}, true)];
    const position = newlineDelimitedJsonBytes(lines.slice(0, 1)).length;
    await expect(decodeByteChunks(ollamaCodec, [newlineDelimitedJsonBytes(lines)])).rejects.toMatchObject({ code: "provider/invalid-wire", provider: "ollama", pointer, position });
  });

  it("keeps a field it does not model as the unknown part the blocking decoder gives", async () => {
    const [streamed] = await decodeByteChunks(ollamaCodec, [newlineDelimitedJsonBytes([line({ content: "Hi" }, false), line({ hologram: { beams: 1 } }, true)])]);
    expect(streamed?.message.parts).toEqual(decodeOllamaResponse(line({ content: "Hi", hologram: { beams: 1 } }, true)).message.parts);
  });
});
