// The HTTP client of one provider over fetch: base URL and key from options or the provider's usual
// environment variables, blocking and streaming calls, abort signals, retries with backoff on 429/5xx
// and connection failures honoring `retry-after`, and a typed ProviderApiError for every failure.
import { ProviderApiError, StreamProtocolError, UsageError } from "../errors/partwise-error.js";
import { type AwsCredentials, awsCredentialsFromEnvironment, signAwsRequest } from "./aws-signature.js";
import { type ProviderEndpoint, providerEndpoint } from "./provider-endpoints.js";

export interface ProviderHttpClientOptions {
  readonly provider: string;
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

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
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

/** The body bytes; a connection lost mid-stream becomes `stream/truncated` naming the bytes received. */
async function* guardedBody(body: AsyncIterable<Uint8Array>, provider: string, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
  let position = 0;
  try {
    for await (const chunk of body) {
      position += chunk.length;
      yield chunk;
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new StreamProtocolError("stream/truncated", `${provider}: the connection closed after ${position} bytes, before the stream ended`, {
      provider,
      position,
      cause: error,
    });
  }
}

export class ProviderHttpClient {
  readonly provider: string;
  readonly model: string;
  readonly baseUrl: string;
  readonly #endpoint: ProviderEndpoint;
  readonly #options: ProviderHttpClientOptions;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #region: string | undefined;
  readonly #awsCredentials: AwsCredentials | undefined;

  constructor(options: ProviderHttpClientOptions) {
    const env = options.env ?? process.env;
    this.#options = options;
    this.provider = options.provider;
    this.model = options.model;
    this.#endpoint = providerEndpoint(options.provider);
    this.#apiKey = options.apiKey ?? firstSet(env, this.#endpoint.apiKeyEnv);
    this.#fetch = options.fetch ?? fetch;
    this.#region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
    this.#awsCredentials = options.awsCredentials ?? awsCredentialsFromEnvironment(env);
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
    const response = await this.#send(body, false, options);
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new ProviderApiError(this.provider, `${this.provider} answered ${response.status} with a body that is not JSON`, {
        status: response.status,
        retryable: false,
        ...this.#requestId(response.headers),
      }, { cause: error });
    }
  }

  /** A streaming call: the body bytes, as they arrive. */
  async stream(body: Record<string, unknown>, options: CallOptions = {}): Promise<StreamingResponse> {
    const response = await this.#send(body, true, options);
    if (!response.body) throw new ProviderApiError(this.provider, `${this.provider} answered a stream request without a body`, { status: response.status, retryable: true });
    return { bytes: guardedBody(response.body as unknown as AsyncIterable<Uint8Array>, this.provider, options.signal), ...this.#requestId(response.headers) };
  }

  #requestId(headers: Headers): { requestId?: string } {
    for (const name of this.#endpoint.requestIdHeaders) {
      const value = headers.get(name);
      if (value) return { requestId: value };
    }
    return {};
  }

  async #request(body: Record<string, unknown>, stream: boolean): Promise<{ url: URL; init: RequestInit }> {
    const endpoint = this.#endpoint;
    const payload: Record<string, unknown> = {
      ...(endpoint.modelInBody ? { model: this.model } : {}),
      ...body,
      ...(endpoint.streamInBody ? { stream } : {}),
    };
    for (const field of endpoint.pathFields ?? []) delete payload[field];
    const url = new URL(endpoint.requestUrl(this.baseUrl, this.model, stream));
    const text = JSON.stringify(payload);
    let headers: Record<string, string> = {
      "content-type": "application/json",
      accept: stream ? (endpoint.streamMediaType ?? "text/event-stream") : "application/json",
      ...endpoint.authHeaders(this.#apiKey),
      ...this.#options.headers,
    };
    if (endpoint.awsSigned) {
      if (!this.#awsCredentials || !this.#region) {
        throw new UsageError(`${this.provider}: set AWS credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) and a region (AWS_REGION)`);
      }
      headers = await signAwsRequest(url, headers, text, { credentials: this.#awsCredentials, region: this.#region });
    }
    return { url, init: { method: "POST", headers, body: text } };
  }

  async #send(body: Record<string, unknown>, stream: boolean, options: CallOptions): Promise<Response> {
    const maxRetries = this.#options.maxRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      let failure: ProviderApiError;
      try {
        // Signed requests carry a timestamp: sign again for every attempt.
        const { url, init } = await this.#request(body, stream);
        const response = await this.#fetch(url, { ...init, ...(options.signal ? { signal: options.signal } : {}) });
        if (response.ok) return response;
        failure = await this.#failure(response);
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (error instanceof ProviderApiError || error instanceof UsageError) throw error;
        failure = new ProviderApiError(this.provider, `${this.provider}: no response from ${this.baseUrl} (${error instanceof Error ? error.message : String(error)})`, {
          retryable: true,
        }, { cause: error });
      }
      const wait = this.#retryDelay(failure, attempt);
      if (attempt >= maxRetries || wait === undefined) throw failure;
      await sleep(wait, options.signal);
    }
  }

  /** How long to wait before retrying, or undefined when the failure is not worth retrying. */
  #retryDelay(failure: ProviderApiError, attempt: number): number | undefined {
    if (!failure.retryable) return undefined;
    const asked = failure.failure.retryAfterMs;
    if (asked !== undefined) return asked <= (this.#options.maxRetryAfterMs ?? 60_000) ? asked : undefined;
    const base = this.#options.backoffMs ?? 500;
    return Math.min(8000, base * 2 ** attempt) * (0.75 + Math.random() * 0.5);
  }

  async #failure(response: Response): Promise<ProviderApiError> {
    const text = await response.text().catch(() => "");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A body that is not JSON (a proxy's HTML page): its text is the message.
    }
    const facts = this.#endpoint.errorFacts(body, response.headers);
    const status = response.status;
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    const retryAfter = retryAfterMs(response.headers, Date.now()) ?? facts.retryAfterMs;
    const message = facts.message ?? (typeof body === "string" && body !== "" ? body.slice(0, 500) : response.statusText);
    return new ProviderApiError(
      this.provider,
      `${this.provider} answered ${status}${facts.errorType ? ` ${facts.errorType}` : ""}: ${message}`,
      {
        status,
        retryable,
        ...(facts.errorType === undefined ? {} : { errorType: facts.errorType }),
        ...(message ? { providerMessage: message } : {}),
        ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
        ...this.#requestId(response.headers),
      },
    );
  }
}
