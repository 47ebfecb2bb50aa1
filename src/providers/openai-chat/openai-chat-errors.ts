// How OpenAI's APIs and the servers that copy their envelope report errors: `{"error": {"message", "type",
// "param", "code"}}` in an HTTP error answer, in a 200 body and as a Chat Completions data event, and
// which of OpenAI's error types and codes are worth retrying. https://platform.openai.com/docs/guides/error-codes
import { bodyRecord, bodyText, type ErrorFacts, errorFacts, type ProviderErrors, retryableType } from "../../errors/provider-error.js";

/**
 * OpenAI's error types and codes (the guide above; Responses' `ResponseError.code`): rate limits, server
 * faults and timeouts pass; the request's faults and an exhausted quota (also a 429, but retrying cannot
 * help) do not. DeepSeek, OpenRouter, vLLM and the other compatible servers use the same names.
 */
export const OPENAI_ERROR_TYPES: Readonly<Record<string, boolean>> = {
  server_error: true,
  rate_limit_exceeded: true,
  rate_limit_error: true,
  requests: true,
  tokens: true,
  vector_store_timeout: true,
  insufficient_quota: false,
  invalid_request_error: false,
  invalid_prompt: false,
  invalid_api_key: false,
  authentication_error: false,
  permission_error: false,
  not_found_error: false,
  context_length_exceeded: false,
  unsupported_parameter: false,
};

/**
 * The facts of one OpenAI-style error object: the type is `type` (else `code`), and the verdict the first
 * of `type` and `code` the table knows; a message that is not text (a validation detail) as its JSON.
 */
export function openAiErrorFacts(error: Record<string, unknown> | undefined, table: Readonly<Record<string, boolean>>): ErrorFacts {
  const code = typeof error?.code === "number" ? String(error.code) : bodyText(error?.code);
  const type = bodyText(error?.type) || code;
  const message = error?.message;
  return errorFacts({
    errorType: type,
    message: message === undefined || message === null ? undefined : typeof message === "string" ? message : JSON.stringify(message),
    retryable: retryableType(table, error?.type) ?? retryableType(table, code),
  });
}

/** `{"error": {...}}`, `{"error": "..."}` (a bare message), or the error's fields at the top of the body. */
export function openAiStyleErrorFacts(body: unknown, table: Readonly<Record<string, boolean>>): ErrorFacts {
  const top = bodyRecord(body);
  if (typeof top?.error === "string") return { message: top.error };
  return openAiErrorFacts(bodyRecord(top?.error) ?? top, table);
}

/** The errors of a server that writes OpenAI's envelope, with its table of error types. */
export function openAiStyleErrors(table: Readonly<Record<string, boolean>>): ProviderErrors {
  return { errorFacts: (body) => openAiStyleErrorFacts(body, table) };
}

/** OpenAI's Chat Completions (and the compatible servers of its profiles). */
export const openAiChatErrors: ProviderErrors = openAiStyleErrors(OPENAI_ERROR_TYPES);
