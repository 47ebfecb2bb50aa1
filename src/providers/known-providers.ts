// The providers partwise knows, by id: the descriptions of spec/providers (providers.json) and the
// registrations made at run time through registry.ts (registerProvider). The replay rules, the content
// rules, the replay checks and codecFor look providers up here, a Map lookup per question.
import { providersDocument } from "../../generated/providers.js";
import type { ProviderDescription } from "../../generated/types.js";
import type { ProviderRegistration } from "./provider-registration.js";

const builtInDescriptions: ReadonlyMap<string, ProviderDescription> = new Map(providersDocument.providers.map((provider) => [provider.id, provider]));

/**
 * The registered providers, one table for every copy of partwise in the process: a provider module
 * bundled with its own copy (what `partwise --provider-module` loads) reads the rules of its provider
 * from the table the command registered it in. Keyed by a global symbol, like the PartwiseError brand.
 */
const REGISTRATIONS = Symbol.for("partwise.registered-providers");
const registrations = ((globalThis as { [REGISTRATIONS]?: Map<string, ProviderRegistration> })[REGISTRATIONS] ??= new Map<string, ProviderRegistration>());

/** The description of a provider id, built-in or registered; undefined for an id no provider has. */
export function describedProvider(id: string): ProviderDescription | undefined {
  return builtInDescriptions.get(id) ?? registrations.get(id)?.description;
}

/** True when `id` names a provider partwise knows now: a built-in one or one registered at run time. */
export function isKnownProviderId(id: unknown): id is string {
  return typeof id === "string" && (builtInDescriptions.has(id) || registrations.has(id));
}

/** True when `id` names a provider of spec/providers. */
export function isBuiltInProviderId(id: string): boolean {
  return builtInDescriptions.has(id);
}

/** The ids of every provider known now: the built-in ones in the spec's order, then the registered ones in registration order. */
export function knownProviderIds(): string[] {
  return [...builtInDescriptions.keys(), ...registrations.keys()];
}

/** The registration of a provider registered at run time. */
export function registeredProvider(id: string): ProviderRegistration | undefined {
  return registrations.get(id);
}

/** Adds (a registration) or removes (undefined) a registered provider; only registry.ts calls it, after its checks. */
export function setRegistration(id: string, registration: ProviderRegistration | undefined): boolean {
  if (registration !== undefined) registrations.set(id, registration);
  return registration !== undefined || registrations.delete(id);
}
