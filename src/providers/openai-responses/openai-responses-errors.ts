// How the Responses API reports errors: `{"error": {...}}` in an HTTP error answer or a 200 body, the
// `error` of a `failed` response (`response.failed` mid-stream) and the `error` event, flat or nested;
// all read with OpenAI's error types. https://platform.openai.com/docs/api-reference/responses-streaming/error
import type { ErrorFacts, ProviderErrors } from "../../errors/provider-error.js";
import type { OpenAiResponsesError } from "./openai-responses-wire.js";
import { OPENAI_ERROR_TYPES, openAiErrorFacts, openAiStyleErrors } from "../openai-chat/openai-chat-errors.js";

export const openAiResponsesErrors: ProviderErrors = openAiStyleErrors(OPENAI_ERROR_TYPES);

/** The facts of one Responses error object (`{code, message}` of a failed response or an error event). */
export function openAiResponsesErrorFacts(error: OpenAiResponsesError): ErrorFacts {
  return openAiErrorFacts({ ...error }, OPENAI_ERROR_TYPES);
}
