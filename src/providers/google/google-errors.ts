// How the Gemini API (and Vertex AI) reports errors: `{"error": {"code", "message", "status", "details"}}`
// in an HTTP error answer, in place of the event stream, and as a chunk of its own after HTTP 200; the
// canonical status names which errors are worth retrying. https://ai.google.dev/gemini-api/docs/troubleshooting
import { bodyRecord, bodyText, errorFacts, isTransientStatus, type ProviderErrors, retryableType } from "../../errors/provider-error.js";

/**
 * The statuses of the troubleshooting guide above: quota and rate limits (429 RESOURCE_EXHAUSTED), the
 * service's faults (500 INTERNAL, 503 UNAVAILABLE, 504 DEADLINE_EXCEEDED) pass; the request's do not.
 */
const RETRYABLE: Readonly<Record<string, boolean>> = {
  RESOURCE_EXHAUSTED: true,
  INTERNAL: true,
  UNAVAILABLE: true,
  DEADLINE_EXCEEDED: true,
  INVALID_ARGUMENT: false,
  FAILED_PRECONDITION: false,
  PERMISSION_DENIED: false,
  UNAUTHENTICATED: false,
  NOT_FOUND: false,
};

/** Google duration text ("34.4s") in milliseconds. */
function durationMs(value: unknown): number | undefined {
  const match = typeof value === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

export const googleErrors: ProviderErrors = {
  errorFacts(body) {
    const error = bodyRecord(bodyRecord(body)?.error);
    const code = typeof error?.code === "number" ? error.code : undefined;
    const status = bodyText(error?.status);
    const details = Array.isArray(error?.details) ? (error.details as unknown[]) : undefined;
    const retry = details?.map(bodyRecord).find((detail) => String(detail?.["@type"] ?? "").endsWith("google.rpc.RetryInfo"));
    return errorFacts({
      errorType: status ?? (code === undefined ? undefined : String(code)),
      message: bodyText(error?.message),
      retryAfterMs: durationMs(retry?.retryDelay),
      // Without a status name, the HTTP status the body carries as `code` decides.
      retryable: retryableType(RETRYABLE, status) ?? (code === undefined ? undefined : isTransientStatus(code)),
      details: code === undefined && details === undefined ? undefined : { ...(code === undefined ? {} : { code }), ...(details === undefined ? {} : { details }) },
    });
  },
};
