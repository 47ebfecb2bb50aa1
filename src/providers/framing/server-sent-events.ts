// An incremental Server-Sent Events parser (WHATWG HTML §9.2.6): bytes in any chunking -> events.
// Lines end in \r\n, \n or \r (a \r\n split across chunks counts once); `data` lines join with \n; a
// blank line dispatches; comments and unknown fields are ignored; a leading BOM is dropped. Buffering is
// linear (an unfinished line is kept in pieces, only new text is searched) and one event is at most
// maxEventBytes, so a huge or endless event ends in `stream/event-too-large` instead of a stall. The
// parser makes whatever its dispatch makes of each event: ServerSentEvents, or a reader's wire events.
import { PartwiseError, StreamProtocolError } from "../../errors/partwise-error.js";
import { utf8ByteLength } from "../../bytes/utf8.js";
import { CompletedBeforeFailure } from "./completed-before-failure.js";
import { DEFAULT_MAX_EVENT_BYTES } from "./event-size.js";
import { InvalidUtf8Error, Utf8StreamDecoder } from "./utf8-stream-decoder.js";

/** One dispatched event. */
export interface ServerSentEvent {
  /** The `event:` field, when given (`message` is the default the spec implies). */
  readonly event?: string;
  /** The `data:` lines joined with \n. */
  readonly data: string;
  /** The `id:` field, when given. */
  readonly id?: string;
  /** The byte offset in the stream where the event began. */
  readonly position: number;
}

export interface ServerSentEventDecoderOptions {
  /** The largest event (its lines, fields included), in UTF-8 bytes (default 64 MiB). */
  readonly maxEventBytes?: number;
}

/** The events a failed push or end completed before its error (a reader decodes them before raising it). */
export const serverSentEventsBeforeFailure: CompletedBeforeFailure<ServerSentEvent> = new CompletedBeforeFailure();

/** What one dispatched event becomes (undefined: nothing). A dispatch that throws fails the push after the items before it. */
export type ServerSentEventDispatch<Item> = (event: string | undefined, data: string, id: string | undefined, position: number) => Item | undefined;

/** The SSE parser, each event made an Item by its dispatch. */
export class ServerSentEventFraming<Item> {
  readonly #provider: string | undefined;
  readonly #maxEventBytes: number;
  readonly #dispatch: ServerSentEventDispatch<Item>;
  readonly #beforeFailure: CompletedBeforeFailure<Item>;
  readonly #decoder = new Utf8StreamDecoder();
  #started = false;
  /** The unfinished last line, in the pieces it arrived in (joined once, when it ends). */
  #pending: string[] = [];
  /** The UTF-8 length of #pending. */
  #pendingBytes = 0;
  /** The UTF-8 length of the lines of the current event so far. */
  #eventBytes = 0;
  #bytesSeen = 0;
  /** The byte offset in the stream of the text in #pending (for event positions). */
  #bufferPosition = 0;
  #skipLineFeed = false;
  #eventName: string | undefined;
  /** The event's data lines so far, joined with \n; undefined before its first `data:` line. */
  #data: string | undefined;
  #id: string | undefined;
  #eventPosition = -1;

  /**
   * @param provider named in errors (e.g. `anthropic`).
   * @param beforeFailure where a failed push leaves the items it completed before the failure.
   */
  constructor(provider: string | undefined, options: ServerSentEventDecoderOptions, dispatch: ServerSentEventDispatch<Item>, beforeFailure: CompletedBeforeFailure<Item>) {
    this.#provider = provider;
    this.#maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
    this.#dispatch = dispatch;
    this.#beforeFailure = beforeFailure;
  }

  /** The items the events these bytes complete make; on a failure, those before it are kept in `beforeFailure`. */
  push(bytes: Uint8Array): Item[] {
    const items: Item[] = [];
    // One try per chunk, not per event: the failure (bad bytes, an event too large, a dispatch that
    // throws) is raised after the items the chunk completed before it.
    try {
      let text: string;
      try {
        text = this.#decoder.decode(bytes);
      } catch (error) {
        // The events the valid bytes before the bad one complete are kept with the error.
        if (error instanceof InvalidUtf8Error) this.#consumeText(error.textBefore, UNKNOWN, items);
        throw this.#invalidUtf8(error);
      }
      this.#bytesSeen += bytes.length;
      this.#consumeText(text, this.#decoder.lastByteLength - text.length, items);
    } catch (error) {
      this.#beforeFailure.raise(error, items);
    }
    return items;
  }

  /** The items left when the stream ends; an event without its closing blank line is not dispatched. */
  end(): Item[] {
    const items: Item[] = [];
    try {
      let text: string;
      try {
        text = this.#decoder.end();
      } catch (error) {
        throw this.#invalidUtf8(error);
      }
      this.#consume(text, UNKNOWN, items);
    } catch (error) {
      this.#beforeFailure.raise(error, items);
    }
    return items;
  }

  /** True when the stream ended inside an event (data arrived that no blank line dispatched). */
  get hasPartialEvent(): boolean {
    return this.#data !== undefined || this.#pendingBytes > 0;
  }

  #invalidUtf8(error: unknown): PartwiseError {
    const position = error instanceof InvalidUtf8Error ? error.offset : this.#bytesSeen;
    return new PartwiseError("provider/invalid-wire", `the event stream is not valid UTF-8 (byte ${position})`, {
      ...(this.#provider === undefined ? {} : { provider: this.#provider }),
      position,
      cause: error,
    });
  }

  /** A byte order mark at the very start of the stream is not part of the first line (WHATWG §9.2.6). */
  #consumeText(text: string, extraBytes: number, items: Item[]): void {
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) {
        this.#bufferPosition += 3;
        // The mark is one character of three bytes.
        this.#consume(text.slice(1), extraBytes === UNKNOWN ? UNKNOWN : extraBytes - 2, items);
        return;
      }
    }
    this.#consume(text, extraBytes, items);
  }

  /**
   * The events the new text completes. Only `text` is searched for line ends: the pending line had none,
   * so every byte is scanned once however the stream is chunked (a 30 MB line in small chunks included).
   * A line's length in bytes is its length in characters up to the next non-ASCII character; only a line
   * holding one is counted character by character. `extraBytes`, the bytes the text's non-ASCII
   * characters take beyond one each (0: it is ASCII), ends the search once they are all counted.
   */
  #consume(text: string, extraBytes: number, items: Item[]): void {
    const length = text.length;
    let start = 0;
    if (length > 0 && this.#skipLineFeed) {
      // A \r\n split between chunks ends one line.
      if (text.charCodeAt(0) === 10) {
        start = 1;
        this.#bufferPosition += 1;
      }
    }
    // Any text settles it, a lone \n too: left set, it would swallow a blank line right after.
    if (length > 0) this.#skipLineFeed = false;
    // Next \n and \r at or after `start`, each searched again only once passed (linear overall).
    let lineFeed = text.indexOf("\n", start);
    let carriageReturn = text.indexOf("\r", start);
    // The extra bytes of the non-ASCII characters not counted yet (negative when unknown: never all counted).
    let uncounted = extraBytes;
    // The next non-ASCII character: only a line holding one is counted character by character.
    let wide = uncounted === 0 ? length : nextWide(text, start);
    for (;;) {
      if (lineFeed >= 0 && lineFeed < start) lineFeed = text.indexOf("\n", start);
      if (carriageReturn >= 0 && carriageReturn < start) carriageReturn = text.indexOf("\r", start);
      let end: number;
      let next: number;
      if (carriageReturn < 0 || (lineFeed >= 0 && lineFeed < carriageReturn)) {
        if (lineFeed < 0) break;
        end = lineFeed;
        next = end + 1;
      } else {
        end = carriageReturn;
        next = end + 1;
        if (next < length) {
          if (text.charCodeAt(next) === 10) next++;
        } else {
          this.#skipLineFeed = true;
        }
      }
      let lineBytes = this.#pendingBytes + end - start;
      if (wide < end) {
        // Characters before `wide` are one byte each: only the rest of the line is counted.
        const extra = utf8ByteLength(text, wide, end) - (end - wide);
        lineBytes += extra;
        uncounted -= extra;
      }
      if (this.#eventBytes + lineBytes > this.#maxEventBytes) this.#tooLarge();
      if (this.#pending.length === 0) {
        this.#line(text, start, end, items);
      } else {
        const line = this.#pending.join("") + text.slice(start, end);
        this.#pending = [];
        this.#pendingBytes = 0;
        this.#line(line, 0, line.length, items);
      }
      // A blank line ends the event; any other line (a comment too) counts toward its size.
      this.#eventBytes = lineBytes === 0 ? 0 : this.#eventBytes + lineBytes + 1;
      this.#bufferPosition += lineBytes + (next - end);
      start = next;
      if (wide < start) wide = uncounted === 0 ? length : nextWide(text, start);
    }
    if (start < length) {
      this.#pending.push(start === 0 ? text : text.slice(start));
      this.#pendingBytes += wide >= length ? length - start : wide - start + utf8ByteLength(text, wide, length);
      if (this.#eventBytes + this.#pendingBytes > this.#maxEventBytes) this.#tooLarge();
    }
  }

  /** Fails for the current event, now over the limit. */
  #tooLarge(): never {
    const position = this.#eventPosition < 0 ? this.#bufferPosition : this.#eventPosition;
    throw new StreamProtocolError("stream/event-too-large", `an event of the stream at byte ${position} is larger than ${this.#maxEventBytes} bytes (maxEventBytes)`, {
      ...(this.#provider === undefined ? {} : { provider: this.#provider }),
      position,
      details: { limitBytes: this.#maxEventBytes },
    });
  }

  /** One line, `buffer[start, end)`, read in place: only a field's value is ever sliced out. */
  #line(buffer: string, start: number, end: number, items: Item[]): void {
    if (start === end) {
      const data = this.#data;
      const event = this.#eventName;
      const position = this.#eventPosition;
      this.#data = undefined;
      this.#eventName = undefined;
      this.#eventPosition = -1;
      if (data !== undefined) {
        const item = this.#dispatch(event, data, this.#id, position);
        if (item !== undefined) items.push(item);
      }
      return;
    }
    const first = buffer.charCodeAt(start);
    if (first === 58) return;
    if (this.#eventPosition < 0) this.#eventPosition = this.#bufferPosition;
    // The field name runs to the first colon or the line's end. The three that matter are told by their
    // letters and the colon (or end) right after them, so no search for the colon is made: past the
    // line's end is its line break (or the end of the joined line), which matches no letter.
    if (first === 100) {
      if (buffer.charCodeAt(start + 1) === 97 && buffer.charCodeAt(start + 2) === 116 && buffer.charCodeAt(start + 3) === 97 && isFieldEnd(buffer, start + 4, end)) {
        const value = fieldValue(buffer, start + 4, end);
        this.#data = this.#data === undefined ? value : `${this.#data}\n${value}`;
      }
    } else if (first === 101) {
      if (buffer.charCodeAt(start + 1) === 118 && buffer.charCodeAt(start + 2) === 101 && buffer.charCodeAt(start + 3) === 110 && buffer.charCodeAt(start + 4) === 116 && isFieldEnd(buffer, start + 5, end)) {
        this.#eventName = fieldValue(buffer, start + 5, end);
      }
    } else if (first === 105) {
      if (buffer.charCodeAt(start + 1) === 100 && isFieldEnd(buffer, start + 2, end)) {
        const value = fieldValue(buffer, start + 2, end);
        if (!value.includes("\0")) this.#id = value;
      }
    }
    // `retry` and unknown fields do not affect decoding.
  }
}

/** One ServerSentEvent per event, as whole literals: one object shape per kind of event. */
function serverSentEvent(event: string | undefined, data: string, id: string | undefined, position: number): ServerSentEvent {
  if (id === undefined) return event === undefined ? { data, position } : { event, data, position };
  return event === undefined ? { data, id, position } : { event, data, id, position };
}

/** The parser as ServerSentEvents; on a failure, the events before it are `serverSentEventsBeforeFailure.of(error)`. */
export class ServerSentEventDecoder extends ServerSentEventFraming<ServerSentEvent> {
  /** @param provider named in errors (e.g. `anthropic`). */
  constructor(provider?: string, options: ServerSentEventDecoderOptions = {}) {
    super(provider, options, serverSentEvent, serverSentEventsBeforeFailure);
  }
}

/** True when a field name that ends at `at` ends there: the line ends, or a colon follows. */
function isFieldEnd(line: string, at: number, end: number): boolean {
  return at === end || (at < end && line.charCodeAt(at) === 58);
}

/** The value of a field whose name ends at `at`: after the colon and one space, if any (none without a colon). */
function fieldValue(line: string, at: number, end: number): string {
  let valueStart = at + 1;
  if (valueStart < end && line.charCodeAt(valueStart) === 32) valueStart++;
  return valueStart >= end ? "" : line.slice(valueStart, end);
}

/** The extra bytes of a text whose bytes are not at hand (after invalid UTF-8): its characters are counted. */
const UNKNOWN = -1;

/** Finds non-ASCII characters (UTF-16 units, so a surrogate half counts alone). */
const WIDE_CHARACTER = /[^\x00-\x7f]/g;

/** The index of the first non-ASCII character at or after `from`, or the text's length when none is. */
function nextWide(text: string, from: number): number {
  WIDE_CHARACTER.lastIndex = from;
  return WIDE_CHARACTER.test(text) ? WIDE_CHARACTER.lastIndex - 1 : text.length;
}

/** Every event of a byte stream. */
export async function* decodeServerSentEvents(bytes: AsyncIterable<Uint8Array>, provider?: string): AsyncGenerator<ServerSentEvent> {
  const decoder = new ServerSentEventDecoder(provider);
  for await (const chunk of bytes) yield* decoder.push(chunk);
  yield* decoder.end();
}

/** Writes one event in SSE framing (for simulators and tests). */
export function encodeServerSentEvent(event: { event?: string; data: string; id?: string }): string {
  const lines: string[] = [];
  if (event.event !== undefined) lines.push(`event: ${event.event}`);
  if (event.id !== undefined) lines.push(`id: ${event.id}`);
  for (const line of event.data.split("\n")) lines.push(`data: ${line}`);
  return `${lines.join("\n")}\n\n`;
}
