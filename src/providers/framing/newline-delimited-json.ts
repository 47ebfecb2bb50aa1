// An incremental NDJSON parser (Ollama's streaming format): bytes in any chunking -> one JSON value per
// non-blank line, with the line number and byte offset of each, and located errors for broken lines.
import { utf8ByteLength } from "../../bytes/utf8.js";
import { PartwiseError } from "../../errors/partwise-error.js";
import { Utf8StreamDecoder } from "./utf8-stream-decoder.js";

export interface JsonLine {
  readonly value: unknown;
  /** 1-based line number. */
  readonly line: number;
  /** Byte offset of the line in the stream. */
  readonly position: number;
}

export class NewlineDelimitedJsonDecoder {
  readonly #provider: string | undefined;
  readonly #decoder = new Utf8StreamDecoder();
  #pending = "";
  #line = 1;
  #position = 0;

  constructor(provider?: string) {
    this.#provider = provider;
  }

  push(bytes: Uint8Array): JsonLine[] {
    let text: string;
    try {
      text = this.#decoder.decode(bytes);
    } catch (error) {
      throw this.#error(`the stream is not valid UTF-8 at line ${this.#line}`, error);
    }
    return this.#lines(this.#pending + text, false);
  }

  /** The last line, when the stream did not end with a newline. */
  end(): JsonLine[] {
    let rest: string;
    try {
      rest = this.#decoder.end();
    } catch (error) {
      throw this.#error(`the stream is not valid UTF-8 at line ${this.#line}`, error);
    }
    return this.#lines(this.#pending + rest, true);
  }

  #error(message: string, cause?: unknown): PartwiseError {
    return new PartwiseError("provider/invalid-wire", message, {
      ...(this.#provider === undefined ? {} : { provider: this.#provider }),
      line: this.#line,
      position: this.#position,
      ...(cause === undefined ? {} : { cause }),
    });
  }

  #lines(text: string, final: boolean): JsonLine[] {
    const lines: JsonLine[] = [];
    let start = 0;
    for (let newline = text.indexOf("\n"); newline >= 0 || (final && start < text.length); newline = text.indexOf("\n", start)) {
      const end = newline < 0 ? text.length : newline;
      const raw = text.slice(start, end);
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (line.trim() !== "") {
        try {
          lines.push({ value: JSON.parse(line), line: this.#line, position: this.#position });
        } catch (error) {
          throw this.#error(`line ${this.#line} is not valid JSON${final && newline < 0 ? " (the stream ended inside it)" : ""}`, error);
        }
      }
      this.#line++;
      this.#position += utf8ByteLength(raw) + (newline < 0 ? 0 : 1);
      start = end + 1;
      if (newline < 0) break;
    }
    this.#pending = start >= text.length ? "" : text.slice(start);
    return lines;
  }
}

/** Every JSON line of a byte stream. */
export async function* decodeNewlineDelimitedJson(bytes: AsyncIterable<Uint8Array>, provider?: string): AsyncGenerator<JsonLine> {
  const decoder = new NewlineDelimitedJsonDecoder(provider);
  for await (const chunk of bytes) yield* decoder.push(chunk);
  yield* decoder.end();
}
