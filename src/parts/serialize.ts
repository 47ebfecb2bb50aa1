// Writing canonical JSON: fields in a fixed order (Spring AI 2.1's component order, `type` first), null
// and absent kept apart, `attributes` always written (`{}` when a part has none: Spring AI's part records
// reject a missing one, see reference/spring-ai-2.1-parts-and-session.md §1.1), fields partwise does not
// know kept after the known ones (a field named `__proto__` as the field it is), parts of a later format
// version written back as the node they were read from, and input nested past MAX_NESTING_DEPTH refused.
import type { History, Message, OpaquePayload, Part } from "../../generated/types.js";
import { hasOwnField, setOwnValue } from "../json/own-property.js";
import { checkNestingDepth } from "./parse.js";
import { FUTURE_PART_PROVIDER, isPartType, unreachable } from "./part-kinds.js";

type JsonObject = Record<string, unknown>;

const PAYLOAD_KEYS = ["provider", "kind", "data"];
const TOOL_CALL_KEYS = ["id", "type", "name", "arguments"];
const MEDIA_KEYS = ["id", "mimeType", "name", "data", "dataKind"];
const MESSAGE_KEYS = ["role", "parts", "metadata"];
/** The known fields of each kind of part, in the order they are written. */
const PART_KEYS: Record<Part["type"], readonly string[]> = {
  text: ["type", "text", "payload", "attributes"],
  reasoning: ["type", "text", "summary", "payload", "attributes"],
  tool_call: ["type", "toolCall", "payload", "attributes"],
  tool_result: ["type", "id", "name", "content", "isError", "payload", "attributes"],
  media: ["type", "media", "payload", "attributes"],
  unknown: ["type", "provider", "kind", "rawJson", "payload", "attributes"],
};
const HISTORY_KEYS = ["format", "version", "messages"];

/** Copies `keys` in order (those present, nulls included), then every other own key in its order. */
function ordered(source: JsonObject, keys: readonly string[], convert: (key: string, value: unknown) => unknown = (_, value) => value): JsonObject {
  const target: JsonObject = {};
  for (const key of keys) {
    if (Object.hasOwn(source, key) && source[key] !== undefined) setOwnValue(target, key, convert(key, source[key]));
  }
  for (const key of Object.keys(source)) {
    if (!Object.hasOwn(target, key) && source[key] !== undefined && !keys.includes(key)) setOwnValue(target, key, source[key]);
  }
  return target;
}

function payloadToJson(payload: OpaquePayload | null): unknown {
  return payload === null ? null : ordered(payload as unknown as JsonObject, PAYLOAD_KEYS);
}

function commonToJson(key: string, value: unknown): unknown {
  if (key === "payload") return payloadToJson(value as OpaquePayload | null);
  if (key === "attributes") return { ...(value as JsonObject) };
  return value;
}

/** The node a part of a later format version was read from, when this unknown part is one. */
function futureNode(part: Extract<Part, { type: "unknown" }>): JsonObject | undefined {
  if (part.provider !== FUTURE_PART_PROVIDER || isPartType(part.kind)) return undefined;
  try {
    const node: unknown = JSON.parse(part.rawJson);
    return typeof node === "object" && node !== null && (node as JsonObject).type === part.kind ? (node as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** How a part's JSON is written: for readers (Spring AI's form), or as given (a store's rows, which give back what was appended). */
interface WriteOptions {
  /** Write `attributes: {}` on a part that has none (default true). */
  readonly emptyAttributes: boolean;
}

const FOR_READERS: WriteOptions = { emptyAttributes: true };
const AS_GIVEN: WriteOptions = { emptyAttributes: false };

/** A part as a plain JSON object in canonical field order, `attributes` always written (see the module comment); `json/too-deep` past MAX_NESTING_DEPTH. */
export function partToJson(part: Part): JsonObject {
  checkNestingDepth(part, "part");
  return writePart(part, FOR_READERS);
}

function writePart(part: Part, options: WriteOptions): JsonObject {
  const source = (options.emptyAttributes && part.attributes === undefined ? { ...part, attributes: {} } : part) as unknown as JsonObject;
  const content = (value: unknown) => (value as Part[]).map((inner) => writePart(inner, options));
  switch (part.type) {
    case "text":
      return ordered(source, PART_KEYS.text, commonToJson);
    case "reasoning":
      return ordered(source, PART_KEYS.reasoning, commonToJson);
    case "tool_call":
      return ordered(source, PART_KEYS.tool_call, (key, value) =>
        key === "toolCall" ? ordered(value as JsonObject, TOOL_CALL_KEYS) : commonToJson(key, value));
    case "tool_result":
      return ordered(source, PART_KEYS.tool_result, (key, value) =>
        key === "content" ? content(value) : commonToJson(key, value));
    case "media":
      return ordered(source, PART_KEYS.media, (key, value) =>
        key === "media" ? ordered(value as JsonObject, MEDIA_KEYS) : commonToJson(key, value));
    case "unknown":
      return futureNode(part) ?? ordered(source, PART_KEYS.unknown, commonToJson);
    default:
      return unreachable(part, "part");
  }
}

/** A message as a plain JSON object in canonical field order, every part with its `attributes`; `json/too-deep` past MAX_NESTING_DEPTH. */
export function messageToJson(message: Message): JsonObject {
  checkNestingDepth(message, "message");
  return writeMessage(message, FOR_READERS);
}

/**
 * A message as canonical JSON with each part's attributes as given (none written where a part has
 * none): the form of session rows, so a store gives back exactly the message that was appended. Its
 * nesting is not checked again: SessionService checked and parsed every event it writes.
 */
export function messageToStoredJson(message: Message): JsonObject {
  // A row's message is most often in the written order already (parse copies parts in it): then it is
  // its own stored JSON, and copying it field by field only to stringify the copy was a third of an
  // append's work before the driver (issue 21).
  if (inWrittenOrder(message as unknown as JsonObject, MESSAGE_KEYS) && message.parts.every(writtenAsGiven)) return message as unknown as JsonObject;
  return writeMessage(message, AS_GIVEN);
}

/**
 * Whether JSON.stringify of `source` writes what JSON.stringify of `ordered(source, keys)` writes: its own
 * enumerable fields hold the known ones first, in the order of `keys`, and no known field is an own
 * field for-in does not see (fields set to undefined are written by neither).
 */
function inWrittenOrder(source: JsonObject, keys: readonly string[]): boolean {
  let next = 0;
  let known = 0;
  let otherSeen = false;
  for (const key in source) {
    if (!hasOwnField(source, key)) return false;
    if (source[key] === undefined) continue;
    const position = keys.indexOf(key);
    if (position < 0) {
      otherSeen = true;
      continue;
    }
    if (otherSeen || position < next) return false;
    next = position + 1;
    known++;
  }
  let present = 0;
  for (const key of keys) if (Object.hasOwn(source, key) && source[key] !== undefined) present++;
  return present === known;
}

/**
 * Whether writePart(part, AS_GIVEN) would write the part's own JSON text: its fields and those of its
 * payload, tool call or media in the written order, its content (a tool result's) likewise, and it is
 * no part of a later format version (written back as the node it was read from).
 */
function writtenAsGiven(part: Part): boolean {
  if (!inWrittenOrder(part as unknown as JsonObject, PART_KEYS[part.type])) return false;
  if (typeof part.payload === "object" && part.payload !== null && !inWrittenOrder(part.payload as unknown as JsonObject, PAYLOAD_KEYS)) return false;
  switch (part.type) {
    case "text":
    case "reasoning":
      return true;
    case "tool_call":
      return inWrittenOrder(part.toolCall as unknown as JsonObject, TOOL_CALL_KEYS);
    case "tool_result":
      return part.content.every(writtenAsGiven);
    case "media":
      return inWrittenOrder(part.media as unknown as JsonObject, MEDIA_KEYS);
    case "unknown":
      return part.provider !== FUTURE_PART_PROVIDER || isPartType(part.kind);
    default:
      return unreachable(part, "part");
  }
}

function writeMessage(message: Message, options: WriteOptions): JsonObject {
  return ordered(message as unknown as JsonObject, MESSAGE_KEYS, (key, value) =>
    key === "parts" ? (value as Part[]).map((part) => writePart(part, options)) : value);
}

/** A history document as a plain JSON object; a bare message list is wrapped in a history document. */
export function historyToJson(history: History | readonly Message[]): JsonObject {
  checkNestingDepth(history, "history");
  const document: History = Array.isArray(history)
    ? { format: "partwise.history", version: 1, messages: [...history] }
    : (history as History);
  return ordered(document as unknown as JsonObject, HISTORY_KEYS, (key, value) =>
    key === "messages" ? (value as Message[]).map((message) => writeMessage(message, FOR_READERS)) : value);
}

function isHistory(value: Part | Message | History | readonly Message[]): value is History | readonly Message[] {
  return Array.isArray(value) || (value as History).format !== undefined;
}

/** Canonical JSON text of a part, a message or a history (a bare message list becomes a history document). */
export function serialize(value: Part | Message | History | readonly Message[], options: { indent?: number } = {}): string {
  let json: JsonObject;
  if (isHistory(value)) json = historyToJson(value);
  else if ("role" in value && "parts" in value) json = messageToJson(value);
  else json = partToJson(value as Part);
  return JSON.stringify(json, null, options.indent);
}
