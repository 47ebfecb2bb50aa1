// Imports the text-only histories older chat-memory stores kept, as message events marked `legacy`:
// role/content message arrays (OpenAI Chat style, bare or as `{messages}`) and rows of `content` + `type`
// (Spring AI's SPRING_AI_CHAT_MEMORY). What the source never kept (reasoning, signatures) is reported as
// findings, never invented; fields with no place in a message are kept in its metadata, never dropped.
import type { LegacyImportFinding, Message, Part, Role } from "../../generated/types.js";
import { InvalidDocumentError, type ErrorLocation } from "../errors/partwise-error.js";
import { appendPointer } from "../json/json-location.js";
import { ownValue } from "../json/own-property.js";
import { opaquePayload, reasoningPart, textPart, toolCallPart, toolResultPart, unknownPart } from "../parts/constructors.js";
import { OPENAI_CHAT, TOOL_CALL_FIELDS } from "../providers/openai-chat/openai-chat-wire.js";
import { EVENT_METADATA, MESSAGE_EVENT, type NewSessionEvent } from "./event-kinds.js";
import { isJsonObject } from "./stored-values.js";
import { callKey } from "./turns.js";

/** One conversation of the input, as events ready for appendEvents. */
export interface LegacyConversation {
  /** The conversation id the rows carry; absent for a message array. */
  readonly conversationId?: string;
  readonly events: NewSessionEvent[];
}

/** What importLegacyHistory read: its conversations and what it could not carry over. */
export interface LegacyImport {
  readonly conversations: LegacyConversation[];
  readonly findings: LegacyImportFinding[];
}

type JsonObject = Record<string, unknown>;

const ROLES: Record<string, Role> = { system: "system", developer: "system", user: "user", assistant: "assistant", tool: "tool", function: "tool" };
const ROW_TYPES: Record<string, Role> = { SYSTEM: "system", USER: "user", ASSISTANT: "assistant", TOOL: "tool" };
const MESSAGE_FIELDS = new Set(["role", "content", "tool_calls", "tool_call_id", "reasoning_content", "reasoning", "function_call"]);
// What has no part of its own is kept as the OpenAI Chat codec keeps it (role/content arrays are its wire
// shape): unknown openai.chat parts, and a tool call's extra fields as its tool_call_fields payload.

/** A row field by any of its spellings (`conversation_id`, `CONVERSATION_ID`, `conversationId`). */
function rowField(row: JsonObject, name: string): string | undefined {
  const wanted = name.replaceAll("_", "").toLowerCase();
  return Object.keys(row).find((key) => key.replaceAll("_", "").toLowerCase() === wanted);
}

function isLegacyMessage(value: unknown): value is JsonObject {
  return isJsonObject(value) && typeof value.role === "string" && !("parts" in value);
}

function isLegacyRow(value: unknown): value is JsonObject {
  return isJsonObject(value) && rowField(value, "content") !== undefined && rowField(value, "type") !== undefined && rowField(value, "conversation_id") !== undefined;
}

/** True when `value` is a legacy shape importLegacyHistory reads (and not a partwise history). */
export function isLegacyHistory(value: unknown): boolean {
  const list = isJsonObject(value) && !("format" in value) && Array.isArray(value.messages) ? value.messages : value;
  return Array.isArray(list) && list.length > 0 && (list.every(isLegacyMessage) || list.every(isLegacyRow));
}

/** The findings of one import, and its located errors. */
class LegacyReader {
  readonly findings: LegacyImportFinding[] = [];
  readonly #location: ErrorLocation;
  constructor(location: ErrorLocation) {
    this.#location = location;
  }
  invalid(pointer: string, expected: string): never {
    throw new InvalidDocumentError("schema/invalid", `invalid legacy history at ${pointer || "/"}: expected ${expected}`, { ...this.#location, pointer, details: { expected } });
  }
  add(kind: LegacyImportFinding["kind"], pointer: string, message: string, conversationId?: string): void {
    this.findings.push({ kind, pointer, message, ...(conversationId === undefined ? {} : { conversationId }) });
  }
}

function contentParts(content: unknown, pointer: string, reader: LegacyReader, conversationId?: string): Part[] {
  if (content === null || content === undefined) return [];
  if (typeof content === "string") return [textPart(content)];
  if (!Array.isArray(content)) reader.invalid(`${pointer}/content`, "a string, null or a list of content entries");
  return content.map((entry: unknown, index) => {
    if (typeof entry === "string") return textPart(entry);
    // A text entry with more than its text (cache_control, annotations) is kept whole, as unknown.
    if (isJsonObject(entry) && entry.type === "text" && typeof entry.text === "string" && Object.keys(entry).length === 2) return textPart(entry.text);
    const kind = isJsonObject(entry) && typeof entry.type === "string" && entry.type !== "" ? entry.type : "content";
    reader.add("content-kept-as-unknown", appendPointer(pointer, "content", index), `content entry of type "${kind}" has no part of its own; kept as an unknown ${OPENAI_CHAT} part`, conversationId);
    return unknownPart({ provider: OPENAI_CHAT, kind, rawJson: JSON.stringify(entry) });
  });
}

function argumentsText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value ?? {});
}

/** A role/content message as a partwise message: reasoning first, then content, then tool calls. */
function legacyMessage(source: JsonObject, pointer: string, reader: LegacyReader, conversationId?: string): Message {
  const role = ownValue(ROLES, String(source.role));
  if (!role) reader.invalid(`${pointer}/role`, `one of ${Object.keys(ROLES).join(", ")}`);
  const extra: JsonObject = {};
  for (const [key, value] of Object.entries(source)) {
    const consumed = MESSAGE_FIELDS.has(key) || (key === "name" && role === "tool");
    if (!consumed) extra[key] = value;
  }
  const parts: Part[] = [];
  if (role === "tool") {
    const id = typeof source.tool_call_id === "string" ? source.tool_call_id : null;
    const name = typeof source.name === "string" ? source.name : null;
    parts.push(toolResultPart({ id, name, content: contentParts(source.content, pointer, reader, conversationId) }));
  } else {
    for (const key of ["reasoning_content", "reasoning"] as const) {
      if (typeof source[key] === "string") parts.push(reasoningPart({ text: source[key] }));
      else if (source[key] !== undefined) extra[key] = source[key];
    }
    parts.push(...contentParts(source.content, pointer, reader, conversationId));
    const calls = Array.isArray(source.tool_calls) ? source.tool_calls : [];
    if (source.tool_calls !== undefined && !Array.isArray(source.tool_calls)) extra.tool_calls = source.tool_calls;
    calls.forEach((call: unknown, index) => {
      const called = isJsonObject(call) && isJsonObject(call.function) ? call.function : undefined;
      if (!called || typeof called.name !== "string") reader.invalid(appendPointer(pointer, "tool_calls", index), "a tool call with function.name");
      const { id, type: _type, function: _function, ...callExtra } = call as JsonObject;
      const { name: _name, arguments: _arguments, ...functionExtra } = called;
      const fields = Object.keys(functionExtra).length > 0 ? { ...callExtra, function: functionExtra } : callExtra;
      // Fields beside the call (Gemini's OpenAI-compatible endpoint puts its thought signature in
      // `extra_content`) travel as the payload the openai.chat codec replays them from.
      const payload = Object.keys(fields).length > 0 ? { payload: opaquePayload(OPENAI_CHAT, TOOL_CALL_FIELDS, JSON.stringify(fields)) } : undefined;
      parts.push(toolCallPart({ id: typeof id === "string" ? id : "", name: called.name, arguments: argumentsText(called.arguments) }, payload));
    });
    if (isJsonObject(source.function_call) && typeof source.function_call.name === "string") {
      parts.push(toolCallPart({ id: "", name: source.function_call.name, arguments: argumentsText(source.function_call.arguments) }));
    } else if (source.function_call !== undefined) extra.function_call = source.function_call;
  }
  if (Object.keys(extra).length === 0) return { role, parts };
  reader.add("fields-kept-in-metadata", pointer, `fields ${Object.keys(extra).map((key) => JSON.stringify(key)).join(", ")} have no place in a message; kept in metadata.legacyFields`, conversationId);
  return { role, parts, metadata: { legacyFields: extra } };
}

/** Reports tool calls without results, results without calls, and tool calls made without reasoning. */
function checkConversation(messages: readonly { message: Message; pointer: string }[], reader: LegacyReader, conversationId?: string): void {
  // Pointers of the calls still waiting for a result, by call key: two calls of one key wait in order.
  const open = new Map<string, string[]>();
  for (const { message, pointer } of messages) {
    const calls = message.parts.filter((part) => part.type === "tool_call");
    if (message.role === "assistant" && calls.length > 0 && !message.parts.some((part) => part.type === "reasoning")) {
      reader.add("reasoning-missing", pointer, `assistant message ${pointer} made ${calls.length} tool call${calls.length === 1 ? "" : "s"} without reasoning; the source keeps none, so none is invented (providers that require reasoning or signatures with tool calls may refuse to replay this turn)`, conversationId);
    }
    for (const part of message.parts) {
      if (part.type === "tool_call") {
        const key = callKey(part.toolCall.id, part.toolCall.name);
        const waiting = open.get(key);
        if (waiting) waiting.push(pointer);
        else open.set(key, [pointer]);
      }
      if (part.type !== "tool_result") continue;
      const waiting = open.get(callKey(part.id ?? "", part.name ?? ""));
      if (waiting !== undefined && waiting.length > 0) {
        waiting.shift();
        continue;
      }
      reader.add("tool-result-unmatched", pointer, part.id ? `tool result ${JSON.stringify(part.id)} answers no earlier tool call` : "tool result names no tool call (the source keeps no call id)", conversationId);
    }
  }
  for (const [key, pointers] of open) {
    for (const pointer of pointers) {
      reader.add("tool-call-unanswered", pointer, `tool call ${JSON.stringify(key.replace(/^(id|name):/, ""))} has no result in the source`, conversationId);
    }
  }
}

function legacyEvent(message: Message, timestamp?: string): NewSessionEvent {
  return { type: MESSAGE_EVENT, message, metadata: { [EVENT_METADATA.legacy]: true }, ...(timestamp === undefined ? {} : { timestamp }) };
}

/** Epoch milliseconds or date text (a time without offset is taken as UTC, as such columns usually hold) to RFC 3339. */
function rowTimestamp(value: unknown, pointer: string, reader: LegacyReader): string | undefined {
  if (value === null || value === undefined) return undefined;
  const milliseconds = typeof value === "number" ? value
    : typeof value === "string" ? Date.parse(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(value) ? value.replace(" ", "T") : `${value.replace(" ", "T")}Z`)
      : Number.NaN;
  if (Number.isNaN(milliseconds) || Number.isNaN(new Date(milliseconds).getTime())) reader.invalid(pointer, "a timestamp (epoch milliseconds or date text)");
  return new Date(milliseconds).toISOString();
}

function importRows(rows: readonly JsonObject[], base: string, reader: LegacyReader): LegacyConversation[] {
  const conversations = new Map<string, { row: JsonObject; pointer: string; timestamp?: string }[]>();
  rows.forEach((row, index) => {
    const pointer = appendPointer(base, index);
    const idKey = rowField(row, "conversation_id")!;
    const id = row[idKey];
    if (typeof id !== "string" && typeof id !== "number") reader.invalid(`${pointer}/${idKey}`, "a conversation id");
    const timestampKey = rowField(row, "timestamp");
    const timestamp = timestampKey === undefined ? undefined : rowTimestamp(row[timestampKey], `${pointer}/${timestampKey}`, reader);
    const list = conversations.get(String(id)) ?? [];
    list.push({ row, pointer, ...(timestamp === undefined ? {} : { timestamp }) });
    conversations.set(String(id), list);
  });
  return [...conversations].map(([conversationId, entries]) => {
    // Spring reads a conversation ORDER BY timestamp; a stable sort keeps the input order of equal times.
    if (entries.every((entry) => entry.timestamp !== undefined)) entries.sort((left, right) => left.timestamp!.localeCompare(right.timestamp!));
    const messages = entries.map(({ row, pointer }) => {
      const typeKey = rowField(row, "type")!;
      const contentKey = rowField(row, "content")!;
      const role = ownValue(ROW_TYPES, String(row[typeKey]).toUpperCase());
      if (!role) reader.invalid(`${pointer}/${typeKey}`, `one of ${Object.keys(ROW_TYPES).join(", ")}`);
      const content = row[contentKey];
      if (typeof content !== "string" && content !== null) reader.invalid(`${pointer}/${contentKey}`, "text or null");
      const parts = content === null ? [] : [textPart(content)];
      const message: Message = { role, parts: role === "tool" ? [toolResultPart({ id: null, name: null, content: parts })] : parts };
      const known = new Set([typeKey, contentKey, rowField(row, "conversation_id"), rowField(row, "timestamp")]);
      const extra = Object.fromEntries(Object.entries(row).filter(([key]) => !known.has(key)));
      if (Object.keys(extra).length > 0) {
        message.metadata = { legacyFields: extra };
        reader.add("fields-kept-in-metadata", pointer, `columns ${Object.keys(extra).map((key) => JSON.stringify(key)).join(", ")} kept in metadata.legacyFields`, conversationId);
      }
      return { message, pointer };
    });
    const assistants = messages.filter(({ message }) => message.role === "assistant").length;
    if (assistants > 0) {
      reader.add("text-only-source", base, `conversation ${JSON.stringify(conversationId)}: the source keeps only text, so the reasoning, signatures and tool calls of its ${assistants} assistant message${assistants === 1 ? "" : "s"} cannot be recovered`, conversationId);
    }
    checkConversation(messages, reader, conversationId);
    return { conversationId, events: messages.map(({ message }, index) => legacyEvent(message, entries[index]!.timestamp)) };
  });
}

/**
 * Reads a legacy history (see the module comment) into conversations of events marked `legacy`, with
 * findings for everything it could not carry over. A message array is one conversation; rows make one
 * per conversation id. Anything else is `schema/invalid` with the pointer of what was not understood.
 */
export function importLegacyHistory(value: unknown, location: ErrorLocation = {}): LegacyImport {
  const reader: LegacyReader = new LegacyReader(location);
  const wrapped = isJsonObject(value) && Array.isArray(value.messages);
  const list: unknown = wrapped ? (value as JsonObject).messages : value;
  const base = wrapped ? "/messages" : "";
  if (!Array.isArray(list) || list.length === 0) reader.invalid(base, "a non-empty list of role/content messages or of content/type rows");
  if (list.every(isLegacyRow)) return { conversations: importRows(list, base, reader), findings: reader.findings };
  const messages = list.map((entry: unknown, index) => {
    const pointer = appendPointer(base, index);
    if (!isLegacyMessage(entry)) reader.invalid(pointer, "a message with a role and content (and no parts)");
    return { message: legacyMessage(entry, pointer, reader), pointer };
  });
  checkConversation(messages, reader);
  return { conversations: [{ events: messages.map(({ message }) => legacyEvent(message)) }], findings: reader.findings };
}
