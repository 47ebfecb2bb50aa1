// Checks provider wire data against the generated wire schemas, turning a mismatch into a typed error
// that names the provider, the JSON pointer and the stream position.
import type { StandaloneValidator } from "../../generated/validators.js";
import { PartwiseError } from "../errors/partwise-error.js";
import { describeSchemaErrors } from "../validation/describe-schema-error.js";

/** A `provider/invalid-wire` error. */
export function invalidWire(provider: string, message: string, location: { pointer?: string; position?: number; cause?: unknown } = {}): PartwiseError {
  return new PartwiseError("provider/invalid-wire", `${provider}: ${message}`, { provider, ...location });
}

/** Returns the value typed as the validator's model, or throws `provider/invalid-wire` with the pointer. */
export function checkWire<T>(validator: StandaloneValidator, value: unknown, provider: string, what: string, position?: number): T {
  if (validator(value)) return value as T;
  const problem = describeSchemaErrors(validator.errors);
  throw invalidWire(provider, `unexpected ${what} at ${problem.pointer || "/"}: ${problem.expected}`, {
    pointer: problem.pointer,
    ...(position === undefined ? {} : { position }),
  });
}

/** A `provider/api-error` error for an error the provider reported in a body or an event. */
export function providerApiError(provider: string, type: string, message: string, location: { position?: number; details?: Record<string, unknown> } = {}): PartwiseError {
  return new PartwiseError("provider/api-error", `${provider} reported ${type}: ${message}`, { provider, ...location });
}

/** Parses JSON wire text, or throws `provider/invalid-wire` naming the position. */
export function parseWireJson(text: string, provider: string, position?: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidWire(provider, `event data is not JSON${position === undefined ? "" : ` (at byte ${position})`}`, {
      ...(position === undefined ? {} : { position }),
      cause: error,
    });
  }
}

/** A token count from a usage object, or undefined where the wire has none (or no finite, non-negative number). */
export function tokenCount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}
