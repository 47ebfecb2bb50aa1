// The AWS event-stream binary framing (application/vnd.amazon.eventstream), used by Bedrock
// ConverseStream: each message is a prelude (total length, headers length, prelude CRC32), typed
// headers, a payload and a message CRC32. Both CRCs are checked; every error names the byte offset.
// https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html#streaming-event-stream
import { crc32 } from "../../bytes/crc32.js";
import { bytesToHex } from "../../bytes/byte-arrays.js";
import { PartwiseError } from "../../errors/partwise-error.js";
import { CompletedBeforeFailure } from "./completed-before-failure.js";

/** A header value, typed as on the wire. */
export type EventStreamHeaderValue =
  | { readonly type: "boolean"; readonly value: boolean }
  | { readonly type: "byte" | "short" | "integer"; readonly value: number }
  | { readonly type: "long" | "timestamp"; readonly value: bigint }
  | { readonly type: "bytes"; readonly value: Uint8Array }
  | { readonly type: "string" | "uuid"; readonly value: string };

export interface EventStreamMessage {
  readonly headers: Readonly<Record<string, EventStreamHeaderValue>>;
  readonly payload: Uint8Array;
  /** Byte offset of the message in the stream. */
  readonly position: number;
}

const PRELUDE_BYTES = 12;
const CHECKSUM_BYTES = 4;
const MINIMUM_MESSAGE_BYTES = PRELUDE_BYTES + CHECKSUM_BYTES;
/** Messages larger than this are refused rather than buffered (the service's own limit is far lower). */
const MAXIMUM_MESSAGE_BYTES = 16 * 1024 * 1024;

function frameError(message: string, position: number, provider: string | undefined): PartwiseError {
  return new PartwiseError("provider/invalid-wire", `event stream: ${message} (message at byte ${position})`, {
    position,
    ...(provider === undefined ? {} : { provider }),
  });
}

// Stateless without `stream`, so one decoder serves every message.
const utf8 = new TextDecoder("utf-8", { fatal: true });

function decodeHeaders(view: DataView, bytes: Uint8Array, start: number, end: number, position: number, provider?: string) {
  const headers: Record<string, EventStreamHeaderValue> = {};
  let offset = start;
  // A header name or string value that is not UTF-8 is a located wire error, not the decoder's TypeError.
  const text = (length: number, what: string) => {
    try {
      return utf8.decode(bytes.subarray(offset, offset + length));
    } catch (error) {
      throw new PartwiseError("provider/invalid-wire", `event stream: ${what} at byte ${position + offset} is not valid UTF-8 (message at byte ${position})`, {
        position: position + offset,
        ...(provider === undefined ? {} : { provider }),
        cause: error,
      });
    }
  };
  const need = (count: number) => {
    if (offset + count > end) throw frameError("a header runs past the headers section", position, provider);
  };
  while (offset < end) {
    need(1);
    const nameLength = view.getUint8(offset++);
    need(nameLength + 1);
    const name = text(nameLength, "a header name");
    offset += nameLength;
    const type = view.getUint8(offset++);
    let value: EventStreamHeaderValue;
    switch (type) {
      case 0:
      case 1:
        value = { type: "boolean", value: type === 0 };
        break;
      case 2:
        need(1);
        value = { type: "byte", value: view.getInt8(offset) };
        offset += 1;
        break;
      case 3:
        need(2);
        value = { type: "short", value: view.getInt16(offset) };
        offset += 2;
        break;
      case 4:
        need(4);
        value = { type: "integer", value: view.getInt32(offset) };
        offset += 4;
        break;
      case 5:
      case 8:
        need(8);
        value = { type: type === 5 ? "long" : "timestamp", value: view.getBigInt64(offset) };
        offset += 8;
        break;
      case 6:
      case 7: {
        need(2);
        const length = view.getUint16(offset);
        offset += 2;
        need(length);
        value = type === 6 ? { type: "bytes", value: bytes.slice(offset, offset + length) } : { type: "string", value: text(length, `the value of header "${name}"`) };
        offset += length;
        break;
      }
      case 9: {
        need(16);
        const hex = bytesToHex(bytes.subarray(offset, offset + 16));
        value = { type: "uuid", value: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
        offset += 16;
        break;
      }
      default:
        throw frameError(`header "${name}" has unknown value type ${type}`, position, provider);
    }
    headers[name] = value;
  }
  return headers;
}

/** The messages a failed push completed before its error (a reader decodes them before raising it). */
export const eventStreamMessagesBeforeFailure: CompletedBeforeFailure<EventStreamMessage> = new CompletedBeforeFailure();

/** Decodes event-stream messages from bytes arriving in any chunking (linear in the bytes). */
export class EventStreamDecoder {
  readonly #provider: string | undefined;
  /** Received bytes not yet decoded, as the chunks they came in. */
  #chunks: Uint8Array[] = [];
  #available = 0;
  #position = 0;

  constructor(provider?: string) {
    this.#provider = provider;
  }

  /** The first `count` pending bytes as one array, without consuming them. */
  #peek(count: number): Uint8Array {
    const first = this.#chunks[0] as Uint8Array;
    if (first.length >= count) return first.subarray(0, count);
    const joined = new Uint8Array(count);
    let filled = 0;
    for (const chunk of this.#chunks) {
      const take = Math.min(chunk.length, count - filled);
      joined.set(chunk.subarray(0, take), filled);
      filled += take;
      if (filled === count) break;
    }
    return joined;
  }

  #consume(count: number): void {
    this.#available -= count;
    this.#position += count;
    while (count > 0) {
      const first = this.#chunks[0] as Uint8Array;
      if (first.length <= count) {
        this.#chunks.shift();
        count -= first.length;
      } else {
        this.#chunks[0] = first.subarray(count);
        count = 0;
      }
    }
  }

  /** The messages these bytes complete; on a failure, those before it are `eventStreamMessagesBeforeFailure.of(error)`. */
  push(chunk: Uint8Array): EventStreamMessage[] {
    if (chunk.length > 0) {
      this.#chunks.push(chunk);
      this.#available += chunk.length;
    }
    const messages: EventStreamMessage[] = [];
    // One try per chunk, not per message: a bad frame (its CRCs, lengths or headers) fails after the messages before it.
    try {
      this.#messages(messages);
    } catch (error) {
      eventStreamMessagesBeforeFailure.raise(error, messages);
    }
    return messages;
  }

  /** Decodes the complete messages pending into `messages`. */
  #messages(messages: EventStreamMessage[]): void {
    while (this.#available >= PRELUDE_BYTES) {
      const position = this.#position;
      const prelude = this.#peek(PRELUDE_BYTES);
      const preludeView = new DataView(prelude.buffer, prelude.byteOffset, PRELUDE_BYTES);
      const totalLength = preludeView.getUint32(0);
      const headersLength = preludeView.getUint32(4);
      if (crc32(prelude.subarray(0, 8)) !== preludeView.getUint32(8)) {
        throw frameError("prelude CRC32 mismatch (corrupt or misaligned frame)", position, this.#provider);
      }
      if (totalLength < MINIMUM_MESSAGE_BYTES || totalLength > MAXIMUM_MESSAGE_BYTES || headersLength > totalLength - MINIMUM_MESSAGE_BYTES) {
        throw frameError(`impossible lengths (total ${totalLength}, headers ${headersLength})`, position, this.#provider);
      }
      if (this.#available < totalLength) break;
      const message = this.#peek(totalLength).slice();
      const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
      if (crc32(message.subarray(0, totalLength - CHECKSUM_BYTES)) !== view.getUint32(totalLength - CHECKSUM_BYTES)) {
        throw frameError("message CRC32 mismatch (the message was corrupted)", position, this.#provider);
      }
      const headersEnd = PRELUDE_BYTES + headersLength;
      messages.push({
        headers: decodeHeaders(view, message, PRELUDE_BYTES, headersEnd, position, this.#provider),
        payload: message.subarray(headersEnd, totalLength - CHECKSUM_BYTES),
        position,
      });
      this.#consume(totalLength);
    }
  }

  /** Throws when the stream ended inside a message. */
  end(): EventStreamMessage[] {
    if (this.#available > 0) {
      throw frameError(`the stream ended inside a message (${this.#available} bytes left)`, this.#position, this.#provider);
    }
    return [];
  }
}

/** Encodes one message with string headers (what Bedrock sends), for simulators and tests. */
export function encodeEventStreamMessage(headers: Readonly<Record<string, string>>, payload: Uint8Array): Uint8Array {
  const encoder = new TextEncoder();
  const headerBytes: number[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const nameBytes = encoder.encode(name);
    const valueBytes = encoder.encode(value);
    headerBytes.push(nameBytes.length, ...nameBytes, 7, valueBytes.length >> 8, valueBytes.length & 0xff, ...valueBytes);
  }
  const totalLength = PRELUDE_BYTES + headerBytes.length + payload.length + CHECKSUM_BYTES;
  const message = new Uint8Array(totalLength);
  const view = new DataView(message.buffer);
  view.setUint32(0, totalLength);
  view.setUint32(4, headerBytes.length);
  view.setUint32(8, crc32(message.subarray(0, 8)));
  message.set(headerBytes, PRELUDE_BYTES);
  message.set(payload, PRELUDE_BYTES + headerBytes.length);
  view.setUint32(totalLength - CHECKSUM_BYTES, crc32(message.subarray(0, totalLength - CHECKSUM_BYTES)));
  return message;
}
