// The `partwise` entry of a UI part's providerMetadata: the fields of the partwise part that the UI part's
// own fields do not give back (attributes, a payload no AI SDK provider reads, raw tool arguments, ...), so a
// round trip is exact. Only the differing top-level fields are kept (docs/convert-ui-message.md#side-channel).
import type { Part } from "../../../generated/types.js";
import type { UiMessageJsonObject } from "../../../generated/formats/ui-message.js";
import { partsEqual } from "../../parts/equality.js";
import type { ProviderMetadataRecord } from "./provider-metadata-keys.js";

/** The providerMetadata key of the side channel; no AI SDK provider reads it. */
export const PARTWISE_METADATA_KEY = "partwise";

/** What the side channel holds for one part: the original values of the fields that differ, and the fields to drop. */
export interface PartDifference {
  readonly fields?: Record<string, unknown>;
  readonly absent?: string[];
}

/** The difference that turns `derived` (what a reader gets from the UI part alone) into `original`, or undefined when equal. */
export function partDifference(original: Part, derived: Part): PartDifference | undefined {
  if (partsEqual(original, derived) && JSON.stringify(original) === JSON.stringify(derived)) return undefined;
  const fields: Record<string, unknown> = {};
  const source = original as unknown as Record<string, unknown>;
  const target = derived as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(target[key])) fields[key] = value;
  }
  const absent = Object.keys(target).filter((key) => target[key] !== undefined && source[key] === undefined);
  return { ...(Object.keys(fields).length > 0 ? { fields } : {}), ...(absent.length > 0 ? { absent } : {}) };
}

/** A difference as a metadata value: parts and their fields are JSON by the spec, so the difference is a JSON object. */
export function differenceAsJson(difference: PartDifference): UiMessageJsonObject {
  return difference as UiMessageJsonObject;
}

/** `derived` with a difference applied; a malformed difference (edited by hand) is ignored field by field. */
export function applyDifference(derived: Part, difference: unknown): Part {
  if (!isRecord(difference)) return derived;
  const result: Record<string, unknown> = { ...derived, ...(isRecord(difference.fields) ? difference.fields : {}) };
  if (Array.isArray(difference.absent)) for (const key of difference.absent) if (typeof key === "string" && key !== "type") delete result[key];
  return result as unknown as Part;
}

/** The side-channel entry of a metadata record, when there is one. */
export function sideChannelOf(metadata: ProviderMetadataRecord | undefined): Record<string, unknown> | undefined {
  const entry = metadata?.[PARTWISE_METADATA_KEY];
  return isRecord(entry) ? entry : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
