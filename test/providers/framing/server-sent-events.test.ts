import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ServerSentEventDecoder, encodeServerSentEvent, serverSentEventsBeforeFailure } from "../../../src/providers/framing/server-sent-events.js";
import { thrownPartwiseError } from "../../support/partwise-failure.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";

const line = fc.string({ unit: "grapheme", maxLength: 30 }).map((text) => text.replace(/[\r\n]/g, ""));
const eventArbitrary = fc.record(
  { event: line.filter((text) => text.length > 0), data: fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n")), id: line },
  { requiredKeys: ["data"] },
);

function decodeAll(chunks: Uint8Array[]) {
  const decoder = new ServerSentEventDecoder();
  return [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()].map(({ position: _position, ...event }) => event);
}

describe("ServerSentEventDecoder", () => {
  it("decodes the same events from any chunking of the bytes and any line ending", () => {
    fc.assert(
      fc.property(fc.array(eventArbitrary, { maxLength: 6 }), fc.constantFrom("\n", "\r\n", "\r"), cutsArbitrary, fc.boolean(), (events, ending, cuts, comments) => {
        const text = events.map((event) => (comments ? ": keep-alive\n" : "") + encodeServerSentEvent(event)).join("").replace(/\n/g, ending);
        const bytes = new TextEncoder().encode(text);
        // The id is the stream's last event id: it carries over to later events until another one arrives.
        let lastId: string | undefined;
        const expected = events.map((event) => {
          lastId = event.id ?? lastId;
          return lastId === undefined ? { ...event } : { ...event, id: lastId };
        });
        expect(decodeAll(rechunk(bytes, cuts))).toEqual(expected);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("gives the same events, positions and partial state when the bytes are cut at every boundary, line endings mixed", () => {
    // Each line picks its own ending, so a \r\n cut between chunks is followed by \n, \r or text.
    const field = fc.oneof(
      line.map((value) => `data: ${value}`),
      line.map((value) => `data:${value}`),
      line.map((value) => `event:${value}`),
      line.map((value) => `id: ${value}`),
      fc.constantFrom("data", "event", "id", "retry: 5", ": comment", "dat: x", "eventful: x", "idea: x", "data :x"),
      // Blank lines, which dispatch, as often as data lines.
      fc.constant(""),
      fc.constant(""),
    );
    const lineEnding = fc.constantFrom("\n", "\r\n", "\r");
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.tuple(field, lineEnding), { maxLength: 12 }), (byteOrderMark, lines) => {
        const bytes = new TextEncoder().encode((byteOrderMark ? "\uFEFF" : "") + lines.map(([text, ending]) => text + ending).join(""));
        const decode = (chunks: Uint8Array[]) => {
          const decoder = new ServerSentEventDecoder();
          return { events: [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()], partial: decoder.hasPartialEvent };
        };
        const whole = decode([bytes]);
        expect(decode(Array.from(bytes, (byte) => new Uint8Array([byte])))).toEqual(whole);
        for (let cut = 1; cut < bytes.length; cut++) expect(decode([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("ends one line at a \\r\\n cut between chunks, and reads a blank line right after it", () => {
    const bytes = new TextEncoder().encode("data: x\r\n\ndata: y\n\n");
    const decoder = new ServerSentEventDecoder();
    const events = [...Array.from(bytes, (byte) => decoder.push(new Uint8Array([byte]))).flat(), ...decoder.end()];
    expect(events).toEqual([{ data: "x", position: 0 }, { data: "y", position: 10 }]);
  });

  it("removes one leading space, joins data lines, drops a leading BOM and ignores unknown fields", () => {
    const bytes = new TextEncoder().encode("\uFEFFevent: a\nretry: 5\nunknown: x\ndata:  two spaces\ndata:b\n\n");
    expect(decodeAll([bytes])).toEqual([{ event: "a", data: " two spaces\nb" }]);
  });

  it("reports the byte position of each event and does not dispatch an event cut off by the end", () => {
    const decoder = new ServerSentEventDecoder();
    const events = decoder.push(new TextEncoder().encode("data: é\n\ndata: x\n\ndata: partial"));
    expect(events.map((event) => event.position)).toEqual([0, 10]);
    expect(decoder.end()).toEqual([]);
    expect(decoder.hasPartialEvent).toBe(true);
  });

  it("reports the same byte positions for any chunking, when a chunk ends inside a character", () => {
    fc.assert(
      fc.property(fc.array(eventArbitrary, { maxLength: 6 }), cutsArbitrary, (events, cuts) => {
        const bytes = new TextEncoder().encode(events.map(encodeServerSentEvent).join(""));
        const positions = (chunks: Uint8Array[]) => {
          const decoder = new ServerSentEventDecoder();
          return [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()].map((event) => event.position);
        };
        const expected: number[] = [];
        for (let offset = 0, index = 0; index < events.length; index++) {
          expected.push(offset);
          offset += new TextEncoder().encode(encodeServerSentEvent(events[index]!)).length;
        }
        expect(positions(rechunk(bytes, cuts))).toEqual(expected);
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it("keeps the events a chunk completed before an event over the limit with the error", () => {
    const decoder = new ServerSentEventDecoder("anthropic", { maxEventBytes: 20 });
    const error = thrownPartwiseError(() => decoder.push(new TextEncoder().encode("data: one\n\ndata: two\n\ndata: far too long for the limit\n\n")));
    expect(error).toMatchObject({ code: "stream/event-too-large", position: 22 });
    expect(serverSentEventsBeforeFailure.of(error)).toEqual([{ data: "one", position: 0 }, { data: "two", position: 11 }]);
  });

  it("keeps the events a chunk completed before invalid UTF-8 with the error", () => {
    const chunk = new Uint8Array([...new TextEncoder().encode("data: one\n\ndata: "), 0xff, ...new TextEncoder().encode("\n\n")]);
    const error = thrownPartwiseError(() => new ServerSentEventDecoder("google").push(chunk));
    expect(error).toMatchObject({ code: "provider/invalid-wire", position: 17 });
    expect(serverSentEventsBeforeFailure.of(error)).toEqual([{ data: "one", position: 0 }]);
  });

  it("raises a typed error with the byte position for invalid UTF-8", () => {
    const decoder = new ServerSentEventDecoder("anthropic");
    expect(() => decoder.push(new Uint8Array([0x64, 0x61, 0x74, 0x61, 0x3a, 0xff, 0x0a]))).toThrow(
      expect.objectContaining({ code: "provider/invalid-wire", provider: "anthropic", position: 5 }),
    );
  });
});
