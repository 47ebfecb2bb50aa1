// How Ollama reports errors: `{"error": "..."}` in an HTTP error answer, and as a line of its own after
// HTTP 200 when a stream fails. The body names no error type, so only the HTTP status (429, 5xx) makes
// one retryable; a mid-stream error is not retried. https://github.com/ollama/ollama/blob/main/docs/api.md#errors
import { bodyRecord, bodyText, errorFacts, type ProviderErrors } from "../../errors/provider-error.js";

export const ollamaErrors: ProviderErrors = {
  errorFacts(body) {
    const error = bodyRecord(body)?.error;
    return errorFacts({ message: bodyText(error) ?? bodyText(bodyRecord(error)?.message) });
  },
};
