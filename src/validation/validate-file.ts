// Validates a stored history file: a history document, a bare message array, or JSONL (one message,
// session event, session export header or history document per line, auto-detected). JSONL is streamed line by line so a
// multi-gigabyte log validates in flat memory; every problem is reported with file, line and pointer.
import { isUtf8 } from "node:buffer";
import { open } from "node:fs/promises";
import type { ErrorCode } from "../../generated/types.js";
import { PartwiseError } from "../errors/partwise-error.js";
import { JsonTextLocator } from "../json/json-location.js";
import { parseJsonText } from "../json/parse-json-text.js";
import { checkNestingDepth, checkNotJsonText, isSessionExportHeader, parseSessionEvent, parseSessionExportHeader } from "../parts/parse.js";
import { ReplayChecker, type ReplayCheckOptions } from "./replay-checks.js";
import { decodeUtf8 } from "./utf8.js";
import { checkHistoryValue, checkMessageValue, problemOfError, type ValidationProblem } from "./validate-history.js";

/** One problem found in a file. */
export interface ValidationIssue {
  readonly severity: "error" | "warning";
  readonly code: ErrorCode;
  readonly message: string;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly pointer?: string;
}

/** What was validated in one file. */
export interface FileSummary {
  readonly file: string;
  readonly format: "document" | "jsonl";
  readonly records: number;
  readonly errors: number;
  readonly warnings: number;
  readonly bytes: number;
  /** The first problems found (at most `maxIssues`); onIssue is told about every one. */
  readonly issues: readonly ValidationIssue[];
}

export interface ValidateFileOptions extends ReplayCheckOptions {
  /** Called with each problem as it is found, all of them (the summary lists the first `maxIssues`). */
  readonly onIssue?: (issue: ValidationIssue) => void;
  /** How many problems the summary lists (default 100). */
  readonly maxIssues?: number;
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
  /** The longest JSONL line accepted, in bytes (default 256 MiB). */
  readonly maxLineBytes?: number;
  /** The largest single JSON document accepted, in bytes (default 512 MiB; larger histories belong in JSONL). */
  readonly maxDocumentBytes?: number;
}

const MIB = 1024 * 1024;
const CHUNK_BYTES = 1 * MIB;
const BOM = [0xef, 0xbb, 0xbf];

function startsWithBom(bytes: Uint8Array): boolean {
  return BOM.every((byte, index) => bytes[index] === byte);
}

/** Tracks the checkers of one file and turns findings and errors into located issues. */
class FileValidation {
  readonly file: string;
  readonly #options: ValidateFileOptions;
  errors = 0;
  warnings = 0;
  records = 0;
  readonly issues: ValidationIssue[] = [];
  /** One checker for the messages of a JSONL file (one conversation). */
  #messageChecker: ReplayChecker | undefined;
  /** Checkers of sessions with open tool calls, by session id (see #sessionChecker). */
  readonly #sessionCheckers = new Map<string, ReplayChecker>();
  #currentSession: string | undefined;

  constructor(file: string, options: ValidateFileOptions) {
    this.file = file;
    this.#options = options;
  }

  issue(issue: Omit<ValidationIssue, "file">): void {
    if (issue.severity === "error") this.errors++;
    else this.warnings++;
    const located = { file: this.file, ...issue };
    if (this.issues.length < (this.#options.maxIssues ?? 100)) this.issues.push(located);
    this.#options.onIssue?.(located);
  }

  /** Reports an error thrown while reading a record, located in its text when the pointer can be found. */
  error(error: unknown, line: number, locator?: JsonTextLocator): void {
    const { code, message } = problemOfError(error);
    const { pointer, line: errorLine, column } = error as PartwiseError;
    let location = { line: errorLine ?? line, column };
    if (pointer !== undefined && locator !== undefined) location = this.#locate(locator, pointer, line);
    this.issue({
      severity: "error",
      code,
      message,
      line: location.line,
      ...(location.column === undefined ? {} : { column: location.column }),
      ...(pointer === undefined ? {} : { pointer }),
    });
  }

  #locate(locator: JsonTextLocator, pointer: string, firstLine: number): { line: number; column: number } {
    const position = locator.locate(pointer);
    return { line: firstLine + position.line - 1, column: position.column };
  }

  /** Reports a problem of a record's value, located through the record's text. */
  #problem(problem: ValidationProblem, locator: JsonTextLocator, firstLine: number): void {
    this.issue({ ...problem, ...this.#locate(locator, problem.pointer, firstLine) });
  }

  /** A checker of JSONL messages, whose findings are located at the line of their message. */
  #checker(): ReplayChecker {
    return new ReplayChecker(({ line, ...finding }) => this.issue({ ...finding, line }), this.#options);
  }

  /**
   * A history document (or message array): its own conversation, checked as a whole by the code of
   * validateHistory. Its problems are located through one locator of its text, so many problems cost
   * one scan, not one each.
   */
  document(value: unknown, firstLine: number, locator: JsonTextLocator): void {
    this.records += checkHistoryValue(value, (problem) => this.#problem(problem, locator, firstLine), this.#options);
  }

  /** One JSONL record: a message, a session event, a whole history document, or the header of an exported session (not counted). */
  record(value: unknown, line: number, text: string): void {
    const locator = new JsonTextLocator(text);
    if (isSessionExportHeader(value)) {
      try {
        parseSessionExportHeader(value);
      } catch (error) {
        this.error(error, line, locator);
      }
      return;
    }
    // A whole document on one line counts its messages, not itself.
    if (Array.isArray(value) || (typeof value === "object" && value !== null && "format" in value)) {
      this.document(value, line, locator);
      return;
    }
    this.records++;
    const object = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
    const isEvent = !("role" in object) && typeof object.type === "string" && ("sessionId" in object || "id" in object);
    try {
      checkNotJsonText(value, "message");
      if (isEvent) {
        const event = parseSessionEvent(value);
        if (event.type === "MESSAGE" && "message" in event) {
          this.#sessionChecker(event.sessionId).add(event.message, { line, pointer: "/message" });
        }
      } else {
        checkNestingDepth(value, "message");
        this.#messageChecker ??= this.#checker();
        checkMessageValue(value, { line, pointer: "" }, this.#messageChecker, (problem) => this.#problem(problem, locator, line));
      }
    } catch (error) {
      this.error(error, line, locator);
    }
  }

  /**
   * The checker of a session. Memory stays bounded on multi-gigabyte logs: when the log moves on to
   * another session, a session with no open tool call is released. Exports write each session's events
   * together, so this is exact for them; in a log that interleaves sessions, a tool-call id repeated
   * across such a gap is not reported as a duplicate.
   */
  #sessionChecker(sessionId: string): ReplayChecker {
    if (this.#currentSession !== sessionId && this.#currentSession !== undefined) {
      if (this.#sessionCheckers.get(this.#currentSession)?.openCallCount === 0) {
        this.#sessionCheckers.delete(this.#currentSession);
      }
    }
    this.#currentSession = sessionId;
    let checker = this.#sessionCheckers.get(sessionId);
    if (!checker) {
      checker = this.#checker();
      this.#sessionCheckers.set(sessionId, checker);
    }
    return checker;
  }

  finish(): void {
    this.#messageChecker?.finish();
    for (const checker of this.#sessionCheckers.values()) checker.finish();
  }
}

/** Reads a whole file (documents), refusing files over the limit. */
async function readWhole(path: string, size: number, limit: number, validation: FileValidation): Promise<Uint8Array | undefined> {
  if (size > limit) {
    validation.issue({
      severity: "error",
      code: "history/invalid",
      message: `the document is ${Math.round(size / MIB)} MiB, over the ${Math.round(limit / MIB)} MiB limit for one JSON document; store large histories as JSONL (one message or event per line)`,
      line: 1,
    });
    return undefined;
  }
  const handle = await open(path, "r");
  try {
    const bytes = new Uint8Array(size);
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(bytes, offset, size - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return bytes.subarray(0, offset);
  } finally {
    await handle.close();
  }
}

/** The text of a line or document, or an issue when it is not UTF-8. */
function decodeOrReport(bytes: Uint8Array, line: number, validation: FileValidation): string | undefined {
  // Node's own check (vectorized) clears almost every line; only a line it refuses is decoded byte by byte for the place.
  if (isUtf8(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  const decoded = decodeUtf8(bytes);
  if ("text" in decoded) return decoded.text;
  const before = bytes.subarray(0, decoded.invalidAt);
  const newlines = before.reduce((count, byte) => count + (byte === 0x0a ? 1 : 0), 0);
  const lineStart = before.lastIndexOf(0x0a) + 1;
  validation.issue({
    severity: "error",
    code: "json/syntax",
    message: `invalid UTF-8: byte 0x${(bytes[decoded.invalidAt] ?? 0).toString(16).padStart(2, "0")} at byte ${decoded.invalidAt - lineStart + 1} of the line does not start a valid sequence`,
    line: line + newlines,
    column: decoded.invalidAt - lineStart + 1,
  });
  return undefined;
}

/** Whether a file is one JSON document rather than JSONL, judged from its first line. */
function looksLikeDocument(path: string, firstLine: string): boolean {
  if (/\.(jsonl|ndjson)$/i.test(path)) return false;
  const trimmed = firstLine.trim();
  if (trimmed.startsWith("[")) return true;
  try {
    JSON.parse(trimmed);
    return false;
  } catch {
    return true;
  }
}

/** Validates one file, reporting issues as they are found. */
export async function validateFile(path: string, options: ValidateFileOptions = {}): Promise<FileSummary> {
  const validation = new FileValidation(path, options);
  const handle = await open(path, "r");
  const { size } = await handle.stat();
  const head = new Uint8Array(Math.min(size, 64 * 1024));
  await handle.read(head, 0, head.length, 0);
  await handle.close();

  const bomLength = startsWithBom(head) ? BOM.length : 0;
  if (bomLength > 0) {
    validation.issue({
      severity: "error",
      code: "json/syntax",
      message: "the file starts with a UTF-8 byte order mark (EF BB BF), which JSON text must not have (RFC 8259 §8.1); the rest is checked as if it were absent",
      line: 1,
      column: 1,
    });
  }
  const firstNewline = head.indexOf(0x0a, bomLength);
  const firstLine = Buffer.from(head.subarray(bomLength, firstNewline < 0 ? head.length : firstNewline)).toString("utf8");
  if (size - bomLength === 0 || (firstNewline < 0 && head.length === size && firstLine.trim() === "")) {
    validation.issue({ severity: "error", code: "json/syntax", message: "the file is empty: expected a history document or JSONL", line: 1 });
    return summary(validation, "document", size);
  }
  // A first line that is not complete JSON starts a multi-line document; one without a newline in the
  // first 64 KiB is read as JSONL, whose lines may themselves be whole documents.
  const isDocument = firstNewline >= 0 && looksLikeDocument(path, firstLine);
  if (isDocument) {
    const bytes = await readWhole(path, size, options.maxDocumentBytes ?? 512 * MIB, validation);
    options.onProgress?.(size, size);
    const text = bytes && decodeOrReport(bytes.subarray(bomLength), 1, validation);
    if (text !== undefined) {
      try {
        validation.document(parseJsonText(text, { file: path }), 1, new JsonTextLocator(text));
      } catch (error) {
        validation.error(error, 1);
      }
    }
  } else {
    await forEachLine(path, size, bomLength, options, validation);
  }
  validation.finish();
  return summary(validation, isDocument ? "document" : "jsonl", size);
}

function summary(validation: FileValidation, format: FileSummary["format"], bytes: number): FileSummary {
  return { file: validation.file, format, records: validation.records, errors: validation.errors, warnings: validation.warnings, bytes, issues: validation.issues };
}

/** Streams the file and validates each non-blank line as one JSONL record. */
async function forEachLine(
  path: string,
  size: number,
  start: number,
  options: ValidateFileOptions,
  validation: FileValidation,
): Promise<void> {
  const maxLineBytes = options.maxLineBytes ?? 256 * MIB;
  const handle = await open(path, "r");
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineNumber = 1;
  let skipping = false;
  let position = start;

  const reportLongLine = (line: number) =>
    validation.issue({
      severity: "error",
      code: "history/invalid",
      message: `line is longer than ${maxLineBytes} bytes (--max-line-bytes); it is skipped`,
      line,
    });
  const handleLine = (bytes: Buffer) => {
    const line = lineNumber++;
    if (bytes.length > maxLineBytes) {
      reportLongLine(line);
      return;
    }
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    const text = decodeOrReport(bytes.subarray(0, end), line, validation);
    if (text === undefined || text.trim() === "") return;
    let value: unknown;
    try {
      value = parseJsonText(text, { file: path, line });
    } catch (error) {
      validation.error(error, line);
      return;
    }
    validation.record(value, line, text);
  };

  try {
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      let from = 0;
      for (let newline = chunk.indexOf(0x0a, 0); newline !== -1 && newline < bytesRead; newline = chunk.indexOf(0x0a, from)) {
        if (skipping) {
          skipping = false;
          lineNumber++;
        } else if (pendingBytes === 0) {
          handleLine(chunk.subarray(from, newline));
        } else {
          pending.push(Buffer.from(chunk.subarray(from, newline)));
          handleLine(Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
        }
        from = newline + 1;
      }
      if (from < bytesRead && !skipping) {
        pendingBytes += bytesRead - from;
        if (pendingBytes > maxLineBytes) {
          reportLongLine(lineNumber);
          pending = [];
          pendingBytes = 0;
          skipping = true;
        } else {
          pending.push(Buffer.from(chunk.subarray(from, bytesRead)));
        }
      }
      options.onProgress?.(position, size);
    }
    if (pendingBytes > 0) handleLine(Buffer.concat(pending));
  } finally {
    await handle.close();
  }
}
