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

const LOCATION_KEYS = ["pointer", "file", "line", "column", "provider", "position"] as const satisfies readonly (keyof ErrorLocation)[];

// The location fields and details are declared by this interface (merged with the class below) and set
// in the constructor, so the list of fields is written once.
export interface PartwiseError extends ErrorLocation {
  readonly details?: Record<string, unknown>;
}

/** The base of every error partwise raises. */
export class PartwiseError extends Error {
  override readonly name: string = "PartwiseError";
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options: PartwiseErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    const { cause: _cause, ...location } = options;
    for (const [key, value] of Object.entries(location)) if (value !== undefined) Object.assign(this, { [key]: value });
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for errors of any copy of partwise loaded in the process (the brand survives duplicate installs). */
  static isPartwiseError(value: unknown): value is PartwiseError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  /** The error as the spec's ErrorObject: name, code, message and the location fields that are set. */
  toJSON(): ErrorObject {
    const object: Record<string, unknown> = { name: this.name, code: this.code, message: this.message };
    for (const key of [...LOCATION_KEYS, "details"] as const) if (this[key] !== undefined) object[key] = this[key];
    return object as unknown as ErrorObject;
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

/** A session that is missing, an append that lost a race, an id already taken, or a store that refused a value or failed. */
export class SessionError extends PartwiseError {
  override readonly name = "SessionError";
}

/** What a provider answered when it refused or failed a request, over HTTP or inside a 200 answer. */
export interface ProviderApiFailure {
  /**
   * The HTTP status; undefined when no response arrived (connection refused, reset, timeout) or when the
   * error came inside a 200 answer (an error body, a mid-stream error event, whose `position` is set).
   */
  readonly status?: number;
  /** The provider's error type (`overloaded_error`, `RESOURCE_EXHAUSTED`, `ThrottlingException`, ...). */
  readonly errorType?: string;
  /** The provider's own error message. */
  readonly providerMessage?: string;
  /** The request id the provider assigned, for its support. */
  readonly requestId?: string;
  /** Whether retrying the same request can succeed: the provider's verdict on its error type, else a 429 or 5xx status, or a connection failure. */
  readonly retryable: boolean;
  /** Milliseconds the provider asked to wait before retrying (`retry-after`, Google RetryInfo). */
  readonly retryAfterMs?: number;
}

/**
 * A provider refused or failed a request (code `provider/api-error`): an HTTP error answer, an error body
 * in place of a response, or an error event mid-stream, all made by providerApiError (provider-error.ts).
 */
export class ProviderApiError extends PartwiseError {
  override readonly name = "ProviderApiError";
  readonly failure: ProviderApiFailure;

  constructor(provider: string, message: string, failure: ProviderApiFailure, options: PartwiseErrorOptions = {}) {
    super("provider/api-error", message, { ...options, provider, details: { ...failure, ...options.details } });
    this.failure = failure;
  }

  get status(): number | undefined {
    return this.failure.status;
  }

  get retryable(): boolean {
    return this.failure.retryable;
  }
}

/** The codes of the limits a provider call can hit (see ProviderHttpClientOptions for the defaults). */
export type ProviderLimitCode = Extract<ErrorCode, "provider/redirect-refused" | "provider/timeout" | "provider/response-too-large">;

/**
 * A provider call stopped by one of the HTTP client's limits: a redirect it does not follow, a timeout, or
 * an answer over its size limit. Never retried: the same request would hit the same limit.
 */
export class ProviderLimitError extends PartwiseError {
  override readonly name = "ProviderLimitError";
  constructor(code: ProviderLimitCode, provider: string, message: string, details: Record<string, unknown>, options: PartwiseErrorOptions = {}) {
    super(code, message, { ...options, provider, details });
  }
}

/** A command line that was not understood. */
export class UsageError extends PartwiseError {
  override readonly name = "UsageError";
  constructor(message: string, options: PartwiseErrorOptions = {}) {
    super("cli/usage", message, options);
  }
}

/**
 * An optional peer dependency a feature needs (better-sqlite3 for `partwise/sqlite`, pg for
 * `partwise/postgres`, quicktype-core for `partwise generate`) is missing or does not load; `details`
 * names the package and the feature.
 */
export class MissingDependencyError extends PartwiseError {
  override readonly name = "MissingDependencyError";
}

/** partwise broke one of its own invariants (codes `internal/unreachable`, `internal/invariant`): a bug to report, with what was met in `details`. */
export class InternalError extends PartwiseError {
  override readonly name = "InternalError";
}

/** Formats a location as `file:line:column: /pointer: ` for messages and CLI output. */
export function formatLocation(location: ErrorLocation): string {
  const place = [location.file, location.line, location.column].filter((value) => value !== undefined).join(":");
  const pointer = location.pointer === undefined ? "" : `${location.pointer === "" ? "/" : location.pointer}: `;
  return `${place ? `${place}: ` : ""}${pointer}`;
}
