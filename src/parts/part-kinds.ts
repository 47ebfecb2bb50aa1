// The six part tags as runtime values, checked against the generated PartType so the list cannot drift
// from the spec, plus the exhaustiveness helper every switch over parts ends with.
import type { Part, PartType } from "../../generated/types.js";
import { InternalError } from "../errors/partwise-error.js";

/** The part tags of format version 1, in the spec's order. */
export const PART_TYPES = ["text", "reasoning", "tool_call", "tool_result", "media", "unknown"] as const;

// Fails to compile when the spec adds a part type that the list above lacks, or the list has one the spec lacks.
type MissingPartTypes = Exclude<PartType, (typeof PART_TYPES)[number]>;
type ExtraPartTypes = Exclude<(typeof PART_TYPES)[number], PartType>;
const _partTypesMatchSpec: [MissingPartTypes, ExtraPartTypes] extends [never, never] ? true : never = true;
void _partTypesMatchSpec;

const partTypeSet: ReadonlySet<string> = new Set(PART_TYPES);

/** True when `type` is one of the six part tags. */
export function isPartType(type: unknown): type is PartType {
  return typeof type === "string" && partTypeSet.has(type);
}

/** The part of a given tag. */
export type PartOf<T extends PartType> = Extract<Part, { type: T }>;

/**
 * Ends an exhaustive switch: compiles only when every case is handled, and throws `internal/unreachable`
 * if reached at run time (a value that bypassed validation), naming what was met.
 */
export function unreachable(value: never, what = "value"): never {
  throw new InternalError("internal/unreachable", `unexpected ${what}: ${JSON.stringify(value)}`, { details: { what, value } });
}

/** The provider ids of format version 1 (also the `payload.provider` strings). */
export const PROVIDER_IDS = [
  "anthropic",
  "openai.responses",
  "google",
  "openai.chat",
  "ollama",
  "bedrock",
  "deepseek",
  "mistral",
] as const;

/** A provider id of format version 1. */
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The provider written on parts that come from a later format version. */
export const FUTURE_PART_PROVIDER = "partwise";

const providerIdSet: ReadonlySet<string> = new Set(PROVIDER_IDS);

/** True when `id` is one of the built-in provider ids; isKnownProviderId (providers/known-providers.ts) also knows those registered at run time. */
export function isProviderId(id: unknown): id is ProviderId {
  return typeof id === "string" && providerIdSet.has(id);
}
