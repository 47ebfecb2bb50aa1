// Where each provider's HTTP API lives and how it is called: base URL and the environment variables
// that override it, how the key is sent, the request URL for blocking and streaming calls, the header
// carrying the request id, and how an error body names its type and message.
import { UsageError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";

export interface ErrorFacts {
  readonly errorType?: string;
  readonly message?: string;
  /** A retry delay the body asks for (Google's RetryInfo), in milliseconds. */
  readonly retryAfterMs?: number;
}

export interface ProviderEndpoint {
  readonly provider: string;
  readonly defaultBaseUrl: string;
  /** Environment variables for the base URL, first set wins. */
  readonly baseUrlEnv: readonly string[];
  /** Environment variables for the API key, first set wins; empty when the API authenticates otherwise (Bedrock signs). */
  readonly apiKeyEnv: readonly string[];
  /** Headers that authenticate a request (Bedrock signs instead: see aws-signature.ts). */
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
  errorFacts(body: unknown, headers: Headers): ErrorFacts;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/**
 * `{"error": {"type"|"code", "message"}}` (OpenAI and compatible servers), `{"error": "..."}` (Ollama), or
 * Mistral's envelope with `type` at the top and, for 422s, a validation `detail` list as the message.
 */
function openAiStyleError(body: unknown): ErrorFacts {
  const top = record(body);
  const error = top?.error;
  if (typeof error === "string") return { message: error };
  const fields = record(error) ?? top;
  const type = text(fields?.type) ?? text(fields?.code);
  const rawMessage = fields?.message ?? top?.message;
  const message = typeof rawMessage === "string" ? rawMessage : rawMessage === undefined ? undefined : JSON.stringify(rawMessage);
  return { ...(type === undefined ? {} : { errorType: type }), ...(message === undefined ? {} : { message }) };
}

function join(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

const chatCompletions = (provider: string, defaultBaseUrl: string, apiKeyEnv: string[], baseUrlEnv: string[]): ProviderEndpoint => ({
  provider,
  defaultBaseUrl,
  baseUrlEnv,
  apiKeyEnv,
  authHeaders: (apiKey) => (apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  requestUrl: (baseUrl) => join(baseUrl, "/chat/completions"),
  modelInBody: true,
  streamInBody: true,
  requestIdHeaders: ["x-request-id"],
  errorFacts: openAiStyleError,
});

/** Google duration text ("34.4s") in milliseconds. */
function durationMs(value: unknown): number | undefined {
  const match = typeof value === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

const ENDPOINTS: Record<string, ProviderEndpoint> = {
  anthropic: {
    provider: "anthropic",
    defaultBaseUrl: "https://api.anthropic.com",
    baseUrlEnv: ["ANTHROPIC_BASE_URL"],
    apiKeyEnv: ["ANTHROPIC_API_KEY"],
    authHeaders: (apiKey) => ({ "anthropic-version": "2023-06-01", ...(apiKey ? { "x-api-key": apiKey } : {}) }),
    requestUrl: (baseUrl) => join(baseUrl, "/v1/messages"),
    modelInBody: true,
    streamInBody: true,
    requestIdHeaders: ["request-id", "x-request-id"],
    errorFacts(body) {
      // {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_..."}
      const error = record(record(body)?.error);
      const type = text(error?.type);
      const message = text(error?.message);
      return { ...(type === undefined ? {} : { errorType: type }), ...(message === undefined ? {} : { message }) };
    },
  },
  "openai.responses": {
    provider: "openai.responses",
    defaultBaseUrl: "https://api.openai.com/v1",
    baseUrlEnv: ["OPENAI_BASE_URL"],
    apiKeyEnv: ["OPENAI_API_KEY"],
    authHeaders: (apiKey) => (apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    requestUrl: (baseUrl) => join(baseUrl, "/responses"),
    modelInBody: true,
    streamInBody: true,
    requestIdHeaders: ["x-request-id"],
    errorFacts: openAiStyleError,
  },
  "openai.chat": chatCompletions("openai.chat", "https://api.openai.com/v1", ["OPENAI_API_KEY"], ["OPENAI_BASE_URL"]),
  deepseek: chatCompletions("deepseek", "https://api.deepseek.com", ["DEEPSEEK_API_KEY"], ["DEEPSEEK_BASE_URL"]),
  mistral: chatCompletions("mistral", "https://api.mistral.ai/v1", ["MISTRAL_API_KEY"], ["MISTRAL_BASE_URL"]),
  google: {
    provider: "google",
    defaultBaseUrl: "https://generativelanguage.googleapis.com/v1beta",
    baseUrlEnv: ["GOOGLE_GEMINI_BASE_URL"],
    apiKeyEnv: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
    authHeaders: (apiKey) => (apiKey ? { "x-goog-api-key": apiKey } : {}),
    requestUrl: (baseUrl, model, stream) =>
      join(baseUrl, `/models/${encodeURIComponent(model)}:${stream ? "streamGenerateContent?alt=sse" : "generateContent"}`),
    modelInBody: false,
    streamInBody: false,
    requestIdHeaders: ["x-request-id", "x-goog-request-id"],
    errorFacts(body) {
      // {"error":{"code":429,"message":...,"status":"RESOURCE_EXHAUSTED","details":[{"@type":"...RetryInfo","retryDelay":"34.4s"}]}}
      const error = record(record(body)?.error);
      const type = text(error?.status);
      const message = text(error?.message);
      const details = Array.isArray(error?.details) ? (error.details as unknown[]) : [];
      const retry = details.map(record).find((detail) => String(detail?.["@type"] ?? "").endsWith("google.rpc.RetryInfo"));
      const retryAfterMs = durationMs(retry?.retryDelay);
      return {
        ...(type === undefined ? {} : { errorType: type }),
        ...(message === undefined ? {} : { message }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      };
    },
  },
  ollama: {
    provider: "ollama",
    defaultBaseUrl: "http://localhost:11434",
    baseUrlEnv: ["OLLAMA_HOST"],
    apiKeyEnv: ["OLLAMA_API_KEY"],
    authHeaders: (apiKey) => (apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    requestUrl: (baseUrl) => join(/^https?:\/\//.test(baseUrl) ? baseUrl : `http://${baseUrl}`, "/api/chat"),
    modelInBody: true,
    streamInBody: true,
    requestIdHeaders: [],
    errorFacts: openAiStyleError,
  },
  bedrock: {
    provider: "bedrock",
    defaultBaseUrl: "https://bedrock-runtime.{region}.amazonaws.com",
    baseUrlEnv: ["AWS_ENDPOINT_URL_BEDROCK_RUNTIME", "AWS_ENDPOINT_URL"],
    apiKeyEnv: [],
    authHeaders: () => ({}),
    requestUrl: (baseUrl, model, stream) => join(baseUrl, `/model/${encodeURIComponent(model)}/${stream ? "converse-stream" : "converse"}`),
    modelInBody: false,
    streamInBody: false,
    // An encoded Converse request may hold `modelId` (the AWS SDK's input shape); on the wire it is the
    // `{modelId}` label of the path and never a body member.
    pathFields: ["modelId"],
    streamMediaType: "application/vnd.amazon.eventstream",
    awsSigned: true,
    requestIdHeaders: ["x-amzn-requestid"],
    errorFacts(body, headers) {
      // {"message":"..."} with the type in x-amzn-errortype ("ThrottlingException:http://internal.amazon.com/...").
      const type = headers.get("x-amzn-errortype")?.split(":")[0] ?? text(record(body)?.__type);
      const message = text(record(body)?.message) ?? text(record(body)?.Message);
      return { ...(type === undefined ? {} : { errorType: type }), ...(message === undefined ? {} : { message }) };
    },
  },
};

/** The endpoint description of a provider. */
export function providerEndpoint(provider: string): ProviderEndpoint {
  const endpoint = ownValue(ENDPOINTS, provider);
  if (!endpoint) throw new UsageError(`no HTTP endpoint for provider "${provider}" (known: ${Object.keys(ENDPOINTS).join(", ")})`);
  return endpoint;
}
