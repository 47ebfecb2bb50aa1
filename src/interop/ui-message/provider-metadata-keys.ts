// A UI part's providerMetadata read and written with the one table of where each @ai-sdk provider keeps
// partwise's payloads and item ids (../ai-sdk/provider-keys.ts, shared with the ModelMessage converter;
// docs/convert-ui-message.md). A payload with no entry travels in the `partwise` side channel.
import type { Attributes, OpaquePayload } from "../../../generated/types.js";
import type { UiMessageProviderMetadata } from "../../../generated/formats/ui-message.js";
import { type AiSdkPayloadPart, type PayloadField, ITEM_FACT_FIELDS, ITEM_FACTS_PROVIDER, PAYLOAD_FIELDS } from "../ai-sdk/provider-keys.js";

/** The provider metadata shape: provider key -> fields. */
export type ProviderMetadataRecord = UiMessageProviderMetadata;

/** providerMetadata keys by partwise provider id: `providerKeys()` of ../ai-sdk/provider-keys.ts, overridable. */
export type ProviderKeys = Readonly<Record<string, string>>;

/** The providerMetadata key of the OpenAI Responses item facts (`openai` by default). */
export function itemFactsKey(keys: ProviderKeys): string {
  return keys[ITEM_FACTS_PROVIDER] ?? ITEM_FACTS_PROVIDER;
}

/** The table entry for a payload on a UI part of `place`, or undefined when no AI SDK provider reads that kind there. */
export function metadataKeyOf(payload: OpaquePayload, place: AiSdkPayloadPart): PayloadField | undefined {
  return PAYLOAD_FIELDS.find((entry) => entry.provider === payload.provider && entry.kind === payload.kind && entry.parts.includes(place));
}

/** Writes `payload` and the item facts into metadata; returns false when the payload has no AI SDK key on `place`. */
export function writeProviderMetadata(metadata: ProviderMetadataRecord, payload: OpaquePayload | null | undefined, attributes: Attributes | undefined, place: AiSdkPayloadPart, keys: ProviderKeys): boolean {
  if (attributes?.provider === ITEM_FACTS_PROVIDER && place !== "file") {
    for (const { attribute, field } of ITEM_FACT_FIELDS) {
      const value = attributes[attribute];
      if (value !== undefined) (metadata[itemFactsKey(keys)] ??= {})[field] = value;
    }
  }
  if (payload === null || payload === undefined) return true;
  const entry = metadataKeyOf(payload, place);
  if (entry === undefined) return false;
  (metadata[keys[entry.provider] ?? entry.provider] ??= {})[entry.field] = payload.data;
  return true;
}

/** The payload and attributes the AI SDK metadata of a `place` part holds (the first payload field found, in table order). */
export function readProviderMetadata(metadata: ProviderMetadataRecord | undefined, place: AiSdkPayloadPart, keys: ProviderKeys): { payload?: OpaquePayload; attributes: Attributes } {
  const attributes: Attributes = {};
  if (metadata === undefined) return { attributes };
  if (place !== "file") {
    for (const { attribute, field } of ITEM_FACT_FIELDS) {
      const value = metadata[itemFactsKey(keys)]?.[field];
      if (typeof value === "string") Object.assign(attributes, { provider: ITEM_FACTS_PROVIDER, [attribute]: value });
    }
  }
  for (const entry of PAYLOAD_FIELDS) {
    const value = entry.parts.includes(place) ? metadata[keys[entry.provider] ?? entry.provider]?.[entry.field] : undefined;
    if (typeof value === "string") return { payload: { provider: entry.provider, kind: entry.kind, data: value }, attributes };
  }
  return { attributes };
}

/** The `providerKey.field` entries of metadata that no payload or attribute of the table takes (null values aside), for a warning. */
export function unreadMetadataKeys(metadata: ProviderMetadataRecord | undefined, sideChannelKey: string, keys: ProviderKeys): string[] {
  if (metadata === undefined) return [];
  const read = new Set([
    ...PAYLOAD_FIELDS.map((entry) => `${keys[entry.provider] ?? entry.provider}.${entry.field}`),
    ...ITEM_FACT_FIELDS.map((entry) => `${itemFactsKey(keys)}.${entry.field}`),
  ]);
  return Object.entries(metadata).flatMap(([providerKey, fields]) => providerKey === sideChannelKey ? [] : Object.entries(fields)
    .filter(([field, value]) => value !== null && value !== undefined && !read.has(`${providerKey}.${field}`))
    .map(([field]) => `${providerKey}.${field}`));
}
