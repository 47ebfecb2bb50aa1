// One mapping per Chat Completions message field, shared by the blocking and the streaming decoder, and
// its inverse for the encoder. A message is a bag of fields, decoded in one fixed order: reasoning, text,
// refusal, audio, tool calls, any other field. What has no part of its own (a refusal, a custom tool
// call, a non-text content part, fields such as `annotations`) becomes an unknown part kept as received.
import type { Attributes, Part, ToolCallPart } from "../../../generated/types.js";
import { base64ToBytes } from "../../bytes/base64.js";
import { bytesToLatin1 } from "../../bytes/byte-arrays.js";
import { type LazyPointer, lazyAppend } from "../../json/json-location.js";
import { parsePartJson, parsePartObject } from "../wire-validation.js";
import {
  CONTENT_PART,
  type ChatCompletionsServer,
  MESSAGE_FIELDS,
  type OpenAiChatAssistantMessage,
  type OpenAiChatContentPart,
  type OpenAiChatFunctionToolCall,
  type OpenAiChatFunctionToolCallParam,
  type OpenAiChatTextContentPart,
  type OpenAiChatToolCall,
  REASONING_DETAILS,
  REFUSAL,
  TOOL_CALL_FIELDS,
} from "./openai-chat-wire.js";

/** Message (and delta) fields with a mapping of their own; `index` is a transport field some servers add to deltas. */
const MODELED_FIELDS: ReadonlySet<string> = new Set([
  "role", "content", "reasoning_content", "reasoning", "reasoning_details", "refusal", "audio", "tool_calls", "index",
]);

/** Tool-call fields the part holds; `index` orders stream fragments and says nothing about the call. */
const MAPPED_CALL_FIELDS: ReadonlySet<string> = new Set(["id", "type", "function", "index"]);
const MAPPED_FUNCTION_FIELDS: ReadonlySet<string> = new Set(["name", "arguments"]);

/**
 * The attributes a part needs for replay: the producing provider, the server profile (payloads and raw
 * fields go back to the same server only) and, for the choices after the first (`n` > 1), the choice.
 */
export function producerAttributes(server: ChatCompletionsServer, choice: number, withProvider: boolean): Attributes | undefined {
  if (!withProvider && server.profile === undefined && choice === 0) return undefined;
  const attributes: Attributes = {};
  if (withProvider) attributes.provider = server.provider;
  if (server.profile !== undefined) attributes.profile = server.profile;
  if (choice > 0) attributes.choice = String(choice);
  return attributes;
}

/** Choice attributes for text, which needs no producer to be replayed anywhere. */
export function choiceAttributes(choice: number): Attributes | undefined {
  return choice > 0 ? { choice: String(choice) } : undefined;
}

/** The reasoning text of a message or delta: the server's own field first, then the other convention's. */
export function readReasoning(fields: { reasoning_content?: unknown; reasoning?: unknown }, server: ChatCompletionsServer): string | undefined {
  const preferred = server.reasoningField === "reasoning" ? fields.reasoning : fields.reasoning_content;
  if (typeof preferred === "string" && preferred !== "") return preferred;
  const other = server.reasoningField === "reasoning" ? fields.reasoning_content : fields.reasoning;
  return typeof other === "string" && other !== "" ? other : undefined;
}

/** A reasoning part: unsigned text, and OpenRouter's `reasoning_details` as a payload. */
export function reasoningPart(text: string | undefined, details: readonly unknown[] | undefined, server: ChatCompletionsServer, choice: number): Part | undefined {
  if (text === undefined && details === undefined) return undefined;
  const part: Part = { type: "reasoning" };
  if (text !== undefined) part.text = text;
  if (details !== undefined) part.payload = { provider: server.provider, kind: REASONING_DETAILS, data: JSON.stringify(details) };
  const attributes = producerAttributes(server, choice, true);
  if (attributes) part.attributes = attributes;
  return part;
}

/** A non-empty array, or undefined. */
export function nonEmptyArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) && value.length > 0 ? value : undefined;
}

function unknownPart(kind: string, raw: unknown, server: ChatCompletionsServer, choice: number): Part {
  const part: Part = { type: "unknown", provider: server.provider, kind, rawJson: JSON.stringify(raw) };
  const attributes = producerAttributes(server, choice, false);
  if (attributes) part.attributes = attributes;
  return part;
}

function textPart(text: string, choice: number): Part {
  const attributes = choiceAttributes(choice);
  return attributes ? { type: "text", text, attributes } : { type: "text", text };
}

/** The text of a content item checked by the wire validator (a `text` part has a string `text`), or undefined for another part. */
export function contentItemText(item: OpenAiChatContentPart): string | undefined {
  return item.type === "text" ? (item as OpenAiChatTextContentPart).text : undefined;
}

/** A content item that is not text, kept as received. */
export function contentItemPart(item: OpenAiChatContentPart, server: ChatCompletionsServer, choice: number): Part {
  return unknownPart(CONTENT_PART, item, server, choice);
}

/** The parts of `content`: a string, or content parts (adjacent text joined, as a stream's deltas join). */
export function contentParts(content: OpenAiChatAssistantMessage["content"], server: ChatCompletionsServer, choice: number): Part[] {
  if (typeof content === "string") return content === "" ? [] : [textPart(content, choice)];
  if (!Array.isArray(content)) return [];
  const parts: Part[] = [];
  let text = "";
  for (const item of content) {
    const itemText = contentItemText(item);
    if (itemText !== undefined) {
      text += itemText;
      continue;
    }
    if (text !== "") parts.push(textPart(text, choice));
    text = "";
    parts.push(contentItemPart(item, server, choice));
  }
  if (text !== "") parts.push(textPart(text, choice));
  return parts;
}

/** A refusal (structured outputs), kept as `{"refusal": ...}`. */
export function refusalPart(refusal: string, server: ChatCompletionsServer, choice: number): Part {
  return unknownPart(REFUSAL, { refusal }, server, choice);
}

/**
 * The MIME type of generated audio, read from its first bytes: the response does not repeat the
 * `audio.format` of the request. pcm16, the one format without a header, is raw PCM.
 * https://platform.openai.com/docs/api-reference/chat/create#chat-create-audio
 */
export function audioMimeType(base64: string): string {
  const head = base64ToBytes(base64.slice(0, 16));
  const tag = bytesToLatin1(head.subarray(0, 4));
  if (tag === "RIFF") return "audio/wav";
  if (tag === "fLaC") return "audio/flac";
  if (tag === "OggS") return "audio/ogg";
  if (tag.startsWith("ID3") || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return "audio/mpeg";
  return "audio/pcm";
}

/** Generated audio as a media part; the transcript and expiry ride along as attributes. */
export function audioPart(audio: Record<string, unknown>, server: ChatCompletionsServer, choice: number): Part {
  const data = typeof audio.data === "string" ? audio.data : "";
  const part: Part = { type: "media", media: { mimeType: audioMimeType(data), data, dataKind: "bytes" } };
  if (typeof audio.id === "string") part.media.id = audio.id;
  const attributes = producerAttributes(server, choice, true) as Attributes;
  if (typeof audio.transcript === "string") attributes.transcript = audio.transcript;
  if (typeof audio.expires_at === "number") attributes.expiresAt = String(audio.expires_at);
  part.attributes = attributes;
  return part;
}

function extraFields(object: Record<string, unknown>, mapped: ReadonlySet<string>): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const key in object) {
    const value = object[key];
    if (mapped.has(key) || value === null || value === undefined) continue;
    (extra ??= {})[key] = value;
  }
  return extra;
}

/**
 * A tool call, as the server's tool-call validator checked it: a function call becomes a tool_call part
 * with its arguments text verbatim and any extra fields as the `tool_call_fields` payload; a call of
 * another type (`custom`) is kept whole as an unknown part of kind `<type>_tool_call`.
 */
export function toolCallPart(call: OpenAiChatToolCall, server: ChatCompletionsServer, choice: number): Part {
  const type = call.type ?? "function";
  if (type !== "function") {
    const { index: _index, ...raw } = call;
    return unknownPart(`${type}_tool_call`, raw, server, choice);
  }
  const functionCall = (call as OpenAiChatFunctionToolCall).function;
  const part: ToolCallPart = {
    type: "tool_call",
    toolCall: { id: (call as OpenAiChatFunctionToolCall).id ?? "", type: "function", name: functionCall.name, arguments: functionCall.arguments },
  };
  const extra = extraFields(call, MAPPED_CALL_FIELDS);
  const functionExtra = extraFields(functionCall, MAPPED_FUNCTION_FIELDS);
  if (extra || functionExtra) {
    part.payload = { provider: server.provider, kind: TOOL_CALL_FIELDS, data: JSON.stringify(functionExtra ? { ...extra, function: functionExtra } : extra) };
    const attributes = producerAttributes(server, choice, true);
    if (attributes) part.attributes = attributes;
  } else {
    const attributes = choiceAttributes(choice);
    if (attributes) part.attributes = attributes;
  }
  return part;
}

/** The fields of a message or delta with no mapping of their own, or undefined (null values and empty lists say nothing). */
export function otherMessageFields(message: Record<string, unknown>): Record<string, unknown> | undefined {
  let fields: Record<string, unknown> | undefined;
  for (const key in message) {
    const value = message[key];
    if (MODELED_FIELDS.has(key) || value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    (fields ??= {})[key] = value;
  }
  return fields;
}

/** Other message fields, kept as received. */
export function otherFieldsPart(fields: Record<string, unknown>, server: ChatCompletionsServer, choice: number): Part {
  return unknownPart(MESSAGE_FIELDS, fields, server, choice);
}

/** The parts of one choice's message, in the fixed order the stream decoder also emits them. */
export function chatMessageToParts(message: OpenAiChatAssistantMessage, server: ChatCompletionsServer, choice: number): Part[] {
  const parts: Part[] = [];
  const reasoning = reasoningPart(readReasoning(message, server), nonEmptyArray(message.reasoning_details), server, choice);
  if (reasoning) parts.push(reasoning);
  parts.push(...contentParts(message.content, server, choice));
  if (typeof message.refusal === "string" && message.refusal !== "") parts.push(refusalPart(message.refusal, server, choice));
  if (typeof message.audio === "object" && message.audio !== null) parts.push(audioPart(message.audio, server, choice));
  for (const call of message.tool_calls ?? []) if (call) parts.push(toolCallPart(call, server, choice));
  const other = otherMessageFields(message);
  if (other) parts.push(otherFieldsPart(other, server, choice));
  return parts;
}

/** Parses the raw JSON of a part (an unknown part's block, a payload), naming the part when it is not JSON. */
export function parseRawJson(text: string, provider: string, pointer: LazyPointer): unknown {
  return parsePartJson(provider, text, pointer, "the raw JSON");
}

/** Parses the raw JSON of an unknown part, which holds a JSON object (a field set, a content part, a call). */
export function parseRawObject(text: string, provider: string, pointer: LazyPointer): Record<string, unknown> {
  return parsePartObject(provider, text, pointer, "the raw JSON");
}

/** A tool call as the request takes it: arguments verbatim, and the call's extra fields when they go back. */
export function toolCallParam(part: ToolCallPart, withFields: boolean, provider: string, pointer: LazyPointer): OpenAiChatFunctionToolCallParam {
  const call: OpenAiChatFunctionToolCallParam = {
    id: part.toolCall.id,
    type: "function",
    function: { name: part.toolCall.name, arguments: part.toolCall.arguments },
  };
  const payload = part.payload;
  if (!withFields || payload?.provider !== provider || payload.kind !== TOOL_CALL_FIELDS) return call;
  const { function: functionExtra, ...extra } = parseRawObject(payload.data, provider, lazyAppend(pointer, "payload", "data"));
  return { ...call, ...extra, function: { ...call.function, ...(functionExtra as Record<string, unknown> | undefined) } };
}
