// How Mistral reports errors: `{"object": "error", "message", "type", "param", "code"}` (in an HTTP error
// answer, a 200 body or a data event), OpenAI's nested `{"error": {...}}` from its gateway, and
// `{"detail": [...]}` for a request that fails validation (HTTP 422). https://docs.mistral.ai/api/
import { bodyRecord, type ProviderErrors } from "../../errors/provider-error.js";
import { openAiStyleErrorFacts } from "../openai-chat/openai-chat-errors.js";

/**
 * Mistral's error types: `rate_limited` (429, code 1300) and `service_tier_capacity_exceeded` (the
 * model is at capacity) pass, as do server faults; the request's faults do not.
 */
const RETRYABLE: Readonly<Record<string, boolean>> = {
  rate_limited: true,
  service_tier_capacity_exceeded: true,
  server_error: true,
  internal_server_error: true,
  invalid_request_error: false,
  invalid_model: false,
  unauthorized: false,
};

export const mistralErrors: ProviderErrors = {
  errorFacts(body) {
    const top = bodyRecord(body);
    if (top !== undefined && top.detail !== undefined && top.message === undefined && top.error === undefined) return { message: JSON.stringify(top.detail) };
    return openAiStyleErrorFacts(body, RETRYABLE);
  },
};
