import { describe, expect, it, vi } from "vitest";
import type { StreamChunk, StreamEvent } from "../../generated/types.js";
import { validateStreamEvent } from "../../generated/validators.js";
import { StreamProtocolError } from "../../src/errors/partwise-error.js";
import { toolCallArguments } from "../../src/parts/tool-arguments.js";
import { aggregate, aggregateAll, createEventTransform, liveAggregate } from "../../src/streaming/aggregate.js";

const chunks: StreamChunk[] = [
  { responseId: "r", index: 0, partial: true, part: { type: "reasoning", text: "Call " } },
  { responseId: "r", index: 0, partial: true, part: { type: "reasoning", text: "it.", payload: { provider: "anthropic", kind: "signature", data: "s" } } },
  { responseId: "r", index: 1, partial: true, part: { type: "tool_call", toolCall: { id: "c1", type: "function", name: "get_weather", arguments: '{"city"' } } },
  { responseId: "r", index: 1, partial: true, part: { type: "tool_call", toolCall: { id: "", type: "function", name: "", arguments: ':"Oslo"}' } } },
  { responseId: "r", response: { finishReason: "tool_calls" }, done: true },
];

async function* slowly(items: StreamChunk[]) {
  for (const item of items) {
    await new Promise((resolve) => setImmediate(resolve));
    yield item;
  }
}

describe("liveAggregate", () => {
  it("yields part started, delta, part completed and response completed events in order, each valid against the spec", async () => {
    const live = liveAggregate(slowly(chunks));
    const events: StreamEvent[] = [];
    for await (const event of live) events.push(event);
    expect(events.map((event) => event.type)).toEqual([
      "part_started", "part_delta", "part_started", "part_delta", "part_completed", "part_completed", "response_completed",
    ]);
    for (const event of events) expect(validateStreamEvent(event)).toBe(true);
    const completedCall = events[5];
    expect(completedCall?.type === "part_completed" && completedCall.arguments).toEqual({ city: "Oslo" });
    const [result] = await live.result;
    expect(result?.message.parts[1]).toEqual({ type: "tool_call", toolCall: { id: "c1", type: "function", name: "get_weather", arguments: '{"city":"Oslo"}' } });
  });

  it("gives the message so far from snapshot() while the events arrive, and the result at the end", async () => {
    const live = liveAggregate(slowly(chunks));
    const seen: unknown[] = [];
    for await (const event of live) if (event.type === "part_started") seen.push(live.snapshot()[0]?.message.parts);
    expect(seen).toEqual([[{ type: "reasoning", text: "Call " }], [{ type: "reasoning", text: "Call it.", payload: { provider: "anthropic", kind: "signature", data: "s" } }]]);
    expect(live.snapshot()).toEqual(await live.result);
  });

  it("rejects the result when the consumer stops iterating before the stream ends", async () => {
    const live = liveAggregate(slowly(chunks));
    for await (const _event of live) break;
    await expect(live.result).rejects.toMatchObject({ code: "stream/truncated" });
  });

  it("drains the source itself when only the result is awaited", async () => {
    const [result] = await liveAggregate(slowly(chunks)).result;
    expect(result?.complete).toBe(true);
  });

  it("reports tool-call arguments that are not JSON on the completed event instead of failing", async () => {
    const broken: StreamChunk[] = [{ index: 0, partial: false, part: { type: "tool_call", toolCall: { id: "c", type: "function", name: "f", arguments: "{oops" } } }, { response: {}, done: true }];
    const events: StreamEvent[] = [];
    for await (const event of liveAggregate(broken)) events.push(event);
    expect(events[1]).toMatchObject({ type: "part_completed", argumentsError: expect.stringContaining("not valid JSON") });
  });

  it("rejects the iteration and the result with the protocol error of a truncated stream", async () => {
    const live = liveAggregate(slowly(chunks.slice(0, 3)));
    await expect((async () => { for await (const _event of live); })()).rejects.toBeInstanceOf(StreamProtocolError);
    await expect(live.result).rejects.toMatchObject({ code: "stream/truncated" });
  });
});

describe("aggregate sources", () => {
  it("reads a Web ReadableStream, an async iterable and an array alike", async () => {
    const stream = new ReadableStream<StreamChunk>({ start(controller) { for (const chunk of chunks) controller.enqueue(chunk); controller.close(); } });
    const expected = await aggregate(chunks);
    expect(await aggregate(stream)).toEqual(expected);
    expect(await aggregate(slowly(chunks))).toEqual(expected);
    expect(await aggregateAll(chunks)).toHaveLength(1);
  });

  it("pipes through a TransformStream of events", async () => {
    const stream = new ReadableStream<StreamChunk>({ start(controller) { for (const chunk of chunks) controller.enqueue(chunk); controller.close(); } });
    const types: string[] = [];
    const transform = createEventTransform();
    for await (const event of stream.pipeThrough(transform)) types.push(event.type);
    expect(types.at(-1)).toBe("response_completed");
    expect(transform.snapshot()).toEqual(await aggregateAll(chunks));
  });
});

describe("tool-call arguments", () => {
  it("are never parsed while deltas aggregate, and parsed once when the call completes", async () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      const many: StreamChunk[] = [{ responseId: "r", index: 0, partial: true, part: { type: "tool_call", toolCall: { id: "c", type: "function", name: "f", arguments: "[" } } }];
      for (let position = 0; position < 1000; position++) many.push({ responseId: "r", index: 0, partial: true, part: { type: "tool_call", toolCall: { id: "", type: "function", name: "", arguments: position === 0 ? "0" : ",0" } } });
      many.push({ responseId: "r", index: 0, partial: true, part: { type: "tool_call", toolCall: { id: "", type: "function", name: "", arguments: "]" } } }, { responseId: "r", response: {}, done: true });
      const result = await aggregate(many);
      expect(parse).not.toHaveBeenCalled();
      for await (const _event of liveAggregate(many));
      expect(parse).toHaveBeenCalledTimes(1);
      const toolCall = result.message.parts[0]?.type === "tool_call" ? result.message.parts[0].toolCall : undefined;
      expect((toolCallArguments(toolCall!) as number[]).length).toBe(1000);
      toolCallArguments(toolCall!);
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });

  it("are parsed once for both the completed event and a later toolCallArguments on the live result", async () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      const live = liveAggregate(chunks);
      const completed: unknown[] = [];
      for await (const event of live) if (event.type === "part_completed" && event.part.type === "tool_call") completed.push(event.arguments);
      const [result] = await live.result;
      const part = result?.message.parts[1];
      expect(part?.type === "tool_call" && toolCallArguments(part.toolCall)).toEqual({ city: "Oslo" });
      expect([completed, parse.mock.calls.length]).toEqual([[{ city: "Oslo" }], 1]);
    } finally {
      parse.mockRestore();
    }
  });

  it("raise a located json/syntax error for arguments that are not JSON, every time they are asked for", () => {
    const call = { id: "c", type: "function" as const, name: "f", arguments: "{oops" };
    expect(() => toolCallArguments(call)).toThrow(expect.objectContaining({ code: "json/syntax", pointer: "/toolCall/arguments" }));
    expect(() => toolCallArguments(call)).toThrow("arguments are not valid JSON");
  });
});
