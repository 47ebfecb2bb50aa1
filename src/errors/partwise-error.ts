// The one error base class of partwise: a stable `code` from the spec's ErrorCode, a message that says
// what was expected and where, and a plain-JSON form (the spec's ErrorObject) for logs and --json output.
import type { ErrorCode, ErrorObject } from "../../generated/types.js";

/** Where an error was found; every field is optional because not every input has every coordinate. */
export interface ErrorLocation {
  /** A JSON pointer into the document. */
  readonly pointer?: string;
  /** The file the input came from. */
  readonly file?: string;
  /** The 1-based line. */
  readonly line?: number;
  /** The 1-based column. */
  readonly column?: number;
  /** The provider whose data caused the error. */
  readonly provider?: string;
  /** The byte or event offset in a stream. */
  readonly position?: number;
}

export interface PartwiseErrorOptions extends ErrorLocation {
  readonly details?: Record<string, unknown>;
  readonly cause?: unknown;
}

const BRAND = Symbol.for("partwise.error");

/** The base of every error partwise raises. */
export class PartwiseError extends Error implements ErrorLocation {
  override readonly name: string = "PartwiseError";
  readonly code: ErrorCode;
  readonly pointer?: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly provider?: string;
  readonly position?: number;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: PartwiseErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    const { cause: _cause, ...location } = options;
    Object.assign(this, location);
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for errors of any copy of partwise loaded in the process (the brand survives duplicate installs). */
  static isPartwiseError(value: unknown): value is PartwiseError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  /** The error as the spec's ErrorObject: name, code, message and the location fields that are set. */
  toJSON(): ErrorObject {
    const object: ErrorObject = { name: this.name, code: this.code, message: this.message };
    if (this.pointer !== undefined) object.pointer = this.pointer;
    if (this.file !== undefined) object.file = this.file;
    if (this.line !== undefined) object.line = this.line;
    if (this.column !== undefined) object.column = this.column;
    if (this.provider !== undefined) object.provider = this.provider;
    if (this.position !== undefined) object.position = this.position;
    if (this.details !== undefined) object.details = this.details;
    return object;
  }
}

/** A document that is not valid JSON, does not match the schema, or breaks a replay rule. */
export class InvalidDocumentError extends PartwiseError {
  override readonly name = "InvalidDocumentError";
}

/** Stream chunks in an order the protocol does not allow, or a stream that ended early. */
export class StreamProtocolError extends PartwiseError {
  override readonly name = "StreamProtocolError";
}

/** A part that a provider cannot take and that no declared rule allows skipping. */
export class UnsupportedPartError extends PartwiseError {
  override readonly name = "UnsupportedPartError";
}

/** A command line that was not understood. */
export class UsageError extends PartwiseError {
  override readonly name = "UsageError";
  constructor(message: string, options: PartwiseErrorOptions = {}) {
    super("cli/usage", message, options);
  }
}

/** Formats a location as `file:line:column: /pointer: ` for messages and CLI output. */
export function formatLocation(location: ErrorLocation): string {
  const place = [location.file, location.line, location.column].filter((value) => value !== undefined).join(":");
  const pointer = location.pointer === undefined ? "" : `${location.pointer === "" ? "/" : location.pointer}: `;
  return `${place ? `${place}: ` : ""}${pointer}`;
}
