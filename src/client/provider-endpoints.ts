// How each provider's HTTP error body names its type and message: the `errorFacts` of the endpoints that
// the provider folders declare (src/providers/<id>/<id>-endpoint.ts). Everything else about an endpoint
// lives with its codec (src/providers/provider-endpoint.ts).
import type { ErrorFacts } from "../providers/provider-endpoint.js";

export type { ErrorFacts, ProviderEndpoint } from "../providers/provider-endpoint.js";

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
export function openAiStyleErrorFacts(body: unknown): ErrorFacts {
  const top = record(body);
  const error = top?.error;
  if (typeof error === "string") return { message: error };
  const fields = record(error) ?? top;
  const type = text(fields?.type) ?? text(fields?.code);
  const rawMessage = fields?.message ?? top?.message;
  const message = typeof rawMessage === "string" ? rawMessage : rawMessage === undefined ? undefined : JSON.stringify(rawMessage);
  return { ...(type === undefined ? {} : { errorType: type }), ...(message === undefined ? {} : { message }) };
}

/** Anthropic: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_..."} */
export function anthropicErrorFacts(body: unknown): ErrorFacts {
  const error = record(record(body)?.error);
  const type = text(error?.type);
  const message = text(error?.message);
  return { ...(type === undefined ? {} : { errorType: type }), ...(message === undefined ? {} : { message }) };
}

/** Google duration text ("34.4s") in milliseconds. */
function durationMs(value: unknown): number | undefined {
  const match = typeof value === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** Google: {"error":{"code":429,"message":...,"status":"RESOURCE_EXHAUSTED","details":[{"@type":"...RetryInfo","retryDelay":"34.4s"}]}} */
export function googleErrorFacts(body: unknown): ErrorFacts {
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
}

/** Bedrock: {"message":"..."} with the type in x-amzn-errortype ("ThrottlingException:http://internal.amazon.com/..."). */
export function bedrockErrorFacts(body: unknown, headers: Headers): ErrorFacts {
  const type = headers.get("x-amzn-errortype")?.split(":")[0] ?? text(record(body)?.__type);
  const message = text(record(body)?.message) ?? text(record(body)?.Message);
  return { ...(type === undefined ? {} : { errorType: type }), ...(message === undefined ? {} : { message }) };
}
