// What a codec knows of its provider's HTTP API: base URL and the environment variables that override it,
// how the key is sent, the request URL of blocking and streaming calls, the header carrying the request id,
// and the media type a stream is asked for. The HTTP client (src/client/) reads this and the codec's
// `errors` (how an error body reads).

export interface ProviderEndpoint {
  readonly defaultBaseUrl: string;
  /** Environment variables for the base URL, first set wins. */
  readonly baseUrlEnv: readonly string[];
  /** Environment variables for the API key, first set wins; empty when the API authenticates otherwise (Bedrock signs). */
  readonly apiKeyEnv: readonly string[];
  /** Headers that authenticate a request (Bedrock signs instead: see src/client/aws-signature.ts). */
  authHeaders(apiKey: string | undefined): Record<string, string>;
  /** The URL of a call. */
  requestUrl(baseUrl: string, model: string, stream: boolean): string;
  /** Whether the body carries the model (`model`) and the stream switch (`stream: true`). */
  readonly modelInBody: boolean;
  readonly streamInBody: boolean;
  /** Request fields the API takes in the URL path, not the body (Converse's `modelId`): left out of the JSON. */
  readonly pathFields?: readonly string[];
  /** The media type a streaming call asks for (default `text/event-stream`). */
  readonly streamMediaType?: string;
  /** Requests are signed with AWS Signature V4 (credentials and region) instead of carrying a key. */
  readonly awsSigned?: boolean;
  readonly requestIdHeaders: readonly string[];
}

/** A base URL and a path, without a doubled slash where they meet. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

/** `authorization: Bearer <key>` when there is a key (OpenAI, compatible servers, Ollama behind a proxy). */
export function bearerAuthHeaders(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}
