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
import { hasOwnField, setOwnValue } from "../json/own-property.js";
import { MAX_NESTING_DEPTH, pointerPastDepth } from "../json/nesting-depth.js";
import { parseJsonText } from "../json/parse-json-text.js";
import { describeSchemaErrors } from "../json/describe-schema-error.js";
import { FUTURE_PART_PROVIDER, type PartOf, unreachable } from "./part-kinds.js";

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

/**
 * How parts are read: `copy` leaves the caller's objects as they were (a part without its empty
 * attributes is a new object); `inPlace` is for values parsed here from text, which nobody else holds.
 */
type ReadMode = "copy" | "inPlace";

/** The parts with every part of a later format version read as an `unknown` part (tool results recursed). */
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
 * A copy of the part without its `attributes`, key by key: a loop, not rest syntax, which V8 runs several
 * times slower (issue 21); a field named `__proto__` stays the field it is.
 */
function copyWithoutAttributes(part: Part): Part {
  const copy: Record<string, unknown> = {};
  for (const key in part) if (key !== "attributes" && hasOwnField(part, key)) setOwnValue(copy, key, (part as unknown as Record<string, unknown>)[key]);
  return copy as unknown as Part;
}

/**
 * The fields of each kind of part as the writer puts them (serialize.ts: its fields in order, attributes
 * last), without and with a payload. A part with exactly these fields is copied as an object literal:
 * one shape known up front instead of a shape change per field, twice as fast as the loop above, and
 * every stored history is made of such parts. A part with other fields, or in another order, is copied
 * by the loop.
 */
const WRITTEN_FIELDS = {
  text: [["type", "text", "attributes"], ["type", "text", "payload", "attributes"]],
  reasoning: [["type", "text", "attributes"], ["type", "text", "payload", "attributes"]],
  tool_call: [["type", "toolCall", "attributes"], ["type", "toolCall", "payload", "attributes"]],
  tool_result: [["type", "id", "name", "content", "isError", "attributes"], ["type", "id", "name", "content", "isError", "payload", "attributes"]],
  media: [["type", "media", "attributes"], ["type", "media", "payload", "attributes"]],
  unknown: [["type", "provider", "kind", "rawJson", "attributes"], ["type", "provider", "kind", "rawJson", "payload", "attributes"]],
} as const satisfies Record<Part["type"], readonly [readonly string[], readonly string[]]>;

/** Whether the part's enumerable fields are `fields`, in that order, its payload among them when it has one. */
function hasWrittenFields(part: Part, fields: readonly [readonly string[], readonly string[]]): boolean {
  const expected = part.payload === undefined ? fields[0] : fields[1];
  let index = 0;
  for (const key in part) if (expected[index++] !== key) return false;
  return index === expected.length;
}

/** A copy of the part without its `attributes` (see WRITTEN_FIELDS). */
function withoutAttributes(part: Part): Part {
  switch (part.type) {
    case "text":
      if (!hasWrittenFields(part, WRITTEN_FIELDS.text)) break;
      return part.payload === undefined ? { type: part.type, text: part.text } : { type: part.type, text: part.text, payload: part.payload };
    case "reasoning":
      if (!hasWrittenFields(part, WRITTEN_FIELDS.reasoning)) break;
      // Its text is there: it is among the fields just checked.
      return part.payload === undefined ? { type: part.type, text: part.text as string | null } : { type: part.type, text: part.text as string | null, payload: part.payload };
    case "tool_call":
      if (!hasWrittenFields(part, WRITTEN_FIELDS.tool_call)) break;
      return part.payload === undefined ? { type: part.type, toolCall: part.toolCall } : { type: part.type, toolCall: part.toolCall, payload: part.payload };
    case "tool_result": {
      if (!hasWrittenFields(part, WRITTEN_FIELDS.tool_result)) break;
      // Its id and name are there: they are among the fields just checked.
      const id = part.id as string | null;
      const name = part.name as string | null;
      return part.payload === undefined
        ? { type: part.type, id, name, content: part.content, isError: part.isError }
        : { type: part.type, id, name, content: part.content, isError: part.isError, payload: part.payload };
    }
    case "media":
      if (!hasWrittenFields(part, WRITTEN_FIELDS.media)) break;
      return part.payload === undefined ? { type: part.type, media: part.media } : { type: part.type, media: part.media, payload: part.payload };
    case "unknown":
      if (!hasWrittenFields(part, WRITTEN_FIELDS.unknown)) break;
      return part.payload === undefined
        ? { type: part.type, provider: part.provider, kind: part.kind, rawJson: part.rawJson }
        : { type: part.type, provider: part.provider, kind: part.kind, rawJson: part.rawJson, payload: part.payload };
    default:
      return unreachable(part, "part");
  }
  return copyWithoutAttributes(part);
}

/**
 * The writer puts `attributes: {}` on every part (Spring AI's records require it), so an empty object
 * says nothing an absent one does not: read as absent, a part reads back as the part that was written.
 */
function hasEmptyAttributes(part: Part): boolean {
  return part.attributes !== undefined && isEmptyObject(part.attributes);
}

/** The part without empty attributes: copied, or (inPlace) with them deleted. */
function withoutEmptyAttributes(part: Part, mode: ReadMode): Part {
  if (!hasEmptyAttributes(part)) return part;
  if (mode === "copy") return withoutAttributes(part);
  // The writer puts attributes last, and deleting the last property keeps V8's fast object shape.
  delete part.attributes;
  return part;
}

function readPart(part: Part, mode: ReadMode): Part {
  // A switch on the tag rather than a set lookup: this runs for every part of every history read.
  const type = part.type;
  switch (type) {
    case "text":
    case "reasoning":
    case "tool_call":
    case "media":
    case "unknown":
      return withoutEmptyAttributes(part, mode);
    case "tool_result": {
      const content = readParts(part.content, mode);
      if (content === part.content) return withoutEmptyAttributes(part, mode);
      // Its content changed: copied once (without empty attributes), or set in place.
      const read = mode === "inPlace" ? withoutEmptyAttributes(part, mode) : hasEmptyAttributes(part) ? withoutAttributes(part) : { ...part };
      (read as PartOf<"tool_result">).content = content;
      return read;
    }
    default: {
      // Every tag of this format version is a case above (compiles only then); any other is a part of a later version.
      const tag: string = type satisfies never;
      return { type: "unknown", provider: FUTURE_PART_PROVIDER, kind: tag, rawJson: JSON.stringify(part) };
    }
  }
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
  const read = readAcceptedHistory(value, mode);
  if (read !== undefined) return read;
  // Refused somewhere (or not a plain object): the whole document is validated for the error it holds.
  validated(value, validateHistory, "history", context);
  const history = value as History;
  return withMessages(history, readMessages(history.messages, mode, () => true));
}

/** A history's messages sit at container level 3: the document is level 1, its messages array level 2. */
const MESSAGE_LEVEL_IN_HISTORY = 3;

/**
 * A history document read in one walk when the generated predicates accept it, else undefined (the
 * caller then validates the whole document for its error). Each message is checked at its level in the
 * document, so the depth limit is the document's, and read right after, while its objects are still in
 * the CPU's caches: validating every message, then reading every message, fetched each object of a large
 * history from memory twice (issue 21). The other fields (format, version, any unknown ones) are checked
 * by the History predicate on a copy whose messages are empty: its verdict on the document is that
 * copy's and every message's. Only plain objects take this path, whose fields a spread copies exactly.
 */
function readAcceptedHistory(value: unknown, mode: ReadMode): History | undefined {
  const acceptsHistory = validateHistory.accepts;
  const acceptsMessage = validateMessage.accepts;
  if (acceptsHistory === undefined || acceptsMessage === undefined || !isPlainObject(value)) return undefined;
  const source = value.messages;
  if (!Array.isArray(source) || !acceptsHistory({ ...value, messages: [] })) return undefined;
  const messages = readMessages(source as Message[], mode, (message) => acceptsMessage(message, MESSAGE_LEVEL_IN_HISTORY));
  return messages === null ? undefined : withMessages(value as unknown as History, messages);
}

/**
 * The messages read (the same array when none changed), or null as soon as `accepts` refuses one. In
 * copy mode nothing was changed then; in place, the messages before it are read, which reading again keeps.
 */
function readMessages(messages: readonly Message[], mode: ReadMode, accepts: (message: unknown) => boolean): readonly Message[] | null {
  let result: Message[] | undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    if (!accepts(message)) return null;
    const read = readMessage(message, mode);
    if (read === message) continue;
    result ??= messages.slice();
    result[index] = read;
  }
  return result ?? messages;
}

function withMessages(history: History, messages: readonly Message[] | null): History {
  return messages === null || messages === history.messages ? history : { ...history, messages: messages as Message[] };
}

/** An object whose prototype is Object.prototype or null: its fields are its own enumerable properties. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
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
