// The byte helpers that replaced node:buffer, node:zlib and node:crypto in the core, checked against
// those Node modules as the oracle on arbitrary input.
import { createHash } from "node:crypto";
import { crc32 as zlibCrc32 } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64, textToBase64 } from "../../src/bytes/base64.js";
import { bytesEqual, bytesToHex, concatBytes } from "../../src/bytes/byte-arrays.js";
import { crc32 } from "../../src/bytes/crc32.js";
import { sha256, sha256AsciiWords, sha256Words } from "../../src/bytes/sha256.js";
import { isAsciiBytes, utf8ByteLength } from "../../src/bytes/utf8.js";
import { propertyRuns } from "../support/property-runs.js";

const bytes = fc.uint8Array({ maxLength: 300 });

describe("bytesToBase64", () => {
  it("gives Buffer's base64 when given any bytes", () => {
    fc.assert(fc.property(bytes, (value) => bytesToBase64(value) === Buffer.from(value).toString("base64")), { numRuns: propertyRuns(500) });
  });
});

describe("textToBase64", () => {
  it("gives the base64 of Buffer's UTF-8 bytes when given any string, lone surrogates included", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => textToBase64(text) === Buffer.from(text, "utf8").toString("base64")), { numRuns: propertyRuns(500) });
  });
});

describe("base64ToBytes", () => {
  it("round-trips bytesToBase64 when given any bytes", () => {
    fc.assert(fc.property(bytes, (value) => bytesEqual(base64ToBytes(bytesToBase64(value)), value)), { numRuns: propertyRuns(500) });
  });

  it("decodes like Buffer when the text is unpadded, URL-safe or has line breaks", () => {
    fc.assert(
      fc.property(bytes, fc.nat(), (value, cut) => {
        const standard = Buffer.from(value).toString("base64");
        const variants = [standard.replace(/=+$/, ""), Buffer.from(value).toString("base64url"), `${standard.slice(0, cut % (standard.length + 1))}\r\n${standard.slice(cut % (standard.length + 1))}`];
        return variants.every((variant) => bytesEqual(base64ToBytes(variant), new Uint8Array(Buffer.from(variant, "base64"))));
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});

describe("crc32", () => {
  it("gives node:zlib's CRC-32 when given any bytes", () => {
    fc.assert(fc.property(bytes, (value) => crc32(value) === zlibCrc32(value)), { numRuns: propertyRuns(500) });
  });
});

describe("sha256", () => {
  it("gives node:crypto's SHA-256 when given any bytes, across the 55/56/64-byte padding edges", () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const value = Uint8Array.from({ length }, (_, index) => (index * 31) & 0xff);
      expect(bytesToHex(sha256(value)), `length ${length}`).toBe(createHash("sha256").update(value).digest("hex"));
    }
    fc.assert(fc.property(bytes, (value) => bytesToHex(sha256(value)) === createHash("sha256").update(value).digest("hex")), { numRuns: propertyRuns(300) });
  });

  it("gives the same words from an ASCII string's char codes as from its bytes, and none for a string that is not ASCII", () => {
    const wordsOf = (words: Int32Array | undefined) => (words === undefined ? undefined : [...words]);
    for (const length of [0, 1, 14, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const text = Array.from({ length }, (_, index) => String.fromCharCode((index * 31) & 0x7f)).join("");
      const bytes = new TextEncoder().encode(text);
      expect(wordsOf(sha256AsciiWords(text)), `length ${length}`).toEqual(wordsOf(sha256Words(bytes, bytes.length)));
    }
    fc.assert(fc.property(fc.string({ unit: "binary-ascii" }), (text) => {
      const bytes = new TextEncoder().encode(text);
      return wordsOf(sha256AsciiWords(text))?.join() === wordsOf(sha256Words(bytes, bytes.length))?.join();
    }), { numRuns: propertyRuns(300) });
    expect(sha256AsciiWords("toolu_é")).toBeUndefined();
  });
});

describe("utf8ByteLength", () => {
  it("gives Buffer.byteLength when given any string, lone surrogates included", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => utf8ByteLength(text) === Buffer.byteLength(text, "utf8")), { numRuns: propertyRuns(500) });
  });
});

describe("isAsciiBytes", () => {
  it("is true exactly when no byte is 0x80 or above", () => {
    fc.assert(fc.property(bytes, (value) => isAsciiBytes(value) === value.every((byte) => byte < 0x80)), { numRuns: propertyRuns(300) });
  });
});

describe("concatBytes", () => {
  it("gives Buffer.concat when given any arrays", () => {
    fc.assert(fc.property(fc.array(bytes, { maxLength: 5 }), (arrays) => bytesEqual(concatBytes(arrays), new Uint8Array(Buffer.concat(arrays)))), { numRuns: propertyRuns(300) });
  });
});
