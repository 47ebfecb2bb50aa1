import fc from "fast-check";
import type { Message, Part } from "../../generated/types.js";
import { describe, expect, it } from "vitest";
import { validateHistory } from "../../generated/validators.js";
import { InvalidDocumentError, PartwiseError } from "../../src/errors/partwise-error.js";
import { MAX_NESTING_DEPTH, parseHistory, parseMessage, parsePart, parseSessionEvent } from "../../src/parts/parse.js";
import { messagesEqual } from "../../src/parts/equality.js";
import { historyToJson, messageToStoredJson, serialize } from "../../src/parts/serialize.js";
import { historyArbitrary } from "../support/arbitraries.js";
import { propertyRuns } from "../support/property-runs.js";

function thrown(action: () => unknown): PartwiseError {
  try {
    action();
  } catch (error) {
    if (PartwiseError.isPartwiseError(error)) return error;
    throw error;
  }
  throw new Error("expected an error");
}

describe("serialize and parseHistory", () => {
  it("round-trip any valid history: serialize, validate, parse, equal, and written back byte for byte", () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const text = serialize(history);
        expect(validateHistory(JSON.parse(text))).toBe(true);
        const read = parseHistory(text);
        // Equal as parts (empty attributes are read as absent, which the writer writes as `{}` again).
        expect(read.messages.length).toBe(history.messages.length);
        expect(read.messages.every((message, index) => messagesEqual(message, history.messages[index]!))).toBe(true);
        expect(serialize(read)).toBe(text);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("writes fields in canonical order whatever order they were read in", () => {
    const part = parsePart('{"attributes":{"b":"1"},"payload":{"data":"x","kind":"signature","provider":"anthropic"},"text":"hi","type":"text"}');
    expect(serialize(part)).toBe('{"type":"text","text":"hi","payload":{"provider":"anthropic","kind":"signature","data":"x"},"attributes":{"b":"1"}}');
  });

  it("keeps fields partwise does not know after the known ones when a part carries them", () => {
    const line = '{"type":"text","text":"hi","attributes":{},"citationsSeen":2}';
    expect(serialize(parsePart(line))).toBe(line);
  });

  it("writes attributes on every part, {} when it has none, and reads {} back as none, since Spring AI's records reject a part without them", () => {
    const parts = parseHistory('[{"role":"assistant","parts":[{"type":"text","text":"hi"},{"type":"tool_result","content":[{"type":"text","text":"ok","attributes":{}}],"isError":false}]}]').messages[0]!.parts;
    expect(parts).toEqual([{ type: "text", text: "hi" }, { type: "tool_result", content: [{ type: "text", text: "ok" }], isError: false }]);
    expect(parts.map((part) => serialize(part))).toEqual([
      '{"type":"text","text":"hi","attributes":{}}',
      '{"type":"tool_result","content":[{"type":"text","text":"ok","attributes":{}}],"isError":false,"attributes":{}}',
    ]);
  });

  it("wraps a bare message array in a history document", () => {
    const history = parseHistory('[{"role":"user","parts":[{"type":"text","text":"hi"}]}]');
    expect(historyToJson(history)).toEqual({ format: "partwise.history", version: 1, messages: [{ role: "user", parts: [{ type: "text", text: "hi", attributes: {} }] }] });
  });
});

describe("parseHistory of a value already parsed", () => {
  const given = () => JSON.parse(serialize({
    format: "partwise.history",
    version: 1,
    messages: [
      { role: "user", parts: [{ type: "text", text: "hi" }] },
      { role: "tool", parts: [{ type: "tool_result", id: "c1", content: [{ type: "text", text: "ok" }], isError: false }] },
    ],
  })) as unknown;

  it("reads empty attributes as absent without changing the caller's objects", () => {
    const value = given();
    const before = structuredClone(value);
    const history = parseHistory(value);
    expect(value).toEqual(before);
    expect(history.messages.map((message) => message.parts)).toEqual([
      [{ type: "text", text: "hi" }],
      [{ type: "tool_result", id: "c1", content: [{ type: "text", text: "ok" }], isError: false }],
    ]);
  });

  it("reads a value as it reads the same text, field for field and in order, when the history is any valid one", () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const text = serialize(history);
        const value = JSON.parse(text) as unknown;
        const read = parseHistory(value);
        expect(JSON.stringify(value)).toBe(text);
        expect(read).toEqual(parseHistory(text));
        expect(JSON.stringify(read)).toBe(JSON.stringify(parseHistory(text)));
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it("copies a part with fields the writer does not write, or in another order, field for field", () => {
    const parts = [
      { text: "a", type: "text", attributes: {} },
      { type: "text", text: "b", citationsSeen: 2, attributes: {} },
      JSON.parse('{"type":"media","media":{"mimeType":"image/png","data":"AA==","dataKind":"bytes"},"__proto__":{"kept":true},"attributes":{}}') as unknown,
    ];
    const read = parseHistory({ format: "partwise.history", version: 1, messages: [{ role: "user", parts }] }).messages[0]!.parts;
    expect(read.map((part) => Object.keys(part))).toEqual([["text", "type"], ["type", "text", "citationsSeen"], ["type", "media", "__proto__"]]);
    expect(Object.getPrototypeOf(read[2])).toBe(Object.prototype);
  });

  it("checks each message at its depth in the document: a message nested as deep as parseMessage allows is too deep inside a history", () => {
    let metadata: Record<string, unknown> = {};
    const root = metadata;
    // The message alone is level 1 and its metadata 2; inside a history they are levels 3 and 4.
    for (let level = 2; level < MAX_NESTING_DEPTH; level++) metadata = metadata.a = {};
    const message = { role: "user", parts: [], metadata: root };
    expect(parseMessage(message).metadata).toBe(root);
    const error = thrown(() => parseHistory({ format: "partwise.history", version: 1, messages: [message] }));
    expect(error.code).toBe("json/too-deep");
    expect(error.pointer).toBe(`/messages/0/metadata${"/a".repeat(MAX_NESTING_DEPTH - 3)}`);
  });

  it("reports a wrong field of the document itself after valid messages", () => {
    const value = given() as Record<string, unknown>;
    const error = thrown(() => parseHistory({ ...value, version: 2 }));
    expect([error.code, error.pointer]).toEqual(["schema/invalid", "/version"]);
  });

  it("reads a document whose prototype is not Object.prototype the same way", () => {
    const value = given() as Record<string, unknown>;
    const history = parseHistory(Object.assign(Object.create({ inherited: true }) as object, value));
    expect(history.messages[0]?.parts).toEqual([{ type: "text", text: "hi" }]);
  });
});

describe("messageToStoredJson", () => {
  it("writes a message in the written order whether its fields came in that order or not", () => {
    const canonical = '{"role":"assistant","parts":[{"type":"tool_call","toolCall":{"id":"c","type":"function","name":"f","arguments":"{}"},"payload":{"provider":"anthropic","kind":"signature","data":"x"}},{"type":"text","text":"a","seen":1}],"metadata":{"z":1,"a":2}}';
    expect(JSON.stringify(messageToStoredJson(JSON.parse(canonical) as Message))).toBe(canonical);
    const shuffled = { metadata: { z: 1, a: 2 }, parts: [{ toolCall: { name: "f", arguments: "{}", id: "c", type: "function" }, type: "tool_call", payload: { data: "x", kind: "signature", provider: "anthropic" } }, { seen: 1, text: "a", type: "text" }], role: "assistant" };
    expect(JSON.stringify(messageToStoredJson(shuffled as unknown as Message))).toBe(canonical);
  });

  it("writes a known field that is not enumerable, and a part of a later format version as the node it was read from", () => {
    const part = { type: "text", attributes: { k: "v" } };
    Object.defineProperty(part, "text", { value: "hidden", enumerable: false });
    expect(JSON.stringify(messageToStoredJson({ role: "user", parts: [part as Part] }))).toBe('{"role":"user","parts":[{"type":"text","text":"hidden","attributes":{"k":"v"}}]}');
    const future = parseMessage('{"role":"user","parts":[{"type":"hologram","frames":[1]}]}');
    expect(JSON.stringify(messageToStoredJson(future))).toBe('{"role":"user","parts":[{"type":"hologram","frames":[1]}]}');
  });
});

describe("parseHistory with parts of a later format version", () => {
  const future = '{"type":"hologram","frames":[1,2],"payload":{"provider":"google","kind":"thought_signature","data":"AA=="}}';
  const text = `{"format":"partwise.history","version":1,"messages":[{"role":"assistant","parts":[{"type":"text","text":"a","attributes":{}},${future},{"type":"tool_result","content":[${future}],"isError":false,"attributes":{}}]}]}`;

  it("reads them as unknown parts wrapping the whole node", () => {
    const history = parseHistory(text);
    expect(history.messages[0]?.parts[1]).toEqual({ type: "unknown", provider: "partwise", kind: "hologram", rawJson: future });
    const result = history.messages[0]?.parts[2];
    expect(result?.type === "tool_result" && result.content[0]?.type).toBe("unknown");
  });

  it("re-serializes the history unchanged", () => {
    expect(serialize(parseHistory(text))).toBe(text);
  });
});

describe("parseMessage errors", () => {
  it("names the JSON pointer of a known part with a missing field", () => {
    const error = thrown(() => parseMessage({ role: "assistant", parts: [{ type: "text", text: "a" }, { type: "tool_call", toolCall: { id: "1", type: "function", arguments: "{}" } }] }));
    expect(error).toBeInstanceOf(InvalidDocumentError);
    expect(error.code).toBe("schema/invalid");
    expect(error.pointer).toBe("/parts/1/toolCall");
    expect(error.message).toContain('expected required property "name"');
  });

  it("names the expected type of a mistyped field", () => {
    const error = thrown(() => parseMessage({ role: "user", parts: [{ type: "text", text: 5 }] }));
    expect(error.pointer).toBe("/parts/0/text");
    expect(error.message).toContain("expected string");
  });

  it("lists the allowed roles for a wrong role", () => {
    const error = thrown(() => parseMessage({ role: "robot", parts: [] }));
    expect(error.pointer).toBe("/role");
    expect(error.message).toContain('expected one of "system", "user", "assistant", "tool"');
  });

  it("locates a JSON syntax error by line and column", () => {
    const error = thrown(() => parseHistory('{\n  "format": "partwise.history",\n  "version": 1,\n  "messages": [}\n}'));
    expect(error.code).toBe("json/syntax");
    expect([error.line, error.column]).toEqual([4, 16]);
  });

  it("serializes to the spec's error object", () => {
    const error = thrown(() => parseMessage({ role: "user", parts: [{ type: "media", media: { mimeType: "png", data: "", dataKind: "bytes" } }] }, { file: "h.json" }));
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: "InvalidDocumentError", code: "schema/invalid", pointer: "/parts/0/media/mimeType", file: "h.json" });
  });
});

describe("parsePart", () => {
  it("rejects a payload or unknown part whose provider or kind is only whitespace, as Spring AI's records do", () => {
    for (const [part, pointer] of [
      [{ type: "text", text: "", payload: { provider: " ", kind: "signature", data: "x" } }, "/payload/provider"],
      [{ type: "text", text: "", payload: { provider: "google", kind: "\t\n", data: "x" } }, "/payload/kind"],
      [{ type: "unknown", provider: "  ", kind: "server_tool_use", rawJson: "{}" }, "/provider"],
    ] as const) {
      const error = thrown(() => parsePart(part));
      expect([error.code, error.pointer]).toEqual(["schema/invalid", pointer]);
    }
  });
});

describe("parseSessionEvent", () => {
  it("reads the message of a message event like parseMessage does", () => {
    const event = parseSessionEvent({
      id: "e1", sessionId: "s", timestamp: "2026-11-30T10:00:00Z", type: "MESSAGE",
      message: { role: "assistant", parts: [{ type: "sparkle" }] },
    });
    expect(event.type === "MESSAGE" && "message" in event && event.message.parts[0]).toMatchObject({ type: "unknown", kind: "sparkle" });
  });

  it("rejects a custom event type that is not upper case", () => {
    const error = thrown(() => parseSessionEvent({ id: "e1", sessionId: "s", timestamp: "2026-11-30T10:00:00Z", type: "audit", payload: {} }));
    expect(error.pointer).toBe("/type");
  });
});
