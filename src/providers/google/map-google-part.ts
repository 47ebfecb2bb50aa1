// One mapping per Gemini part kind, shared by the blocking and the streaming decoder, and its inverse for
// the encoder. Each part keeps the thoughtSignature it carried as its own payload; a part with no part type
// of its own (code execution, server tools, file data, future kinds) becomes an unknown part holding the
// part exactly as received; a call given whole as Vertex AI `partialArgs` is assembled, as the stream
// decoder assembles it. https://ai.google.dev/api/caching#Part
import type { Attributes, Media, OpaquePayload, Part } from "../../../generated/types.js";
import { textToBase64 } from "../../bytes/base64.js";
import { unreachable } from "../../parts/part-kinds.js";
import { parsePartObject, parseToolArguments } from "../wire-validation.js";
import type { LazyPointer } from "../../json/json-location.js";
import {
  GOOGLE,
  type GoogleFunctionCall,
  type GoogleFunctionCallPart,
  type GoogleInlineDataPart,
  type GooglePart,
  type GoogleTextOrThoughtPart,
  THOUGHT_SIGNATURE,
} from "./google-wire.js";
import { assembledArguments } from "./partial-args.js";

/** The fields of a part that are not its data: the thought flag and the signature. */
const METADATA_KEYS: ReadonlySet<string> = new Set(["thought", "thoughtSignature"]);
/** The fields of a function call and an inline blob that have a place in a part; any other keeps the part whole. */
const CALL_KEYS: ReadonlySet<string> = new Set(["id", "name", "args"]);
const BLOB_KEYS: ReadonlySet<string> = new Set(["mimeType", "data", "displayName"]);

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function onlyKeys(value: object, allowed: ReadonlySet<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

/**
 * A function call that fits a tool call: no field beyond id, name and arguments (their types are the
 * generated validator's to check, spec/providers/google.tsp `GoogleFunctionCall`).
 */
function isWholeCall(call: GoogleFunctionCall): boolean {
  return onlyKeys(call, CALL_KEYS);
}

/** A whole call given with Vertex AI `partialArgs` and nothing more to follow (`willContinue` absent or false). */
function isWholeStreamedCall(call: GoogleFunctionCall): boolean {
  if (call.willContinue === true || call.partialArgs === undefined) return false;
  const { partialArgs: _partialArgs, willContinue: _willContinue, ...rest } = call;
  return isWholeCall(rest);
}

/** The MIME type form a media part takes (spec/parts.tsp `Media.mimeType`). */
const MIME_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(;.*)?$/;

/** The part's data fields (`text`, `functionCall`, ...): every field but the thought flag and the signature. */
function dataKeys(part: GooglePart): string[] {
  return Object.keys(part).filter((key) => !METADATA_KEYS.has(key));
}

/** The signature a part carried, as a payload. */
export function signaturePayload(part: GooglePart): OpaquePayload | undefined {
  return "thoughtSignature" in part && typeof part.thoughtSignature === "string" ? { provider: GOOGLE, kind: THOUGHT_SIGNATURE, data: part.thoughtSignature } : undefined;
}

function withExtras<T extends Part>(part: T, payload: OpaquePayload | undefined, attributes: Attributes): T {
  if (payload) part.payload = payload;
  part.attributes = { ...attributes };
  return part;
}

/** A whole function call as a tool call; arguments are the JSON text of `args` (`{}` when absent). */
export function functionCallToPart(call: GoogleFunctionCall, payload: OpaquePayload | undefined, attributes: Attributes): Part {
  const toolCall = { id: call.id ?? "", type: "function" as const, name: call.name ?? "", arguments: JSON.stringify(call.args ?? {}) };
  return withExtras({ type: "tool_call", toolCall }, payload, attributes);
}

function unknownPart(part: GooglePart, kind: string | undefined, attributes: Attributes): Part {
  return withExtras({ type: "unknown", provider: GOOGLE, kind: kind ?? "unknown", rawJson: JSON.stringify(part) }, signaturePayload(part), attributes);
}

/**
 * A whole response part as a part, or undefined for an empty text that carries no signature (the
 * closing part of many streams: it holds nothing to show or replay). The part has passed the generated
 * `GooglePart` validator, so its first known data field has the shape of its model; what is left here is
 * the mapping: a part that does not fit one part type (several data fields, a thought flag on a call,
 * fields a part has no place for) is kept whole.
 */
export function googlePartToPart(part: GooglePart, attributes: Attributes): Part | undefined {
  const payload = signaturePayload(part);
  const keys = dataKeys(part);
  const key = keys[0];
  const thought = "thought" in part && part.thought === true;
  if (keys.length > 1) return unknownPart(part, key, attributes);
  if (key === undefined || key === "text") {
    const text = key === undefined ? "" : (part as GoogleTextOrThoughtPart).text;
    if (thought) return withExtras({ type: "reasoning", text }, payload, attributes);
    return text === "" && !payload ? undefined : withExtras({ type: "text", text }, payload, attributes);
  }
  if (thought) return unknownPart(part, key, attributes);
  if (key === "functionCall") {
    const { functionCall } = part as GoogleFunctionCallPart;
    if (isWholeCall(functionCall)) return functionCallToPart(functionCall, payload, attributes);
    if (isWholeStreamedCall(functionCall)) {
      const { id, name } = functionCall;
      const call: GoogleFunctionCall = { ...(id === undefined ? {} : { id }), ...(name === undefined ? {} : { name }), args: assembledArguments(functionCall) };
      return functionCallToPart(call, payload, attributes);
    }
  }
  if (key === "inlineData") {
    const blob = (part as GoogleInlineDataPart).inlineData;
    // A MIME type a media part cannot hold (spec/parts.tsp `Media.mimeType`) keeps the part whole.
    if (onlyKeys(blob, BLOB_KEYS) && MIME_TYPE.test(blob.mimeType)) {
      const media: Media = { mimeType: blob.mimeType, data: blob.data, dataKind: "bytes" };
      if (blob.displayName !== undefined) media.name = blob.displayName;
      return withExtras({ type: "media", media }, payload, attributes);
    }
  }
  // executableCode, codeExecutionResult, toolCall, toolResponse, fileData and future part kinds.
  return unknownPart(part, key, attributes);
}

/** A media item as an `inlineData` (bytes, or a string sent as its UTF-8 bytes) or `fileData` (URL) part. */
export function mediaToGooglePart(media: Media): GooglePart {
  if (media.dataKind === "url") return { fileData: { mimeType: media.mimeType, fileUri: media.data } };
  const data = media.dataKind === "bytes" ? media.data : textToBase64(media.data);
  return { inlineData: media.name ? { mimeType: media.mimeType, data, displayName: media.name } : { mimeType: media.mimeType, data } };
}

/**
 * The request part of a model-turn part the replay rules let through, with `signature` on it when one
 * goes out; undefined when the part has nothing to send (an empty text or thought without a signature).
 */
export function partToGooglePart(part: Part, signature: string | undefined, pointer: LazyPointer): GooglePart | undefined {
  let wire: GooglePart;
  switch (part.type) {
    case "text":
      if (part.text === "" && signature === undefined) return undefined;
      wire = { text: part.text };
      break;
    case "reasoning": {
      const text = part.text ?? part.summary ?? "";
      if (text === "" && signature === undefined) return undefined;
      wire = { text, thought: true };
      break;
    }
    case "tool_call": {
      const { id, name } = part.toolCall;
      const args = parseToolArguments(GOOGLE, part.toolCall.arguments, pointer, "functionCall.args");
      wire = { functionCall: id === "" ? { name, args } : { id, name, args } };
      break;
    }
    case "media":
      wire = mediaToGooglePart(part.media);
      break;
    case "unknown": {
      // The signature travels as the payload: the one the rules let out replaces the one in the raw part.
      const { thoughtSignature: _received, ...rest } = parsePartObject(GOOGLE, part.rawJson, pointer, "the raw part");
      wire = rest;
      break;
    }
    case "tool_result":
      return undefined;
    default:
      return unreachable(part, "part");
  }
  if (signature !== undefined) wire.thoughtSignature = signature;
  return wire;
}
