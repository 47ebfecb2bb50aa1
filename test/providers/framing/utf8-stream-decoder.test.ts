import fc from "fast-check";
import { isUtf8 } from "node:buffer";
import { describe, expect, it } from "vitest";
import { InvalidUtf8Error, Utf8StreamDecoder } from "../../../src/providers/framing/utf8-stream-decoder.js";
import { firstInvalidUtf8Byte } from "../../../src/validation/utf8.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";

function decodeAll(chunks: Uint8Array[]): string {
  const decoder = new Utf8StreamDecoder();
  return chunks.map((chunk) => decoder.decode(chunk)).join("") + decoder.end();
}

const mostlyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }).map((text) => new Uint8Array(Buffer.from(text, "utf8"))),
  fc.uint8Array({ maxLength: 30 }),
  fc.tuple(fc.string({ unit: "binary", maxLength: 20 }), fc.nat()).map(([text, cut]) => {
    const bytes = Buffer.from(text, "utf8");
    return new Uint8Array(bytes.subarray(0, cut % (bytes.length + 1)));
  }),
);

describe("Utf8StreamDecoder", () => {
  it("decodes exactly the valid UTF-8 byte streams, in any chunking, to what Buffer decodes", () => {
    fc.assert(
      fc.property(fc.array(mostlyText, { maxLength: 4 }), cutsArbitrary, (parts, cuts) => {
        const bytes = new Uint8Array(Buffer.concat(parts));
        const chunks = rechunk(bytes, cuts);
        if (isUtf8(bytes)) {
          expect(decodeAll(chunks)).toBe(Buffer.from(bytes).toString("utf8"));
        } else {
          let error: unknown;
          try {
            decodeAll(chunks);
          } catch (caught) {
            error = caught;
          }
          expect(error).toBeInstanceOf(InvalidUtf8Error);
          // The first byte that breaks the stream: an invalid one, or the start of a sequence cut by the end.
          expect((error as InvalidUtf8Error).offset).toBe(firstInvalidUtf8Byte(bytes));
        }
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it("names the offset of the first invalid byte, across chunk boundaries", () => {
    const decoder = new Utf8StreamDecoder();
    expect(decoder.decode(new Uint8Array([0x61, 0xe2, 0x82]))).toBe("a");
    expect(() => decoder.decode(new Uint8Array([0x28]))).toThrow(expect.objectContaining({ offset: 1 }));
  });

  it("reports a stream that ends inside a sequence", () => {
    const decoder = new Utf8StreamDecoder();
    decoder.decode(new Uint8Array([0x62, 0xf0, 0x9f]));
    expect(() => decoder.end()).toThrow(expect.objectContaining({ offset: 1 }));
  });
});
