import { describe, expect, it } from "vitest";
import type { Part } from "../../generated/types.js";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import { message as buildMessage, mediaFromUrl, mediaPart, opaquePayload, reasoningPart, textPart, toolCallPart, toolResultPart, unknownPart } from "../../src/parts/constructors.js";
import { AssistantMessageBuilder, UserMessageBuilder, mutateAssistantMessage } from "../../src/parts/message-builder.js";

const call = { id: "c1", type: "function" as const, name: "get_weather", arguments: "{}" };
const otherCall = { id: "c2", type: "function" as const, name: "get_time", arguments: "{}" };
const image = mediaFromUrl("image/png", "https://example.com/a.png");
const signed = reasoningPart({ text: "think", payload: opaquePayload("anthropic", "signature", "sig") });
const types = (parts: readonly Part[]) => parts.map((part) => (part.type === "text" ? `text:${part.text}` : part.type === "tool_call" ? `call:${part.toolCall.id}` : part.type));

describe("AssistantMessageBuilder", () => {
  it("materializes text, tool calls, media in legacy order regardless of call order when no explicit parts", () => {
    const message = new AssistantMessageBuilder().media([image]).toolCalls([call]).content("hi").build();
    expect(types(message.parts)).toEqual(["text:hi", "call:c1", "media"]);
  });

  it("gives an empty text part for empty content and none for null content", () => {
    expect(types(new AssistantMessageBuilder().content("").build().parts)).toEqual(["text:"]);
    expect(new AssistantMessageBuilder().content(null).build().parts).toEqual([]);
  });

  it("replaces the text at the first text position when content mutates explicit parts", () => {
    const message = mutateAssistantMessage({ role: "assistant", parts: [signed, textPart("a"), toolCallPart(call), textPart("b")] }).content("new").build();
    expect(types(message.parts)).toEqual(["reasoning", "text:new", "call:c1"]);
  });

  it("puts the text before the tool calls when there was none", () => {
    const message = mutateAssistantMessage({ role: "assistant", parts: [signed, toolCallPart(call)] }).content("new").build();
    expect(types(message.parts)).toEqual(["reasoning", "text:new", "call:c1"]);
  });

  it("appends the text when there are no tool calls or media", () => {
    const message = mutateAssistantMessage({ role: "assistant", parts: [signed] }).content("new").build();
    expect(types(message.parts)).toEqual(["reasoning", "text:new"]);
  });

  it("replaces text parts added after the setter was called", () => {
    const message = new AssistantMessageBuilder().content("legacy").part(textPart("explicit")).part(signed).build();
    expect(types(message.parts)).toEqual(["text:legacy", "reasoning"]);
  });

  it("removes the text when content is null", () => {
    const message = mutateAssistantMessage({ role: "assistant", parts: [signed, textPart("a")] }).content(null).build();
    expect(types(message.parts)).toEqual(["reasoning"]);
  });

  it("replaces tool calls in place and puts them before the media when there were none", () => {
    const inPlace = mutateAssistantMessage({ role: "assistant", parts: [toolCallPart(call), signed, toolCallPart(otherCall)] }).toolCalls([otherCall]).build();
    expect(types(inPlace.parts)).toEqual(["call:c2", "reasoning"]);
    const beforeMedia = mutateAssistantMessage({ role: "assistant", parts: [signed, mediaPart(image)] }).toolCalls([call]).build();
    expect(types(beforeMedia.parts)).toEqual(["reasoning", "call:c1", "media"]);
  });

  it("clears the tool calls and the media when given empty lists", () => {
    const message = mutateAssistantMessage({ role: "assistant", parts: [signed, toolCallPart(call), mediaPart(image)] }).toolCalls([]).media([]).build();
    expect(types(message.parts)).toEqual(["reasoning"]);
  });

  it("replaces the media in place and keeps reasoning, unknown and result parts where they are", () => {
    const server = unknownPart({ provider: "anthropic", kind: "server_tool_use", rawJson: "{}" });
    const result = toolResultPart({ id: "c1", content: "ok" });
    const message = mutateAssistantMessage({ role: "assistant", parts: [server, mediaPart(image), result, signed] })
      .media([mediaFromUrl("image/jpeg", "https://example.com/b.jpg")]).build();
    expect(types(message.parts)).toEqual(["unknown", "media", "tool_result", "reasoning"]);
    expect(message.parts[1]?.type === "media" && message.parts[1].media.mimeType).toBe("image/jpeg");
  });

  it("keeps the metadata of the mutated message", () => {
    expect(mutateAssistantMessage({ role: "assistant", parts: [], metadata: { a: 1 } }).build().metadata).toEqual({ a: 1 });
  });
});

describe("UserMessageBuilder", () => {
  it("replaces the text parts in place when the builder has parts", () => {
    const message = new UserMessageBuilder().parts([mediaPart(image), textPart("old"), textPart("older")]).text("new").build();
    expect(types(message.parts)).toEqual(["media", "text:new"]);
  });

  it("prepends the text when the builder has no text parts", () => {
    expect(types(new UserMessageBuilder().part(mediaPart(image)).text("t").build().parts)).toEqual(["text:t", "media"]);
  });

  it("replaces the media parts, or appends them when there were none", () => {
    const replaced = new UserMessageBuilder().parts([mediaPart(image), textPart("x")]).media([image, image]).build();
    expect(types(replaced.parts)).toEqual(["media", "media", "text:x"]);
    expect(types(new UserMessageBuilder().text("x").media([image]).build().parts)).toEqual(["text:x", "media"]);
  });
});

/** The PartwiseError `action` throws, as its code and pointer. */
function rejection(action: () => unknown): { code: string; pointer: string | undefined } {
  try {
    action();
  } catch (error) {
    if (PartwiseError.isPartwiseError(error)) return { code: error.code, pointer: error.pointer };
    throw error;
  }
  throw new Error("expected a PartwiseError");
}

describe("part builders", () => {
  it("reject a null or invalid explicit part with schema/invalid when it is added", () => {
    expect(rejection(() => new AssistantMessageBuilder().part(null as unknown as Part))).toEqual({ code: "schema/invalid", pointer: "" });
    expect(rejection(() => new UserMessageBuilder().parts([textPart("ok"), { type: "text" } as unknown as Part]))).toEqual({ code: "schema/invalid", pointer: "/1" });
  });

  it("reject a legacy setter's value the schema rejects when the message is built", () => {
    expect(rejection(() => new AssistantMessageBuilder().content(42 as unknown as string).build()).code).toBe("schema/invalid");
    expect(rejection(() => new AssistantMessageBuilder().toolCalls([{ ...call, name: null as unknown as string }]).build())).toEqual({ code: "schema/invalid", pointer: "/parts/0/toolCall/name" });
  });
});

describe("part constructors", () => {
  it("reject blank payload providers and kinds, and fields of the wrong type, with schema/invalid and a pointer", () => {
    expect(rejection(() => opaquePayload(" ", "signature", "x"))).toEqual({ code: "schema/invalid", pointer: "/provider" });
    expect(rejection(() => opaquePayload("anthropic", "", "x"))).toEqual({ code: "schema/invalid", pointer: "/kind" });
    expect(rejection(() => textPart(undefined as unknown as string))).toEqual({ code: "schema/invalid", pointer: "" });
    expect(rejection(() => reasoningPart({ text: "t", payload: { provider: "anthropic", kind: "\u0020", data: "s" } }))).toEqual({ code: "schema/invalid", pointer: "/payload/kind" });
    expect(rejection(() => toolCallPart({ id: "c1", name: "f", arguments: undefined as unknown as string }))).toEqual({ code: "schema/invalid", pointer: "/toolCall" });
    expect(rejection(() => unknownPart({ provider: "anthropic", kind: " ", rawJson: "{}" }))).toEqual({ code: "schema/invalid", pointer: "/kind" });
    expect(rejection(() => mediaPart({ mimeType: "png", data: "", dataKind: "bytes" }))).toEqual({ code: "schema/invalid", pointer: "/media/mimeType" });
    expect(rejection(() => buildMessage("robot" as "user", []))).toEqual({ code: "schema/invalid", pointer: "/role" });
  });
});
