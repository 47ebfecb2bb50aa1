// One mapping per Mistral content chunk type, shared by the blocking and the streaming decoder, and its
// inverse for the encoder. A thinking chunk becomes reasoning whose text is its nested text, its
// signature the payload, and whatever else it holds (closed, nested non-text chunks) the chunkFields
// attribute, so it goes back exactly as received; chunks with no part of their own become unknown parts.
import type { Attributes, Part } from "../../../generated/types.js";
import { type LazyPointer, appendPointer, lazyAppend } from "../../json/json-location.js";
import { unreachable } from "../../parts/part-kinds.js";
import { invalidWire, parsePartObject } from "../wire-validation.js";
import { CHUNK_FIELDS, MISTRAL, type MistralChunk, type MistralMessage, type MistralTextChunk, type MistralThinkChunk, SIGNATURE } from "./mistral-wire.js";

/** Where a value sits: a JSON pointer in the response or event, and the event's stream position. */
export interface WireLocation {
  readonly pointer: string;
  readonly position?: number;
}

function at(location: WireLocation, ...segments: (string | number)[]): WireLocation {
  return { ...location, pointer: appendPointer(location.pointer, ...segments) };
}

/** The fields of a text and a thinking chunk that the part holds (the rest go in chunkFields), for both decoders. */
export const TEXT_FIELDS: readonly string[] = ["type", "text"];
export const THINKING_FIELDS: readonly string[] = ["type", "thinking", "signature"];

/** The fields of a chunk other than those named, in wire order; undefined when there are none (the usual case). */
export function otherChunkFields(chunk: MistralChunk, mapped: readonly string[]): Record<string, unknown> | undefined {
  let fields: Record<string, unknown> | undefined;
  for (const key in chunk) {
    if (mapped.includes(key)) continue;
    fields ??= {};
    fields[key] = chunk[key];
  }
  return fields;
}

/**
 * The text of a thinking chunk: the text of its nested text chunks, in order. The chunks are checked ones
 * (the MistralChunk union), so a `text` tag means a `text` string.
 */
export function nestedText(nested: readonly MistralChunk[]): string {
  let text = "";
  for (const chunk of nested) if (chunk.type === "text") text += (chunk as MistralTextChunk).text;
  return text;
}

/** True for a nested plain text chunk, `{type: "text", text}` and nothing else: one the part's text says in full. */
export function isPlainText(chunk: MistralChunk): chunk is MistralTextChunk {
  if (chunk.type !== "text" || typeof chunk.text !== "string") return false;
  for (const key in chunk) if (key !== "type" && key !== "text") return false;
  return true;
}

/**
 * The attributes of a part from a chunk: `provider` for thinking (unsigned reasoning stays Mistral's),
 * and `chunkFields` when the chunk holds more than the part says (its other fields, then `thinking` when
 * the nested list is not one plain text chunk).
 */
export function chunkAttributes(provider: boolean, otherFields: Record<string, unknown> | undefined, nested?: readonly MistralChunk[]): Attributes {
  const fields = nested === undefined ? (otherFields ?? {}) : { ...otherFields, thinking: nested };
  const attributes: Attributes = {};
  if (provider) attributes.provider = MISTRAL;
  if (Object.keys(fields).length > 0) attributes[CHUNK_FIELDS] = JSON.stringify(fields);
  return attributes;
}

/** A whole text chunk as a part. */
function textChunkToPart(chunk: MistralTextChunk): Part {
  const attributes = chunkAttributes(false, otherChunkFields(chunk, TEXT_FIELDS));
  return Object.keys(attributes).length > 0 ? { type: "text", text: chunk.text, attributes } : { type: "text", text: chunk.text };
}

/** The signature payload of a thinking chunk, when it has one. */
export function signaturePayload(chunk: MistralThinkChunk): Part["payload"] {
  return typeof chunk.signature === "string" ? { provider: MISTRAL, kind: SIGNATURE, data: chunk.signature } : undefined;
}

/** A whole thinking chunk as a reasoning part. */
function thinkingChunkToPart(thinking: MistralThinkChunk): Part {
  const plain = thinking.thinking.length === 1 && isPlainText(thinking.thinking[0] as MistralChunk);
  const part: Part = { type: "reasoning", text: nestedText(thinking.thinking) };
  const payload = signaturePayload(thinking);
  if (payload) part.payload = payload;
  part.attributes = chunkAttributes(true, otherChunkFields(thinking, THINKING_FIELDS), plain ? undefined : thinking.thinking);
  return part;
}

/** A chunk with no part of its own (reference, tool_reference, image_url, document_url, future types), kept as received. */
export function otherChunkToPart(chunk: MistralChunk): Part {
  return { type: "unknown", provider: MISTRAL, kind: chunk.type, rawJson: JSON.stringify(chunk) };
}

/**
 * A whole content chunk, as the decoders' union validator (MistralChunk) checked it, as a part. The
 * casts name the model checked for the tag.
 */
function mistralChunkToPart(chunk: MistralChunk): Part {
  switch (chunk.type) {
    case "text":
      return textChunkToPart(chunk as MistralTextChunk);
    case "thinking":
      return thinkingChunkToPart(chunk as MistralThinkChunk);
    default:
      return otherChunkToPart(chunk);
  }
}

/**
 * Tool-call arguments as JSON text: the text Mistral sent, verbatim (a streamed call's fragments joined
 * give the same text), checked once the call is whole; an object (some servers send one) as compact JSON.
 */
export function toolArgumentsText(raw: unknown, what: string, location: WireLocation): string {
  if (raw === null || raw === undefined) return "{}";
  if (typeof raw !== "string") return JSON.stringify(raw);
  if (raw.trim() === "") return "{}";
  try {
    JSON.parse(raw);
    return raw;
  } catch (error) {
    throw invalidWire(MISTRAL, `the arguments of ${what} at ${location.pointer} are not valid JSON`, {
      pointer: location.pointer,
      ...(location.position === undefined ? {} : { position: location.position }),
      cause: error,
    });
  }
}

/** A whole tool call as a part. */
export function mistralToolCallToPart(call: { id: string; name: string; arguments: unknown }, location: WireLocation): Part {
  const what = `tool call ${JSON.stringify(call.id || call.name)}`;
  return { type: "tool_call", toolCall: { id: call.id, type: "function", name: call.name, arguments: toolArgumentsText(call.arguments, what, location) } };
}

/**
 * The parts of a whole assistant message in chunk order, then its tool calls. String content is one text
 * part; an empty text is a part only when nothing else is there (as a stream's empty deltas aggregate).
 */
export function mistralMessageParts(message: MistralMessage, location: WireLocation): Part[] {
  const parts: Part[] = [];
  let emptyText = false;
  const content = message.content;
  if (typeof content === "string") {
    if (content !== "") parts.push({ type: "text", text: content });
    else emptyText = true;
  } else if (Array.isArray(content)) {
    content.forEach((chunk) => {
      const part = mistralChunkToPart(chunk);
      if (part.type === "text" && part.text === "" && !part.attributes) emptyText = true;
      else parts.push(part);
    });
  }
  (message.tool_calls ?? []).forEach((call, index) => {
    const callLocation = at(location, "tool_calls", index, "function", "arguments");
    parts.push(mistralToolCallToPart({ id: call.id ?? "", name: call.function.name ?? "", arguments: call.function.arguments }, callLocation));
  });
  if (parts.length === 0 && emptyText) parts.push({ type: "text", text: "" });
  return parts;
}

/** The chunkFields of a part; undefined (the usual case) when it has none, so no empty object is spread. */
function chunkFieldsOf(part: Part, pointer: LazyPointer): Record<string, unknown> | undefined {
  const fields = part.attributes?.[CHUNK_FIELDS];
  if (fields === undefined) return undefined;
  return parsePartObject(MISTRAL, fields, lazyAppend(pointer, "attributes", CHUNK_FIELDS), `the ${CHUNK_FIELDS} attribute`);
}

/**
 * The chunk of an assistant part the replay rules let through, or undefined when the part has none (an
 * empty text, a tool call, which goes in `tool_calls`). Mistral's own chunks get their chunkFields back.
 */
export function partToMistralChunk(part: Part, pointer: LazyPointer): MistralChunk | undefined {
  switch (part.type) {
    case "text": {
      if (part.text === "" && !part.attributes?.[CHUNK_FIELDS]) return undefined;
      const fields = chunkFieldsOf(part, pointer);
      return fields === undefined ? { type: "text", text: part.text } : { type: "text", text: part.text, ...fields };
    }
    case "reasoning": {
      const fields = part.attributes?.provider === MISTRAL ? chunkFieldsOf(part, pointer) : undefined;
      const chunk: MistralChunk = { type: "thinking", thinking: [{ type: "text", text: part.text ?? "" }], ...fields };
      if (part.payload?.provider === MISTRAL && part.payload.kind === SIGNATURE) chunk.signature = part.payload.data;
      return chunk;
    }
    case "unknown":
      return parsePartObject(MISTRAL, part.rawJson, pointer, "the raw chunk", { typed: true }) as MistralChunk;
    case "tool_call":
    case "tool_result":
    case "media":
      return undefined;
    default:
      return unreachable(part, "part");
  }
}
