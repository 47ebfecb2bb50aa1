// One partwise part as an OpenTelemetry GenAI message part (docs/convert-otel.md). Opaque pieces are never
// exported: a signature, encrypted reasoning or a raw provider block becomes a `partwise.withheld` entry
// naming its provider and kind, and a warning; media bytes go out only when the caller asks for them.
import type { ErrorObject, Media, MediaPart, OpaquePayload, Part, ReasoningPart, ToolCall, ToolResultPart, UnknownPart } from "../../../generated/types.js";
import type {
  OtelGenAiGenericPart, OtelGenAiModality, OtelGenAiPart, OtelGenAiPartwiseExtension, OtelGenAiToolCallRequestPart, OtelGenAiWithheldPiece,
} from "../../../generated/formats/otel.js";
import { textToBase64 } from "../../bytes/base64.js";
import { unreachable } from "../../parts/part-kinds.js";
import { toolCallArguments } from "../../parts/tool-arguments.js";
import { partLostWarning } from "../conversion.js";

/** The format id warnings name. */
export const OTEL_FORMAT_ID = "otel";

/** How parts are written. */
export interface OtelPartOptions {
  /**
   * Export media bytes (and inline strings) as `blob` parts with base64 `content`. Off by default: media can
   * be large and sensitive, so a `partwise.media` part with the MIME type and byte size stands in for it.
   */
  readonly includeMediaBytes?: boolean;
}

/** Where a part's conversion reports what it withheld. */
export interface PartSink {
  readonly options: OtelPartOptions;
  readonly warnings: ErrorObject[];
}

/** The OTel part of a partwise part at `pointer` (a JSON pointer into the conversion's input). */
export function otelPart(part: Part, pointer: string, sink: PartSink): OtelGenAiPart {
  const withheld: OtelGenAiWithheldPiece[] = [];
  if (part.payload) withhold(sink, withheld, `${pointer}/payload`, payloadPiece(part.payload), `the ${part.payload.kind} payload of ${part.payload.provider} is opaque and not exported`);
  switch (part.type) {
    case "text":
      return { type: "text", content: part.text, ...extension(part, withheld) };
    case "reasoning":
      return { ...reasoningFields(part), ...extension(part, withheld) };
    case "tool_call":
      return { type: "tool_call", id: part.toolCall.id, name: part.toolCall.name, arguments: otelToolArguments(part.toolCall), ...extension(part, withheld) };
    case "tool_result":
      return toolResponse(part, pointer, sink, withheld);
    case "media":
      return mediaPart(part, pointer, sink, withheld);
    case "unknown":
      return unknownPart(part, pointer, sink, withheld);
    default:
      return unreachable(part, "part");
  }
}

function payloadPiece(payload: OpaquePayload): OtelGenAiWithheldPiece {
  return { field: "payload", provider: payload.provider, kind: payload.kind };
}

function withhold(sink: PartSink, withheld: OtelGenAiWithheldPiece[], pointer: string, piece: OtelGenAiWithheldPiece, message: string): void {
  withheld.push(piece);
  sink.warnings.push(partLostWarning({ format: OTEL_FORMAT_ID, pointer }, message, { ...piece }));
}

/** The `partwise` field of a part: what was withheld, the part's attributes, a tool result's failure; absent when empty. */
function extension(part: Part, withheld: readonly OtelGenAiWithheldPiece[], isError = false): { partwise?: OtelGenAiPartwiseExtension } {
  const attributes = part.attributes && Object.keys(part.attributes).length > 0 ? part.attributes : undefined;
  const fields: OtelGenAiPartwiseExtension = {
    ...(withheld.length > 0 ? { withheld: [...withheld] } : {}),
    ...(isError ? { is_error: true } : {}),
    ...(attributes ? { attributes: { ...attributes } } : {}),
  };
  return Object.keys(fields).length > 0 ? { partwise: fields } : {};
}

/** Reasoning text when there is some, else the summary; an encrypted-only part exports empty content and its withheld payload. */
function reasoningFields(part: ReasoningPart): { type: "reasoning"; content: string; summary?: string } {
  const text = part.text ?? null;
  const summary = part.summary ?? null;
  if (text !== null) return { type: "reasoning", content: text, ...(summary !== null ? { summary } : {}) };
  return { type: "reasoning", content: summary ?? "" };
}

/** A tool call's arguments as JSON, as the conventions want them; text that is not JSON goes out as the text it is. */
export function otelToolArguments(call: ToolCall): OtelGenAiToolCallRequestPart["arguments"] {
  try {
    return toolCallArguments(call);
  } catch {
    return call.arguments;
  }
}

/** A result of one text part is that text; any other content is the list of its parts, converted alike. */
function toolResponse(part: ToolResultPart, pointer: string, sink: PartSink, withheld: readonly OtelGenAiWithheldPiece[]): OtelGenAiPart {
  const [only] = part.content;
  const response = part.content.length === 1 && only?.type === "text" && !only.payload && !only.attributes
    ? only.text
    : part.content.map((inner, index) => otelPart(inner, `${pointer}/content/${index}`, sink));
  return {
    type: "tool_call_response",
    id: part.id ?? null,
    response,
    ...(part.name ? { name: part.name } : {}),
    ...extension(part, withheld, part.isError),
  };
}

/** The conventions' modality of a MIME type: image, audio and video by their top-level type, anything else a document. */
function modalityOf(mimeType: string): OtelGenAiModality {
  const topLevel = mimeType.slice(0, mimeType.indexOf("/")).toLowerCase();
  return topLevel === "image" || topLevel === "audio" || topLevel === "video" ? topLevel : "document";
}

const BASE64_DATA_URL = /^data:[^,]*;base64,/i;

function mediaPart(part: MediaPart, pointer: string, sink: PartSink, withheld: OtelGenAiWithheldPiece[]): OtelGenAiPart {
  const { media } = part;
  const common = { mime_type: media.mimeType, modality: modalityOf(media.mimeType), ...mediaLabels(media) };
  const inline = inlineContent(media);
  if (inline === undefined) return { type: "uri", ...common, uri: media.data, ...extension(part, withheld) };
  if (sink.options.includeMediaBytes) return { type: "blob", ...common, content: inline, ...extension(part, withheld) };
  withhold(sink, withheld, `${pointer}/media/data`, { field: "media.data", kind: media.mimeType }, `the ${media.mimeType} media data is not exported (includeMediaBytes is off); a partwise.media part stands in for it`);
  const reference: OtelGenAiGenericPart = { type: "partwise.media", ...common, byte_size: base64ByteLength(inline), ...extension(part, withheld) };
  return reference;
}

/** The media's own id and display name, where it has them (not in the conventions; harmless extra fields). */
function mediaLabels(media: Media): { id?: string; name?: string } {
  return { ...(media.id ? { id: media.id } : {}), ...(media.name ? { name: media.name } : {}) };
}

/**
 * The base64 content of inline media (bytes, a string, a base64 data URL), or undefined for a reference
 * the conventions' `uri` part holds (a URL that is not a base64 data URL).
 */
function inlineContent(media: Media): string | undefined {
  switch (media.dataKind) {
    case "bytes":
      return media.data;
    case "string":
      return textToBase64(media.data);
    case "url":
      return BASE64_DATA_URL.test(media.data) ? media.data.slice(media.data.indexOf(",") + 1) : undefined;
    default:
      return unreachable(media.dataKind, "media data kind");
  }
}

/** The size in bytes of base64 text, from its length and padding (no decoding). */
function base64ByteLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/** A provider block kept raw in partwise: its provider and kind go out, the block itself never does. */
function unknownPart(part: UnknownPart, pointer: string, sink: PartSink, withheld: OtelGenAiWithheldPiece[]): OtelGenAiPart {
  withhold(sink, withheld, `${pointer}/rawJson`, { field: "rawJson", provider: part.provider, kind: part.kind }, `the raw ${part.provider} ${part.kind} block is opaque and not exported; a partwise.unknown part names it`);
  const generic: OtelGenAiGenericPart = { type: "partwise.unknown", provider: part.provider, kind: part.kind, ...extension(part, withheld) };
  return generic;
}
