import { describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { message, opaquePayload, reasoningPart, textPart, toolCallPart, toolResultPart, unknownPart } from "../../src/parts/constructors.js";
import { importLegacyHistory, isLegacyHistory } from "../../src/session/import-legacy.js";
import { MemorySessionRepository } from "../../src/session/memory-session-repository.js";
import { SessionService } from "../../src/session/session-service.js";
import { failure } from "../support/session-fixtures.js";

const openAiHistory = [
  { role: "system", content: "Answer briefly." },
  { role: "user", content: [{ type: "text", text: "Weather in Oslo?" }, { type: "image_url", image_url: { url: "https://example.com/radar.png" } }] },
  { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' }, extra_content: { google: { thought_signature: "c2ln" } } }] },
  { role: "tool", tool_call_id: "call_1", content: "rain, 7 °C" },
  { role: "assistant", content: "It rains.", reasoning_content: "The tool said rain." },
  { role: "user", content: "And tomorrow?", name: "alice", client_ts: 1733000000 },
  { role: "assistant", content: "", tool_calls: [{ id: "call_2", type: "function", function: { name: "get_forecast", arguments: { city: "Oslo" } } }] },
];

function messagesOf(events: readonly { message?: Message }[]): Message[] {
  return events.map((event) => event.message!);
}

describe("importLegacyHistory", () => {
  it("imports a role/content history as legacy events, with reasoning only where the source kept it and every field kept", () => {
    const { conversations, findings } = importLegacyHistory(openAiHistory);
    expect(conversations).toHaveLength(1);
    const events = conversations[0]!.events;
    expect(events.every((event) => event.type === "MESSAGE" && event.metadata?.legacy === true)).toBe(true);
    expect(messagesOf(events as { message?: Message }[])).toEqual([
      message("system", [textPart("Answer briefly.")]),
      message("user", [textPart("Weather in Oslo?"), unknownPart({ provider: "openai.chat", kind: "image_url", rawJson: '{"type":"image_url","image_url":{"url":"https://example.com/radar.png"}}' })]),
      message("assistant", [toolCallPart({ id: "call_1", name: "get_weather", arguments: '{"city":"Oslo"}' }, { payload: opaquePayload("openai.chat", "tool_call_fields", '{"extra_content":{"google":{"thought_signature":"c2ln"}}}') })]),
      message("tool", [toolResultPart({ id: "call_1", name: null, content: "rain, 7 °C" })]),
      message("assistant", [reasoningPart({ text: "The tool said rain." }), textPart("It rains.")]),
      message("user", [textPart("And tomorrow?")], { legacyFields: { name: "alice", client_ts: 1733000000 } }),
      message("assistant", [textPart(""), toolCallPart({ id: "call_2", name: "get_forecast", arguments: '{"city":"Oslo"}' })]),
    ]);
    expect(findings.map(({ kind, pointer }) => [kind, pointer])).toEqual([
      ["content-kept-as-unknown", "/1/content/1"],
      ["fields-kept-in-metadata", "/5"],
      ["reasoning-missing", "/2"],
      ["reasoning-missing", "/6"],
      ["tool-call-unanswered", "/6"],
    ]);
    expect(findings[2]!.message).toContain("none is invented");
  });

  it("reports each unanswered call when two calls without ids name the same tool and one result comes back", () => {
    const { findings } = importLegacyHistory([
      { role: "user", content: "Weather in Oslo and Bergen?" },
      { role: "assistant", content: "", reasoning_content: "Two cities, two calls.", tool_calls: [
        { type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } },
        { type: "function", function: { name: "get_weather", arguments: '{"city":"Bergen"}' } },
      ] },
      { role: "tool", name: "get_weather", content: "rain" },
    ]);
    expect(findings.map(({ kind, pointer, message }) => [kind, pointer, message])).toEqual([
      ["tool-call-unanswered", "/1", 'tool call "get_weather" has no result in the source'],
    ]);
  });

  it("imports Spring AI chat-memory rows as one conversation per id, in timestamp order", () => {
    const rows = [
      { CONVERSATION_ID: "c-1", CONTENT: "The answer.", TYPE: "ASSISTANT", TIMESTAMP: "2026-11-30 10:00:02.000" },
      { CONVERSATION_ID: "c-1", CONTENT: "The question?", TYPE: "USER", TIMESTAMP: "2026-11-30 10:00:01.000" },
      { CONVERSATION_ID: "c-2", CONTENT: "Hello", TYPE: "user", TIMESTAMP: 1764496800000 },
      { CONVERSATION_ID: "c-2", CONTENT: "tool output", TYPE: "TOOL", TIMESTAMP: "2026-11-30T10:00:03+01:00", EXTRA: 1 },
    ];
    expect(isLegacyHistory(rows)).toBe(true);
    const { conversations, findings } = importLegacyHistory(rows);
    expect(conversations.map((conversation) => conversation.conversationId)).toEqual(["c-1", "c-2"]);
    expect(conversations[0]!.events.map((event) => [event.timestamp, (event as { message: Message }).message])).toEqual([
      ["2026-11-30T10:00:01.000Z", message("user", [textPart("The question?")])],
      ["2026-11-30T10:00:02.000Z", message("assistant", [textPart("The answer.")])],
    ]);
    expect(conversations[1]!.events.map((event) => event.timestamp)).toEqual(["2025-11-30T10:00:00.000Z", "2026-11-30T09:00:03.000Z"]);
    expect((conversations[1]!.events[1] as { message: Message }).message).toEqual(message("tool", [toolResultPart({ id: null, name: null, content: "tool output" })], { legacyFields: { EXTRA: 1 } }));
    expect(findings.map(({ kind, conversationId }) => [kind, conversationId])).toEqual([
      ["text-only-source", "c-1"],
      ["fields-kept-in-metadata", "c-2"],
      ["tool-result-unmatched", "c-2"],
    ]);
  });

  it("reads a request body's {messages} list, keeping a text entry with more than its text whole", () => {
    const cached = { type: "text", text: "long rules", cache_control: { type: "ephemeral" } };
    const { conversations, findings } = importLegacyHistory({ model: "gpt", messages: [{ role: "developer", content: [cached] }, { role: "user", content: "hi" }] });
    expect(messagesOf(conversations[0]!.events as { message?: Message }[])).toEqual([
      message("system", [unknownPart({ provider: "openai.chat", kind: "text", rawJson: JSON.stringify(cached) })]),
      message("user", [textPart("hi")]),
    ]);
    expect(findings).toEqual([expect.objectContaining({ kind: "content-kept-as-unknown", pointer: "/messages/0/content/0" })]);
  });

  it("rejects what it cannot read with schema/invalid and the pointer", async () => {
    expect(await failure(() => importLegacyHistory([{ role: "robot", content: "beep" }]))).toMatchObject({ code: "schema/invalid", pointer: "/0/role" });
    expect(await failure(() => importLegacyHistory([{ role: "assistant", content: null, tool_calls: [{ id: "x" }] }]))).toMatchObject({ pointer: "/0/tool_calls/0" });
    expect(await failure(() => importLegacyHistory([{ conversation_id: "c", content: "x", type: "USER", timestamp: "yesterday" }]))).toMatchObject({ pointer: "/0/timestamp" });
    expect(await failure(() => importLegacyHistory([]))).toMatchObject({ code: "schema/invalid" });
    expect(isLegacyHistory([{ role: "user", parts: [] }])).toBe(false);
  });

  it("gives events that SessionService appends and returns as the active view", async () => {
    const service = new SessionService(new MemorySessionRepository());
    await service.create({ id: "imported" });
    const { conversations } = importLegacyHistory(openAiHistory);
    await service.appendEvents("imported", conversations[0]!.events);
    expect(await service.getActiveMessages("imported")).toEqual(messagesOf(conversations[0]!.events as { message?: Message }[]));
    expect((await service.getEvents("imported")).every((event) => event.metadata?.legacy === true)).toBe(true);
  });
});
