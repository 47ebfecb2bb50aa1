// The one place that knows providers: the codecs partwise ships, by provider id, those registered at run
// time (registerProvider, docs/custom-providers.md), and for providers with more than one server the codec
// of a server profile or endpoint. The CLI, the chat client and the HTTP client look codecs up here.
import { anthropicCodec } from "./anthropic/index.js";
import { bedrockCodec } from "./bedrock/index.js";
import { OPENAI_RESPONSES_PROFILES, type OpenAiResponsesProfileName, createOpenAiResponsesCodec, openAiResponsesCodec } from "./openai-responses/index.js";
import { type GoogleEndpoint, createGoogleCodec, googleCodec } from "./google/index.js";
import { OPENAI_CHAT_PROFILES, type OpenAiChatProfileName, createOpenAiChatCodec, openAiChatCodec } from "./openai-chat/index.js";
import { deepSeekCodec } from "./deepseek/index.js";
import { mistralCodec } from "./mistral/index.js";
import { ollamaCodec } from "./ollama/index.js";
import type { ProviderDescription } from "../../generated/types.js";
import type { ProviderCodec } from "./provider-codec.js";
import { describedProvider, isBuiltInProviderId, knownProviderIds, registeredProvider, setRegistration } from "./known-providers.js";
import { checkedRegistration, type ProviderListing, type ProviderRegistration, registrationListing } from "./provider-registration.js";
import { UsageError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";

export type { ProviderListing, ProviderRegistration };

export const providerCodecs: Readonly<Record<string, ProviderCodec>> = {
  [anthropicCodec.id]: anthropicCodec,
  [mistralCodec.id]: mistralCodec,
  [ollamaCodec.id]: ollamaCodec,
  [bedrockCodec.id]: bedrockCodec,
  [openAiResponsesCodec.id]: openAiResponsesCodec,
  [googleCodec.id]: googleCodec,
  [openAiChatCodec.id]: openAiChatCodec,
  [deepSeekCodec.id]: deepSeekCodec,
};

/** The built-in codecs' own types by id, so `codecFor("anthropic")` encodes a body typed by the fields given. */
export interface BuiltInCodecs {
  readonly anthropic: typeof anthropicCodec;
  readonly bedrock: typeof bedrockCodec;
  readonly deepseek: typeof deepSeekCodec;
  readonly google: typeof googleCodec;
  readonly mistral: typeof mistralCodec;
  readonly ollama: typeof ollamaCodec;
  readonly "openai.chat": typeof openAiChatCodec;
  readonly "openai.responses": typeof openAiResponsesCodec;
}

/** True for a union of several ids (the check of each member against the whole is false for some). */
type IsUnion<Type, Whole = Type> = Type extends unknown ? ([Whole] extends [Type] ? false : true) : never;

/**
 * The codec type codecFor returns for an id: the built-in's own type for one literal id; for a union of ids
 * (a `ProviderId` variable) the untyped codec, since a union of encoders takes only what all of them take.
 */
export type BuiltInCodecOf<Id extends keyof BuiltInCodecs> = true extends IsUnion<Id> ? ProviderCodec : BuiltInCodecs[Id];

/** The built-in codecs by id: codecFor's first lookup; a registered provider's codec is its second. */
const builtInCodecs: ReadonlyMap<string, ProviderCodec> = new Map(Object.entries(providerCodecs));

/**
 * Registers a provider written outside partwise: its codec and its description (one entry of
 * providers.json, as `partwise generate --provider FILE.tsp` compiles it). From then on codecFor, the
 * replay and content rules, validation (its payload provider id, `--target`), the chat and HTTP clients
 * accept its id like a built-in one. Registering the same codec and description again does nothing;
 * `provider/invalid-registration` for a description the schema refuses, a codec that lacks a member or
 * names another id, a built-in provider's id, or an id already registered with another codec.
 */
export function registerProvider(registration: ProviderRegistration): void {
  const checked = checkedRegistration(registration, { isBuiltIn: isBuiltInProviderId, registered: registeredProvider });
  if (checked !== undefined) setRegistration(checked.description.id, checked);
}

/**
 * Removes a provider registered with registerProvider, for tests that register one and must leave the
 * process as they found it; true when it was registered. Built-in providers stay.
 */
export function unregisterProvider(id: string): boolean {
  return registeredProvider(id) !== undefined && setRegistration(id, undefined);
}

/** Every provider known now: the built-in ones in the spec's order, then the registered ones in registration order. */
export function listProviders(): ProviderListing[] {
  return knownProviderIds().map((id) => registrationListing(describedProvider(id) as ProviderDescription, isBuiltInProviderId(id)));
}

/** Which server a codec is for, where a provider has more than one: a server profile, an endpoint. */
export interface CodecChoice {
  /** openai.chat and openai.responses: the server profile (`openrouter`, `vllm`, `deepseek`, ...). */
  readonly profile?: string;
  /** google: the endpoint (`gemini-api`, the default, or `vertex-ai`). */
  readonly endpoint?: string;
}

/** The providers with more than one server, their choices, and the codec for a choice. */
const choices: Readonly<Record<string, { readonly option: keyof CodecChoice; readonly values: readonly string[]; create(value: string): ProviderCodec }>> = {
  [openAiChatCodec.id]: { option: "profile", values: Object.keys(OPENAI_CHAT_PROFILES), create: (value) => createOpenAiChatCodec(value as OpenAiChatProfileName) },
  [openAiResponsesCodec.id]: { option: "profile", values: Object.keys(OPENAI_RESPONSES_PROFILES), create: (value) => createOpenAiResponsesCodec(value as OpenAiResponsesProfileName) },
  [googleCodec.id]: { option: "endpoint", values: ["gemini-api", "vertex-ai"] satisfies GoogleEndpoint[], create: (value) => createGoogleCodec({ endpoint: value as GoogleEndpoint }) },
};

/**
 * The codec of a provider id, for the server a choice names (the provider's default server without one),
 * or a usage error listing the known ids, profiles or endpoints.
 */
export function codecFor<Id extends keyof BuiltInCodecs>(provider: Id, choice?: CodecChoice): BuiltInCodecOf<Id>;
export function codecFor(provider: string, choice?: CodecChoice): ProviderCodec;
export function codecFor(provider: string, choice: CodecChoice = {}): ProviderCodec {
  const codec = builtInCodecs.get(provider) ?? registeredProvider(provider)?.codec;
  if (!codec) throw new UsageError(`unknown provider "${provider}" (known: ${knownProviderIds().sort().join(", ")})`);
  const given = (Object.keys(choice) as (keyof CodecChoice)[]).filter((option) => choice[option] !== undefined);
  if (given.length === 0) return codec;
  const servers = ownValue(choices, provider);
  const unsupported = given.find((option) => option !== servers?.option);
  if (!servers || unsupported !== undefined) {
    const takes = Object.entries(choices).map(([id, entry]) => `--${entry.option} for ${id}`).join(", ");
    throw new UsageError(`provider "${provider}" takes no --${unsupported ?? given[0]} (${takes})`);
  }
  const value = choice[servers.option] as string;
  if (!servers.values.includes(value)) throw new UsageError(`provider "${provider}" has no ${servers.option} "${value}" (known: ${servers.values.join(", ")})`);
  return servers.create(value);
}
