// Turns the first ajv error of a failed validation into "what was expected" for people, with its
// JSON pointer. The `if`/`then` errors the tagged unions add are wrappers and are skipped.
import type { ValidationError as AjvError } from "../../generated/validators.js";

export interface SchemaProblem {
  /** JSON pointer of the offending value, relative to the validated value. */
  readonly pointer: string;
  /** What was expected there. */
  readonly expected: string;
}

function describe(error: AjvError): SchemaProblem {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return {
        pointer: error.instancePath,
        expected: `expected required property "${String(params.missingProperty)}"`,
      };
    case "type":
      return { pointer: error.instancePath, expected: `expected ${String(params.type)}` };
    case "const":
      return { pointer: error.instancePath, expected: `expected ${JSON.stringify(params.allowedValue)}` };
    case "enum":
      return {
        pointer: error.instancePath,
        expected: `expected one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(", ")}`,
      };
    case "oneOf":
    case "anyOf":
      return { pointer: error.instancePath, expected: "expected a value matching exactly one of the allowed shapes" };
    case "not":
      return { pointer: error.instancePath, expected: "expected a value other than the reserved ones" };
    default:
      // pattern, format, minLength, minimum, ...: ajv's own wording ("must match format \"date-time\"").
      return { pointer: error.instancePath, expected: error.message ?? "must match the schema" };
  }
}

/** The most specific problem of an ajv error list. */
export function describeSchemaErrors(errors: readonly AjvError[] | null | undefined): SchemaProblem {
  const specific = errors?.find((error) => error.keyword !== "if") ?? errors?.[0];
  if (!specific) return { pointer: "", expected: "expected a value matching the schema" };
  return describe(specific);
}
