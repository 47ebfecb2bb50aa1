import { EventStreamCodec } from "@smithy/eventstream-codec";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventStreamDecoder, encodeEventStreamMessage, eventStreamMessagesBeforeFailure } from "../../../src/providers/framing/aws-event-stream.js";
import { thrownPartwiseError } from "../../support/partwise-failure.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";

// The AWS SDK's own codec is the independent oracle for the framing.
const oracle = new EventStreamCodec((bytes) => Buffer.from(bytes).toString("utf8"), (text) => new Uint8Array(Buffer.from(text, "utf8")));

const headerArbitrary = fc.dictionary(fc.stringMatching(/^:?[a-z-]{1,16}$/), fc.string({ maxLength: 40 }), { maxKeys: 4 });
const messageArbitrary = fc.record({ headers: headerArbitrary, payload: fc.uint8Array({ maxLength: 300 }) });

function decodeAll(chunks: Uint8Array[]) {
  const decoder = new EventStreamDecoder("bedrock");
  return [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()];
}

function oracleEncode(headers: Record<string, string>, payload: Uint8Array): Uint8Array {
  return oracle.encode({ headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { type: "string", value }])), body: payload });
}

describe("EventStreamDecoder", () => {
  it("decodes what the AWS SDK encodes, from any chunking of the bytes", () => {
    fc.assert(
      fc.property(fc.array(messageArbitrary, { maxLength: 5 }), cutsArbitrary, (messages, cuts) => {
        const bytes = Buffer.concat(messages.map(({ headers, payload }) => oracleEncode(headers, payload)));
        const decoded = decodeAll(rechunk(new Uint8Array(bytes), cuts));
        expect(decoded.map((message) => ({
          headers: Object.fromEntries(Object.entries(message.headers).map(([name, header]) => [name, header.value])),
          payload: message.payload,
        }))).toEqual(messages);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("encodes messages the AWS SDK decodes", () => {
    fc.assert(
      fc.property(messageArbitrary, ({ headers, payload }) => {
        const decoded = oracle.decode(encodeEventStreamMessage(headers, payload));
        expect(Object.fromEntries(Object.entries(decoded.headers).map(([name, header]) => [name, header.value]))).toEqual(headers);
        expect(decoded.body).toEqual(payload);
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it("rejects a corrupted payload byte with a message CRC error naming the message offset", () => {
    const first = encodeEventStreamMessage({ ":event-type": "messageStart" }, new TextEncoder().encode('{"role":"assistant"}'));
    const second = encodeEventStreamMessage({ ":event-type": "messageStop" }, new TextEncoder().encode('{"stopReason":"end_turn"}'));
    const corrupted = new Uint8Array([...first, ...second]);
    corrupted[corrupted.length - 8]! ^= 0x01;
    expect(() => decodeAll([corrupted])).toThrow(expect.objectContaining({ code: "provider/invalid-wire", position: first.length, message: expect.stringContaining("message CRC32 mismatch") }));
  });

  it("keeps the messages a chunk completed before a corrupted one with the error", () => {
    const first = encodeEventStreamMessage({ ":event-type": "messageStart" }, new TextEncoder().encode('{"role":"assistant"}'));
    const second = encodeEventStreamMessage({ ":event-type": "messageStop" }, new TextEncoder().encode('{"stopReason":"end_turn"}'));
    const corrupted = new Uint8Array([...first, ...second]);
    corrupted[corrupted.length - 8]! ^= 0x01;
    const error = thrownPartwiseError(() => new EventStreamDecoder("bedrock").push(corrupted));
    expect(error).toMatchObject({ code: "provider/invalid-wire", position: first.length });
    expect(eventStreamMessagesBeforeFailure.of(error)).toEqual([expect.objectContaining({ position: 0, payload: new TextEncoder().encode('{"role":"assistant"}') })]);
  });

  it("rejects a corrupted prelude and a stream that ends inside a message", () => {
    const message = encodeEventStreamMessage({ ":event-type": "x" }, new Uint8Array([1, 2, 3]));
    const badPrelude = message.slice();
    badPrelude[2]! ^= 0xff;
    expect(() => decodeAll([badPrelude])).toThrow("prelude CRC32 mismatch");
    expect(() => decodeAll([message.subarray(0, message.length - 1)])).toThrow("the stream ended inside a message");
  });

  it("decodes every header value type", () => {
    const bytes = oracle.encode({
      headers: {
        yes: { type: "boolean", value: true }, no: { type: "boolean", value: false }, small: { type: "byte", value: -3 },
        short: { type: "short", value: 300 }, int: { type: "integer", value: 70000 }, blob: { type: "binary", value: new Uint8Array([9, 8]) },
        uuid: { type: "uuid", value: "123e4567-e89b-12d3-a456-426614174000" }, when: { type: "timestamp", value: new Date(1_700_000_000_000) },
      },
      body: new Uint8Array(0),
    });
    const [message] = decodeAll([bytes]);
    expect(message?.headers).toMatchObject({
      yes: { value: true }, no: { value: false }, small: { value: -3 }, short: { value: 300 }, int: { value: 70000 },
      blob: { type: "bytes", value: new Uint8Array([9, 8]) }, uuid: { value: "123e4567-e89b-12d3-a456-426614174000" },
      when: { type: "timestamp", value: 1_700_000_000_000n },
    });
  });
});
