// SSE and NDJSON framing buffer linearly (a huge line in small chunks is scanned once) and stop an event
// or line over the per-event limit with a typed, located `stream/event-too-large`.
import { describe, expect, it } from "vitest";
import { NewlineDelimitedJsonDecoder } from "../../../src/providers/framing/newline-delimited-json.js";
import { ServerSentEventDecoder } from "../../../src/providers/framing/server-sent-events.js";
import { thrownPartwiseError as caught } from "../../support/partwise-failure.js";

const encoder = new TextEncoder();

/** `total` bytes of `fill` in chunks of `size` (the last one shorter). */
function* chunksOf(fill: string, total: number, size: number): Generator<Uint8Array> {
  const chunk = encoder.encode(fill.repeat(Math.ceil(size / fill.length)).slice(0, size));
  for (let sent = 0; sent < total; sent += size) yield total - sent >= size ? chunk : chunk.subarray(0, total - sent);
}

describe("ServerSentEventDecoder", () => {
  it("decodes one 16 MiB data line fed in 4 KiB chunks, scanning each byte once", () => {
    const decoder = new ServerSentEventDecoder("anthropic");
    const size = 16 * 1024 * 1024;
    expect(decoder.push(encoder.encode("event: big\ndata: "))).toEqual([]);
    for (const chunk of chunksOf("abcdefgh", size, 4096)) expect(decoder.push(chunk)).toEqual([]);
    const [event] = decoder.push(encoder.encode("\n\n"));
    expect([event?.event, event?.data.length, event?.position]).toEqual(["big", size, 0]);
  });

  it("stops an event over maxEventBytes with stream/event-too-large at the event's byte offset", () => {
    const decoder = new ServerSentEventDecoder("openai.responses", { maxEventBytes: 64 * 1024 });
    decoder.push(encoder.encode("data: {}\n\n"));
    const error = caught(() => {
      for (const chunk of chunksOf("data: x\n", 1024 * 1024, 1000)) decoder.push(chunk);
    });
    expect([error.code, error.position, error.provider, error.details?.limitBytes]).toEqual(["stream/event-too-large", 10, "openai.responses", 64 * 1024]);
  });

  it("stops a line that never ends, counting multi-byte characters as their UTF-8 bytes", () => {
    const decoder = new ServerSentEventDecoder("mistral", { maxEventBytes: 30_000 });
    const error = caught(() => {
      for (const chunk of chunksOf("data: é", 200_000, 999)) decoder.push(chunk);
    });
    expect(error.code).toBe("stream/event-too-large");
  });

  it("keeps byte positions right for events after a long multi-byte line split across chunks", () => {
    const decoder = new ServerSentEventDecoder();
    const long = `data: ${"ü".repeat(5000)}\n\n`;
    const bytes = encoder.encode(`${long}data: next\n\n`);
    const events = [];
    for (let offset = 0; offset < bytes.length; offset += 777) events.push(...decoder.push(bytes.subarray(offset, offset + 777)));
    expect(events.map((event) => event.position)).toEqual([0, encoder.encode(long).length]);
  });
});

describe("NewlineDelimitedJsonDecoder", () => {
  it("decodes one 16 MiB line fed in 4 KiB chunks", () => {
    const decoder = new NewlineDelimitedJsonDecoder("ollama");
    const size = 16 * 1024 * 1024;
    decoder.push(encoder.encode('{"text": "'));
    for (const chunk of chunksOf("abcdefgh", size, 4096)) expect(decoder.push(chunk)).toEqual([]);
    const [line] = decoder.push(encoder.encode('"}\n{"done": true}'));
    expect([(line?.value as { text: string }).text.length, ...decoder.end().map((next) => next.line)]).toEqual([size, 2]);
  });

  it("stops a line over maxLineBytes with stream/event-too-large naming the line", () => {
    const decoder = new NewlineDelimitedJsonDecoder("ollama", { maxLineBytes: 10_000 });
    decoder.push(encoder.encode('{"a": 1}\n'));
    const error = caught(() => {
      for (const chunk of chunksOf("x", 1024 * 1024, 1000)) decoder.push(chunk);
    });
    expect([error.code, error.line, error.position]).toEqual(["stream/event-too-large", 2, 9]);
  });
});
