// How a partial chunk (a delta) merges into the part accumulated at its slot: the growing field is
// appended (text, summary, tool-call arguments, result content, media data, raw JSON), a non-null payload
// replaces the stored one, attributes merge, and ids and names are only overwritten by non-empty values
// (a null id, name or type in a delta keeps the one seen earlier).
// Merged parts never hold `undefined` fields, and the inputs are never modified.
import type { Attributes, OpaquePayload, Part } from "../../generated/types.js";
import { unreachable } from "../parts/part-kinds.js";

/** Appends nullable text: absent adds nothing, null is kept only when there is nothing else. */
function appendNullable(current: string | null | undefined, delta: string | null | undefined): string | null | undefined {
  if (delta === undefined || delta === null) return current === undefined ? delta : current;
  return current === undefined || current === null ? delta : current + delta;
}

/** A delta's id or name replaces the stored one only when it says something: null (some servers send it) does not. */
function nonEmpty(current: string, delta: string | null | undefined): string {
  return delta === undefined || delta === null || delta === "" ? current : delta;
}

function nonEmptyNullable(current: string | null | undefined, delta: string | null | undefined): string | null | undefined {
  return delta === undefined || delta === null || delta === "" ? (current ?? delta) : delta;
}

function mergedPayload(current: OpaquePayload | null | undefined, delta: OpaquePayload | null | undefined) {
  if (delta !== undefined && delta !== null) return delta;
  return current === undefined ? delta : current;
}

function mergedAttributes(current: Attributes | undefined, delta: Attributes | undefined): Attributes | undefined {
  if (delta === undefined) return current;
  return current === undefined ? { ...delta } : { ...current, ...delta };
}

/** Adds the fields every part has (payload, attributes) to a merged part, leaving absent ones out. */
function withCommon(merged: Record<string, unknown>, current: Part, delta: Part): Part {
  const payload = mergedPayload(current.payload, delta.payload);
  if (payload !== undefined) merged.payload = payload;
  const attributes = mergedAttributes(current.attributes, delta.attributes);
  if (attributes !== undefined) merged.attributes = attributes;
  return merged as unknown as Part;
}

function optional(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  if (value !== undefined) target[key] = value;
  return target;
}

/** The part at a slot after a delta of the same type. */
export function mergeDelta(current: Part, delta: Part): Part {
  switch (current.type) {
    case "text":
      return withCommon({ type: "text", text: current.text + (delta as typeof current).text }, current, delta);
    case "reasoning": {
      const reasoning = delta as typeof current;
      const merged = optional({ type: "reasoning" }, "text", appendNullable(current.text, reasoning.text));
      return withCommon(optional(merged, "summary", appendNullable(current.summary, reasoning.summary)), current, delta);
    }
    case "tool_call": {
      const call = (delta as typeof current).toolCall;
      const toolCall = {
        id: nonEmpty(current.toolCall.id, call.id),
        type: current.toolCall.type,
        name: nonEmpty(current.toolCall.name, call.name),
        arguments: current.toolCall.arguments + call.arguments,
      };
      return withCommon({ type: "tool_call", toolCall }, current, delta);
    }
    case "tool_result": {
      const result = delta as typeof current;
      const merged: Record<string, unknown> = { type: "tool_result" };
      optional(merged, "id", nonEmptyNullable(current.id, result.id));
      optional(merged, "name", nonEmptyNullable(current.name, result.name));
      merged.content = [...current.content, ...result.content];
      merged.isError = current.isError || result.isError;
      return withCommon(merged, current, delta);
    }
    case "media": {
      const media = (delta as typeof current).media;
      const merged: Record<string, unknown> = optional({}, "id", nonEmptyNullable(current.media.id, media.id));
      merged.mimeType = nonEmpty(current.media.mimeType, media.mimeType);
      optional(merged, "name", nonEmptyNullable(current.media.name, media.name));
      merged.data = current.media.data + media.data;
      merged.dataKind = current.media.dataKind;
      return withCommon({ type: "media", media: merged }, current, delta);
    }
    case "unknown": {
      const unknown = delta as typeof current;
      return withCommon({
        type: "unknown",
        provider: nonEmpty(current.provider, unknown.provider),
        kind: nonEmpty(current.kind, unknown.kind),
        rawJson: current.rawJson + unknown.rawJson,
      }, current, delta);
    }
    default:
      return unreachable(current, "part");
  }
}
