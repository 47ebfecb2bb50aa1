// Looking a name up in a table keyed by ids (providers, commands, profiles, variants): own properties
// only, so "__proto__", "constructor" or "toString" find nothing instead of Object.prototype's members.

/** The value a table holds under `key` as its own property, or undefined. */
export function ownValue<Value>(table: Readonly<Record<string, Value>>, key: string): Value | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
