// Constructors for parts, payloads and messages. They build the canonical JSON shapes directly, leaving
// optional fields out rather than writing undefined (the types use exactOptionalPropertyTypes), and
// reject with `schema/invalid` whatever parsePart would reject, so a built value always reads back.
import type {
  Attributes,
  Media,
  MediaPart,
  Message,
  OpaquePayload,
  Part,
  ReasoningPart,
  Role,
  TextPart,
  ToolCallPart,
  ToolResultPart,
  UnknownPart,
} from "../../generated/types.js";
import { validateMessage, validateOpaquePayload, validatePart } from "../../generated/validators.js";
import { validated } from "./parse.js";
import { bytesToBase64 } from "../bytes/base64.js";

/** The fields every part may carry besides its own. */
export interface PartExtras {
  readonly payload?: OpaquePayload | null;
  readonly attributes?: Attributes;
}

/**
 * The part, or `schema/invalid` naming the pointer of the first thing the schema rejects (a null part,
 * a blank payload provider, a text that is not a string). `pointer` places it in a larger document.
 */
export function checkedPart<T extends Part>(part: T, pointer = ""): T {
  validated(part, validatePart, "part", { pointer });
  return part;
}

function withExtras<T extends Part>(part: T, extras: PartExtras | undefined): T {
  if (extras === undefined) return checkedPart(part);
  const result: Record<string, unknown> = { ...(part as unknown as Record<string, unknown>) };
  if (extras.payload !== undefined) result.payload = extras.payload;
  if (extras.attributes !== undefined) result.attributes = { ...extras.attributes };
  return checkedPart(result as T);
}

/** An opaque payload: data a provider must get back verbatim (provider and kind never blank). */
export function opaquePayload(provider: string, kind: string, data: string): OpaquePayload {
  const payload = { provider, kind, data };
  validated(payload, validateOpaquePayload, "payload", {});
  return payload;
}

export function textPart(text: string, extras?: PartExtras): TextPart {
  return withExtras({ type: "text", text }, extras);
}

/** A reasoning part; a null text with a payload is the redacted or encrypted-only shape. */
export function reasoningPart(
  fields: { readonly text?: string | null; readonly summary?: string | null } & PartExtras = {},
): ReasoningPart {
  const part: ReasoningPart = { type: "reasoning" };
  if (fields.text !== undefined) part.text = fields.text;
  if (fields.summary !== undefined) part.summary = fields.summary;
  return withExtras(part, fields);
}

/** A tool call; object arguments are written as JSON text, string arguments are kept as they are. */
export function toolCallPart(
  call: { readonly id: string; readonly name: string; readonly arguments: string | Record<string, unknown> },
  extras?: PartExtras,
): ToolCallPart {
  const argumentsText = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
  return withExtras(
    { type: "tool_call", toolCall: { id: call.id, type: "function", name: call.name, arguments: argumentsText } },
    extras,
  );
}

/** A tool result; string content becomes one text part. */
export function toolResultPart(
  fields: {
    readonly id?: string | null;
    readonly name?: string | null;
    readonly content: readonly Part[] | string;
    readonly isError?: boolean;
  } & PartExtras,
): ToolResultPart {
  const content = typeof fields.content === "string" ? [textPart(fields.content)] : [...fields.content];
  const part: ToolResultPart = { type: "tool_result", content, isError: fields.isError ?? false };
  if (fields.id !== undefined) part.id = fields.id;
  if (fields.name !== undefined) part.name = fields.name;
  return withExtras(reorderToolResult(part), fields);
}

// Canonical key order of a tool result is type, id, name, content, isError (Spring AI's component order).
function reorderToolResult(part: ToolResultPart): ToolResultPart {
  const { type, id, name, content, isError } = part;
  return {
    type,
    ...(id === undefined ? {} : { id }),
    ...(name === undefined ? {} : { name }),
    content,
    isError,
  };
}

export function mediaPart(media: Media, extras?: PartExtras): MediaPart {
  return withExtras({ type: "media", media: { ...media } }, extras);
}

/** Media from bytes (kept as base64, `dataKind: "bytes"`). */
export function mediaFromBytes(mimeType: string, bytes: Uint8Array, fields: { id?: string; name?: string } = {}): Media {
  return { ...fields, mimeType, data: bytesToBase64(bytes), dataKind: "bytes" };
}

/** Media referenced by URL (`dataKind: "url"`). */
export function mediaFromUrl(mimeType: string, url: string, fields: { id?: string; name?: string } = {}): Media {
  return { ...fields, mimeType, data: url, dataKind: "url" };
}

/** A block with no part of its own, kept as its raw JSON text. */
export function unknownPart(
  fields: { readonly provider: string; readonly kind: string; readonly rawJson: string },
  extras?: PartExtras,
): UnknownPart {
  return withExtras({ type: "unknown", provider: fields.provider, kind: fields.kind, rawJson: fields.rawJson }, extras);
}

export function message(role: Role, parts: readonly Part[], metadata?: Record<string, unknown>): Message {
  return checkedMessage(metadata === undefined ? { role, parts: [...parts] } : { role, parts: [...parts], metadata });
}

/** The message, or `schema/invalid` naming the pointer of the first thing the schema rejects. */
export function checkedMessage(value: Message): Message {
  validated(value, validateMessage, "message", {});
  return value;
}
