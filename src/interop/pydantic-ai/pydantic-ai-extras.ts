// The fields of a Pydantic AI part that partwise has no field for (timestamps, provider details, tool
// kinds, ...) ride in the part's attributes as `pydanticAi.<field>` = JSON text, so a history read from
// Pydantic AI and written back gives Pydantic AI the same JSON (docs/convert-pydantic-ai.md).
import type { Attributes } from "../../../generated/types.js";

const EXTRA_PREFIX = "pydanticAi.";

/** Marks a part whose text holds the JSON text of a value Pydantic AI kept as JSON: `args` or `content`. */
export const JSON_FIELD_ATTRIBUTE = "pydanticAi#json";

/** The extras attributes of an object's fields outside `consumed` (null fields are Pydantic AI's defaults and are left out). */
export function extrasAttributes(object: object, consumed: ReadonlySet<string>, scope = ""): Attributes {
  const attributes: Attributes = {};
  for (const [key, value] of Object.entries(object)) {
    if (consumed.has(key) || value === null || value === undefined) continue;
    attributes[`${EXTRA_PREFIX}${scope}${key}`] = JSON.stringify(value);
  }
  return attributes;
}

/** True for an attribute this converter writes (an extra field or the JSON marker). */
export function isPydanticAiAttribute(key: string): boolean {
  return key.startsWith(EXTRA_PREFIX) || key === JSON_FIELD_ATTRIBUTE;
}

/**
 * The fields kept by `extrasAttributes` under `scope`, parsed back, and the attribute keys whose value is
 * not JSON text (edited by hand) so the caller reports them.
 */
export function extrasFromAttributes(attributes: Attributes | undefined, scope = ""): { fields: Record<string, unknown>; invalid: string[] } {
  const fields: Record<string, unknown> = {};
  const invalid: string[] = [];
  const prefix = `${EXTRA_PREFIX}${scope}`;
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (!key.startsWith(prefix)) continue;
    const field = key.slice(prefix.length);
    if (field.includes(".")) continue;
    try {
      fields[field] = JSON.parse(value);
    } catch {
      invalid.push(key);
    }
  }
  return { fields, invalid };
}

/** Drops null-valued and absent keys, then drops the object itself when nothing is left. */
export function withoutNulls(object: Record<string, unknown>): Record<string, unknown> | undefined {
  const entries = Object.entries(object).filter(([, value]) => value !== null && value !== undefined);
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}
