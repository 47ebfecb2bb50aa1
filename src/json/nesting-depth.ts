// How deeply a JSON value nests arrays and objects, found without recursion: the checks before every
// recursive reader and writer (the schema validators, the part walkers, JSON.stringify) use it, so hostile
// nesting is reported as a located error instead of overflowing the stack.
import { appendPointer } from "./json-location.js";

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
 * The JSON pointer of the first array or object nested more than `limit` levels deep in `value` (the
 * root container is level 1), or undefined when none is. Each node is visited once.
 */
export function pointerPastDepth(value: unknown, limit: number): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
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
