// Where each provider's opaque payloads sit in the AI SDK's providerMetadata / providerOptions: the key the
// `@ai-sdk/*` provider reads and writes, per payload kind (docs/convert-ui-message.md). One table, so the
// ModelMessage converter can share it; a payload with no entry travels in the `partwise` side channel.
import type { Attributes, OpaquePayload } from "../../../generated/types.js";
import type { UiMessageProviderMetadata } from "../../../generated/formats/ui-message.js";

/** One payload kind as an `@ai-sdk/*` provider holds it: `providerMetadata[providerKey][metadataKey]`. */
export interface ProviderMetadataKey {
  /** The partwise provider id (`payload.provider`). */
  readonly provider: string;
  /** The partwise payload kind. */
  readonly kind: string;
  /** The AI SDK provider key (`anthropic`, `openai`, `google`, `bedrock`). */
  readonly providerKey: string;
  /** The field under that key. */
  readonly metadataKey: string;
}

/** Payload kinds the AI SDK providers read back, checked against @ai-sdk/anthropic, openai, google and amazon-bedrock. */
export const PROVIDER_METADATA_KEYS: readonly ProviderMetadataKey[] = [
  { provider: "anthropic", kind: "signature", providerKey: "anthropic", metadataKey: "signature" },
  { provider: "anthropic", kind: "redacted_thinking", providerKey: "anthropic", metadataKey: "redactedData" },
  { provider: "openai.responses", kind: "encrypted_content", providerKey: "openai", metadataKey: "reasoningEncryptedContent" },
  { provider: "google", kind: "thought_signature", providerKey: "google", metadataKey: "thoughtSignature" },
  { provider: "bedrock", kind: "signature", providerKey: "bedrock", metadataKey: "signature" },
  // Converse `reasoningContent.redactedContent`; @ai-sdk/amazon-bedrock's `redactedData` is the other shape (`redactedReasoning.data`).
  { provider: "bedrock", kind: "redacted_content", providerKey: "bedrock", metadataKey: "redactedContent" },
];

/** Attributes the AI SDK providers hold in metadata: the OpenAI Responses item id (`openai.itemId`). */
export const ATTRIBUTE_METADATA_KEYS: readonly { readonly provider: string; readonly attribute: string; readonly providerKey: string; readonly metadataKey: string }[] = [
  { provider: "openai.responses", attribute: "itemId", providerKey: "openai", metadataKey: "itemId" },
];

/** The provider metadata shape: provider key -> fields. */
export type ProviderMetadataRecord = UiMessageProviderMetadata;

/** The AI SDK metadata entry for a payload, or undefined when no AI SDK provider reads that kind. */
export function metadataKeyOf(payload: OpaquePayload): ProviderMetadataKey | undefined {
  return PROVIDER_METADATA_KEYS.find((entry) => entry.provider === payload.provider && entry.kind === payload.kind);
}

/** Writes `payload` and the mapped attributes into metadata; returns false when the payload has no AI SDK key. */
export function writeProviderMetadata(metadata: ProviderMetadataRecord, payload: OpaquePayload | null | undefined, attributes: Attributes | undefined): boolean {
  for (const entry of ATTRIBUTE_METADATA_KEYS) {
    const value = attributes?.[entry.attribute];
    if (attributes?.provider === entry.provider && value !== undefined) (metadata[entry.providerKey] ??= {})[entry.metadataKey] = value;
  }
  if (payload === null || payload === undefined) return true;
  const entry = metadataKeyOf(payload);
  if (entry === undefined) return false;
  (metadata[entry.providerKey] ??= {})[entry.metadataKey] = payload.data;
  return true;
}

/** The payload and attributes the AI SDK metadata holds (the first payload key found, in table order). */
export function readProviderMetadata(metadata: ProviderMetadataRecord | undefined): { payload?: OpaquePayload; attributes: Attributes } {
  const attributes: Attributes = {};
  if (metadata === undefined) return { attributes };
  for (const entry of ATTRIBUTE_METADATA_KEYS) {
    const value = metadata[entry.providerKey]?.[entry.metadataKey];
    if (typeof value === "string") Object.assign(attributes, { provider: entry.provider, [entry.attribute]: value });
  }
  for (const entry of PROVIDER_METADATA_KEYS) {
    const value = metadata[entry.providerKey]?.[entry.metadataKey];
    if (typeof value === "string") return { payload: { provider: entry.provider, kind: entry.kind, data: value }, attributes };
  }
  return { attributes };
}

/** The `providerKey.metadataKey` entries of metadata that no payload or attribute takes (null values aside), for a warning. */
export function unreadMetadataKeys(metadata: ProviderMetadataRecord | undefined, sideChannelKey: string): string[] {
  if (metadata === undefined) return [];
  const read = new Set([...PROVIDER_METADATA_KEYS, ...ATTRIBUTE_METADATA_KEYS].map((entry) => `${entry.providerKey}.${entry.metadataKey}`));
  return Object.entries(metadata).flatMap(([providerKey, fields]) => providerKey === sideChannelKey ? [] : Object.entries(fields)
    .filter(([metadataKey, value]) => value !== null && value !== undefined && !read.has(`${providerKey}.${metadataKey}`))
    .map(([metadataKey]) => `${providerKey}.${metadataKey}`));
}
