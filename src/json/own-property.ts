// Names as data: looking a name up in a table keyed by ids (providers, commands, profiles, variants) with
// own properties only, so "__proto__", "constructor" or "toString" find nothing instead of Object.prototype's
// members; and copying a field whatever its name, so a field named "__proto__" stays a field.

const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * Whether `key` is an own property of `target`. Inside a `for (const key in target)` loop V8 answers
 * hasOwnProperty called with the loop's key from the object's shape, where Object.hasOwn looks the key
 * up: the walks over every field of every appended or parsed part use this (a fifth of a part copy's
 * time, issue 21).
 */
export function hasOwnField(target: object, key: string): boolean {
  return hasOwnProperty.call(target, key);
}

/** The value a table holds under `key` as its own property, or undefined. */
export function ownValue<Value>(table: Readonly<Record<string, Value>>, key: string): Value | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Sets `key` on `target` as an own data property. Plain assignment of `__proto__` would replace the
 * prototype and lose the field; JSON.parse and object spread keep it as a field, and so does this.
 */
export function setOwnValue(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
