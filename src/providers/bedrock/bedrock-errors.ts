// How Bedrock's Converse API reports errors: an HTTP error answer `{"message"}` whose type travels in the
// `x-amzn-errortype` header (or the body's `code` / `__type`, as the AWS SDK's restJson1 reader takes it),
// and mid-stream the exception messages of ConverseStream; which exceptions are worth retrying.
// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html#API_runtime_ConverseStream_Errors
import { bodyRecord, bodyText, type ErrorFacts, errorFacts, type ProviderErrors, retryableType } from "../../errors/provider-error.js";

/**
 * The exceptions of Converse and ConverseStream (errors section above) and the common errors of AWS APIs
 * (https://docs.aws.amazon.com/bedrock/latest/APIReference/CommonErrors.html): throttling, the service's
 * and the model's transient faults pass, as the AWS SDK's retry strategy retries them; the request's do not.
 */
const RETRYABLE: Readonly<Record<string, boolean>> = {
  ThrottlingException: true,
  ServiceUnavailableException: true,
  InternalServerException: true,
  ModelStreamErrorException: true,
  ModelTimeoutException: true,
  ModelNotReadyException: true,
  InternalFailure: true,
  ServiceUnavailable: true,
  ValidationException: false,
  AccessDeniedException: false,
  ResourceNotFoundException: false,
  ServiceQuotaExceededException: false,
  ModelErrorException: false,
};

/** An AWS error code as the SDK sanitizes it: `Type:http://...` and `namespace#Type` are `Type`. */
function sanitizedType(value: string | undefined): string | undefined {
  const type = value?.split(":")[0]?.split("#").at(-1);
  return type === "" ? undefined : type;
}

/** The facts of an exception by its name (ConverseStream's `throttlingException` member is the API's `ThrottlingException`). */
export function bedrockExceptionFacts(name: string, body: unknown): ErrorFacts {
  const errorType = name.charAt(0).toUpperCase() + name.slice(1);
  const fields = bodyRecord(body);
  const details: Record<string, unknown> = {};
  for (const key of ["originalStatusCode", "originalMessage"]) if (fields?.[key] !== undefined) details[key] = fields[key];
  return errorFacts({
    errorType,
    message: bodyText(fields?.message) ?? bodyText(fields?.Message),
    retryable: retryableType(RETRYABLE, errorType),
    details: Object.keys(details).length === 0 ? undefined : details,
  });
}

export const bedrockErrors: ProviderErrors = {
  errorFacts(body, headers) {
    const fields = bodyRecord(body);
    const type = sanitizedType(headers?.get("x-amzn-errortype") ?? bodyText(fields?.code) ?? bodyText(fields?.__type));
    return type === undefined ? errorFacts({ message: bodyText(fields?.message) ?? bodyText(fields?.Message) }) : bedrockExceptionFacts(type, body);
  },
};
