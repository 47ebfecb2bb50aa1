// Where each @ai-sdk provider reads and writes partwise's payloads: its providerOptions / providerMetadata
// key and the field of each payload kind, read from the providers' own source (docs/convert-ai-sdk.md).
// One table, so the converters never switch over provider names.

/** The AI SDK part types partwise maps payloads on. */
export type AiSdkPayloadPart = "text" | "reasoning" | "tool-call" | "file";

/** One payload kind of one partwise provider, and the field of `providerOptions[key]` the AI SDK keeps it in. */
export interface PayloadField {
  /** The partwise provider id (`payload.provider`). */
  readonly provider: string;
  /** The partwise payload kind. */
  readonly kind: string;
  /** The field of the provider's options object. */
  readonly field: string;
  /** The AI SDK parts that provider reads the field on. */
  readonly parts: readonly AiSdkPayloadPart[];
}

/**
 * The providerOptions key of each partwise provider id, as the @ai-sdk provider names it by default
 * (`createVertex` uses `vertex`, `createAzure` uses `azure`: pass them in `providerKeys`). Order matters
 * for reading: the first provider of a key wins (`openai` is read as Responses, whose payloads it carries).
 */
export const DEFAULT_PROVIDER_KEYS: Readonly<Record<string, string>> = {
  anthropic: "anthropic",
  "openai.responses": "openai",
  google: "google",
  bedrock: "bedrock",
  "openai.chat": "openai",
  deepseek: "deepseek",
  mistral: "mistral",
  ollama: "ollama",
};

/**
 * The payload fields the providers read on requests and write in `providerMetadata`:
 * @ai-sdk/anthropic `signature` / `redactedData` on reasoning; @ai-sdk/openai (Responses)
 * `reasoningEncryptedContent` on reasoning; @ai-sdk/google `thoughtSignature` on text, reasoning, tool
 * calls and inline files; @ai-sdk/amazon-bedrock `signature` / `redactedContent` on reasoning (its `redactedData` is the
 * `redactedReasoning` block, which partwise has no payload kind for).
 */
export const PAYLOAD_FIELDS: readonly PayloadField[] = [
  { provider: "anthropic", kind: "signature", field: "signature", parts: ["reasoning"] },
  { provider: "anthropic", kind: "redacted_thinking", field: "redactedData", parts: ["reasoning"] },
  { provider: "openai.responses", kind: "encrypted_content", field: "reasoningEncryptedContent", parts: ["reasoning"] },
  { provider: "google", kind: "thought_signature", field: "thoughtSignature", parts: ["text", "reasoning", "tool-call", "file"] },
  { provider: "bedrock", kind: "signature", field: "signature", parts: ["reasoning"] },
  { provider: "bedrock", kind: "redacted_content", field: "redactedContent", parts: ["reasoning"] },
];

/** Payload kinds that stand for reasoning whose text is hidden (the AI SDK writes them with an empty text). */
export const REDACTED_KINDS: ReadonlySet<string> = new Set(["anthropic/redacted_thinking", "bedrock/redacted_content", "openai.responses/encrypted_content"]);

/** The provider whose options carry the OpenAI Responses item facts (`itemId`, `phase`) partwise keeps as attributes. */
export const ITEM_FACTS_PROVIDER = "openai.responses";

/** The Responses item attributes and the `providerOptions.openai` fields the AI SDK keeps them in. */
export const ITEM_FACT_FIELDS: readonly { readonly attribute: string; readonly field: string }[] = [
  { attribute: "itemId", field: "itemId" },
  { attribute: "phase", field: "phase" },
];

/** The providerOptions key partwise keeps its own pieces under; no AI SDK provider reads it. */
export const PARTWISE_KEY = "partwise";

/** Provider id -> key, the defaults overridden by the caller's `providerKeys`. */
export function providerKeys(overrides: Readonly<Record<string, string>> = {}): Readonly<Record<string, string>> {
  return { ...DEFAULT_PROVIDER_KEYS, ...overrides };
}

/** Key -> provider ids, in table order (overrides first), for reading `providerOptions` back. */
export function providersByKey(keys: Readonly<Record<string, string>>, overrides: Readonly<Record<string, string>> = {}): ReadonlyMap<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const [provider, key] of [...Object.entries(overrides), ...Object.entries(keys)]) {
    const providers = byKey.get(key) ?? [];
    if (!providers.includes(provider)) providers.push(provider);
    byKey.set(key, providers);
  }
  return byKey;
}
