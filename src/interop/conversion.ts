// What every converter between partwise messages and another framework's shape returns, and the three
// things it reports: a piece the target has no place for (lost), a piece kept as an unknown part, and
// input that is not the format it was read as. Converters are pure: no I/O, nothing dropped silently.
import type { ErrorObject, Message } from "../../generated/types.js";
import type { StandaloneValidator } from "../../generated/validators.js";
import { InvalidDocumentError } from "../errors/partwise-error.js";
import { describeSchemaErrors } from "../json/describe-schema-error.js";

/** The converted messages, and one warning (with its JSON pointer into the input) per piece not carried over as is. */
export interface Converted<Message> {
  readonly messages: Message[];
  readonly warnings: ErrorObject[];
}

/**
 * A format `partwise convert` reads and writes, on parsed JSON. `read` takes the format's document (its
 * list of messages) and raises `convert/invalid-input` when it is not one; `write` returns a document that
 * JSON.stringify serializes as the format's own tools read it. An export-only format has no `read`.
 */
export interface MessageFormat {
  /** The id `partwise convert --from/--to` takes (`ai-sdk`, `ui-message`, `langchain`, `pydantic-ai`, `otel`). */
  readonly id: string;
  /** The format's name for people. */
  readonly displayName: string;
  readonly read?: (document: unknown) => Converted<Message>;
  readonly write: (messages: readonly Message[]) => { readonly document: unknown; readonly warnings: ErrorObject[] };
}

/** Who reported a conversion warning: the format converted to (`ai-sdk`, `langchain`, ...). */
export interface ConversionSite {
  /** The format id, as `partwise convert` names it. */
  readonly format: string;
  /** A JSON pointer into the input of the conversion. */
  readonly pointer: string;
}

/** `convert/part-lost`: the target format has no place for a piece of the input (a part, a payload, an attribute). */
export function partLostWarning(site: ConversionSite, message: string, details?: Record<string, unknown>): ErrorObject {
  return conversionWarning("convert/part-lost", site, message, details);
}

/** `convert/kept-as-unknown`: a piece the target has no own shape for, kept as an unknown part (or the target's raw form). */
export function keptAsUnknownWarning(site: ConversionSite, message: string, details?: Record<string, unknown>): ErrorObject {
  return conversionWarning("convert/kept-as-unknown", site, message, details);
}

function conversionWarning(code: "convert/part-lost" | "convert/kept-as-unknown", site: ConversionSite, message: string, details?: Record<string, unknown>): ErrorObject {
  return { name: "ConversionWarning", code, message: `${site.format}: ${message}`, pointer: site.pointer, ...(details === undefined ? {} : { details }) };
}

/** `convert/invalid-input`: the input is not the format it was read as; says what was expected and where. */
export function invalidConversionInput(site: ConversionSite, message: string, details?: Record<string, unknown>): InvalidDocumentError {
  return new InvalidDocumentError("convert/invalid-input", `${site.format}: invalid input at ${site.pointer || "/"}: ${message}`, {
    pointer: site.pointer,
    ...(details === undefined ? {} : { details }),
  });
}

/**
 * Returns the value typed as the validator's model (a generated validator of generated/formats), or throws
 * `convert/invalid-input` naming the pointer of the first mismatch below `site.pointer` and what was expected.
 */
export function checkFormat<T>(validator: StandaloneValidator, value: unknown, site: ConversionSite): T {
  if (validator(value)) return value as T;
  const problem = describeSchemaErrors(validator.errors);
  throw invalidConversionInput({ format: site.format, pointer: site.pointer + problem.pointer }, problem.expected);
}
