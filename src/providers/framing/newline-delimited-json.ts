// An incremental NDJSON parser (Ollama's streaming format): bytes in any chunking -> one JSON value per
// non-blank line, with the line number and byte offset of each, and located errors for broken lines.
// Buffering is linear (an unfinished line is kept in pieces) and a line is at most maxLineBytes.
import { PartwiseError, StreamProtocolError } from "../../errors/partwise-error.js";
import { utf8ByteLength } from "../../bytes/utf8.js";
import { CompletedBeforeFailure } from "./completed-before-failure.js";
import { DEFAULT_MAX_EVENT_BYTES } from "./event-size.js";
import { InvalidUtf8Error, Utf8StreamDecoder } from "./utf8-stream-decoder.js";

export interface JsonLine {
  readonly value: unknown;
  /** 1-based line number. */
  readonly line: number;
  /** Byte offset of the line in the stream. */
  readonly position: number;
}

export interface NewlineDelimitedJsonDecoderOptions {
  /** The longest line, in UTF-8 bytes (default 64 MiB). */
  readonly maxLineBytes?: number;
}

/** The lines a failed push or end completed before its error (a reader decodes them before raising it). */
export const jsonLinesBeforeFailure: CompletedBeforeFailure<JsonLine> = new CompletedBeforeFailure();

export class NewlineDelimitedJsonDecoder {
  readonly #provider: string | undefined;
  readonly #maxLineBytes: number;
  readonly #decoder = new Utf8StreamDecoder();
  /** The unfinished last line, in the pieces it arrived in (joined once, when it ends). */
  #pending: string[] = [];
  #pendingBytes = 0;
  #line = 1;
  #position = 0;

  constructor(provider?: string, options: NewlineDelimitedJsonDecoderOptions = {}) {
    this.#provider = provider;
    this.#maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_EVENT_BYTES;
  }

  /** The lines these bytes end; on a failure, those before it are `jsonLinesBeforeFailure.of(error)`. */
  push(bytes: Uint8Array): JsonLine[] {
    let text: string;
    try {
      text = this.#decoder.decode(bytes);
    } catch (error) {
      // The lines the valid bytes before the bad one end are kept with the error, which names the bad byte's line.
      const before = error instanceof InvalidUtf8Error ? this.#lines(error.textBefore, false) : [];
      jsonLinesBeforeFailure.raise(this.#error(`the stream is not valid UTF-8 at line ${this.#line}`, error), before);
    }
    return this.#lines(text, false);
  }

  /** The last line, when the stream did not end with a newline. */
  end(): JsonLine[] {
    let rest: string;
    try {
      rest = this.#decoder.end();
    } catch (error) {
      throw this.#error(`the stream is not valid UTF-8 at line ${this.#line}`, error);
    }
    return this.#lines(rest, true);
  }

  #error(message: string, cause?: unknown): PartwiseError {
    return new PartwiseError("provider/invalid-wire", message, {
      ...(this.#provider === undefined ? {} : { provider: this.#provider }),
      line: this.#line,
      position: this.#position,
      ...(cause === undefined ? {} : { cause }),
    });
  }

  /** Fails, after the `completed` lines, once the line being read is longer than the limit. */
  #checkLineSize(bytes: number, completed: readonly JsonLine[]): void {
    if (bytes <= this.#maxLineBytes) return;
    jsonLinesBeforeFailure.raise(new StreamProtocolError("stream/event-too-large", `line ${this.#line} of the stream is longer than ${this.#maxLineBytes} bytes (maxLineBytes)`, {
      ...(this.#provider === undefined ? {} : { provider: this.#provider }),
      line: this.#line,
      position: this.#position,
      details: { limitBytes: this.#maxLineBytes },
    }), completed);
  }

  /** The lines the new text ends; only `text` is searched, the pending line having no newline. */
  #lines(text: string, final: boolean): JsonLine[] {
    const lines: JsonLine[] = [];
    let start = 0;
    for (let newline = text.indexOf("\n"); newline >= 0 || (final && (start < text.length || this.#pending.length > 0)); newline = text.indexOf("\n", start)) {
      const end = newline < 0 ? text.length : newline;
      const rawBytes = this.#pendingBytes + utf8ByteLength(text, start, end);
      this.#checkLineSize(rawBytes, lines);
      const raw = this.#pending.length === 0 ? text.slice(start, end) : this.#pending.join("") + text.slice(start, end);
      this.#pending = [];
      this.#pendingBytes = 0;
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (line.trim() !== "") {
        try {
          lines.push({ value: JSON.parse(line), line: this.#line, position: this.#position });
        } catch (error) {
          jsonLinesBeforeFailure.raise(this.#error(`line ${this.#line} is not valid JSON${final && newline < 0 ? " (the stream ended inside it)" : ""}`, error), lines);
        }
      }
      this.#line++;
      this.#position += rawBytes + (newline < 0 ? 0 : 1);
      start = end + 1;
      if (newline < 0) break;
    }
    if (start < text.length) {
      this.#pending.push(start === 0 ? text : text.slice(start));
      this.#pendingBytes += utf8ByteLength(text, start, text.length);
      this.#checkLineSize(this.#pendingBytes, lines);
    }
    return lines;
  }
}

/** Every JSON line of a byte stream. */
export async function* decodeNewlineDelimitedJson(bytes: AsyncIterable<Uint8Array>, provider?: string): AsyncGenerator<JsonLine> {
  const decoder = new NewlineDelimitedJsonDecoder(provider);
  for await (const chunk of bytes) yield* decoder.push(chunk);
  yield* decoder.end();
}
