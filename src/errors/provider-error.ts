// The one factory of provider errors: an HTTP error answer, an error body in place of a response and an
// error event mid-stream all become the same ProviderApiError, with the provider's own verdict on whether
// its error type is worth retrying (each provider's *-errors.ts), so one error has one shape (issue 13).
import { ProviderApiError } from "./partwise-error.js";

/** What an error body or error event says, as the provider that wrote it reads it. */
export interface ErrorFacts {
  /** The provider's error type (`overloaded_error`, `RESOURCE_EXHAUSTED`, `ThrottlingException`, ...). */
  readonly errorType?: string;
  /** The provider's own message. */
  readonly message?: string;
  /** A retry delay the body asks for (Google's RetryInfo), in milliseconds. */
  readonly retryAfterMs?: number;
  /** The request id the body carries (Anthropic's `request_id`). */
  readonly requestId?: string;
  /**
   * The provider's verdict on its error type: true when the same request can succeed later (overloaded,
   * throttled, a server fault), false when it cannot; absent when the provider does not know the type.
   */
  readonly retryable?: boolean;
  /** Further facts of the provider's error (Google's numeric `code`, Bedrock's `originalStatusCode`), kept in `details`. */
  readonly details?: Record<string, unknown>;
}

/** A provider's knowledge of its errors, a member of its codec. */
export interface ProviderErrors {
  /**
   * The facts of an error body: an HTTP error answer's (with its headers), an error body in place of a
   * response, or the data of an error event when the stream carries the body's own shape.
   */
  errorFacts(body: unknown, headers?: Headers): ErrorFacts;
}

/** Where and how the error arrived: the HTTP answer's status and headers' facts, or the stream position. */
export interface ProviderErrorContext {
  /** The HTTP status; absent for an error that came in a 200 body or mid-stream. */
  readonly status?: number;
  /** The request id of the answer's headers (it wins over one in the body: both name the same request). */
  readonly requestId?: string;
  /** The retry-after of the answer's headers (it wins over a delay in the body). */
  readonly retryAfterMs?: number;
  /** The byte offset (raw input) or line (JSONL input) of a mid-stream error event. */
  readonly position?: number;
  /** The 1-based line of an NDJSON stream the error event was on. */
  readonly line?: number;
  /** The message when the facts have none (a proxy's HTML page, the HTTP status text). */
  readonly fallbackMessage?: string;
  readonly cause?: unknown;
}

/**
 * Statuses the official SDKs retry without knowing the error type (openai-node and anthropic-sdk-typescript
 * `shouldRetry`: 408, 409, 429 and every 5xx).
 */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Error facts from fields that may be undefined (what a body lacks), leaving those out. */
export function errorFacts(fields: { readonly [Key in keyof ErrorFacts]?: ErrorFacts[Key] | undefined }): ErrorFacts {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as ErrorFacts;
}

/** A JSON object of an error body, or undefined for anything else. */
export function bodyRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A string field of an error body, or undefined. */
export function bodyText(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The verdict of a provider's table of error types (own keys only), or undefined for a type it does not list. */
export function retryableType(table: Readonly<Record<string, boolean>>, errorType: unknown): boolean | undefined {
  return typeof errorType === "string" && Object.hasOwn(table, errorType) ? table[errorType] : undefined;
}

/**
 * The `provider/api-error` of an error the provider reported. Retryable when the provider's verdict on
 * the type says so, else (for a type it does not know) when the HTTP status is transient; an in-body or
 * mid-stream error of an unknown type is not retried. The stream position and line are fields of the
 * error (its toJSON), as for every other located error; the message names the line too.
 */
export function providerApiError(provider: string, facts: ErrorFacts, context: ProviderErrorContext = {}): ProviderApiError {
  const { status } = context;
  const message = facts.message ?? context.fallbackMessage;
  const requestId = context.requestId ?? facts.requestId;
  const retryAfterMs = context.retryAfterMs ?? facts.retryAfterMs;
  const retryable = facts.retryable ?? (status !== undefined && isTransientStatus(status));
  const type = facts.errorType === undefined ? "" : ` ${facts.errorType}`;
  // A line (NDJSON streams) is not one of formatLocation's coordinates without a file: the message names it.
  const line = context.line === undefined ? "" : ` at line ${context.line} of the stream`;
  const summary = status === undefined ? `${provider} reported${type || " an error"}${line}` : `${provider} answered ${status}${type}`;
  return new ProviderApiError(
    provider,
    `${summary}${message ? `: ${message}` : ""}`,
    {
      ...(status === undefined ? {} : { status }),
      retryable,
      ...(facts.errorType === undefined ? {} : { errorType: facts.errorType }),
      ...(message ? { providerMessage: message } : {}),
      ...(requestId === undefined ? {} : { requestId }),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    },
    {
      ...(context.position === undefined ? {} : { position: context.position }),
      ...(context.line === undefined ? {} : { line: context.line }),
      ...(facts.details === undefined ? {} : { details: facts.details }),
      ...(context.cause === undefined ? {} : { cause: context.cause }),
    },
  );
}

/**
 * The `provider/api-error` of a call that got no answer the provider wrote: no connection, a connection
 * closed before the body ended, a body that is not JSON. `retryable` says whether sending again can help.
 */
export function providerCallFailure(provider: string, message: string, failure: { status?: number; retryable: boolean; requestId?: string }, cause?: unknown): ProviderApiError {
  return new ProviderApiError(provider, message, failure, cause === undefined ? {} : { cause });
}
