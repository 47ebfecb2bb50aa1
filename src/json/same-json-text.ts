// Whether two parsed JSON values would print the same JSON text, without printing them: stream decoders
// compare an item they built with the copy a terminal event repeats, which may be kilobytes of
// encrypted content, and the comparison stops at the first difference instead of building two texts.

/**
 * JSON.stringify(left) === JSON.stringify(right) for values JSON.parse returned (strings, finite numbers,
 * booleans, null, arrays and plain objects): member order counts, as it does in the text.
 */
export function sameJsonText(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) if (!sameJsonText(left[index], right[index])) return false;
    return true;
  }
  if (Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  for (let index = 0; index < leftKeys.length; index++) {
    const key = leftKeys[index] as string;
    if (key !== rightKeys[index] || !sameJsonText((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key])) return false;
  }
  return true;
}
