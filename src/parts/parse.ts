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
import { pointerPastDepth } from "../json/nesting-depth.js";
import { parseJsonText } from "../json/parse-json-text.js";
import { describeSchemaErrors } from "../json/describe-schema-error.js";
import { FUTURE_PART_PROVIDER, isPartType } from "./part-kinds.js";

/** Where the value being parsed came from; pointers in errors are prefixed with `pointer`. */
export type ParseContext = ErrorLocation;

/**
 * The deepest nesting of arrays and objects a document may have (a history, message, part or event,
 * counted from its root container as level 1). Validating, reading and writing parts recurse, so deeper
 * input is refused up front with `json/too-deep` and its pointer rather than overflowing the stack.
 * 128 is far beyond real conversations (a tool result inside a tool result costs three levels).
 */
export const MAX_NESTING_DEPTH = 128;

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
function readParts(parts: readonly Part[]): Part[] {
  let result: Part[] | undefined;
  parts.forEach((part, index) => {
    const read = readPart(part);
    if (read !== part) result ??= parts.slice(0, index);
    result?.push(read);
  });
  return result ?? (parts as Part[]);
}

function readPart(part: Part): Part {
  const type: string = part.type;
  if (!isPartType(type)) {
    return { type: "unknown", provider: FUTURE_PART_PROVIDER, kind: type, rawJson: JSON.stringify(part) };
  }
  let read = part;
  // The writer puts `attributes: {}` on every part (Spring AI's records require it), so an empty object
  // says nothing an absent one does not: read as absent, a part reads back as the part that was written.
  if (part.attributes !== undefined && isEmptyObject(part.attributes)) {
    const { attributes: _empty, ...rest } = part;
    read = rest as Part;
  }
  if (read.type === "tool_result") {
    const content = readParts(read.content);
    return content === read.content ? read : { ...read, content };
  }
  return read;
}

function isEmptyObject(value: object): boolean {
  for (const _key in value) return false;
  return true;
}

function readMessage(message: Message): Message {
  const parts = readParts(message.parts);
  return parts === message.parts ? message : { ...message, parts };
}

function jsonValue(input: unknown, context: ParseContext): unknown {
  return typeof input === "string" ? parseJsonText(input, context) : input;
}

/** Parses one part (JSON text or an already parsed value). */
export function parsePart(input: unknown, context: ParseContext = {}): Part {
  const value = jsonValue(input, context);
  validated(value, validatePart, "part", context);
  return readPart(value as Part);
}

/** Parses one message (JSON text or an already parsed value). */
export function parseMessage(input: unknown, context: ParseContext = {}): Message {
  const value = jsonValue(input, context);
  validated(value, validateMessage, "message", context);
  return readMessage(value as Message);
}

/**
 * Parses a stored history: a `partwise.history` document or a bare array of messages (JSON text or an
 * already parsed value). The result is always a history document. Values given as objects are not
 * copied: the result shares their unchanged parts.
 */
export function parseHistory(input: unknown, context: ParseContext = {}): History {
  const value = jsonValue(input, context);
  if (Array.isArray(value)) {
    checkNestingDepth(value, "history", context);
    const pointer = context.pointer ?? "";
    const messages = value.map((message, index) => parseMessage(message, { ...context, pointer: appendPointer(pointer, index) }));
    return { format: "partwise.history", version: 1, messages };
  }
  validated(value, validateHistory, "history", context);
  const history = value as History;
  let messages: Message[] | undefined;
  history.messages.forEach((message, index) => {
    const read = readMessage(message);
    if (read !== message) messages ??= history.messages.slice(0, index);
    messages?.push(read);
  });
  return messages === undefined ? history : { ...history, messages };
}

/** Parses one session event (JSON text or an already parsed value); a message event's parts are read as above. */
export function parseSessionEvent(input: unknown, context: ParseContext = {}): SessionEvent {
  const value = jsonValue(input, context);
  validated(value, validateSessionEvent, "session event", context);
  const event = value as SessionEvent;
  if (event.type !== "MESSAGE" || !("message" in event)) return event;
  const message = readMessage(event.message);
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
