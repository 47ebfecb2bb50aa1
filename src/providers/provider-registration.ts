// What registerProvider takes (a codec and its provider's description) and the checks a registration
// passes before registry.ts accepts it: a value from a user's module is checked, never trusted, so a bad one
// is a `provider/invalid-registration` naming the id and the problem (docs/custom-providers.md).
import type { ProviderDescription } from "../../generated/types.js";
import { validateProviderDescription } from "../../generated/validators.js";
import { PartwiseError } from "../errors/partwise-error.js";
import { GENERIC_CHECKS } from "../lint/generic-checks.js";
import { describeSchemaErrors } from "../json/describe-schema-error.js";
import { FUTURE_PART_PROVIDER } from "../parts/part-kinds.js";
import type { ProviderCodec } from "./provider-codec.js";

/** A provider written outside partwise: its codec and its description (one entry of providers.json, compiled from its `.tsp` file). */
export interface ProviderRegistration {
  readonly codec: ProviderCodec;
  readonly description: ProviderDescription;
}

/** One provider known to the registry. */
export interface ProviderListing {
  readonly id: string;
  readonly displayName: string;
  /** True for the providers of spec/providers, false for those registered at run time. */
  readonly builtIn: boolean;
  /** The payload kinds the provider issues. */
  readonly payloadKinds: readonly string[];
}

/** What the checks need to know of the registry. */
export interface RegistryState {
  isBuiltIn(id: string): boolean;
  registered(id: string): ProviderRegistration | undefined;
}

/** The form of a provider id, as the TypeSpec library's @provider checks it (spec/lib/src/index.js). */
const PROVIDER_ID_PATTERN = /^[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)*$/;

const CODEC_FUNCTIONS = ["decodeResponse", "createStreamDecoder", "createWireReader", "wireEventFromJson", "encodeRequest", "declareTools"] as const satisfies readonly (keyof ProviderCodec)[];
const CODEC_OBJECTS = ["endpoint", "errors", "reasoningRequest"] as const satisfies readonly (keyof ProviderCodec)[];

function invalidRegistration(message: string, details: Record<string, unknown>, provider?: string): PartwiseError {
  return new PartwiseError("provider/invalid-registration", message, { ...(provider === undefined ? {} : { provider }), details });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The description, checked against the spec's ProviderDescription schema and the rules encoders rely on. */
function checkedDescription(value: unknown): ProviderDescription {
  if (!validateProviderDescription(value)) {
    const problem = describeSchemaErrors(validateProviderDescription.errors);
    const id = isObject(value) && typeof value.id === "string" ? value.id : undefined;
    throw invalidRegistration(`the description${id === undefined ? "" : ` of provider "${id}"`} is not a ProviderDescription: ${problem.pointer || "/"}: ${problem.expected}`, { pointer: problem.pointer }, id);
  }
  const description = value as ProviderDescription;
  if (!PROVIDER_ID_PATTERN.test(description.id)) {
    throw invalidRegistration(`provider id ${JSON.stringify(description.id)} must be lower-case letters and digits, in dot-separated words each starting with a letter (as @provider requires)`, { id: description.id });
  }
  if (description.id === FUTURE_PART_PROVIDER) throw invalidRegistration(`provider id "${FUTURE_PART_PROVIDER}" is reserved: it names parts of a later format version`, { id: description.id }, description.id);
  // Encoders ask for the `default` rule set when the caller names no variant.
  if (!Object.hasOwn(description.replay, "default")) {
    throw invalidRegistration(`provider "${description.id}" has no \`default\` replay rules (variants: ${Object.keys(description.replay).join(", ") || "none"})`, { variants: Object.keys(description.replay) }, description.id);
  }
  return description;
}

/** The codec, checked to have every member the registry's users call and the description's id. */
function checkedCodec(value: unknown, id: string): ProviderCodec {
  if (!isObject(value)) throw invalidRegistration(`the codec of provider "${id}" is not an object`, { codec: typeof value }, id);
  if (value.id !== id) throw invalidRegistration(`the codec's id ${JSON.stringify(value.id)} differs from its description's id "${id}"`, { codecId: value.id }, id);
  const missing = [
    ...CODEC_FUNCTIONS.filter((member) => typeof value[member] !== "function"),
    ...CODEC_OBJECTS.filter((member) => !isObject(value[member])),
  ];
  if (missing.length > 0) throw invalidRegistration(`the codec of provider "${id}" lacks ${missing.join(", ")} (see ProviderCodec)`, { missing }, id);
  return value as unknown as ProviderCodec;
}

/** Every request rule of the description names a check the codec's lint or the generic checks have, or lint could not run it. */
function checkRequestRules(description: ProviderDescription, codec: ProviderCodec): void {
  const own = codec.lint?.checks ?? {};
  for (const [variant, rules] of Object.entries(description.requests ?? {})) {
    const rule = rules.find((candidate) => !Object.hasOwn(own, candidate.check) && !Object.hasOwn(GENERIC_CHECKS, candidate.check));
    if (rule) {
      const known = [...Object.keys(own), ...Object.keys(GENERIC_CHECKS)];
      throw invalidRegistration(`request rule ${rule.id} (${variant}) of provider "${description.id}" names check "${rule.check}", which neither the codec's lint nor the generic checks have (known: ${known.join(", ")})`, { rule: rule.id, check: rule.check, known }, description.id);
    }
  }
}

/**
 * The registration to store, a copy of its description so later edits of the caller's object change
 * nothing; undefined when the same codec and description are registered already (a no-op). Throws
 * `provider/invalid-registration` otherwise.
 */
export function checkedRegistration(value: unknown, registry: RegistryState): ProviderRegistration | undefined {
  if (!isObject(value)) throw invalidRegistration(`a provider registration is an object { codec, description }, not ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`, {});
  const description = checkedDescription(value.description);
  const { id } = description;
  const codec = checkedCodec(value.codec, id);
  checkRequestRules(description, codec);
  if (registry.isBuiltIn(id)) throw invalidRegistration(`provider "${id}" is built into partwise; a registered provider needs an id of its own`, { id }, id);
  const existing = registry.registered(id);
  if (existing !== undefined) {
    if (existing.codec === codec && JSON.stringify(existing.description) === JSON.stringify(description)) return undefined;
    const what = existing.codec === codec ? "another description" : "another codec";
    throw invalidRegistration(`provider "${id}" is registered already, with ${what} (unregisterProvider("${id}") first to replace it)`, { id }, id);
  }
  return { codec, description: structuredClone(description) };
}

/** How listProviders shows a provider. */
export function registrationListing(description: ProviderDescription, builtIn: boolean): ProviderListing {
  return { id: description.id, displayName: description.displayName, builtIn, payloadKinds: description.payloadKinds.map((kind) => kind.kind) };
}
