import fc from "fast-check";
import type { Response, ResponseStreamEvent } from "openai/resources/responses/responses";
import { accumulateResponse } from "openai/lib/responses/ResponseAccumulator";
import { describe, expect, it } from "vitest";
import type { AggregatedResponse, Part, ToolCallPart } from "../../../generated/types.js";
import type { PartwiseError } from "../../../src/errors/partwise-error.js";
import { decodeOpenAiResponsesResponse, openAiResponsesCodec } from "../../../src/providers/openai-responses/index.js";
import { liveAggregate } from "../../../src/streaming/aggregate.js";
import { chunksFromJsonValues } from "../../../src/providers/decode-stream.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";
import { decodeByteChunks, decodeEventLines, fixtureFiles, readFixtureBytes, readFixtureLines, serverSentEventBytes } from "../support/provider-fixtures.js";

const PROVIDER = "openai-responses";
type WireEvent = Record<string, unknown> & { type: string };
const eventName = (event: unknown) => (event as WireEvent).type;
const isTerminal = (event: WireEvent) => event.type === "response.completed" || event.type === "response.incomplete";

/** The recorded streams that end well: every response reaches response.completed (the error stream and the one with a line that is not JSON are tested apart). */
const streams = fixtureFiles(PROVIDER, ".chunks.txt").filter((file) => !file.includes("openai-error") && !file.includes("parallel-tool-call-wrapper"));
const events = (file: string) => readFixtureLines(PROVIDER, file) as WireEvent[];

/** A stream's events split into its responses (each starts at response.created). */
function responsesOf(lines: readonly WireEvent[]): WireEvent[][] {
  const responses: WireEvent[][] = [];
  for (const line of lines) {
    if (line.type === "response.created" || responses.length === 0) responses.push([]);
    responses.at(-1)!.push(line);
  }
  return responses;
}

/**
 * openai-node's own accumulator over the events: the independent oracle. Events it has no case for
 * (hosted-tool progress such as response.shell_call_command.*) carry no state of the parts; they are
 * left out for it.
 */
function sdkSnapshot(lines: readonly WireEvent[]): Response {
  let snapshot: Response | undefined;
  for (const line of lines) {
    try {
      snapshot = accumulateResponse(line as unknown as ResponseStreamEvent, snapshot);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("Unhandled response stream event")) throw error;
    }
  }
  return snapshot!;
}

/** What the deltas stream: message texts, reasoning texts and summaries, function call arguments, in order. */
function streamedContent(parts: readonly Part[], incompleteCalls: readonly ToolCallPart[] = []) {
  return {
    texts: parts.flatMap((part) => (part.type === "text" ? [part.text] : [])),
    reasoning: parts.flatMap((part) => (part.type === "reasoning" ? [[part.text ?? null, part.summary ?? null]] : [])),
    calls: [...parts, ...incompleteCalls].flatMap((part) => (part.type === "tool_call" ? [part.toolCall.arguments] : [])),
  };
}

/** The same view of the accumulator's items, as openai-node assembles them. */
function sdkContent(snapshot: Response) {
  const joined = (texts: readonly { text: string }[] | null | undefined) => (texts && texts.length > 0 ? texts.map((each) => each.text).join("\n\n") : null);
  const items = snapshot.output.filter(Boolean);
  return {
    texts: items.flatMap((item) => (item.type === "message" ? [item.content.map((content) => (content.type === "output_text" ? content.text : content.refusal)).join("")] : [])),
    reasoning: items.flatMap((item) => (item.type === "reasoning" ? [[joined(item.content), joined(item.summary)]] : [])),
    calls: items.flatMap((item) => (item.type === "function_call" ? [item.arguments] : [])),
  };
}

/** Rewrites a stream the way the GitHub Copilot endpoint sends it: a fresh item id on every event. */
function rotateItemIds(lines: readonly WireEvent[]): WireEvent[] {
  let counter = 0;
  const fresh = () => `capture-id-${++counter}`;
  return lines.map((line) => {
    const copy = structuredClone(line) as WireEvent & { item_id?: string; item?: { id?: string }; response?: { output: { id?: string }[] } };
    if (copy.item_id !== undefined) copy.item_id = fresh();
    if (copy.item?.id !== undefined) copy.item.id = fresh();
    for (const item of copy.response?.output ?? []) if (item.id !== undefined) item.id = fresh();
    return copy;
  });
}

describe("OpenAiResponsesStreamDecoder", () => {
  it.each(streams)("aggregates every response to the blocking decode of its response.completed when streaming %s", async (file) => {
    const lines = events(file);
    const decoded = await decodeEventLines(openAiResponsesCodec, lines);
    const terminals = lines.filter(isTerminal);
    expect(decoded).toHaveLength(terminals.length);
    decoded.forEach((streamed, index) => {
      const blocking = decodeOpenAiResponsesResponse(terminals[index]!.response);
      expect(streamed.complete).toBe(true);
      expect(streamed.message).toEqual(blocking.message);
      expect(streamed.info).toEqual(blocking.info);
    });
  });

  // The phase recording leaves out output_index 1, which openai-node's accumulator cannot index past.
  const sdkStreams = streams.filter((file) => !file.includes("openai-phase"));

  it.each(sdkStreams)("matches openai-node's accumulator, payloads included, when %s stops right before each terminal event", async (file) => {
    for (const response of responsesOf(events(file))) {
      const beforeEnd = response.filter((line) => !isTerminal(line));
      const [streamed] = await decodeEventLines(openAiResponsesCodec, beforeEnd, { strict: false });
      const oracle = decodeOpenAiResponsesResponse(sdkSnapshot(beforeEnd));
      expect(streamed?.complete).toBe(false);
      expect(streamed?.message.parts).toEqual(oracle.message.parts);
    }
  });

  /** Where a run of deltas ends: the `.done` event that repeats what the deltas built. */
  const endsDeltaRun = (line: WireEvent) => /^response\.(output_text|refusal|reasoning_text|reasoning_summary_text|function_call_arguments)\.done$/.test(line.type);

  it.each(sdkStreams.filter((file) => events(file).some(endsDeltaRun)))(
    "streams the text, summaries and arguments openai-node's accumulator builds when a delta run of %s ends", async (file) => {
      const lines = events(file);
      for (const [position, line] of lines.entries()) {
        if (!endsDeltaRun(line)) continue;
        const prefix = responsesOf(lines.slice(0, position)).at(-1)!;
        const [streamed] = await decodeEventLines(openAiResponsesCodec, prefix, { strict: false });
        expect(streamedContent(streamed!.message.parts, streamed!.incompleteToolCalls), `before event ${position + 1}`).toEqual(sdkContent(sdkSnapshot(prefix)));
      }
    },
  );

  it("gives the same messages when a stream's raw SSE bytes arrive in any chunking", async () => {
    const recorded = streams.map((file) => events(file));
    const expected = await Promise.all(recorded.map((lines) => decodeEventLines(openAiResponsesCodec, lines)));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: recorded.length - 1 }), cutsArbitrary, async (which, cuts) => {
        const bytes = serverSentEventBytes(recorded[which]!, eventName);
        expect(await decodeByteChunks(openAiResponsesCodec, rechunk(bytes, cuts))).toEqual(expected[which]);
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it("takes the reasoning payload from output_item.done, never from .added, when decoding the documented raw SSE example", async () => {
    const bytes = readFixtureBytes(PROVIDER, "reference__composed-reasoning-commentary-call.sse");
    const [streamed] = await decodeByteChunks(openAiResponsesCodec, [bytes]);
    expect(streamed?.message.parts).toEqual([
      {
        type: "reasoning",
        summary: "**Checking weather**\n\nI need the weather tool for Paris.",
        payload: { provider: "openai.responses", kind: "encrypted_content", data: "gAAAAB-final" },
        attributes: { provider: "openai.responses", itemId: "rs_A" },
      },
      { type: "text", text: "Checking Paris now.", attributes: { itemId: "msg_A", itemStatus: "completed", phase: "commentary" } },
      { type: "tool_call", toolCall: { id: "call_A", type: "function", name: "get_weather", arguments: '{"city":"Paris"}' }, attributes: { itemId: "fc_A", itemStatus: "completed" } },
    ]);
    expect(streamed?.info).toEqual({
      responseId: "resp_A", model: "gpt-5.2", finishReason: "tool_calls", rawFinishReason: "completed",
      usage: { inputTokens: 120, outputTokens: 64, totalTokens: 184, cacheReadInputTokens: 0, reasoningTokens: 40 },
    });
    // A `data: [DONE]` sentinel after the terminal event adds nothing.
    const sentinel = new TextEncoder().encode("data: [DONE]\n\n");
    expect(await decodeByteChunks(openAiResponsesCodec, [bytes, sentinel])).toEqual([streamed]);
  });

  it("keys stream state by output_index when a server rotates item ids on every event", async () => {
    const lines = events("vercel-ai__openai-reasoning-encrypted-content.1.chunks.txt");
    const rotated = rotateItemIds(lines);
    const withoutItemIds = (parts: readonly Part[] = []) => parts.map(({ attributes, ...part }) => {
      const { itemId: _itemId, ...rest } = attributes ?? {};
      return Object.keys(rest).length === 0 ? part : { ...part, attributes: rest };
    });
    const [original, streamed] = await Promise.all([decodeEventLines(openAiResponsesCodec, lines), decodeEventLines(openAiResponsesCodec, rotated)]);
    expect(streamed).toHaveLength(4);
    streamed.forEach((response, index) => {
      expect(withoutItemIds(response.message.parts)).toEqual(withoutItemIds(original[index]!.message.parts));
      // The terminal response has the last word on ids too.
      expect(response.message).toEqual(decodeOpenAiResponsesResponse(rotated.filter(isTerminal)[index]!.response).message);
    });
  });

  it("finishes the response from the streamed items when response.completed has an empty output", async () => {
    const lines = events("vercel-ai__openai-tool-search.1.chunks.txt").map((line) => (isTerminal(line) ? { ...line, response: { ...(line.response as object), output: [] } } : line));
    const [streamed] = await decodeEventLines(openAiResponsesCodec, lines);
    expect(streamed?.message).toEqual(decodeOpenAiResponsesResponse(events("vercel-ai__openai-tool-search.1.chunks.txt").find(isTerminal)!.response).message);
    expect(streamed?.info.finishReason).toBe("tool_calls");
  });

  it("gives every item of response.completed when it arrives without item events", async () => {
    const terminal = events("vercel-ai__openai-web-search-tool.1.chunks.txt").find(isTerminal)!;
    const [streamed] = await decodeEventLines(openAiResponsesCodec, [{ type: "response.created", response: { ...(terminal.response as object), output: [] } }, terminal]);
    expect(streamed?.message).toEqual(decodeOpenAiResponsesResponse(terminal.response).message);
  });

  it("keeps tool-call arguments as the text received, and reports them on the live event, when they are not JSON", async () => {
    const lines = [
      { type: "response.created", response: { id: "resp_b", output: [] } },
      { type: "response.output_item.added", output_index: 0, item: { type: "function_call", id: "fc_b", call_id: "call_b", name: "f", arguments: "" } },
      { type: "response.function_call_arguments.delta", output_index: 0, item_id: "fc_b", delta: '{"city": Oslo' },
      { type: "response.output_item.done", output_index: 0, item: { type: "function_call", id: "fc_b", call_id: "call_b", name: "f", arguments: '{"city": Oslo' } },
      { type: "keepalive", sequence_number: 4 },
      { type: "response.completed", response: { id: "resp_b", status: "completed", output: [] } },
    ];
    const live = [];
    for await (const event of liveAggregate(chunksFromJsonValues(openAiResponsesCodec, lines))) live.push(event);
    const completed = live.find((event) => event.type === "part_completed");
    expect(completed).toMatchObject({ part: { toolCall: { arguments: '{"city": Oslo' } }, argumentsError: expect.stringContaining("not valid JSON") });
  });

  describe("on bad wire input", () => {
    it("reports the stream as truncated, never as whole, and presents no half-streamed call when it is cut before response.completed", async () => {
      const lines = events("vercel-ai__openai-client-tool-search.2.chunks.txt");
      await expect(decodeEventLines(openAiResponsesCodec, lines.slice(0, -1))).rejects.toMatchObject({ code: "stream/truncated" });
      const cut = lines.findIndex((line) => line.type === "response.function_call_arguments.delta") + 2;
      const [lenient] = await decodeEventLines(openAiResponsesCodec, lines.slice(0, cut), { strict: false });
      expect(lenient?.complete).toBe(false);
      expect(lenient?.message.parts.some((part) => part.type === "tool_call")).toBe(false);
      expect(lenient?.incompleteToolCalls).toHaveLength(1);
    });

    it("reports the stream as truncated when its last event has no closing blank line (SSE drops an undispatched event)", async () => {
      const bytes = readFixtureBytes(PROVIDER, "reference__composed-reasoning-commentary-call.sse");
      await expect(decodeByteChunks(openAiResponsesCodec, [bytes.subarray(0, bytes.length - 1)])).rejects.toMatchObject({ code: "stream/truncated" });
    });

    it("raises provider/api-error with its position when an error event or response.failed arrives after HTTP 200", async () => {
      const lines = events("vercel-ai__openai-error.1.chunks.txt");
      await expect(decodeEventLines(openAiResponsesCodec, lines)).rejects.toMatchObject({
        code: "provider/api-error", provider: "openai.responses", position: 3, message: expect.stringContaining("insufficient_quota"),
      });
      await expect(decodeEventLines(openAiResponsesCodec, lines.filter((line) => line.type !== "error"))).rejects.toMatchObject({ code: "provider/api-error", position: 3 });
      await expect(decodeEventLines(openAiResponsesCodec, [{ type: "error", code: "server_error", message: "flat form" }])).rejects.toMatchObject({ message: "openai.responses reported server_error: flat form" });
    });

    it("keeps the typed error of an error event mid-stream, and hands over the message before it in details.partial", async () => {
      // A recorded stream cut after its third text delta, then the recorded error event and failed response.
      const recorded = events("vercel-ai__openai-phase.1.chunks.txt");
      const deltas = recorded.flatMap((line, index) => (line.type === "response.output_text.delta" ? [index] : []));
      const failure = events("vercel-ai__openai-error.1.chunks.txt").filter((line) => line.type === "error" || line.type === "response.failed");
      const streamed = recorded.slice(0, deltas[2]! + 1);
      const arrived = await decodeEventLines(openAiResponsesCodec, streamed, { strict: false });
      const error = await decodeEventLines(openAiResponsesCodec, [...streamed, ...failure]).then(() => undefined, (caught: unknown) => caught) as PartwiseError;
      const json = JSON.parse(JSON.stringify(error.toJSON()));
      expect(json).toMatchObject({ code: "provider/api-error", provider: "openai.responses", message: expect.stringContaining("insufficient_quota") });
      expect(json.details.partial).toEqual(JSON.parse(JSON.stringify(arrived)));
      expect((json.details.partial as AggregatedResponse[]).map((partial) => [partial.complete, partial.message.parts.map((part) => part.type)])).toEqual([[false, ["text", "text"]]]);
    });

    it("raises provider/invalid-wire at byte 0 when the recorded stream's first event is not JSON", async () => {
      const text = new TextDecoder().decode(readFixtureBytes(PROVIDER, "vercel-ai__parallel-tool-call-wrapper.1.chunks.txt"));
      const framed = new TextEncoder().encode(text.split("\n").filter((line) => line !== "").map((line) => `data: ${line}\n\n`).join(""));
      await expect(decodeByteChunks(openAiResponsesCodec, [framed])).rejects.toMatchObject({ code: "provider/invalid-wire", provider: "openai.responses", position: 0 });
    });

    it("names the byte position when an event is unknown or malformed", async () => {
      const start = { type: "response.created", response: { id: "resp_x", output: [] } };
      const unknown = serverSentEventBytes([start, { type: "session.teleported" }], eventName);
      await expect(decodeByteChunks(openAiResponsesCodec, [unknown])).rejects.toMatchObject({ code: "provider/invalid-wire", position: expect.any(Number), message: expect.stringContaining("session.teleported") });
      const malformed = serverSentEventBytes([start, { type: "response.output_text.delta", content_index: 0, delta: "x" }], eventName);
      await expect(decodeByteChunks(openAiResponsesCodec, [malformed])).rejects.toMatchObject({
        code: "provider/invalid-wire", position: serverSentEventBytes([start], eventName).length, message: expect.stringContaining('"output_index"'),
      });
    });

    it("raises provider/invalid-wire at the item, naming the field, when a streamed function_call item has no call_id or name, never a call named \"\"", async () => {
      const start = { type: "response.created", response: { id: "resp_c", output: [] } };
      for (const field of ["call_id", "name"] as const) {
        const item: Record<string, unknown> = { type: "function_call", id: "fc_c", call_id: "call_c", name: "f", arguments: "" };
        delete item[field];
        const bytes = serverSentEventBytes([start, { type: "response.output_item.added", output_index: 0, item }], eventName);
        await expect(decodeByteChunks(openAiResponsesCodec, [bytes])).rejects.toMatchObject({
          code: "provider/invalid-wire", pointer: "/item", position: serverSentEventBytes([start], eventName).length, message: expect.stringContaining(`"${field}"`),
        });
      }
    });
  });
});
