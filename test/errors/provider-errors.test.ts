// One error, one shape: for every provider, the same error as an HTTP error answer (over real HTTP on
// loopback), as an error body in place of a response and as a mid-stream event is the same
// ProviderApiError (name, code, provider, error type, message, retryability); only the status and the
// stream position say how it arrived.
import { describe, expect, it } from "vitest";
import { ProviderHttpClient } from "../../src/client/provider-http-client.js";
import { ProviderApiError } from "../../src/errors/partwise-error.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { json, loopbackServer } from "../support/loopback-server.js";
import { decodeEventLines } from "../providers/support/provider-fixtures.js";

interface SameError {
  readonly provider: string;
  readonly errorType: string | undefined;
  readonly retryable: boolean;
  readonly status: number;
  /** The HTTP error answer's body and headers. */
  readonly http: { readonly body: unknown; readonly headers?: Record<string, string> };
  /** The error body a blocking decode meets in place of a response. */
  readonly inBody: unknown;
  /** The stream's events (`--input jsonl` form) up to and with the error event. */
  readonly midStream: readonly unknown[];
}

const anthropic = (type: string, message: string) => ({ type: "error", error: { type, message } });
const openAi = (type: string, message: string) => ({ error: { message, type, param: null, code: null } });
const google = (code: number, status: string, message: string) => ({ error: { code, message, status } });
const mistral = (type: string, message: string, code: string) => ({ object: "error", message, type, param: null, code });

const CASES: readonly SameError[] = [
  { provider: "anthropic", errorType: "overloaded_error", retryable: true, status: 529, http: { body: anthropic("overloaded_error", "Overloaded") }, inBody: anthropic("overloaded_error", "Overloaded"), midStream: [anthropic("overloaded_error", "Overloaded")] },
  { provider: "anthropic", errorType: "invalid_request_error", retryable: false, status: 400, http: { body: anthropic("invalid_request_error", "max_tokens: Field required") }, inBody: anthropic("invalid_request_error", "max_tokens: Field required"), midStream: [anthropic("invalid_request_error", "max_tokens: Field required")] },
  {
    provider: "openai.responses", errorType: "server_error", retryable: true, status: 500,
    http: { body: { error: { message: "The server had an error", type: null, param: null, code: "server_error" } } },
    inBody: { error: { message: "The server had an error", type: null, param: null, code: "server_error" } },
    midStream: [{ type: "error", code: "server_error", message: "The server had an error", param: null, sequence_number: 0 }],
  },
  {
    provider: "openai.responses", errorType: "insufficient_quota", retryable: false, status: 429,
    http: { body: openAi("insufficient_quota", "You exceeded your current quota") },
    inBody: openAi("insufficient_quota", "You exceeded your current quota"),
    midStream: [{ type: "error", sequence_number: 0, ...openAi("insufficient_quota", "You exceeded your current quota") }],
  },
  { provider: "google", errorType: "UNAVAILABLE", retryable: true, status: 503, http: { body: google(503, "UNAVAILABLE", "The model is overloaded.") }, inBody: google(503, "UNAVAILABLE", "The model is overloaded."), midStream: [google(503, "UNAVAILABLE", "The model is overloaded.")] },
  { provider: "google", errorType: "INVALID_ARGUMENT", retryable: false, status: 400, http: { body: google(400, "INVALID_ARGUMENT", "Function call is missing a thought_signature") }, inBody: google(400, "INVALID_ARGUMENT", "Function call is missing a thought_signature"), midStream: [google(400, "INVALID_ARGUMENT", "Function call is missing a thought_signature")] },
  { provider: "openai.chat", errorType: "server_error", retryable: true, status: 500, http: { body: openAi("server_error", "Upstream overloaded") }, inBody: openAi("server_error", "Upstream overloaded"), midStream: [openAi("server_error", "Upstream overloaded")] },
  { provider: "openai.chat", errorType: "invalid_request_error", retryable: false, status: 400, http: { body: openAi("invalid_request_error", "Unsupported parameter: 'max_tokens'") }, inBody: openAi("invalid_request_error", "Unsupported parameter: 'max_tokens'"), midStream: [openAi("invalid_request_error", "Unsupported parameter: 'max_tokens'")] },
  { provider: "deepseek", errorType: "server_error", retryable: true, status: 503, http: { body: openAi("server_error", "Server overloaded") }, inBody: openAi("server_error", "Server overloaded"), midStream: [openAi("server_error", "Server overloaded")] },
  {
    provider: "deepseek", errorType: "invalid_request_error", retryable: false, status: 400,
    http: { body: openAi("invalid_request_error", "The `reasoning_content` in the thinking mode must be passed back to the API.") },
    inBody: openAi("invalid_request_error", "The `reasoning_content` in the thinking mode must be passed back to the API."),
    midStream: [openAi("invalid_request_error", "The `reasoning_content` in the thinking mode must be passed back to the API.")],
  },
  { provider: "mistral", errorType: "rate_limited", retryable: true, status: 429, http: { body: mistral("rate_limited", "Rate limit exceeded", "1300") }, inBody: mistral("rate_limited", "Rate limit exceeded", "1300"), midStream: [mistral("rate_limited", "Rate limit exceeded", "1300")] },
  { provider: "mistral", errorType: "invalid_model", retryable: false, status: 400, http: { body: mistral("invalid_model", "Invalid model: mistral-huge", "1500") }, inBody: mistral("invalid_model", "Invalid model: mistral-huge", "1500"), midStream: [mistral("invalid_model", "Invalid model: mistral-huge", "1500")] },
  // Ollama's body names no type: only a status makes one retryable, so the error that matches in all three forms is a refusal.
  { provider: "ollama", errorType: undefined, retryable: false, status: 404, http: { body: { error: "model \"llama9\" not found, try pulling it first" } }, inBody: { error: "model \"llama9\" not found, try pulling it first" }, midStream: [{ error: "model \"llama9\" not found, try pulling it first" }] },
  {
    provider: "bedrock", errorType: "ThrottlingException", retryable: true, status: 429,
    http: { body: { message: "Too many requests, please wait before trying again." }, headers: { "x-amzn-errortype": "ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/" } },
    inBody: { message: "Too many requests, please wait before trying again.", __type: "ThrottlingException" },
    midStream: [{ messageStart: { role: "assistant" } }, { throttlingException: { message: "Too many requests, please wait before trying again." } }],
  },
  {
    provider: "bedrock", errorType: "ValidationException", retryable: false, status: 400,
    http: { body: { message: "The model returned the following errors: messages.1.content.0.type: Expected `thinking`" }, headers: { "x-amzn-errortype": "ValidationException" } },
    inBody: { message: "The model returned the following errors: messages.1.content.0.type: Expected `thinking`", __type: "ValidationException" },
    midStream: [{ validationException: { message: "The model returned the following errors: messages.1.content.0.type: Expected `thinking`" } }],
  },
];

async function rejection(promise: Promise<unknown> | (() => unknown)): Promise<ProviderApiError> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderApiError);
    return error as ProviderApiError;
  }
  throw new Error("expected a ProviderApiError");
}

/** The error without what tells the three ways apart: status and request id, stream position, the partial parts and the summary line. */
function shape(error: ProviderApiError): Record<string, unknown> {
  const { message: _message, position: _position, line: _line, details = {}, ...rest } = error.toJSON();
  const { status: _status, requestId: _requestId, partial: _partial, ...facts } = details;
  return { ...rest, details: facts };
}

async function httpError(sameError: SameError): Promise<ProviderApiError> {
  const server = await loopbackServer([json(sameError.status, sameError.http.body, sameError.http.headers)]);
  const client = new ProviderHttpClient({
    provider: sameError.provider, model: "m", baseUrl: server.url, apiKey: "k", maxRetries: 0, env: {},
    region: "us-east-1", awsCredentials: { accessKeyId: "AKID", secretAccessKey: "secret" },
  });
  return rejection(client.complete({}));
}

describe("providerApiError", () => {
  it("covers every registered provider", () => {
    expect(new Set(CASES.map((sameError) => sameError.provider))).toEqual(new Set(Object.keys(providerCodecs)));
  });

  it.each(CASES.map((sameError) => [sameError.provider, sameError.errorType ?? "an untyped error", sameError] as const))(
    "gives one shape and one retryability when %s reports %s as an HTTP answer, an error body and a mid-stream event",
    async (_provider, _type, sameError) => {
      const codec = providerCodecs[sameError.provider]!;
      const http = await httpError(sameError);
      const inBody = await rejection(() => codec.decodeResponse(sameError.inBody));
      const midStream = await rejection(decodeEventLines(codec, sameError.midStream));

      expect(http.failure).toMatchObject({ status: sameError.status, retryable: sameError.retryable });
      expect(http.failure.errorType).toBe(sameError.errorType);
      expect(shape(inBody)).toEqual(shape(http));
      expect(shape(midStream)).toEqual(shape(http));
      expect([inBody.status, inBody.position]).toEqual([undefined, undefined]);
      expect([midStream.status, midStream.position]).toEqual([undefined, sameError.midStream.length]);
      expect(JSON.parse(JSON.stringify(midStream))).toEqual(midStream.toJSON());
    },
  );
});
