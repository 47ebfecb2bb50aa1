// One mapping per Responses output item type, shared by the blocking and the streaming decoder, and its
// inverse for the encoder. Items with no part of their own become unknown parts holding the item exactly
// as received, replayed to Responses only. https://platform.openai.com/docs/api-reference/responses/object
import type { Attributes, Media, OpaquePayload, Part } from "../../../generated/types.js";
import { validateOpenAiResponsesContentPart } from "../../../generated/wire/openai.responses-validators.js";
import { unreachable } from "../../parts/part-kinds.js";
import { checkWire, parsePartObject } from "../wire-validation.js";
import { type LazyPointer, lazyAppend, pointerText } from "../../json/json-location.js";
import {
  ENCRYPTED_CONTENT,
  ITEM_FIELDS,
  ITEM_ID,
  ITEM_STATUS,
  OPENAI_RESPONSES,
  type OpenAiResponsesContentPart,
  type OpenAiResponsesFunctionCallItem,
  type OpenAiResponsesImageGenerationCallItem,
  type OpenAiResponsesMessageItem,
  type OpenAiResponsesOutputItem,
  type OpenAiResponsesOutputText,
  type OpenAiResponsesReasoningItem,
  type OpenAiResponsesRefusal,
  PHASE,
  REASONING_PART_SEPARATOR,
  SUMMARY_PART_LENGTHS,
  TEXT_PART_LENGTHS,
} from "./openai-responses-wire.js";
import { PROFILE_ATTRIBUTE } from "./openai-responses-profiles.js";

/** The item's fields other than `mapped`, null ones left out (they say nothing), as an `item_fields` payload. */
function itemFieldsPayload(item: Record<string, unknown>, mapped: readonly string[], extra: Record<string, unknown> = {}): OpaquePayload | undefined {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) if (!mapped.includes(key) && value !== null && value !== undefined) fields[key] = value;
  Object.assign(fields, extra);
  return Object.keys(fields).length === 0 ? undefined : { provider: OPENAI_RESPONSES, kind: ITEM_FIELDS, data: JSON.stringify(fields) };
}

function withExtras<T extends Part>(part: T, payload: OpaquePayload | undefined, attributes: Attributes): T {
  if (payload) part.payload = payload;
  if (Object.keys(attributes).length > 0) part.attributes = attributes;
  return part;
}

/** The item's id and status as attributes. */
function itemAttributes(item: { id?: unknown; status?: unknown }): Attributes {
  const attributes: Attributes = {};
  if (typeof item.id === "string" && item.id !== "") attributes[ITEM_ID] = item.id;
  if (typeof item.status === "string" && item.status !== "") attributes[ITEM_STATUS] = item.status;
  return attributes;
}

/** Texts joined with the separator, and their lengths when there are several (so they split back exactly). */
export function joined(texts: readonly string[]): { text: string; lengths?: string } | undefined {
  if (texts.length === 0) return undefined;
  const text = texts.join(REASONING_PART_SEPARATOR);
  return texts.length > 1 ? { text, lengths: texts.map((each) => each.length).join(",") } : { text };
}

/** Splits a joined text back into its parts by their recorded lengths; one part when they do not fit (an edited text). */
export function splitJoined(text: string, lengths: string | undefined): string[] {
  if (lengths === undefined) return [text];
  const sizes = lengths.split(",").map(Number);
  const parts: string[] = [];
  let offset = 0;
  for (const [index, size] of sizes.entries()) {
    if (!Number.isSafeInteger(size) || size < 0 || offset + size > text.length) return [text];
    parts.push(text.slice(offset, offset + size));
    offset += size;
    if (index < sizes.length - 1) {
      if (!text.startsWith(REASONING_PART_SEPARATOR, offset)) return [text];
      offset += REASONING_PART_SEPARATOR.length;
    }
  }
  return offset === text.length ? parts : [text];
}

function reasoningToPart(item: OpenAiResponsesReasoningItem, profile: string | undefined): Part {
  const part: Part = { type: "reasoning" };
  const attributes: Attributes = { provider: OPENAI_RESPONSES, ...(profile === undefined ? {} : { [PROFILE_ATTRIBUTE]: profile }), ...itemAttributes(item) };
  const text = joined((item.content ?? []).map((content) => content.text));
  if (text) {
    part.text = text.text;
    if (text.lengths) attributes[TEXT_PART_LENGTHS] = text.lengths;
  } else if (Array.isArray(item.content)) {
    // An empty `content: []` (DeepSeek and open-weight servers send it) is zero texts: no lengths, kept so replay sends it back.
    attributes[TEXT_PART_LENGTHS] = "";
  }
  const summary = joined((item.summary ?? []).map((content) => content.text));
  if (summary) {
    part.summary = summary.text;
    if (summary.lengths) attributes[SUMMARY_PART_LENGTHS] = summary.lengths;
  }
  const encrypted = typeof item.encrypted_content === "string" && item.encrypted_content !== ""
    ? { provider: OPENAI_RESPONSES, kind: ENCRYPTED_CONTENT, data: item.encrypted_content }
    : undefined;
  return withExtras(part, encrypted, attributes);
}

const MESSAGE_FIELDS = ["type", "id", "role", "status", "phase", "content"];
const PLAIN_TEXT_FIELDS = new Set(["type", "text", "annotations", "logprobs"]);

/** True for the common content: one output text with no annotations or log probabilities, nothing else. */
function isPlainContent(content: readonly OpenAiResponsesContentPart[]): boolean {
  if (content.length !== 1) return false;
  const only = content[0] as Record<string, unknown>;
  if (only.type !== "output_text") return false;
  return Object.entries(only).every(([key, value]) =>
    PLAIN_TEXT_FIELDS.has(key) && (key === "type" || key === "text" || (Array.isArray(value) && value.length === 0)));
}

/**
 * The text a message's content carries: its output texts and refusals, concatenated in order. The content
 * parts are checked ones (OpenAiResponsesContentPart), so a tag says which fields are there.
 */
function messageContentText(content: readonly OpenAiResponsesContentPart[]): string {
  let text = "";
  for (const entry of content) {
    if (entry.type === "output_text") text += (entry as OpenAiResponsesOutputText).text;
    else if (entry.type === "refusal") text += (entry as OpenAiResponsesRefusal).refusal;
  }
  return text;
}

function messageToPart(item: OpenAiResponsesMessageItem): Part {
  const content = item.content;
  const text = messageContentText(content);
  const attributes = itemAttributes(item);
  if (typeof item.phase === "string" && item.phase !== "") attributes[PHASE] = item.phase;
  // Annotations, log probabilities and refusals must survive: the content goes along whole when it is more than one plain text.
  const payload = itemFieldsPayload(item, MESSAGE_FIELDS, isPlainContent(content) ? {} : { content });
  return withExtras<Part>({ type: "text", text }, payload, attributes);
}

const FUNCTION_CALL_FIELDS = ["type", "id", "call_id", "name", "arguments", "status"];

function functionCallToPart(item: OpenAiResponsesFunctionCallItem): Part {
  const toolCall = { id: item.call_id, type: "function" as const, name: item.name, arguments: item.arguments };
  return withExtras<Part>({ type: "tool_call", toolCall }, itemFieldsPayload(item, FUNCTION_CALL_FIELDS), itemAttributes(item));
}

/** `output_format` -> media type; PNG is the image generation tool's default. */
function imageMimeType(format: unknown): string {
  switch (format) {
    case "jpeg":
    case "jpg":
      return "image/jpeg";
    case "webp":
      return "image/webp";
    default:
      return "image/png";
  }
}

const IMAGE_GENERATION_FIELDS = ["type", "id", "status", "result"];

function imageGenerationToPart(item: OpenAiResponsesImageGenerationCallItem): Part {
  if (typeof item.result !== "string" || item.result === "") return otherItemToPart(item);
  const media: Media = { id: item.id, mimeType: imageMimeType(item.output_format), data: item.result, dataKind: "bytes" };
  const attributes: Attributes = { provider: OPENAI_RESPONSES };
  if (typeof item.status === "string" && item.status !== "") attributes[ITEM_STATUS] = item.status;
  return withExtras<Part>({ type: "media", media }, itemFieldsPayload(item, IMAGE_GENERATION_FIELDS), attributes);
}

function otherItemToPart(item: OpenAiResponsesOutputItem): Part {
  return { type: "unknown", provider: OPENAI_RESPONSES, kind: item.type, rawJson: JSON.stringify(item) };
}

/** True for a message item of the assistant (output messages carry `role: "assistant"`; a missing role is the assistant's too). */
export function isAssistantMessage(item: OpenAiResponsesOutputItem): boolean {
  return item.role === undefined || item.role === "assistant";
}

/**
 * A whole output item, as the decoders' union validator (OpenAiResponsesOutputItem) checked it, as a part.
 * `profile` names the compatible server it came from (see openai-responses-profiles.ts): its reasoning
 * parts carry it, so replay rules tell the servers apart. The casts name the model checked for the tag.
 */
export function openAiResponsesItemToPart(item: OpenAiResponsesOutputItem, profile?: string): Part {
  switch (item.type) {
    case "reasoning":
      return reasoningToPart(item as OpenAiResponsesReasoningItem, profile);
    case "message":
      // A user message in compacted output (`/responses/compact`) is not assistant text: it goes back as received, role and all.
      if (!isAssistantMessage(item)) return otherItemToPart(item);
      return messageToPart(item as OpenAiResponsesMessageItem);
    case "function_call":
      return functionCallToPart(item as OpenAiResponsesFunctionCallItem);
    case "image_generation_call":
      return imageGenerationToPart(item as OpenAiResponsesImageGenerationCallItem);
    default:
      // Hosted tools (web_search_call, file_search_call, mcp_*, shell_call, ...), custom_tool_call, future items.
      return otherItemToPart(item);
  }
}

/** How an assistant part goes back: with its item id, or without (when the reasoning item its id requires is not sent). */
export interface ItemEncoding {
  readonly pointer: LazyPointer;
  readonly withItemId: boolean;
}

/** The fields an item-fields payload adds to the item; undefined (the usual case) when the part has none, so no empty object is spread. */
function ownItemFields(part: Part, pointer: LazyPointer): Record<string, unknown> | undefined {
  if (part.payload?.provider !== OPENAI_RESPONSES || part.payload.kind !== ITEM_FIELDS) return undefined;
  return parsePartObject(OPENAI_RESPONSES, part.payload.data, lazyAppend(pointer, "payload", "data"), `the ${ITEM_FIELDS} payload`);
}

/** An item-fields payload's fields but its kept content, which goes back only while the text is unedited. */
function withoutContent({ content: _content, ...fields }: Record<string, unknown>): Record<string, unknown> {
  return fields;
}

/** The attributes of a part without any, shared rather than made per part. */
const NO_ATTRIBUTES: Attributes = Object.freeze({});

/** Content kept in an `item_fields` payload, each part checked as decoding checks it (the payload may have been edited since). */
function checkedContent(content: readonly unknown[], pointer: LazyPointer): OpenAiResponsesContentPart[] {
  const at = `${pointerText(pointer)}/payload/data/content/`;
  return content.map((entry, index) => checkWire<OpenAiResponsesContentPart>(validateOpenAiResponsesContentPart, entry, OPENAI_RESPONSES, "kept content", undefined, at + index));
}

/**
 * An assistant text as a message item: with its item id and status when it has one (an output message),
 * else as an easy input message. Kept content (annotations, refusals) goes back as received, with or
 * without the id (openai/codex sends output messages without ids), unless the text was edited since.
 */
function textToItem(part: Extract<Part, { type: "text" }>, encoding: ItemEncoding): OpenAiResponsesOutputItem | undefined {
  const attributes = part.attributes ?? NO_ATTRIBUTES;
  const phase = attributes[PHASE];
  const itemId = encoding.withItemId ? attributes[ITEM_ID] : undefined;
  const own = ownItemFields(part, encoding.pointer);
  const keptContent = own?.content;
  const kept = Array.isArray(keptContent) && messageContentText(checkedContent(keptContent, encoding.pointer)) === part.text;
  let item: OpenAiResponsesOutputItem;
  if (itemId !== undefined) {
    const content = kept ? keptContent : [{ type: "output_text", text: part.text, annotations: [] }];
    item = { type: "message", id: itemId, role: "assistant", status: attributes[ITEM_STATUS] ?? "completed", content, ...(own === undefined ? undefined : withoutContent(own)) };
  } else if (kept) {
    item = { type: "message", role: "assistant", content: keptContent };
  } else {
    // An empty text without an item id carries nothing.
    if (part.text === "") return undefined;
    item = { type: "message", role: "assistant", content: part.text };
  }
  if (phase !== undefined) item.phase = phase;
  return item;
}

/**
 * A reasoning part as a reasoning item: with its encrypted content, or, where the rules send reasoning
 * without one (servers whose reasoning items carry none), as received without it. A payload of another
 * kind has no item.
 */
function reasoningToItem(part: Extract<Part, { type: "reasoning" }>): OpenAiResponsesOutputItem | undefined {
  const payload = part.payload;
  if (payload && (payload.provider !== OPENAI_RESPONSES || payload.kind !== ENCRYPTED_CONTENT)) return undefined;
  const attributes = part.attributes ?? NO_ATTRIBUTES;
  const item: OpenAiResponsesOutputItem = { type: "reasoning" };
  if (attributes[ITEM_ID] !== undefined) item.id = attributes[ITEM_ID];
  // `summary` is required on input, possibly empty (https://platform.openai.com/docs/api-reference/responses/create#responses-create-input).
  item.summary = part.summary === undefined || part.summary === null
    ? []
    : splitJoined(part.summary, attributes[SUMMARY_PART_LENGTHS]).map((text) => ({ type: "summary_text", text }));
  if (part.text !== undefined && part.text !== null) {
    item.content = splitJoined(part.text, attributes[TEXT_PART_LENGTHS]).map((text) => ({ type: "reasoning_text", text }));
  } else if (attributes[TEXT_PART_LENGTHS] === "") {
    item.content = [];
  }
  if (payload) item.encrypted_content = payload.data;
  if (attributes[ITEM_STATUS] !== undefined) item.status = attributes[ITEM_STATUS];
  return item;
}

function toolCallToItem(part: Extract<Part, { type: "tool_call" }>, encoding: ItemEncoding): OpenAiResponsesOutputItem {
  const attributes = part.attributes ?? NO_ATTRIBUTES;
  const item: OpenAiResponsesOutputItem = { type: "function_call" };
  if (encoding.withItemId && attributes[ITEM_ID] !== undefined) item.id = attributes[ITEM_ID];
  item.call_id = part.toolCall.id;
  item.name = part.toolCall.name;
  item.arguments = part.toolCall.arguments;
  if (attributes[ITEM_STATUS] !== undefined) item.status = attributes[ITEM_STATUS];
  const fields = ownItemFields(part, encoding.pointer);
  return fields === undefined ? item : { ...item, ...fields };
}

function mediaToItem(part: Extract<Part, { type: "media" }>, pointer: LazyPointer): OpenAiResponsesOutputItem | undefined {
  const media = part.media;
  if (media.dataKind !== "bytes" || media.id === undefined || media.id === null) return undefined;
  const status = part.attributes?.[ITEM_STATUS] ?? "completed";
  return { type: "image_generation_call", id: media.id, status, result: media.data, ...ownItemFields(part, pointer) };
}

function unknownToItem(part: Extract<Part, { type: "unknown" }>, pointer: LazyPointer): OpenAiResponsesOutputItem {
  return parsePartObject(OPENAI_RESPONSES, part.rawJson, pointer, "the raw item", { typed: true }) as OpenAiResponsesOutputItem;
}

/**
 * The input item of an assistant part the replay rules let through, or undefined when the part has no
 * item (an empty text without an item id, reasoning without this provider's encrypted content, media
 * that is not a generated image).
 */
export function partToOpenAiResponsesItem(part: Part, encoding: ItemEncoding): OpenAiResponsesOutputItem | undefined {
  switch (part.type) {
    case "text":
      return textToItem(part, encoding);
    case "reasoning":
      return reasoningToItem(part);
    case "tool_call":
      return toolCallToItem(part, encoding);
    case "media":
      return mediaToItem(part, encoding.pointer);
    case "unknown":
      return unknownToItem(part, encoding.pointer);
    case "tool_result":
      return undefined;
    default:
      return unreachable(part, "part");
  }
}
