// Order-sensitive equality of parts and messages. Media compares by value (bytes by content, the display
// name excluded), an absent payload equals a null one, and absent attributes equal empty ones.
import type { Attributes, Media, Message, OpaquePayload, Part } from "../../generated/types.js";
import { base64ToBytes } from "../bytes/base64.js";
import { bytesEqual } from "../bytes/byte-arrays.js";
import { unreachable } from "./part-kinds.js";

function payloadsEqual(left: OpaquePayload | null | undefined, right: OpaquePayload | null | undefined): boolean {
  if (left == null || right == null) return left == null && right == null;
  return left.provider === right.provider && left.kind === right.kind && left.data === right.data;
}

function attributesEqual(left: Attributes | undefined, right: Attributes | undefined): boolean {
  const leftKeys = left ? Object.keys(left) : [];
  const rightKeys = right ? Object.keys(right) : [];
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every((key) => right !== undefined && Object.hasOwn(right, key) && right[key] === left?.[key]);
}

/** Media equality: id, MIME type and data kind, and the data itself (decoded bytes for `bytes`). */
export function mediaEqual(left: Media, right: Media): boolean {
  if ((left.id ?? null) !== (right.id ?? null)) return false;
  if (left.mimeType !== right.mimeType || left.dataKind !== right.dataKind) return false;
  if (left.dataKind !== "bytes") return left.data === right.data;
  return left.data === right.data || bytesEqual(base64ToBytes(left.data), base64ToBytes(right.data));
}

/** Structural equality of two parts under the rules above, recursing into tool-result content. */
export function partsEqual(left: Part, right: Part): boolean {
  if (left.type !== right.type) return false;
  if (!payloadsEqual(left.payload, right.payload) || !attributesEqual(left.attributes, right.attributes)) return false;
  switch (left.type) {
    case "text":
      return left.text === (right as typeof left).text;
    case "reasoning": {
      const other = right as typeof left;
      return (left.text ?? null) === (other.text ?? null) && (left.summary ?? null) === (other.summary ?? null);
    }
    case "tool_call": {
      const [call, otherCall] = [left.toolCall, (right as typeof left).toolCall];
      return call.id === otherCall.id && call.type === otherCall.type && call.name === otherCall.name
        && call.arguments === otherCall.arguments;
    }
    case "tool_result": {
      const other = right as typeof left;
      return (left.id ?? null) === (other.id ?? null) && (left.name ?? null) === (other.name ?? null)
        && left.isError === other.isError && partListsEqual(left.content, other.content);
    }
    case "media":
      return mediaEqual(left.media, (right as typeof left).media);
    case "unknown": {
      const other = right as typeof left;
      return left.provider === other.provider && left.kind === other.kind && left.rawJson === other.rawJson;
    }
    default:
      return unreachable(left, "part");
  }
}

/** Equality of two part lists: same length, equal parts at every position. */
export function partListsEqual(left: readonly Part[], right: readonly Part[]): boolean {
  return left.length === right.length && left.every((part, index) => partsEqual(part, right[index] as Part));
}

/** Equality of JSON values: object member order does not matter, array order does. */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  return leftKeys.length === rightKeys.length && leftKeys.every(
    (key) => Object.hasOwn(right, key) && jsonEqual((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
  );
}

/** Message equality: role, parts in order, and metadata (absent equals empty). */
export function messagesEqual(left: Message, right: Message): boolean {
  return left.role === right.role && partListsEqual(left.parts, right.parts)
    && jsonEqual(left.metadata ?? {}, right.metadata ?? {});
}
