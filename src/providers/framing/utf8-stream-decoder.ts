// Strict UTF-8 decoding of a byte stream in any chunking: a sequence cut by a chunk boundary is carried
// over to the next chunk here, so one stateless fatal TextDecoder serves every stream (Web APIs only, so
// it runs in browsers and workers; no decoder is made per stream); the carry also says at which stream
// offset bad bytes start.
import { concatBytes } from "../../bytes/byte-arrays.js";
import { firstInvalidUtf8Byte } from "../../validation/utf8.js";

/** The first bytes of a chunk that only complete a sequence begun in the previous one. */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  return lead >= 0xc0 ? 2 : 1;
}

/** How many bytes at the end of `bytes` start a sequence the chunk does not finish (0 to 3). */
function unfinishedTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte < 0x80) return 0;
    return sequenceLength(byte) > back ? back : 0;
  }
  return 0;
}

// Stateless without `stream`, so one decoder serves every stream.
const wholeText = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export class InvalidUtf8Error extends Error {
  /** The offset of the first invalid byte, counted from the start of the stream. */
  readonly offset: number;
  /** The text of the valid bytes of the chunk before the invalid one, so what they complete is not lost. */
  readonly textBefore: string;
  constructor(offset: number, textBefore = "") {
    super(`invalid UTF-8 at byte ${offset}`);
    this.offset = offset;
    this.textBefore = textBefore;
  }
}

/** Shared by every decoder: the carry is replaced, never written to, so one empty array serves all. */
const NO_BYTES = new Uint8Array(0);

export class Utf8StreamDecoder {
  /** Bytes of a sequence the previous chunk began and did not finish. */
  #carry = NO_BYTES;
  #offset = 0;
  #lastByteLength = 0;

  /**
   * How many bytes the last decoded text was decoded from (carried ones included, a cut-off tail not):
   * its length in characters below this counts the bytes its non-ASCII characters take beyond one each.
   */
  get lastByteLength(): number {
    return this.#lastByteLength;
  }

  /** The text these bytes complete; throws InvalidUtf8Error for a byte no valid UTF-8 has there. */
  decode(bytes: Uint8Array): string {
    // The carried bytes and these form one run; only a cut-off sequence at its end waits for more.
    const run = this.#carry.length === 0 ? bytes : concatBytes([this.#carry, bytes]);
    const tail = unfinishedTail(run);
    let text: string;
    try {
      text = wholeText.decode(tail === 0 ? run : run.subarray(0, run.length - tail));
    } catch {
      const invalid = firstInvalidUtf8Byte(run.subarray(0, run.length - tail));
      const valid = invalid < 0 ? run.length - tail : invalid;
      throw new InvalidUtf8Error(this.#offset - this.#carry.length + valid, wholeText.decode(run.subarray(0, valid)));
    }
    this.#lastByteLength = run.length - tail;
    this.#carry = tail === 0 ? NO_BYTES : run.slice(run.length - tail);
    this.#offset += bytes.length;
    return text;
  }

  /** The end of the stream; throws when it ends inside a sequence. */
  end(): string {
    if (this.#carry.length > 0) throw new InvalidUtf8Error(this.#offset - this.#carry.length);
    return "";
  }
}
