// Decodes a blocking Responses API response: every output item becomes a part, in order.
import type { DecodedResponse } from "../../../generated/types.js";
import { validateOpenAiResponsesErrorBody, validateOpenAiResponsesResponse } from "../../../generated/wire/openai.responses-validators.js";
import { providerApiError } from "../../errors/provider-error.js";
import { checkWire } from "../wire-validation.js";
import { openAiResponsesErrorFacts, openAiResponsesErrors } from "./openai-responses-errors.js";
import {
  OPENAI_RESPONSES,
  type OpenAiResponsesError,
  type OpenAiResponsesResponse,
  openAiResponsesInfo,
} from "./openai-responses-wire.js";
import { openAiResponsesItemToPart } from "./map-openai-responses-item.js";
import { OPENAI_RESPONSES_PROFILES, type OpenAiResponsesProfile, decodedProfile } from "./openai-responses-profiles.js";

/** The `provider/api-error` for an error the API reported (an error body, a failed response, an error event). */
export function openAiResponsesApiError(error: OpenAiResponsesError, position?: number) {
  return providerApiError(OPENAI_RESPONSES, openAiResponsesErrorFacts(error), position === undefined ? {} : { position });
}

/** The `provider/api-error` for a response whose status is `failed` (blocking, or `response.failed` in a stream). */
export function failedResponseError(response: OpenAiResponsesResponse, position?: number) {
  return openAiResponsesApiError(response.error ?? { code: "response.failed", message: `response ${response.id} failed without an error` }, position);
}

/**
 * A Responses body (parsed JSON) as a message and response information; `profile` is the server that
 * answered (OpenAI by default), whose name its reasoning parts carry.
 */
export function decodeOpenAiResponsesResponse(body: unknown, profile: OpenAiResponsesProfile = OPENAI_RESPONSES_PROFILES.openai): DecodedResponse {
  // An error body in place of a response: {"error": {"message", "type", "param", "code"}} and no output.
  if (validateOpenAiResponsesErrorBody(body) && !Array.isArray((body as { output?: unknown }).output)) {
    throw providerApiError(OPENAI_RESPONSES, openAiResponsesErrors.errorFacts(body));
  }
  const response = checkWire<OpenAiResponsesResponse>(validateOpenAiResponsesResponse, body, OPENAI_RESPONSES, "response");
  if (response.status === "failed") throw failedResponseError(response);
  return {
    message: { role: "assistant", parts: response.output.map((item) => openAiResponsesItemToPart(item, decodedProfile(profile))) },
    info: openAiResponsesInfo(response),
  };
}
