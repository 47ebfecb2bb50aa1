// Which Pydantic AI `provider_name` stands for which partwise provider, and where each provider's opaque
// payload sits in Pydantic AI's parts (pydantic_ai/models/<provider>.py send a signature back only to the
// `provider_name` that made it). Tables only: the converter looks names up here and never switches on them.
import type { OpaquePayload } from "../../../generated/types.js";

/** The `provider_name` Pydantic AI writes for the models of each partwise provider (`Provider.name`). */
export const PYDANTIC_PROVIDER_NAMES: Readonly<Record<string, string>> = {
  anthropic: "anthropic",
  "openai.responses": "openai",
  "openai.chat": "openai",
  google: "google",
  bedrock: "bedrock",
  mistral: "mistral",
  deepseek: "deepseek",
  ollama: "ollama",
};

/**
 * The partwise provider of each `provider_name`. Pydantic AI names both OpenAI APIs `openai`; its OpenAI
 * reasoning (ids, `encrypted_content` signatures) comes from the Responses API, so `openai` reads as
 * `openai.responses`. `google-gla` and `google-vertex` are the names before 2.0, `google-cloud` Vertex AI's.
 */
export const PARTWISE_PROVIDER_IDS: Readonly<Record<string, string>> = {
  anthropic: "anthropic",
  openai: "openai.responses",
  google: "google",
  "google-gla": "google",
  "google-vertex": "google",
  "google-cloud": "google",
  bedrock: "bedrock",
  mistral: "mistral",
  deepseek: "deepseek",
  ollama: "ollama",
};

/**
 * A payload that rides in `ThinkingPart.signature`. `redactedId` is the `id` Pydantic AI gives a redacted
 * block (the signature then holds its data); `utf8Data` means Pydantic AI keeps the bytes as UTF-8 text
 * where partwise keeps their base64 (Bedrock's `redactedContent`, decoded by models/bedrock.py).
 */
interface SignaturePayload {
  readonly provider: string;
  readonly kind: string;
  readonly redactedId?: string;
  readonly utf8Data?: boolean;
}

const SIGNATURE_PAYLOADS: readonly SignaturePayload[] = [
  { provider: "anthropic", kind: "signature" },
  { provider: "anthropic", kind: "redacted_thinking", redactedId: "redacted_thinking" },
  { provider: "bedrock", kind: "signature" },
  { provider: "bedrock", kind: "redacted_content", redactedId: "redacted_content", utf8Data: true },
  { provider: "openai.responses", kind: "encrypted_content" },
  { provider: "mistral", kind: "signature" },
];

/** The payload kind Pydantic AI keeps in `provider_details.thought_signature` (base64 text) on any response part. */
export const THOUGHT_SIGNATURE: { readonly provider: string; readonly kind: string } = { provider: "google", kind: "thought_signature" };

/** The `ThinkingPart.signature` mapping of a payload, or undefined when Pydantic AI has no place for it there. */
export function signatureSlot(payload: OpaquePayload): SignaturePayload | undefined {
  return SIGNATURE_PAYLOADS.find((entry) => entry.provider === payload.provider && entry.kind === payload.kind);
}

/** The payload a `ThinkingPart` signature stands for, given its provider and id. */
export function signaturePayloadFor(provider: string, id: string | null | undefined): SignaturePayload | undefined {
  const redacted = SIGNATURE_PAYLOADS.find((entry) => entry.provider === provider && entry.redactedId !== undefined && entry.redactedId === id);
  return redacted ?? SIGNATURE_PAYLOADS.find((entry) => entry.provider === provider && entry.redactedId === undefined);
}

/** True when a payload is Google's thought signature. */
export function isThoughtSignature(payload: OpaquePayload): boolean {
  return payload.provider === THOUGHT_SIGNATURE.provider && payload.kind === THOUGHT_SIGNATURE.kind;
}

/** The provider whose reasoning text Pydantic AI keeps as one summary per `ThinkingPart` (models/openai.py). */
export const SUMMARY_PROVIDER = "openai.responses";
