// Reading canonical JSON: validate against the generated JSON Schema validators, then report the first
// problem as a typed error with its JSON pointer. A part whose `type` is none of the six (a part of a
// later format version) becomes an `unknown` part wrapping the whole node, so it survives load and store.
import type { History, Message, OpaquePayload, Part, SessionEvent, SessionExportHeader } from "../../generated/types.js";
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
import { FUTURE_PART_PROVIDER, type PartOf } from "./part-kinds.js";

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
 * last), `payload` only when the part has one. A part with exactly these fields is copied as an object
 * literal: one shape known up front instead of a shape change per field, twice as fast as the loop above,
 * and every stored history is made of such parts. A part with other fields, or in another order, is copied
 * by the loop.
 */
const WRITTEN_FIELDS = {
  text: ["type", "text", "payload", "attributes"],
  reasoning: ["type", "text", "payload", "attributes"],
  tool_call: ["type", "toolCall", "payload", "attributes"],
  tool_result: ["type", "id", "name", "content", "isError", "payload", "attributes"],
  media: ["type", "media", "payload", "attributes"],
  unknown: ["type", "provider", "kind", "rawJson", "payload", "attributes"],
} as const satisfies Record<Part["type"], readonly string[]>;

/** How a part's enumerable fields compare with its kind's WRITTEN_FIELDS: other fields, or those without or with `payload`. */
type WrittenForm = "other" | "withoutPayload" | "withPayload";

/** The part's form, from one walk over its keys (whether it has a payload is read from them too). */
function writtenForm(part: Part, fields: readonly string[]): WrittenForm {
  let index = 0;
  let form: WrittenForm = "withPayload";
  for (const key in part) {
    let expected = fields[index++];
    if (expected === "payload" && key !== "payload") {
      expected = fields[index++];
      form = "withoutPayload";
    }
    if (expected !== key) return "other";
  }
  return index === fields.length ? form : "other";
}

/**
 * The writer puts `attributes: {}` on every part (Spring AI's records require it), so an empty object
 * says nothing an absent one does not: read as absent, a part reads back as the part that was written.
 */
function isEmptyAttributes(attributes: Part["attributes"]): boolean {
  if (attributes === undefined) return false;
  for (const _key in attributes) return false;
  return true;
}

/** The part with its empty attributes deleted: the writer puts them last, and deleting the last property keeps V8's fast object shape. */
function deleteAttributes<Read extends Part>(part: Read): Read {
  delete part.attributes;
  return part;
}

/**
 * The part as read: without empty attributes (copied, or in place), tool results recursed, a part of a
 * later format version as an `unknown` part. Each kind has its own case, which reads the part's fields
 * and copies it: a field read where every kind of part passes is a lookup among all their shapes (V8's
 * megamorphic one, several times slower), so the tag is the only one. The literals name fields that
 * writtenForm found: present, though a caller's object may hold undefined in one, which they keep as the
 * loop would.
 */
function readPart(part: Part, mode: ReadMode): Part {
  const type = part.type;
  switch (type) {
    case "text": {
      if (!isEmptyAttributes(part.attributes)) return part;
      if (mode === "inPlace") return deleteAttributes(part);
      const form = writtenForm(part, WRITTEN_FIELDS.text);
      if (form === "withoutPayload") return { type, text: part.text };
      if (form === "withPayload") return { type, text: part.text, payload: part.payload as OpaquePayload | null };
      return copyWithoutAttributes(part);
    }
    case "reasoning": {
      if (!isEmptyAttributes(part.attributes)) return part;
      if (mode === "inPlace") return deleteAttributes(part);
      const form = writtenForm(part, WRITTEN_FIELDS.reasoning);
      if (form === "withoutPayload") return { type, text: part.text as string | null };
      if (form === "withPayload") return { type, text: part.text as string | null, payload: part.payload as OpaquePayload | null };
      return copyWithoutAttributes(part);
    }
    case "tool_call": {
      if (!isEmptyAttributes(part.attributes)) return part;
      if (mode === "inPlace") return deleteAttributes(part);
      const form = writtenForm(part, WRITTEN_FIELDS.tool_call);
      if (form === "withoutPayload") return { type, toolCall: part.toolCall };
      if (form === "withPayload") return { type, toolCall: part.toolCall, payload: part.payload as OpaquePayload | null };
      return copyWithoutAttributes(part);
    }
    case "tool_result":
      return readToolResult(part, mode);
    case "media": {
      if (!isEmptyAttributes(part.attributes)) return part;
      if (mode === "inPlace") return deleteAttributes(part);
      const form = writtenForm(part, WRITTEN_FIELDS.media);
      if (form === "withoutPayload") return { type, media: part.media };
      if (form === "withPayload") return { type, media: part.media, payload: part.payload as OpaquePayload | null };
      return copyWithoutAttributes(part);
    }
    case "unknown": {
      if (!isEmptyAttributes(part.attributes)) return part;
      if (mode === "inPlace") return deleteAttributes(part);
      const form = writtenForm(part, WRITTEN_FIELDS.unknown);
      if (form === "withoutPayload") return { type, provider: part.provider, kind: part.kind, rawJson: part.rawJson };
      if (form === "withPayload") return { type, provider: part.provider, kind: part.kind, rawJson: part.rawJson, payload: part.payload as OpaquePayload | null };
      return copyWithoutAttributes(part);
    }
    default: {
      // Every tag of this format version is a case above (compiles only then); any other is a part of a later version.
      const tag: string = type satisfies never;
      return { type: "unknown", provider: FUTURE_PART_PROVIDER, kind: tag, rawJson: JSON.stringify(part) };
    }
  }
}

/** A tool result as read (see readPart): its content read too, and the part copied once when either changes. */
function readToolResult(part: PartOf<"tool_result">, mode: ReadMode): Part {
  const content = readParts(part.content, mode);
  const empty = isEmptyAttributes(part.attributes);
  if (content === part.content && !empty) return part;
  if (mode === "inPlace") {
    part.content = content;
    return empty ? deleteAttributes(part) : part;
  }
  const form = empty ? writtenForm(part, WRITTEN_FIELDS.tool_result) : "other";
  const id = part.id as string | null;
  const name = part.name as string | null;
  if (form === "withoutPayload") return { type: part.type, id, name, content, isError: part.isError };
  if (form === "withPayload") return { type: part.type, id, name, content, isError: part.isError, payload: part.payload as OpaquePayload | null };
  const read = (empty ? copyWithoutAttributes(part) : { ...part }) as PartOf<"tool_result">;
  read.content = content;
  return read;
}

/** The fields of a message without metadata as the writer puts them. */
const WRITTEN_MESSAGE_FIELDS = ["role", "parts"];

/** Whether the message's enumerable fields are WRITTEN_MESSAGE_FIELDS, in that order. */
function hasWrittenMessageFields(message: Message): boolean {
  let index = 0;
  for (const key in message) if (key !== WRITTEN_MESSAGE_FIELDS[index++]) return false;
  return index === WRITTEN_MESSAGE_FIELDS.length;
}

function readMessage(message: Message, mode: ReadMode): Message {
  const parts = readParts(message.parts, mode);
  if (parts === message.parts) return message;
  // An object literal where the fields allow it, as for parts: a spread costs a fifth of reading a message.
  return hasWrittenMessageFields(message) ? { role: message.role, parts } : { ...message, parts };
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
