// The provider descriptions (one entry of providers.json each) by id: those of spec/providers and those
// registered at run time through registry.ts (registerProvider). The replay rules, the content rules and
// the replay checks look providers up here, one Map lookup per question (docs/custom-providers.md).
import { providersDocument } from "../../generated/providers.js";
import type { ProviderDescription } from "../../generated/types.js";

const builtInDescriptions: ReadonlyMap<string, ProviderDescription> = new Map(providersDocument.providers.map((provider) => [provider.id, provider]));

const descriptions = new Map<string, ProviderDescription>(builtInDescriptions);

/** The description of a provider id, built-in or registered; undefined for an id no provider has. */
export function describedProvider(id: string): ProviderDescription | undefined {
  return descriptions.get(id);
}

/** True when `id` names a provider partwise knows now: a built-in one or one registered at run time. */
export function isKnownProviderId(id: unknown): id is string {
  return typeof id === "string" && descriptions.has(id);
}

/** True when `id` names a provider of spec/providers (registering it is refused). */
export function isBuiltInProviderId(id: string): boolean {
  return builtInDescriptions.has(id);
}

/** The ids of every provider known now, built-in ones first, for error messages and listings. */
export function knownProviderIds(): string[] {
  return [...descriptions.keys()];
}

/** Adds or removes the description of a registered provider; only registry.ts calls it, after its checks. */
export function setRegisteredDescription(id: string, description: ProviderDescription | undefined): void {
  if (builtInDescriptions.has(id)) return;
  if (description === undefined) descriptions.delete(id);
  else descriptions.set(id, description);
}
