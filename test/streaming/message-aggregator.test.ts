import { describe, expect, it } from "vitest";
import type { AggregatedResponse, Part, StreamChunk, StreamEvent } from "../../generated/types.js";
import { PartwiseError, StreamProtocolError } from "../../src/errors/partwise-error.js";
import { aggregateAllSync, aggregateSync } from "../../src/streaming/aggregate.js";
import { applyChunk, initialAggregatorState, MessageAggregator } from "../../src/streaming/message-aggregator.js";
import { parseMessage } from "../../src/parts/parse.js";

const sig = (data: string) => ({ provider: "anthropic", kind: "signature", data });
const text = (value: string, extra: Partial<Part> = {}): Part => ({ type: "text", text: value, ...extra } as Part);
const call = (id: string, name: string, argumentsText: string): Part => ({ type: "tool_call", toolCall: { id, type: "function", name, arguments: argumentsText } });
const delta = (index: number | undefined, part: Part, responseId?: string): StreamChunk => ({ ...(responseId ? { responseId } : {}), ...(index === undefined ? {} : { index }), partial: true, part });
const whole = (index: number | undefined, part: Part, responseId?: string): StreamChunk => ({ ...(responseId ? { responseId } : {}), ...(index === undefined ? {} : { index }), partial: false, part });
const done = (responseId?: string, response = {}): StreamChunk => ({ ...(responseId ? { responseId } : {}), response, done: true });

function protocolError(action: () => unknown): StreamProtocolError {
  try {
    action();
  } catch (error) {
    if (error instanceof StreamProtocolError) return error;
    throw error;
  }
  throw new Error("expected a StreamProtocolError");
}

describe("aggregateSync merge rules", () => {
  it("appends text and replaces the payload only with a non-null one", () => {
    const result = aggregateSync([
      delta(0, text("Hel")), delta(0, text("", { payload: sig("s1") })), delta(0, text("lo", { payload: null })), done(),
    ]);
    expect(result.message.parts).toEqual([text("Hello", { payload: sig("s1") })]);
  });

  it("appends reasoning text and summary, with the signature arriving after the text as its own delta", () => {
    const result = aggregateSync([
      delta(0, { type: "reasoning", text: "Need " }), delta(0, { type: "reasoning", summary: "**Plan**" }),
      delta(0, { type: "reasoning", text: "data." }), delta(0, { type: "reasoning", text: "", payload: sig("EqQB") }), done(),
    ]);
    expect(result.message.parts).toEqual([{ type: "reasoning", text: "Need data.", summary: "**Plan**", payload: sig("EqQB") }]);
  });

  it("appends tool-call arguments and keeps the id and name seen on an earlier chunk", () => {
    const result = aggregateSync([
      delta(2, call("call_1", "get_weather", "")), delta(2, call("", "", '{"city":')), delta(2, call("", "", '"Oslo"}')), done(),
    ]);
    expect(result.message.parts).toEqual([call("call_1", "get_weather", '{"city":"Oslo"}')]);
  });

  it("keeps the id and name seen earlier when a later tool-call delta sends them as null", () => {
    const nulled = { type: "tool_call", toolCall: { id: null, type: null, name: null, arguments: '"Oslo"}' } } as unknown as Part;
    const result = aggregateSync([delta(0, call("call_1", "get_weather", '{"city":')), delta(0, nulled), done()]);
    expect(result.message.parts).toEqual([call("call_1", "get_weather", '{"city":"Oslo"}')]);
    expect(() => parseMessage(result.message)).not.toThrow();
  });

  it("replaces a slot with a complete chunk", () => {
    const result = aggregateSync([delta(0, text("draft")), whole(0, text("final", { payload: sig("x") })), done()]);
    expect(result.message.parts).toEqual([text("final", { payload: sig("x") })]);
  });

  it("orders parts by index, not by arrival", () => {
    const result = aggregateSync([delta(1, text("b"), "r"), delta(0, { type: "reasoning", text: "a" }, "r"), done("r")]);
    expect(result.message.parts.map((part) => part.type)).toEqual(["reasoning", "text"]);
  });

  it("merges attributes across deltas instead of keeping the last delta's only", () => {
    const result = aggregateSync([delta(0, text("a", { attributes: { itemId: "msg_1" } })), delta(0, text("b", { attributes: { phase: "final_answer" } })), done()]);
    expect(result.message.parts[0]?.attributes).toEqual({ itemId: "msg_1", phase: "final_answer" });
  });

  it("follows the pre-index rules for unindexed parts, carrying media instead of dropping it", () => {
    const media: Part = { type: "media", media: { mimeType: "image/png", data: "AQI=", dataKind: "bytes" } };
    const result = aggregateSync([
      delta(undefined, text("Hel")), whole(undefined, call("c1", "f", "{}")), whole(undefined, media),
      delta(undefined, text("lo")), whole(undefined, { type: "reasoning", text: "r" }), whole(undefined, call("c2", "g", "{}")), done(),
    ]);
    expect(result.message.parts).toEqual([media, { type: "reasoning", text: "r" }, text("Hello"), call("c1", "f", "{}"), call("c2", "g", "{}")]);
  });

  it("drops the empty unindexed text many wires attach to their last chunk when there are indexed parts", () => {
    expect(aggregateSync([delta(0, text("a")), delta(undefined, text("")), done()]).message.parts).toEqual([text("a")]);
    expect(aggregateSync([delta(undefined, text("")), done()]).message.parts).toEqual([text("")]);
  });

  it("merges the message metadata of response chunks into the message, a later key replacing an earlier one", () => {
    const result = aggregateSync([
      { responseId: "r", response: {}, messageMetadata: { google: { urlContextMetadata: { urlMetadata: [] } }, kept: 1 } },
      delta(0, text("x"), "r"),
      { responseId: "r", response: {}, messageMetadata: { google: { groundingMetadata: { webSearchQueries: ["q"] } } }, done: true },
    ]);
    expect(result.message).toEqual({ role: "assistant", parts: [text("x")], metadata: { google: { groundingMetadata: { webSearchQueries: ["q"] } }, kept: 1 } });
    expect(aggregateSync([delta(0, text("x"), "r"), done("r")]).message).not.toHaveProperty("metadata");
  });

  it("keeps response-level facts: last id and model, each usage counter as last reported, lower or not", () => {
    const result = aggregateSync([
      { responseId: "r", response: { model: "m1", usage: { inputTokens: 412, outputTokens: 1, totalTokens: 413, cacheReadInputTokens: 10 } } },
      delta(0, text("x"), "r"),
      { responseId: "r", response: { model: "", finishReason: "tool_calls", rawFinishReason: "tool_use", usage: { inputTokens: 400, outputTokens: 87, totalTokens: 487 } }, done: true },
    ]);
    expect(result.info).toEqual({ responseId: "r", model: "m1", finishReason: "tool_calls", rawFinishReason: "tool_use", usage: { inputTokens: 400, outputTokens: 87, totalTokens: 487, cacheReadInputTokens: 10 } });
  });
});

describe("aggregateAllSync grouping", () => {
  it("keeps the rounds of a tool loop apart by response id", () => {
    const results = aggregateAllSync([delta(0, text("a"), "r1"), done("r1"), delta(0, text("b"), "r2"), done("r2")]);
    expect(results.map((result) => [result.responseId, result.message.parts])).toEqual([["r1", [text("a")]], ["r2", [text("b")]]]);
  });

  it.each<[string, StreamChunk[]]>([
    ["the previous response ended", [delta(0, text("a")), done(), delta(0, text("b")), done()]],
    ["the index restarted", [delta(0, text("a")), delta(1, text("x")), delta(0, call("c", "f", "{}")), done()]],
    ["the slot is complete", [whole(0, call("c", "f", "{}")), whole(0, call("d", "f", "{}")), done()]],
    ["the slot holds another part type", [delta(0, text("a")), delta(0, { type: "reasoning", text: "r" }), done()]],
    ["the index restarted below a completed part, at an open slot of the same type", [delta(0, text("a")), whole(1, call("c", "f", "{}")), delta(0, text("b")), done()]],
  ])("starts a new response for a chunk without id when %s", (_reason, chunks) => {
    expect(aggregateAllSync(chunks, { strict: false })).toHaveLength(2);
  });

  it("keeps two tool-loop rounds without ids apart when the second restarts at index 0", () => {
    const results = aggregateAllSync([
      delta(0, text("Let me check.")), whole(1, call("c1", "get_weather", '{"city":"Oslo"}')), { response: { finishReason: "tool_calls" } },
      delta(0, text("It is sunny.")), { response: { finishReason: "stop" }, done: true },
    ], { strict: false });
    expect(results.map((result) => result.message.parts)).toEqual([[text("Let me check."), call("c1", "get_weather", '{"city":"Oslo"}')], [text("It is sunny.")]]);
  });

  it("keeps one response when a delta goes back to an open slot while the last part is still growing", () => {
    const thinking = (value: string): Part => ({ type: "reasoning", text: value });
    const results = aggregateAllSync([delta(0, thinking("Hmm")), delta(1, text("Hi")), delta(0, thinking(", yes")), delta(1, text("!")), done()]);
    expect(results.map((result) => result.message.parts)).toEqual([[thinking("Hmm, yes"), text("Hi!")]]);
  });
});

describe("aggregateSync protocol violations", () => {
  it.each<[string, StreamChunk[], string, number]>([
    ["a delta for a completed slot", [whole(0, text("a"), "r"), delta(0, text("b"), "r"), done("r")], "a delta arrived for completed slot 0", 1],
    ["a part type changing at an open slot", [delta(0, text("a"), "r"), delta(0, { type: "reasoning", text: "b" }, "r"), done("r")], "part type changed from text to reasoning at open slot 0", 1],
    ["a chunk after the response ended", [delta(0, text("a"), "r"), done("r"), delta(1, text("b"), "r")], "a chunk arrived after response r ended", 2],
  ])("throws stream/out-of-order with the chunk position in strict mode for %s", (_name, chunks, message, position) => {
    const error = protocolError(() => aggregateSync(chunks));
    expect(error.code).toBe("stream/out-of-order");
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
    expect(PartwiseError.isPartwiseError(error)).toBe(true);
  });

  it("records a violation as a warning in lenient mode and keeps every part", () => {
    const result = aggregateSync([delta(0, text("a"), "r"), delta(0, { type: "reasoning", text: "b" }, "r"), done("r")], { strict: false });
    expect(result.warnings).toEqual([expect.objectContaining({ code: "stream/out-of-order", position: 1 })]);
    expect(result.message.parts).toEqual([{ type: "reasoning", text: "b" }, text("a")]);
  });

  it("merges a delta for a completed slot in lenient mode, with a warning", () => {
    const result = aggregateSync([whole(0, text("a"), "r"), delta(0, text("b"), "r"), done("r")], { strict: false });
    expect([result.message.parts, result.warnings.length]).toEqual([[text("ab")], 1]);
  });
});

describe("aggregateSync truncation", () => {
  const truncated: StreamChunk[] = [delta(0, text("Let me check"), "r"), delta(1, call("c1", "get_weather", '{"ci'), "r")];

  it("throws stream/truncated in strict mode, with the partial response in the details", () => {
    const error = protocolError(() => aggregateSync(truncated));
    expect(error.code).toBe("stream/truncated");
    const partial = (error.details?.partial as AggregatedResponse[])[0];
    expect(partial?.complete).toBe(false);
  });

  it("returns an incomplete response in lenient mode, never presenting the unfinished tool call as a call", () => {
    const result = aggregateSync(truncated, { strict: false });
    expect(result.complete).toBe(false);
    expect(result.message.parts).toEqual([text("Let me check")]);
    expect(result.incompleteToolCalls).toEqual([call("c1", "get_weather", '{"ci')]);
    expect(result.warnings).toEqual([expect.objectContaining({ code: "stream/truncated" })]);
  });
});

describe("applyChunk", () => {
  it("never mutates its inputs, and an earlier state reads the same after later steps", () => {
    const chunks: StreamChunk[] = [delta(0, text("a"), "r"), delta(0, text("b", { attributes: { x: "1" } }), "r"), done("r", { usage: { inputTokens: 1 } })];
    const frozen = structuredClone(chunks);
    let state = initialAggregatorState();
    const states = [state];
    for (const chunk of chunks) {
      state = applyChunk(state, chunk).state;
      states.push(state);
    }
    expect(chunks).toEqual(frozen);
    expect(states[1]?.snapshot().map((response) => [response.message.parts, response.complete])).toEqual([[[text("a")], false]]);
    expect(states[0]?.snapshot()).toEqual([]);
    expect(states.map((each) => each.position)).toEqual([0, 1, 2, 3]);
  });

  it("leaves the state unchanged when a protocol violation throws in strict mode", () => {
    const state = applyChunk(initialAggregatorState(), whole(0, text("a"), "r")).state;
    const before = state.snapshot();
    expect(() => applyChunk(state, delta(0, text("b"), "r"))).toThrow(StreamProtocolError);
    expect([state.snapshot(), state.position]).toEqual([before, 1]);
  });
});

describe("MessageAggregator", () => {
  it("gives snapshots that later pushes leave as they were", () => {
    const aggregator = new MessageAggregator();
    aggregator.push(delta(0, text("Hel"), "r"));
    aggregator.push(delta(1, call("c1", "f", '{"a"'), "r"));
    const early = aggregator.snapshot();
    const copy = structuredClone(early);
    aggregator.push(delta(0, text("lo"), "r"));
    aggregator.push(delta(1, call("", "", ":1}"), "r"));
    aggregator.push({ responseId: "r", response: { finishReason: "tool_calls" }, messageMetadata: { kept: 1 }, done: true });
    expect(early).toEqual(copy);
    expect(early[0]?.incompleteToolCalls).toEqual([call("c1", "f", '{"a"')]);
    expect(aggregator.finish()[0]?.message).toEqual({ role: "assistant", parts: [text("Hello"), call("c1", "f", '{"a":1}')], metadata: { kept: 1 } });
  });

  it("appends the live events of a push to the list it is given, and builds none without one", () => {
    const aggregator = new MessageAggregator();
    const events: StreamEvent[] = [];
    aggregator.push(delta(0, text("a"), "r"), events);
    aggregator.push(delta(0, text("b"), "r"));
    aggregator.push(done("r"), events);
    expect(events.map((event) => event.type)).toEqual(["part_started", "part_completed", "response_completed"]);
    expect(events[1]).toMatchObject({ part: text("ab"), index: 0, responseId: "r" });
  });

  it("keeps a copy apart from the aggregator it was made from", () => {
    const aggregator = new MessageAggregator({ strict: false });
    aggregator.push(delta(0, text("a"), "r"));
    const copy = aggregator.copy();
    copy.push(delta(0, text("b"), "r"));
    copy.push(done("r"));
    aggregator.push(delta(0, { type: "reasoning", text: "x" }, "r"));
    expect(copy.finish()[0]?.message.parts).toEqual([text("ab")]);
    expect(aggregator.snapshot()[0]).toMatchObject({ message: { parts: [{ type: "reasoning", text: "x" }, text("a")] }, warnings: [expect.objectContaining({ code: "stream/out-of-order" }), expect.objectContaining({ code: "stream/truncated" })] });
    expect([copy.strict, copy.position, aggregator.position]).toEqual([false, 3, 2]);
  });
});
