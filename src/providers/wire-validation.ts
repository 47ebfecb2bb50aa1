// Checks provider wire data against the generated wire schemas, and parses the JSON text parts hold for a
// request, turning a mismatch into a typed error that names the provider, the JSON pointer and the stream position.
import type { StandaloneValidator } from "../../generated/validators.js";
import { PartwiseError } from "../errors/partwise-error.js";
import { describeSchemaErrors } from "../json/describe-schema-error.js";
import { type LazyPointer, pointerText } from "../json/json-location.js";

/** A `provider/invalid-wire` error. */
export function invalidWire(provider: string, message: string, location: { pointer?: string; position?: number; cause?: unknown } = {}): PartwiseError {
  return new PartwiseError("provider/invalid-wire", `${provider}: ${message}`, { provider, ...location });
}

/**
 * Returns the value typed as the validator's model, or throws `provider/invalid-wire` with the pointer
 * (prefixed with `at`, the value's own pointer in the body or event it sits in).
 */
export function checkWire<T>(validator: StandaloneValidator, value: unknown, provider: string, what: string, position?: number, at = ""): T {
  // The generated predicate decides a valid event without ajv's error bookkeeping (emit-predicates.ts).
  if (validator.accepts?.(value) || validator(value)) return value as T;
  const problem = describeSchemaErrors(validator.errors);
  const pointer = at + problem.pointer;
  throw invalidWire(provider, `unexpected ${what} at ${pointer || "/"}: ${problem.expected}`, {
    pointer,
    ...(position === undefined ? {} : { position }),
  });
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

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Parses JSON text a part holds for a request (an unknown part's raw JSON, a payload, an attribute), or
 * throws `provider/invalid-wire` naming `what` and its pointer.
 */
export function parsePartJson(provider: string, text: string, lazyPointer: LazyPointer, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const pointer = pointerText(lazyPointer);
    throw invalidWire(provider, `${what} at ${pointer} is not valid JSON`, { pointer, cause: error });
  }
}

/** As parsePartJson, for text that must hold a JSON object; `typed` when it is a block, chunk or item (a string `type`). */
export function parsePartObject(provider: string, text: string, lazyPointer: LazyPointer, what: string, shape: { typed?: boolean } = {}): Record<string, unknown> {
  const value = parsePartJson(provider, text, lazyPointer, what);
  if (!isJsonObject(value) || (shape.typed === true && typeof value.type !== "string")) {
    const pointer = pointerText(lazyPointer);
    throw invalidWire(provider, `${what} at ${pointer} must be a JSON object${shape.typed === true ? ' with a "type"' : ""}`, { pointer });
  }
  return value;
}

/**
 * Tool-call arguments text as the JSON a request takes (empty text is `{}`), or `provider/invalid-wire`
 * naming the part; `objectFor` names the request field when it takes an object only. Unlike
 * toolCallArguments (src/parts), a bad text is the request's error here, not the caller's document's.
 */
export function parseToolArguments(provider: string, text: string, lazyPointer: LazyPointer): unknown;
export function parseToolArguments(provider: string, text: string, lazyPointer: LazyPointer, objectFor: string): Record<string, unknown>;
export function parseToolArguments(provider: string, text: string, lazyPointer: LazyPointer, objectFor?: string): unknown {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    const pointer = pointerText(lazyPointer);
    throw invalidWire(provider, `tool-call arguments at ${pointer} are not valid JSON`, { pointer, cause: error });
  }
  if (objectFor !== undefined && !isJsonObject(value)) {
    const pointer = pointerText(lazyPointer);
    throw invalidWire(provider, `tool-call arguments at ${pointer} must be a JSON object for ${objectFor}`, { pointer });
  }
  return value;
}

/** A token count from a usage object, or undefined where the wire has none (or no finite, non-negative number). */
export function tokenCount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}
