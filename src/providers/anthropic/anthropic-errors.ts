// How Anthropic's Messages API reports errors: the body `{"type":"error","error":{"type","message"},
// "request_id"}` of an HTTP error answer, which is also the data of an `error` event mid-stream, and
// which of its error types are worth retrying. https://docs.anthropic.com/en/api/errors
import { bodyRecord, bodyText, type ErrorFacts, errorFacts, type ProviderErrors, retryableType } from "../../errors/provider-error.js";

/**
 * The error types of https://docs.anthropic.com/en/api/errors: rate limits (429), the API's own faults
 * (500), timeouts (504) and overload (529, also sent mid-stream) pass; the request's faults do not.
 */
const RETRYABLE: Readonly<Record<string, boolean>> = {
  rate_limit_error: true,
  api_error: true,
  timeout_error: true,
  overloaded_error: true,
  invalid_request_error: false,
  authentication_error: false,
  billing_error: false,
  permission_error: false,
  not_found_error: false,
  request_too_large: false,
};

export const anthropicErrors: ProviderErrors = {
  errorFacts(body: unknown): ErrorFacts {
    const top = bodyRecord(body);
    const error = bodyRecord(top?.error);
    const errorType = bodyText(error?.type);
    return errorFacts({
      errorType,
      message: bodyText(error?.message),
      requestId: bodyText(top?.request_id),
      retryable: retryableType(RETRYABLE, errorType),
    });
  },
};
