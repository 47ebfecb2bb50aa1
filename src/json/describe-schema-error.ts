// Turns the most specific ajv error of a failed validation into "what was expected" for people, with its
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

/** How deep an error's value sits: the segments of its pointer. */
function depth(error: AjvError): number {
  let segments = 0;
  for (const character of error.instancePath) if (character === "/") segments++;
  return segments;
}

/**
 * The most specific problem of an ajv error list: the deepest one, the first of those on a tie. Only the
 * branches of a plain union (`string | Block[]`) leave several; the branch that got furthest into the
 * value is the one the value meant (a malformed block in a list, not "expected string").
 */
export function describeSchemaErrors(errors: readonly AjvError[] | null | undefined): SchemaProblem {
  let specific: AjvError | undefined;
  for (const error of errors ?? []) {
    if (error.keyword === "if") continue;
    if (specific === undefined || depth(error) > depth(specific)) specific = error;
  }
  specific ??= errors?.[0];
  if (!specific) return { pointer: "", expected: "expected a value matching the schema" };
  return describe(specific);
}
