// Where each provider's HTTP API lives and how it is called: base URL and the environment variables
// that override it, how the key is sent, the request URL for blocking and streaming calls, the header
// carrying the request id, and how an error body reads (the provider's own errors member, its *-errors.ts).
import { UsageError } from "../errors/partwise-error.js";
import type { ErrorFacts } from "../errors/provider-error.js";
import { ownValue } from "../json/own-property.js";
import { providerCodecs } from "../providers/registry.js";

export type { ErrorFacts } from "../errors/provider-error.js";

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

/** The error facts as the provider's codec reads them (looked up when an error arrives, after every module loaded). */
function providerErrorFacts(provider: string): ProviderEndpoint["errorFacts"] {
  return (body, headers) => {
    const codec = ownValue(providerCodecs, provider);
    if (!codec) throw new UsageError(`no codec for provider "${provider}" to read its error body`);
    return codec.errors.errorFacts(body, headers);
  };
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
  errorFacts: providerErrorFacts(provider),
});

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
    errorFacts: providerErrorFacts("anthropic"),
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
    errorFacts: providerErrorFacts("openai.responses"),
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
    errorFacts: providerErrorFacts("google"),
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
    errorFacts: providerErrorFacts("ollama"),
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
    errorFacts: providerErrorFacts("bedrock"),
  },
};

/** The endpoint description of a provider. */
export function providerEndpoint(provider: string): ProviderEndpoint {
  const endpoint = ownValue(ENDPOINTS, provider);
  if (!endpoint) throw new UsageError(`no HTTP endpoint for provider "${provider}" (known: ${Object.keys(ENDPOINTS).join(", ")})`);
  return endpoint;
}
