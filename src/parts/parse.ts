// Reading canonical JSON: validate against the generated JSON Schema validators, then report the first
// problem as a typed error with its JSON pointer. A part whose `type` is none of the six (a part of a
// later format version) becomes an `unknown` part wrapping the whole node, so it survives load and store.
import type { History, Message, Part, SessionEvent, SessionExportHeader } from "../../generated/types.js";
import {
  validateHistory,
  validateMessage,
  validatePart,
  validateSessionEvent,
  validateSessionExportHeader,
  type StandaloneValidator,
} from "../../generated/validators.js";
import { InvalidDocumentError, type ErrorLocation } from "../errors/partwise-error.js";
import { appendPointer } from "../json/json-location.js";
import { setOwnValue } from "../json/own-property.js";
import { MAX_NESTING_DEPTH, pointerPastDepth } from "../json/nesting-depth.js";
import { parseJsonText } from "../json/parse-json-text.js";
import { describeSchemaErrors } from "../json/describe-schema-error.js";
import { FUTURE_PART_PROVIDER, isPartType } from "./part-kinds.js";

/** Where the value being parsed came from; pointers in errors are prefixed with `pointer`. */
export type ParseContext = ErrorLocation;

export { MAX_NESTING_DEPTH };

/** Throws `json/too-deep` when `value` nests deeper than MAX_NESTING_DEPTH; `what` names the document. */
export function checkNestingDepth(value: unknown, what: string, context: ErrorLocation = {}): void {
  const deep = pointerPastDepth(value, MAX_NESTING_DEPTH);
  if (deep === undefined) return;
  const pointer = (context.pointer ?? "") + deep;
  throw new InvalidDocumentError("json/too-deep", `invalid ${what} at ${pointer}: nested more than ${MAX_NESTING_DEPTH} levels of arrays and objects (the limit, MAX_NESTING_DEPTH)`, {
    ...context,
    pointer,
    details: { expected: `at most ${MAX_NESTING_DEPTH} levels of nested arrays and objects`, limit: MAX_NESTING_DEPTH },
  });
}

/**
 * Refuses a record that is a JSON string. A reader that parsed a line or a file already passes the value
 * on; a string there is JSON text of a message inside a string, which the parse functions would
 * otherwise read as the message itself.
 */
export function checkNotJsonText(value: unknown, what: string, context: ErrorLocation = {}): void {
  if (typeof value !== "string") return;
  const pointer = context.pointer ?? "";
  throw new InvalidDocumentError("schema/invalid", `invalid ${what} at ${pointer || "/"}: expected an object, got a JSON string (a record holds the ${what} itself, not JSON text of it)`, {
    ...context,
    pointer,
    details: { expected: "expected object, got a JSON string" },
  });
}

/** Throws `json/too-deep` or `schema/invalid` naming the first problem's JSON pointer unless `value` passes `validator`. */
export function validated(value: unknown, validator: StandaloneValidator, what: string, context: ParseContext): void {
  // The generated predicate answers for a valid document in one walk, its depth checked on the way;
  // only a value it refuses is walked again, for the too-deep pointer or the schema's error.
  if (validator.accepts?.(value)) return;
  checkNestingDepth(value, what, context);
  if (validator(value)) return;
  const problem = describeSchemaErrors(validator.errors);
  const pointer = (context.pointer ?? "") + problem.pointer;
  throw new InvalidDocumentError("schema/invalid", `invalid ${what} at ${pointer || "/"}: ${problem.expected}`, {
    ...context,
    pointer,
    details: { expected: problem.expected },
  });
}

/** The parts with every part of a later format version read as an `unknown` part (tool results recursed). */
/**
 * How parts are read: `copy` leaves the caller's objects as they were (a part without its empty
 * attributes is a new object); `inPlace` is for values parsed here from text, which nobody else holds.
 */
type ReadMode = "copy" | "inPlace";

function readParts(parts: readonly Part[], mode: ReadMode): Part[] {
  let result: Part[] | undefined;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as Part;
    const read = readPart(part, mode);
    if (read === part) continue;
    result ??= parts.slice();
    result[index] = read;
  }
  return result ?? (parts as Part[]);
}

/**
 * A copy of the part without its `attributes`: a loop, not rest syntax, which V8 runs several times
 * slower (issue 21); a field named `__proto__` stays the field it is.
 */
function withoutAttributes(part: Part): Part {
  const copy: Record<string, unknown> = {};
  for (const key in part) if (key !== "attributes" && Object.hasOwn(part, key)) setOwnValue(copy, key, (part as unknown as Record<string, unknown>)[key]);
  return copy as unknown as Part;
}

function readPart(part: Part, mode: ReadMode): Part {
  const type: string = part.type;
  if (!isPartType(type)) {
    return { type: "unknown", provider: FUTURE_PART_PROVIDER, kind: type, rawJson: JSON.stringify(part) };
  }
  let read = part;
  // The writer puts `attributes: {}` on every part (Spring AI's records require it), so an empty object
  // says nothing an absent one does not: read as absent, a part reads back as the part that was written.
  if (part.attributes !== undefined && isEmptyObject(part.attributes)) {
    if (mode === "copy") read = withoutAttributes(part);
    // The writer puts attributes last, and deleting the last property keeps V8's fast object shape.
    else delete part.attributes;
  }
  if (read.type === "tool_result") {
    const content = readParts(read.content, mode);
    return content === read.content ? read : { ...read, content };
  }
  return read;
}

function isEmptyObject(value: object): boolean {
  for (const _key in value) return false;
  return true;
}

function readMessage(message: Message, mode: ReadMode): Message {
  const parts = readParts(message.parts, mode);
  return parts === message.parts ? message : { ...message, parts };
}

function jsonValue(input: unknown, context: ParseContext): unknown {
  return typeof input === "string" ? parseJsonText(input, context) : input;
}

/** Text is parsed here, so its value is read in place; a value the caller gives is copied where it changes. */
function readModeOf(input: unknown): ReadMode {
  return typeof input === "string" ? "inPlace" : "copy";
}

/** Parses one part (JSON text or an already parsed value). */
export function parsePart(input: unknown, context: ParseContext = {}): Part {
  const value = jsonValue(input, context);
  validated(value, validatePart, "part", context);
  return readPart(value as Part, readModeOf(input));
}

/** Parses one message (JSON text or an already parsed value). */
export function parseMessage(input: unknown, context: ParseContext = {}): Message {
  const value = jsonValue(input, context);
  validated(value, validateMessage, "message", context);
  return readMessage(value as Message, readModeOf(input));
}

/**
 * Parses a stored history: a `partwise.history` document or a bare array of messages (JSON text or an
 * already parsed value). The result is always a history document. Values given as objects are not
 * copied: the result shares their unchanged parts.
 */
export function parseHistory(input: unknown, context: ParseContext = {}): History {
  const value = jsonValue(input, context);
  const mode = readModeOf(input);
  if (Array.isArray(value)) {
    checkNestingDepth(value, "history", context);
    const pointer = context.pointer ?? "";
    const messages = value.map((message: unknown, index) => {
      // Each element as parseMessage reads it, in the mode of the whole input.
      const location = { ...context, pointer: appendPointer(pointer, index) };
      const parsed = jsonValue(message, location);
      validated(parsed, validateMessage, "message", location);
      return readMessage(parsed as Message, mode);
    });
    return { format: "partwise.history", version: 1, messages };
  }
  validated(value, validateHistory, "history", context);
  const history = value as History;
  let messages: Message[] | undefined;
  for (let index = 0; index < history.messages.length; index++) {
    const message = history.messages[index] as Message;
    const read = readMessage(message, mode);
    if (read === message) continue;
    messages ??= history.messages.slice();
    messages[index] = read;
  }
  return messages === undefined ? history : { ...history, messages };
}

/** Parses one session event (JSON text or an already parsed value); a message event's parts are read as above. */
export function parseSessionEvent(input: unknown, context: ParseContext = {}): SessionEvent {
  const value = jsonValue(input, context);
  validated(value, validateSessionEvent, "session event", context);
  const event = value as SessionEvent;
  if (event.type !== "MESSAGE" || !("message" in event)) return event;
  const message = readMessage(event.message, readModeOf(input));
  return message === event.message ? event : { ...event, message };
}

/** True for the record that heads a session's events in an export (it says `format: "partwise.session"`). */
export function isSessionExportHeader(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { format?: unknown }).format === "partwise.session";
}

/** Parses the header of an exported session's events (JSON text or an already parsed value). */
export function parseSessionExportHeader(input: unknown, context: ParseContext = {}): SessionExportHeader {
  const value = jsonValue(input, context);
  validated(value, validateSessionExportHeader, "session export header", context);
  return value as SessionExportHeader;
}
