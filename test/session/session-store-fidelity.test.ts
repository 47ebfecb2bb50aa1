import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { History, Message, MessageEvent, Part } from "../../generated/types.js";
import {
  mediaFromBytes,
  mediaPart,
  message,
  opaquePayload,
  reasoningPart,
  textPart,
  toolCallPart,
  toolResultPart,
  unknownPart,
} from "../../src/parts/constructors.js";
import { messagesEqual } from "../../src/parts/equality.js";
import { parseMessage } from "../../src/parts/parse.js";
import { serialize } from "../../src/parts/serialize.js";
import type { SessionRepository } from "../../src/session/session-repository.js";
import { SessionService } from "../../src/session/session-service.js";
import { historyArbitrary } from "../support/arbitraries.js";
import { propertyRuns } from "../support/property-runs.js";
import { failure, user } from "../support/session-fixtures.js";
import { storesUnderTest } from "../support/session-stores.js";

const anthropicSignature = "ErUBCkYIBxgCIkDnbUQYR8Tz/s8VQ4gtHL9jIuO0pWr8cBdp+Q==";
const geminiSignature = "Eo0HCooHAb4+9vutXdtKMt+r7Z3gLh52ZQ3RKYDzp4A6PHh0dLuvI1KwnLxD";
const openAiEncrypted = "gAAAAABpPDIUph8czEXzDePCV2lJ27wm7TsbCvazrvHSn0yWitN7RGWq8sjr";
/** Raw JSON text whose spacing, key order and escapes must survive byte for byte. */
const rawServerToolUse = '{ "type":"server_tool_use", "id":"srvtoolu_01", "input": {"query":"Oslo \\u00e9t\\u00e9 \\ud83c\\udf27"} }';

/** Every part kind, every provider's payloads, NUL, astral and unpaired-surrogate text, a part of a later version. */
const everyPartHistory: History = {
  format: "partwise.history",
  version: 1,
  messages: [
    message("system", [textPart("Answer briefly. NUL:\u0000 end")]),
    message("user", [
      textPart("Is it raining in Oslo? 🌧️ 𝄞 \u2028 lone:\ud800 tail"),
      mediaPart(mediaFromBytes("image/png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]), { name: "radar.png" })),
      mediaPart({ mimeType: "application/pdf", data: "https://example.com/report.pdf", dataKind: "url" }),
    ]),
    message("assistant", [
      reasoningPart({ text: "Need live data.", payload: opaquePayload("anthropic", "signature", anthropicSignature), attributes: { provider: "anthropic" } }),
      reasoningPart({ text: null, payload: opaquePayload("anthropic", "redacted_thinking", "EmwKAhgBEgy3va3pzix/ZAAA") }),
      unknownPart({ provider: "anthropic", kind: "server_tool_use", rawJson: rawServerToolUse }),
      toolCallPart({ id: "toolu_01", name: "get_weather", arguments: '{"city": "Oslo",  "units":"c"}' }),
    ]),
    message("tool", [toolResultPart({
      id: "toolu_01",
      name: "get_weather",
      content: [textPart('{"rain":true}'), mediaPart({ mimeType: "text/plain", data: "raw \u0000 string", dataKind: "string" })],
      isError: false,
    })]),
    message("assistant", [
      reasoningPart({ text: null, summary: "Looked it up.", payload: opaquePayload("openai.responses", "encrypted_content", openAiEncrypted), attributes: { itemId: "rs_01", itemStatus: "completed" } }),
      textPart("", { payload: opaquePayload("google", "thought_signature", geminiSignature) }),
      toolCallPart({ id: "", name: "lookup", arguments: "{}" }, { payload: opaquePayload("google", "thought_signature", geminiSignature) }),
      toolCallPart({ id: "call_9", name: "lookup", arguments: "{}" }, { payload: opaquePayload("openai.chat", "tool_call_additional_properties", '{"extra_content":{"google":{"thought_signature":"abc"}}}') }),
      reasoningPart({ text: "bedrock thinking", payload: opaquePayload("bedrock", "signature", "c2lnbmF0dXJl"), attributes: { provider: "bedrock" } }),
      reasoningPart({ text: null, payload: opaquePayload("bedrock", "redacted_content", "AAECAwQ=") }),
      reasoningPart({ text: "deepseek reasoning", attributes: { provider: "deepseek" } }),
      reasoningPart({ text: "ollama thinking", attributes: { provider: "ollama" } }),
      reasoningPart({ text: "mistral thinking", attributes: { provider: "mistral" } }),
    ]),
    message("tool", [toolResultPart({ name: "lookup", content: "done", isError: true }), toolResultPart({ id: "call_9", content: [] })]),
    parseMessage({ role: "assistant", parts: [{ type: "hologram", frames: [1, 2.5, "\u0000"], note: { nested: true } }, { type: "text", text: "after" }], metadata: { turn: 3, tags: ["a", null] } }),
  ],
};

function messagesOf(events: readonly unknown[]): Message[] {
  return (events as MessageEvent[]).map((event) => event.message);
}

function payloadsAndRawJson(parts: readonly Part[]): string[] {
  return parts.flatMap((part) => [
    ...(part.payload ? [part.payload.data] : []),
    ...(part.type === "unknown" ? [part.rawJson] : []),
    ...(part.type === "tool_result" ? payloadsAndRawJson(part.content) : []),
  ]);
}

describe.each(storesUnderTest("fidelity"))("SessionService on the $name store", (store) => {
  let repository: SessionRepository;
  let service: SessionService;

  beforeEach(async () => {
    repository = await store.open();
    service = new SessionService(repository);
  });
  afterEach(() => repository.close());

  describe("round trip", () => {
    it("returns a history holding every part kind and every provider's payloads deep-equal and byte-identical", async () => {
      await service.create({ id: "s-1" });
      const appended = await service.appendEvents("s-1", everyPartHistory.messages.map((entry) => ({ type: "MESSAGE", message: entry })));
      const loaded = await service.getEvents("s-1");
      expect(loaded).toEqual(appended.events);
      expect(messagesOf(loaded)).toEqual(everyPartHistory.messages);
      expect(await service.getActiveMessages("s-1")).toEqual(everyPartHistory.messages);
      expect(serialize(messagesOf(loaded))).toBe(serialize(everyPartHistory));
      const stored = messagesOf(loaded).flatMap((entry) => payloadsAndRawJson(entry.parts));
      const given = everyPartHistory.messages.flatMap((entry) => payloadsAndRawJson(entry.parts));
      expect(stored.map((text) => Buffer.from(text, "utf16le").toString("hex"))).toEqual(given.map((text) => Buffer.from(text, "utf16le").toString("hex")));
      // The part of a later format version is written back as the node it was read from.
      expect(serialize(messagesOf(loaded).at(-1)!)).toBe('{"role":"assistant","parts":[{"type":"hologram","frames":[1,2.5,"\\u0000"],"note":{"nested":true}},{"type":"text","text":"after","attributes":{}}],"metadata":{"turn":3,"tags":["a",null]}}');
    });

    it("keeps event timestamps, metadata and custom payloads exactly as given", async () => {
      await service.create({ id: "s-1" });
      const events = [
        { type: "MESSAGE", timestamp: "2026-11-30T12:00:00.123456+02:00", message: user("hi"), metadata: { synthetic: false, trace: { id: "t\u0000", list: [1, -2.5e-7, "𝄞"] } } },
        { type: "ACME.AUDIT", timestamp: "2026-11-30T10:00:00Z", payload: { approved: true, by: "O'Brien \"quoted\" \\ \u0000 \udfff", nested: { deep: [[[]]] } } },
      ] as const;
      await service.appendEvents("s-1", events);
      const loaded = await service.getEvents("s-1");
      expect(loaded.map(({ id: _id, sessionId: _sessionId, seq: _seq, ...rest }) => rest)).toEqual(events);
    });

    it("returns any valid history equal and serialized identically", async () => {
      const runs = propertyRuns(store.name === "memory" ? 300 : 60);
      let session = 0;
      await fc.assert(
        fc.asyncProperty(historyArbitrary, async (history) => {
          const id = `s-${session++}`;
          await service.create({ id });
          if (history.messages.length > 0) await service.appendEvents(id, history.messages.map((entry) => ({ type: "MESSAGE", message: entry })));
          const loaded = messagesOf(await service.getEvents(id));
          // Equal as parts: an empty `attributes` is read as none, which is written as `{}` again.
          expect(loaded.length === history.messages.length && loaded.every((entry, index) => messagesEqual(entry, history.messages[index]!))).toBe(true);
          expect(serialize(loaded)).toBe(serialize(history));
        }),
        { numRuns: runs },
      );
    });
  });

  describe("hostile ids and metadata", () => {
    const literalIds = [
      "'; DROP TABLE partwise_session; --",
      "Robert'); DELETE FROM partwise_session_event WHERE ('1'='1",
      '"double" \\ back\\slash % _ ? $1 :name @name',
      "😀👩‍💻 𝄞 \u2028 \t\n tabs",
      "x".repeat(256),
    ];

    it("stores ids with quotes, SQL fragments and unicode literally", async () => {
      for (const id of literalIds) {
        await service.create({ id, metadata: { principalName: id } });
        const event = await service.appendMessage(id, user(id), { id: `event ${id}`.slice(0, 256) });
        expect(await service.findById(id)).toMatchObject({ id, metadata: { principalName: id }, version: 1 });
        expect((await service.findByMetadata("principalName", id)).map((session) => session.id)).toEqual([id]);
        expect(await service.getEvents(id)).toEqual([event]);
      }
      expect((await service.list({ limit: 100 })).map((session) => session.id).sort()).toEqual([...literalIds].sort());
    });

    it("rejects ids a store cannot hold exactly with session/storage and the pointer, writing nothing", async () => {
      const unstorable = { nul: "a\u0000b", surrogate: "a\ud800b", trailing: "b\udc00", long: "x".repeat(257), megabyte: "m".repeat(1 << 20), empty: "" };
      for (const [name, id] of Object.entries(unstorable)) {
        const error = await failure(service.create({ id }));
        expect(error, name).toMatchObject({ code: "session/storage", pointer: "/id", name: "SessionError" });
        expect(error.message.length, name).toBeLessThan(300);
        expect((await failure(service.findById(id))).code).toBe("session/storage");
      }
      await service.create({ id: "s-1" });
      for (const id of Object.values(unstorable)) {
        expect(await failure(service.appendMessage("s-1", user("x"), { id }))).toMatchObject({ code: id === "" ? "schema/invalid" : "session/storage", pointer: "/0/id" });
      }
      expect((await service.list()).map((session) => session.id)).toEqual(["s-1"]);
      expect(await service.getEvents("s-1")).toEqual([]);
    });

    it("stores metadata with NUL, unpaired surrogates, SQL fragments and 1 MB values literally, and finds sessions by them", async () => {
      const megabyte = "é".repeat(1 << 20);
      const metadata = {
        principalName: "alice\u0000admin",
        "key\u0000with nul": "value \ud800 lone",
        "'; DROP TABLE partwise_session_attribute; --": "x'); --",
        [`key-${"k".repeat(1000)}`]: megabyte,
        agentName: "\udfff",
        nested: { "\u0000": ["\ud83d", "\ude00"] },
      };
      const session = await service.create({ id: "s-1", metadata });
      expect(session.metadata).toEqual(metadata);
      expect((await service.findById("s-1"))?.metadata).toEqual(metadata);
      for (const [name, value] of Object.entries(metadata)) {
        if (typeof value !== "string") continue;
        expect((await service.findByMetadata(name, value)).map((found) => found.id), name.slice(0, 20)).toEqual(["s-1"]);
      }
      expect(await service.findByMetadata("agentName", "\ufffd")).toEqual([]);
      expect(await service.findByMetadata("principalName", "alice")).toEqual([]);
    });
  });
});
