// How deeply a JSON value nests arrays and objects, found without deep recursion: the checks before every
// recursive reader and writer (the schema validators, the part walkers, JSON.stringify) use it, so hostile
// nesting is reported as a located error instead of overflowing the stack.
import { appendPointer } from "./json-location.js";

/**
 * The deepest nesting of arrays and objects a document may have (a history, message, part or event,
 * counted from its root container as level 1). Validating, reading and writing parts recurse, so deeper
 * input is refused up front with `json/too-deep` and its pointer rather than overflowing the stack.
 * 128 is far beyond real conversations (a tool result inside a tool result costs three levels).
 */
export const MAX_NESTING_DEPTH = 128;

interface Frame {
  readonly container: Record<string | number, unknown>;
  /** The object's keys; undefined for an array, whose keys are its indexes. */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  next: number;
}

function frameOf(container: object): Frame {
  if (Array.isArray(container)) return { container: container as unknown as Frame["container"], keys: undefined, length: container.length, next: 0 };
  const keys = Object.keys(container);
  return { container: container as Frame["container"], keys, length: keys.length, next: 0 };
}

/** The key of the child a frame is visiting. */
function currentKey(frame: Frame): string | number {
  return frame.keys === undefined ? frame.next - 1 : frame.keys[frame.next - 1]!;
}

/**
 * Whether no array or object in `value` (itself at level `level`) is deeper than `limit`. It recurses,
 * at most `limit` calls deep, and allocates nothing: most values pass, and only those that fail are
 * walked again by pointerPastDepth's frames for the pointer.
 */
function withinDepth(value: object, level: number, limit: number): boolean {
  if (level > limit) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const child: unknown = value[index];
      if (typeof child === "object" && child !== null && !withinDepth(child, level + 1, limit)) return false;
    }
    return true;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child: unknown = (value as Record<string, unknown>)[key];
    if (typeof child === "object" && child !== null && !withinDepth(child, level + 1, limit)) return false;
  }
  return true;
}

/**
 * The JSON pointer of the first array or object nested more than `limit` levels deep in `value` (the
 * root container is level 1), or undefined when none is. Each node is visited once.
 */
export function pointerPastDepth(value: unknown, limit: number): string | undefined {
  if (typeof value !== "object" || value === null || withinDepth(value, 1, limit)) return undefined;
  const frames: Frame[] = [frameOf(value)];
  while (frames.length > 0) {
    const frame = frames.at(-1)!;
    if (frame.next === frame.length) {
      frames.pop();
      continue;
    }
    frame.next++;
    const child = frame.container[currentKey(frame)];
    if (typeof child !== "object" || child === null) continue;
    if (frames.length === limit) return appendPointer("", ...frames.map(currentKey));
    frames.push(frameOf(child));
  }
  return undefined;
}
