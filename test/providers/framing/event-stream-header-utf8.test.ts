// AWS event-stream headers whose name or string value is not UTF-8 end in a typed, located
// provider/invalid-wire error (the byte where the text starts), never the decoder's bare TypeError.
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { PartwiseError } from "../../../src/errors/partwise-error.js";
import { EventStreamDecoder, encodeEventStreamMessage } from "../../../src/providers/framing/aws-event-stream.js";
import { thrownPartwiseError } from "../../support/partwise-failure.js";

/** A message whose bytes matching `marker` are replaced by 0xff, its checksums recomputed so only the text is wrong. */
function withInvalidUtf8(headers: Record<string, string>, marker: string): { bytes: Uint8Array; at: number } {
  const bytes = encodeEventStreamMessage(headers, new TextEncoder().encode("{}"));
  const markerBytes = new TextEncoder().encode(marker);
  const at = bytes.findIndex((_, index) => markerBytes.every((byte, offset) => bytes[index + offset] === byte));
  bytes.fill(0xff, at, at + markerBytes.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, crc32(bytes.subarray(0, 8)));
  view.setUint32(bytes.length - 4, crc32(bytes.subarray(0, bytes.length - 4)));
  return { bytes, at };
}

function decodeError(bytes: Uint8Array): PartwiseError {
  return thrownPartwiseError(() => new EventStreamDecoder("bedrock").push(bytes));
}

describe("EventStreamDecoder", () => {
  it("reports a header value that is not UTF-8 with the byte where it starts", () => {
    const { bytes, at } = withInvalidUtf8({ ":event-type": "QQQQ", ":message-type": "event" }, "QQQQ");
    const error = decodeError(bytes);
    expect([error.code, error.provider, error.position]).toEqual(["provider/invalid-wire", "bedrock", at]);
    expect(error.message).toContain('header ":event-type"');
  });

  it("reports a header name that is not UTF-8, offset by the messages before it", () => {
    const first = encodeEventStreamMessage({ ":message-type": "event", ":event-type": "messageStart" }, new TextEncoder().encode("{}"));
    const { bytes, at } = withInvalidUtf8({ ":message-type": "event", ZZZZ: "x" }, "ZZZZ");
    const stream = new Uint8Array(first.length + bytes.length);
    stream.set(first);
    stream.set(bytes, first.length);
    const error = decodeError(stream);
    expect([error.position, error.message]).toEqual([first.length + at, expect.stringContaining("a header name")]);
  });
});
