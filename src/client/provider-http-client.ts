// The HTTP client of one provider over fetch: base URL and key from options or the provider's usual
// environment variables, blocking and streaming calls, abort signals, retries with backoff on 429/5xx
// and connection failures honoring `retry-after`, a typed ProviderApiError for every failure, and limits
// (call-limits.ts) on time, size and redirects: credentials and the conversation never leave their origin.
import { ProviderApiError, ProviderLimitError, StreamProtocolError, UsageError } from "../errors/partwise-error.js";
import { type ProviderErrors, providerApiError, providerCallFailure } from "../errors/provider-error.js";
import { redactUrlCredentials } from "../errors/redact-credentials.js";
import { type AwsCredentials, awsCredentialsFromEnvironment, signAwsRequest } from "./aws-signature.js";
import type { ProviderCodec } from "../providers/provider-codec.js";
import type { ProviderEndpoint } from "../providers/provider-endpoint.js";
import { codecFor } from "../providers/registry.js";
import { type CallLimits, CallTimer, DEFAULT_CALL_LIMITS, limitedBody, limitedText, MAX_ERROR_BODY_BYTES } from "./call-limits.js";

/** Options of a client; the time and size limits default to DEFAULT_CALL_LIMITS (README "HTTP limits"). */
export interface ProviderHttpClientOptions extends Partial<CallLimits> {
  readonly provider: string;
  /** The HTTP API and error bodies of a codec outside the registry (default: the registered codec of `provider`). */
  readonly codec?: Pick<ProviderCodec, "endpoint" | "errors">;
  /** The model: in the body or in the URL, as the provider takes it. */
  readonly model: string;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  /** Bedrock: the AWS region (else AWS_REGION / AWS_DEFAULT_REGION) and credentials (else the AWS_* variables). */
  readonly region?: string;
  readonly awsCredentials?: AwsCredentials;
  /** Retries after the first attempt for retryable failures (default 2). */
  readonly maxRetries?: number;
  /** Base of the exponential backoff in milliseconds (default 500; doubled per retry, with jitter, capped at 8 s). */
  readonly backoffMs?: number;
  /** Upper bound on a wait the provider asks for with retry-after (default 60 s); longer asks are not retried. */
  readonly maxRetryAfterMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
  /** Environment to read defaults from (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** A streaming response: its body bytes and the request id. */
export interface StreamingResponse {
  readonly bytes: AsyncIterable<Uint8Array>;
  readonly requestId?: string;
}

function firstSet(env: Readonly<Record<string, string | undefined>>, names: readonly string[]): string | undefined {
  for (const name of names) if (env[name]) return env[name];
  return undefined;
}

/** A retry-after header in milliseconds (delta-seconds or an HTTP date), or retry-after-ms. */
function retryAfterMs(headers: Headers, now: number): number | undefined {
  const milliseconds = Number(headers.get("retry-after-ms"));
  if (headers.has("retry-after-ms") && Number.isFinite(milliseconds)) return Math.max(0, milliseconds);
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits, or rejects with the signal's reason when it aborts first. */
export function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The stream's bytes under the call's limits; a connection lost mid-stream becomes `stream/truncated`
 * naming the bytes received. The call's timers end with the stream, however it ends.
 */
async function* guardedBody(body: AsyncIterable<Uint8Array>, provider: string, timer: CallTimer): AsyncGenerator<Uint8Array> {
  let position = 0;
  try {
    for await (const chunk of body) {
      position += chunk.length;
      yield chunk;
    }
  } catch (error) {
    if (timer.stopReason !== undefined) throw timer.stopReason;
    if (error instanceof ProviderLimitError) throw error;
    throw new StreamProtocolError("stream/truncated", `${provider}: the connection closed after ${position} bytes, before the stream ended`, {
      provider,
      position,
      cause: error,
    });
  } finally {
    timer.dispose();
  }
}

/** Same-origin redirects followed per call at most; each is re-sent (and re-signed) to its new URL. */
const MAX_REDIRECTS = 5;

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** One request to send: a POST of the JSON body, or the GET a 301/302/303 turns it into (RFC 9110 §15.4). */
interface Outgoing {
  readonly url: URL;
  readonly method: "POST" | "GET";
}

export class ProviderHttpClient {
  readonly provider: string;
  readonly model: string;
  readonly baseUrl: string;
  readonly #endpoint: ProviderEndpoint;
  readonly #errors: ProviderErrors;
  readonly #options: ProviderHttpClientOptions;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #region: string | undefined;
  readonly #awsCredentials: AwsCredentials | undefined;
  readonly #limits: CallLimits;

  constructor(options: ProviderHttpClientOptions) {
    const env = options.env ?? process.env;
    this.#options = options;
    this.provider = options.provider;
    this.model = options.model;
    const codec = options.codec ?? codecFor(options.provider);
    this.#endpoint = codec.endpoint;
    this.#errors = codec.errors;
    this.#apiKey = options.apiKey ?? firstSet(env, this.#endpoint.apiKeyEnv);
    this.#fetch = options.fetch ?? fetch;
    this.#region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
    this.#awsCredentials = options.awsCredentials ?? awsCredentialsFromEnvironment(env);
    this.#limits = {
      firstByteTimeoutMs: options.firstByteTimeoutMs ?? DEFAULT_CALL_LIMITS.firstByteTimeoutMs,
      idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_CALL_LIMITS.idleTimeoutMs,
      totalTimeoutMs: options.totalTimeoutMs ?? DEFAULT_CALL_LIMITS.totalTimeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_CALL_LIMITS.maxResponseBytes,
      maxStreamBytes: options.maxStreamBytes ?? DEFAULT_CALL_LIMITS.maxStreamBytes,
    };
    const baseUrl = options.baseUrl ?? firstSet(env, this.#endpoint.baseUrlEnv) ?? this.#endpoint.defaultBaseUrl;
    if (baseUrl.includes("{region}")) {
      if (!this.#region) throw new UsageError(`${options.provider}: set the AWS region (option region, or AWS_REGION)`);
      this.baseUrl = baseUrl.replace("{region}", this.#region);
    } else {
      this.baseUrl = baseUrl;
    }
  }

  /** Whether credentials are configured (a key, AWS credentials, or none needed). */
  get hasCredentials(): boolean {
    if (this.#endpoint.awsSigned) return this.#awsCredentials !== undefined;
    return this.#endpoint.apiKeyEnv.length === 0 || this.#apiKey !== undefined;
  }

  /** A blocking call: the response body as parsed JSON. */
  async complete(body: Record<string, unknown>, options: CallOptions = {}): Promise<unknown> {
    const timer = new CallTimer(this.provider, this.#limits.totalTimeoutMs, options.signal);
    try {
      const response = await this.#send(body, false, timer);
      const text = await limitedText(
        limitedBody(response, timer, { idleTimeoutMs: this.#limits.idleTimeoutMs, maxBytes: this.#limits.maxResponseBytes, limit: "maxResponseBytes", overLimit: "fail" }, this.provider),
      ).catch((error: unknown) => {
        throw this.#readFailure(error, timer);
      });
      try {
        return JSON.parse(text);
      } catch (error) {
        throw providerCallFailure(this.provider, `${this.provider} answered ${response.status} with a body that is not JSON`, {
          status: response.status,
          retryable: false,
          ...this.#requestId(response.headers),
        }, error);
      }
    } finally {
      timer.dispose();
    }
  }

  /** A streaming call: the body bytes, as they arrive (under the idle timeout, maxStreamBytes and the call's deadline). */
  async stream(body: Record<string, unknown>, options: CallOptions = {}): Promise<StreamingResponse> {
    const timer = new CallTimer(this.provider, this.#limits.totalTimeoutMs, options.signal);
    let response: Response;
    try {
      response = await this.#send(body, true, timer);
    } catch (error) {
      timer.dispose();
      throw error;
    }
    if (!response.body) {
      timer.dispose();
      throw providerCallFailure(this.provider, `${this.provider} answered a stream request without a body`, { status: response.status, retryable: true });
    }
    const bytes = limitedBody(response, timer, { idleTimeoutMs: this.#limits.idleTimeoutMs, maxBytes: this.#limits.maxStreamBytes, limit: "maxStreamBytes", overLimit: "fail" }, this.provider);
    return { bytes: guardedBody(bytes, this.provider, timer), ...this.#requestId(response.headers) };
  }

  /** A failure while reading a body: the limit or abort that stopped it, or a typed error for a lost connection. */
  #readFailure(error: unknown, timer: CallTimer): unknown {
    if (timer.stopReason !== undefined) return timer.stopReason;
    if (error instanceof ProviderLimitError) return error;
    return providerCallFailure(this.provider, `${this.provider}: the connection closed before the response body ended (${error instanceof Error ? error.message : String(error)})`, {
      retryable: false,
    }, error);
  }

  #requestId(headers: Headers): { requestId?: string } {
    for (const name of this.#endpoint.requestIdHeaders) {
      const value = headers.get(name);
      if (value) return { requestId: value };
    }
    return {};
  }

  /** The JSON text of a call's body. */
  #payload(body: Record<string, unknown>, stream: boolean): string {
    const endpoint = this.#endpoint;
    const payload: Record<string, unknown> = {
      ...(endpoint.modelInBody ? { model: this.model } : {}),
      ...body,
      ...(endpoint.streamInBody ? { stream } : {}),
    };
    for (const field of endpoint.pathFields ?? []) delete payload[field];
    return JSON.stringify(payload);
  }

  /** The request for one URL: the headers (signed for that URL where the API signs), and the body of a POST. */
  async #init(outgoing: Outgoing, text: string, stream: boolean, signal: AbortSignal): Promise<RequestInit> {
    const endpoint = this.#endpoint;
    const sendsBody = outgoing.method === "POST";
    let headers: Record<string, string> = {
      ...(sendsBody ? { "content-type": "application/json" } : {}),
      accept: stream ? (endpoint.streamMediaType ?? "text/event-stream") : "application/json",
      ...endpoint.authHeaders(this.#apiKey),
      ...this.#options.headers,
    };
    if (endpoint.awsSigned) {
      if (!this.#awsCredentials || !this.#region) {
        throw new UsageError(`${this.provider}: set AWS credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) and a region (AWS_REGION)`);
      }
      headers = await signAwsRequest(outgoing.url, headers, sendsBody ? text : "", { credentials: this.#awsCredentials, region: this.#region, method: outgoing.method });
    }
    // Redirects are followed here, never by fetch: fetch would carry the key and the body to any origin.
    return { method: outgoing.method, headers, redirect: "manual", signal, ...(sendsBody ? { body: text } : {}) };
  }

  /**
   * One attempt: the response once its head arrived, following same-origin redirects (re-signed, with
   * RFC 9110's method rules) and refusing any other, so credentials and the conversation stay with the
   * origin they were configured for, as the official SDKs keep them.
   */
  async #attempt(text: string, stream: boolean, timer: CallTimer): Promise<Response> {
    let outgoing: Outgoing = { url: new URL(this.#endpoint.requestUrl(this.baseUrl, this.model, stream)), method: "POST" };
    for (let redirects = 0; ; redirects++) {
      const init = await this.#init(outgoing, text, stream, timer.signal);
      timer.wait("first-byte", this.#limits.firstByteTimeoutMs);
      const response = await this.#fetch(outgoing.url, init);
      timer.arrived();
      // A browser's fetch hides a manual redirect's target: it cannot be checked, so it is not followed.
      if (response.type === "opaqueredirect") {
        throw new ProviderLimitError("provider/redirect-refused", this.provider, `${this.provider}: ${outgoing.url.origin} answered with a redirect whose target this fetch hides; it is not followed`, { from: outgoing.url.origin });
      }
      const location = response.headers.get("location");
      if (!isRedirect(response.status) || location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      const target = new URL(location, outgoing.url);
      if (target.origin !== outgoing.url.origin) {
        throw new ProviderLimitError(
          "provider/redirect-refused",
          this.provider,
          `${this.provider}: ${outgoing.url.origin} redirected (${response.status}) to another origin, ${target.origin}; partwise does not send credentials or the conversation there`,
          { status: response.status, from: outgoing.url.origin, to: target.origin },
        );
      }
      if (redirects >= MAX_REDIRECTS) {
        throw new ProviderLimitError("provider/redirect-refused", this.provider, `${this.provider}: more than ${MAX_REDIRECTS} redirects within ${outgoing.url.origin}`, {
          status: response.status,
          from: outgoing.url.origin,
          to: target.origin,
        });
      }
      const keepsMethod = response.status === 307 || response.status === 308;
      outgoing = { url: target, method: keepsMethod ? outgoing.method : "GET" };
    }
  }

  async #send(body: Record<string, unknown>, stream: boolean, timer: CallTimer): Promise<Response> {
    const text = this.#payload(body, stream);
    for (let attempt = 0; ; attempt++) {
      let failure: ProviderApiError;
      try {
        // Signed requests carry a timestamp: sign again for every attempt.
        const response = await this.#attempt(text, stream, timer);
        if (response.ok) return response;
        failure = await this.#failure(response, timer);
      } catch (error) {
        if (timer.stopReason !== undefined) throw timer.stopReason;
        if (error instanceof ProviderApiError || error instanceof ProviderLimitError || error instanceof UsageError) throw error;
        failure = providerCallFailure(this.provider, `${this.provider}: no response from ${redactUrlCredentials(this.baseUrl)} (${error instanceof Error ? redactUrlCredentials(error.message) : String(error)})`, {
          retryable: true,
        }, error);
      }
      const wait = this.retryDelay(failure, attempt);
      if (wait === undefined) throw failure;
      await sleep(wait, timer.signal);
    }
  }

  /**
   * How long to wait before retrying after the failed attempt `attempt` (0 for the first), or undefined
   * when it is not retried: not retryable, the retries used up, or a longer wait asked than maxRetryAfterMs.
   * ChatClient asks it too, for errors that arrive inside a 200 answer (a mid-stream overloaded error).
   */
  retryDelay(failure: ProviderApiError, attempt: number): number | undefined {
    if (!failure.retryable || attempt >= (this.#options.maxRetries ?? 2)) return undefined;
    const asked = failure.failure.retryAfterMs;
    if (asked !== undefined) return asked <= (this.#options.maxRetryAfterMs ?? 60_000) ? asked : undefined;
    const base = this.#options.backoffMs ?? 500;
    return Math.min(8000, base * 2 ** attempt) * (0.75 + Math.random() * 0.5);
  }

  /** The typed error of a failed response; only the first MAX_ERROR_BODY_BYTES of its body are read. */
  async #failure(response: Response, timer: CallTimer): Promise<ProviderApiError> {
    const text = await limitedText(
      limitedBody(response, timer, { idleTimeoutMs: this.#limits.idleTimeoutMs, maxBytes: MAX_ERROR_BODY_BYTES, limit: "the error body limit", overLimit: "truncate" }, this.provider),
    ).catch(() => {
      if (timer.stopReason !== undefined) throw timer.stopReason;
      return "";
    });
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A body that is not JSON (a proxy's HTML page): its text is the message.
    }
    const retryAfter = retryAfterMs(response.headers, Date.now());
    return providerApiError(this.provider, this.#errors.errorFacts(body, response.headers), {
      status: response.status,
      fallbackMessage: typeof body === "string" && body !== "" ? body.slice(0, 500) : response.statusText,
      ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
      ...this.#requestId(response.headers),
    });
  }
}
