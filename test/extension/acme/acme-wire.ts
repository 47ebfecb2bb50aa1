// The wire of the Acme Think API (acme.tsp) as TypeScript, and the one mapping from an item to a part that
// both decoders use. Written as a user's project would, importing partwise's public exports only.
import { PartwiseError, type Part, type ResponseInfo } from "../../../src/index.js";

export const ACME = "acme";

/** The payload kind of a thought's seal (acme.tsp `@payloadKind("seal", ...)`). */
export const SEAL = "seal";

// The wire types are generated from acme.tsp (`partwise generate --provider acme.tsp --out generated`).
import type { AcmeCall, AcmeOtherItem, AcmeReply, AcmeResult, AcmeSay, AcmeThought } from "./generated/acme.js";
export type { AcmeCall, AcmeOtherItem, AcmeRequest, AcmeResult, AcmeSay, AcmeThought, AcmeTool, AcmeTurn, AcmeUsage } from "./generated/acme.js";
export type AcmeReplyItem = AcmeThought | AcmeSay | AcmeCall;
export type AcmeTurnItem = AcmeReplyItem | AcmeResult | AcmeOtherItem;
export type AcmeStop = AcmeReply["stop"];

/** Where a wire value sits: its JSON pointer in the reply or event, and the stream offset of the event. */
export interface WireLocation {
  readonly pointer: string;
  readonly position?: number;
}

export function invalidAcmeWire(message: string, location: WireLocation): PartwiseError {
  return new PartwiseError("provider/invalid-wire", `acme: ${message}`, { provider: ACME, pointer: location.pointer, ...(location.position === undefined ? {} : { position: location.position }) });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string field of a wire object, or `provider/invalid-wire` naming it. */
export function stringField(object: Record<string, unknown>, field: string, location: WireLocation): string {
  const value = object[field];
  if (typeof value !== "string") throw invalidAcmeWire(`expected a string at ${location.pointer}/${field}`, location);
  return value;
}

/** A wire object, or `provider/invalid-wire` naming what it is instead. */
export function wireObject(value: unknown, what: string, location: WireLocation): Record<string, unknown> {
  if (!isRecord(value)) throw invalidAcmeWire(`expected ${what} (an object) at ${location.pointer || "/"}`, location);
  return value;
}

/** The part of one reply item: a sealed thought is reasoning with its seal as payload; an item of another type an unknown part. */
export function itemToPart(value: unknown, location: WireLocation): Part {
  const item = wireObject(value, "an item", location);
  const type = stringField(item, "type", location);
  switch (type) {
    case "thought": {
      const seal = stringField(item, "seal", location);
      const text = stringField(item, "text", location);
      return seal === "" ? { type: "reasoning", text } : { type: "reasoning", text, payload: { provider: ACME, kind: SEAL, data: seal } };
    }
    case "say":
      return { type: "text", text: stringField(item, "text", location) };
    case "call":
      return { type: "tool_call", toolCall: { id: stringField(item, "call_id", location), type: "function", name: stringField(item, "tool", location), arguments: stringField(item, "input", location) } };
    default:
      return { type: "unknown", provider: ACME, kind: type, rawJson: JSON.stringify(item) };
  }
}

const FINISH_REASONS: Readonly<Record<AcmeStop, NonNullable<ResponseInfo["finishReason"]>>> = { end: "stop", tool: "tool_calls", max: "length" };

/** The response information of a reply or of its `start` and `finish` events. */
export function acmeInfo(fields: { readonly id?: unknown; readonly model?: unknown; readonly stop?: unknown; readonly usage?: unknown }): ResponseInfo {
  const info: ResponseInfo = {};
  if (typeof fields.id === "string") info.responseId = fields.id;
  if (typeof fields.model === "string") info.model = fields.model;
  if (typeof fields.stop === "string") {
    info.rawFinishReason = fields.stop;
    info.finishReason = Object.hasOwn(FINISH_REASONS, fields.stop) ? FINISH_REASONS[fields.stop as AcmeStop] : "other";
  }
  if (isRecord(fields.usage) && typeof fields.usage.in === "number" && typeof fields.usage.out === "number") {
    info.usage = { inputTokens: fields.usage.in, outputTokens: fields.usage.out, totalTokens: fields.usage.in + fields.usage.out };
  }
  return info;
}
