import { describe, expect, it } from "vitest";
import type { Part } from "../../generated/types.js";
import { aggregateSync } from "../../src/streaming/aggregate.js";
import { PartIndexer } from "../../src/providers/part-indexer.js";

const text = (value: string, payload?: { provider: string; kind: string; data: string }): Part =>
  payload ? { type: "text", text: value, payload } : { type: "text", text: value };
const thought = (value: string): Part => ({ type: "reasoning", text: value });
const call: Part = { type: "tool_call", toolCall: { id: "", type: "function", name: "f", arguments: "{}" } };
const signature = { provider: "google", kind: "thought_signature", data: "c2ln" };

function indexes(parts: Part[]) {
  const indexer = new PartIndexer("r");
  return parts.map((part) => {
    const chunk = indexer.next(part);
    return [chunk.index ?? null, chunk.partial];
  });
}

describe("PartIndexer", () => {
  it("gives consecutive text, and consecutive reasoning, one index", () => {
    expect(indexes([thought("a"), thought("b"), text("c"), text("d")])).toEqual([[0, true], [0, true], [1, true], [1, true]]);
  });

  it("gives any other part the next index, whole, and ends the run", () => {
    expect(indexes([text("a"), call, text("b")])).toEqual([[0, true], [1, false], [2, true]]);
  });

  it("leaves an empty text without payload unindexed, without ending the run", () => {
    expect(indexes([thought("a"), text(""), thought("b")])).toEqual([[0, true], [null, true], [0, true]]);
  });

  it("attaches the payload of a trailing empty text to the run, as Gemini's closing signature", () => {
    const indexer = new PartIndexer("r");
    const chunks = [text("Light rain"), text(", 7 °C."), text("", signature)].map((part) => indexer.next(part));
    expect(aggregateSync([...chunks, { responseId: "r", response: {}, done: true }]).message.parts)
      .toEqual([text("Light rain, 7 °C.", signature)]);
  });

  it("puts an empty text with a payload right after reasoning on a new text part, never on the reasoning", () => {
    const indexer = new PartIndexer("r");
    const chunks = [thought("Think"), text("", signature)].map((part) => indexer.next(part));
    expect(chunks.map((chunk) => [chunk.index, chunk.part.type])).toEqual([[0, "reasoning"], [1, "text"]]);
    expect(aggregateSync([...chunks, { responseId: "r", response: {}, done: true }]).message.parts)
      .toEqual([thought("Think"), text("", signature)]);
  });

  it("continues the text part an empty text with a payload opened after reasoning", () => {
    const indexer = new PartIndexer("r");
    const chunks = [thought("Think"), text("", signature), text("Answer")].map((part) => indexer.next(part));
    expect(aggregateSync([...chunks, { responseId: "r", response: {}, done: true }]).message.parts)
      .toEqual([thought("Think"), text("Answer", signature)]);
  });

  it("puts the response id on every chunk", () => {
    const indexer = new PartIndexer("resp_9");
    expect([indexer.next(text("a")), indexer.next(call), indexer.next(text(""))].map((chunk) => chunk.responseId)).toEqual(["resp_9", "resp_9", "resp_9"]);
  });
});
