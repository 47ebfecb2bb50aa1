// The shared encoder driver through a turn writer of the shape `partwise scaffold` writes: what it asks the
// writer, what it reports itself, and the helpers writers build turns with. The seven providers' writers
// are tested through their codecs (test/providers/<id>/, test/conformance/provider-vectors.test.ts).
import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../generated/types.js";
import { contentSupport } from "../../src/providers/content-rules.js";
import { OwnMessage, Skip, type TurnWriter, alternatingTurns, encodeHistory, forEachRun, replayContext } from "../../src/providers/encode-driver.js";

type Block = { readonly text: string } | OwnMessage<string>;

/** A writer for Anthropic's content rules that has no media block, and records what the driver hands it. */
function recordingWriter(derivesToolCallIds = false) {
  const asked: string[] = [];
  const sent: Part[] = [];
  const messages: string[] = [];
  const writer: TurnWriter<Block, { messages: string[] }> = {
    context: replayContext("anthropic", {}),
    derivesToolCallIds,
    misplaced: (part, place) => `a ${part.type} part has no place in ${place} content`,
    text: (part, place) => {
      asked.push(`${place} text`);
      return part.text === "" ? undefined : { text: part.text };
    },
    toolResult: (part, pointer, content) => {
      asked.push(`tool result ${pointer()}`);
      return new OwnMessage(`result ${part.id}: ${content().map((block) => ("text" in block ? block.text : "")).join("")}`);
    },
    system: (blocks) => messages.push(`system ${blocks.length}`),
    user: (blocks) => forEachRun(blocks, (run) => messages.push(`user ${run.length}`), (wire) => messages.push(wire)),
    assistantPart(part) {
      sent.push(part);
      return part.type === "tool_call" ? { text: part.toolCall.id } : new Skip("not written here");
    },
    assistant(blocks) {
      if (blocks.length > 0) messages.push(`assistant ${blocks.length}`);
      return blocks.length > 0;
    },
    body: () => ({ messages }),
  };
  return { writer, asked, sent };
}

const call = (id: string): Part => ({ type: "tool_call", toolCall: { id, type: "function", name: "search", arguments: "{}" } });

describe("encodeHistory", () => {
  it("asks the spec's content rules whether the provider takes each content part, hands the writer only what they take, and reports the rest at its pointer with the rule's reason, when messages hold parts of every kind", () => {
    const { writer, asked } = recordingWriter();
    const image: Part = { type: "media", media: { mimeType: "image/png", data: "AA==", dataKind: "bytes" } };
    const foreignBlock: Part = { type: "unknown", provider: "x", kind: "k", rawJson: "{}" };
    const history: Message[] = [
      { role: "system", parts: [{ type: "text", text: "Be brief." }, image] },
      { role: "user", parts: [{ type: "reasoning", text: "why" }, { type: "tool_result", id: "c1", content: [foreignBlock], isError: false }, image] },
    ];
    const { body, warnings } = encodeHistory(history, writer);
    expect(asked).toEqual(["system text", "tool result /1/parts/1"]);
    expect(body.messages).toEqual(["system 1", "result c1: "]);
    const reason = (support: ReturnType<typeof contentSupport>) => (support.taken ? "taken" : support.reason);
    expect(warnings.map(({ pointer, message }) => [pointer, message])).toEqual([
      ["/0/parts/1", `media part not sent to anthropic: ${reason(contentSupport("anthropic", "system", image))}`],
      ["/1/parts/0", "reasoning part not sent to anthropic: a reasoning part has no place in user content"],
      ["/1/parts/1/content/0", `unknown part not sent to anthropic: ${reason(contentSupport("anthropic", "tool_result", foreignBlock))}`],
      ["/1/parts/2", "media part not sent to anthropic: a media part has no place in user content"],
    ]);
  });

  it("hands the writer a part without its foreign payload when the rules send it without one, and reports the writer's skip with the part as given", () => {
    const { writer, sent } = recordingWriter();
    const foreign = { provider: "google", kind: "thought_signature", data: "sig" };
    const { body, warnings } = encodeHistory({ format: "partwise.history", version: 1, messages: [{ role: "assistant", parts: [{ ...call("c1"), payload: foreign }, { type: "text", text: "hi" }] }] }, writer);
    expect(sent).toEqual([call("c1"), { type: "text", text: "hi" }]);
    expect(body.messages).toEqual(["assistant 1"]);
    expect(warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", pointer: "/messages/0/parts/1", provider: "anthropic" })]);
  });

  it("reports an assistant message left out whole when the writer sends none of its parts", () => {
    const { writer } = recordingWriter();
    const { body, warnings } = encodeHistory([{ role: "assistant", parts: [{ type: "reasoning", text: "unsigned" }] }], writer);
    expect(body.messages).toEqual([]);
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/0/parts/0", "/0"]);
    expect(warnings[1]?.message).toBe("assistant message left out: none of its parts can be replayed to anthropic");
  });

  it("gives calls without an id a derived one, and the results answering them the same, when the writer needs ids", () => {
    const { writer } = recordingWriter(true);
    const { body } = encodeHistory([{ role: "assistant", parts: [call("")] }, { role: "tool", parts: [{ type: "tool_result", name: "search", content: [], isError: false }] }], writer);
    expect(body.messages).toEqual(["assistant 1", "result partwise_call_0_0: "]);
  });

  it("throws a rejected part's error when the rules reject it", () => {
    const { writer } = recordingWriter();
    expect(() => encodeHistory([{ role: "assistant", parts: [{ type: "tool_result", id: "c", content: [], isError: false }] }], writer)).toThrow(
      expect.objectContaining({ code: "provider/unsupported-part", pointer: "/0/parts/0" }),
    );
  });
});

describe("forEachRun", () => {
  it("gives each run of content between own messages in order, and no empty run, when own messages are first, adjacent and last", () => {
    const seen: string[] = [];
    forEachRun(
      [new OwnMessage("a"), new OwnMessage("b"), 1, 2, new OwnMessage("c"), 3],
      (run) => seen.push(`run ${run.join(",")}`),
      (wire) => seen.push(`own ${wire}`),
    );
    expect(seen).toEqual(["own a", "own b", "run 1,2", "own c", "run 3"]);
  });
});

describe("alternatingTurns", () => {
  it("joins content to the last turn of its role and adds no empty turn, when roles repeat", () => {
    const { turns, user, assistant } = alternatingTurns<"user" | "model", number>("user", "model");
    user([1]);
    user([2]);
    expect(assistant([])).toBe(false);
    expect(assistant([3])).toBe(true);
    user([4]);
    expect(turns).toEqual([{ role: "user", content: [1, 2] }, { role: "model", content: [3] }, { role: "user", content: [4] }]);
  });
});
