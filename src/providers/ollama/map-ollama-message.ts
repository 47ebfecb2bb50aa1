// One mapping per Ollama message field, shared by the blocking and the streaming decoder, and its
// inverse for the encoder: thinking -> reasoning (tagged as Ollama's), content -> text, images -> media,
// tool_calls -> tool calls (object arguments as compact JSON text), any other field -> unknown.
import type { Media, Part } from "../../../generated/types.js";
import { base64ToBytes } from "../../bytes/base64.js";
import { bytesToLatin1 } from "../../bytes/byte-arrays.js";
import type { LazyPointer } from "../../json/json-location.js";
import { parsePartObject, parseToolArguments } from "../wire-validation.js";
import { MODELED_MESSAGE_FIELDS, OLLAMA, type OllamaMessage, type OllamaRequestToolCall, type OllamaToolCall } from "./ollama-wire.js";

/** Unsigned thinking, marked as Ollama's so that it is replayed to Ollama only unless the caller opts in. */
export function ollamaThinkingPart(thinking: string): Part {
  return { type: "reasoning", text: thinking, attributes: { provider: OLLAMA } };
}

export function ollamaTextPart(content: string): Part {
  return { type: "text", text: content };
}

/** Leading bytes of the image formats vision models take; anything else is reported as octet-stream. */
const IMAGE_SIGNATURES: readonly { readonly mimeType: string; readonly matches: (bytes: Uint8Array) => boolean }[] = [
  { mimeType: "image/png", matches: (bytes) => bytesToLatin1(bytes.subarray(0, 8)) === "\x89PNG\r\n\x1a\n" },
  { mimeType: "image/jpeg", matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  { mimeType: "image/gif", matches: (bytes) => bytesToLatin1(bytes.subarray(0, 4)) === "GIF8" },
  { mimeType: "image/webp", matches: (bytes) => bytesToLatin1(bytes.subarray(0, 4)) === "RIFF" && bytesToLatin1(bytes.subarray(8, 12)) === "WEBP" },
];

/** An image of `message.images`: base64 without a media type on the wire, so the type is read from the bytes. */
export function ollamaImagePart(base64: string): Part {
  const head = base64ToBytes(base64.slice(0, 24));
  const mimeType = IMAGE_SIGNATURES.find((signature) => signature.matches(head))?.mimeType ?? "application/octet-stream";
  return { type: "media", media: { mimeType, data: base64, dataKind: "bytes" } };
}

/**
 * A tool call: arguments arrive as a JSON object (Go `ToolCallFunctionArguments`, key order kept) and are
 * kept as compact JSON text, so a streamed call and the blocking one give the same text.
 */
export function ollamaToolCallToPart(call: OllamaToolCall): Part {
  return {
    type: "tool_call",
    toolCall: { id: call.id ?? "", type: "function", name: call.function.name, arguments: JSON.stringify(call.function.arguments) },
  };
}

/** A message field partwise does not model, kept as a one-field object for replay to Ollama. */
export function ollamaOtherFieldPart(field: string, value: unknown): Part {
  return { type: "unknown", provider: OLLAMA, kind: field, rawJson: JSON.stringify({ [field]: value }) };
}

/** The non-null fields of a message that have no part of their own, in wire order. */
export function otherMessageFields(message: OllamaMessage): [string, unknown][] {
  return Object.entries(message).filter(([field, value]) => !MODELED_MESSAGE_FIELDS.has(field) && value !== null && value !== undefined);
}

/**
 * The parts of a whole assistant message, in the order Ollama produces them: thinking, content, images,
 * tool calls, then other fields. Empty content is a part only when nothing else is there.
 */
export function ollamaMessageParts(message: OllamaMessage): Part[] {
  const parts: Part[] = [];
  if (message.thinking) parts.push(ollamaThinkingPart(message.thinking));
  if (message.content) parts.push(ollamaTextPart(message.content));
  for (const image of message.images ?? []) parts.push(ollamaImagePart(image));
  for (const call of message.tool_calls ?? []) parts.push(ollamaToolCallToPart(call));
  for (const [field, value] of otherMessageFields(message)) parts.push(ollamaOtherFieldPart(field, value));
  if (parts.length === 0 && message.content === "") parts.push(ollamaTextPart(""));
  return parts;
}

/** A tool call for a request: arguments parsed back into the JSON object Ollama takes, `index` its position. */
export function partToOllamaToolCall(call: { id: string; name: string; arguments: string }, position: number, pointer: LazyPointer): OllamaRequestToolCall {
  const calledFunction = { index: position, name: call.name, arguments: parseToolArguments(OLLAMA, call.arguments, pointer, "function.arguments") };
  return call.id === "" ? { function: calledFunction } : { id: call.id, function: calledFunction };
}

/** The base64 of an image Ollama can take, or undefined (Ollama takes base64 images only, no URLs). */
export function mediaToOllamaImage(media: Media): string | undefined {
  return media.dataKind === "bytes" && media.mimeType.startsWith("image/") ? media.data : undefined;
}

/** The fields an unknown Ollama part holds, to set again on its message. */
export function ollamaOtherFields(rawJson: string, pointer: LazyPointer): Record<string, unknown> {
  return parsePartObject(OLLAMA, rawJson, pointer, "the raw message field");
}
