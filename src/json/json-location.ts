// Locating things in JSON text: line and column of an offset, the offset of a JSON pointer's value, and
// the offset of a JSON.parse syntax error. A document with many problems is located by one JsonTextLocator,
// which scans each container and the line breaks once, so locating every problem stays linear.

/** 1-based line and column (in UTF-16 code units) of an offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let index = text.indexOf("\n"); index !== -1 && index < end; index = text.indexOf("\n", index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: end - lineStart + 1 };
}

/** Escapes one JSON pointer segment (`~` -> `~0`, `/` -> `~1`). */
export function escapePointerSegment(segment: string | number): string {
  if (typeof segment === "number") return String(segment);
  return segment.includes("~") || segment.includes("/") ? segment.replace(/~/g, "~0").replace(/\//g, "~1") : segment;
}

/**
 * A JSON pointer, or how to spell it when asked: an encoder spells a part's pointer only for a warning or
 * an error about it, since a long history's pointers cost more to build than the request around them.
 */
export type LazyPointer = string | (() => string);

/** The text of a pointer that may be spelled lazily. */
export function pointerText(pointer: LazyPointer): string {
  return typeof pointer === "string" ? pointer : pointer();
}

/** A pointer further down from a lazily spelled one, itself spelled when asked. */
export function lazyAppend(pointer: LazyPointer, ...segments: (string | number)[]): LazyPointer {
  return typeof pointer === "string" ? appendPointer(pointer, ...segments) : () => appendPointer(pointer(), ...segments);
}

/** Joins a pointer and further segments. */
export function appendPointer(pointer: string, ...segments: (string | number)[]): string {
  let result = pointer;
  for (const segment of segments) result += `/${escapePointerSegment(segment)}`;
  return result;
}

function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

function skipWhitespace(text: string, offset: number): number {
  while (offset < text.length && WHITESPACE.has(text[offset] as string)) offset++;
  return offset;
}

/** The offset just past a string that starts at `offset` (on its opening quote). */
function skipString(text: string, offset: number): number {
  for (let index = offset + 1; index < text.length; index++) {
    const character = text[index];
    if (character === "\\") index++;
    else if (character === '"') return index + 1;
  }
  return text.length;
}

/** The offset just past the value that starts at `offset`. */
function skipValue(text: string, offset: number): number {
  const first = text[offset];
  if (first === '"') return skipString(text, offset);
  if (first !== "{" && first !== "[") {
    let index = offset;
    while (index < text.length && !",}]".includes(text[index] as string) && !WHITESPACE.has(text[index] as string)) index++;
    return index;
  }
  let depth = 0;
  for (let index = offset; index < text.length; index++) {
    const character = text[index];
    if (character === '"') index = skipString(text, index) - 1;
    else if (character === "{" || character === "[") depth++;
    else if (character === "}" || character === "]") {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return text.length;
}

/**
 * Locates JSON pointers and offsets in one valid JSON text. Each container on a located path is scanned
 * once and its members' offsets kept, and line starts are found once, so locating k problems in a text
 * of n characters costs O(n) scanning plus O(k log n), where one scan per problem would be O(k * n).
 */
export class JsonTextLocator {
  readonly #text: string;
  /** Member name or element index -> value offset, by container offset. */
  readonly #children = new Map<number, Map<string, number>>();
  #lineStarts: number[] | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  /**
   * The offset of the value a JSON pointer names, or of its deepest existing ancestor when the pointer
   * names a member that is missing. Of duplicate member names the last counts, as in JSON.parse.
   */
  offsetOf(pointer: string): number {
    let offset = skipWhitespace(this.#text, 0);
    for (const segment of parsePointer(pointer)) {
      const next = this.#childrenOf(offset)?.get(segment);
      if (next === undefined) break;
      offset = next;
    }
    return offset;
  }

  /** 1-based line and column (in UTF-16 code units) of an offset. */
  lineColumnOf(offset: number): { line: number; column: number } {
    const starts = (this.#lineStarts ??= lineStartsOf(this.#text));
    const end = Math.min(offset, this.#text.length);
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= end) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: end - starts[low]! + 1 };
  }

  /** Line and column of the value a JSON pointer names (see offsetOf). */
  locate(pointer: string): { line: number; column: number } {
    return this.lineColumnOf(this.offsetOf(pointer));
  }

  #childrenOf(offset: number): Map<string, number> | undefined {
    const text = this.#text;
    const opener = text[offset];
    if (opener !== "{" && opener !== "[") return undefined;
    const cached = this.#children.get(offset);
    if (cached) return cached;
    const children = new Map<string, number>();
    let index = skipWhitespace(text, offset + 1);
    for (let position = 0; index < text.length && text[index] !== "}" && text[index] !== "]"; position++) {
      if (opener === "{") {
        const keyEnd = skipString(text, index);
        const key = JSON.parse(text.slice(index, keyEnd)) as string;
        index = skipWhitespace(text, skipWhitespace(text, keyEnd) + 1);
        children.set(key, index);
      } else {
        children.set(String(position), index);
      }
      index = skipWhitespace(text, skipValue(text, index));
      if (text[index] === ",") index = skipWhitespace(text, index + 1);
    }
    this.#children.set(offset, children);
    return children;
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) starts.push(index + 1);
  return starts;
}

/**
 * The offset of the value a JSON pointer names in a valid JSON text, or of its deepest existing
 * ancestor when the pointer names a member that is missing. For many pointers into one text, use a
 * JsonTextLocator.
 */
export function locatePointer(text: string, pointer: string): number {
  return new JsonTextLocator(text).offsetOf(pointer);
}

const LITERALS = ["true", "false", "null"];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Where a JSON text stops being valid and what was expected there. */
export interface JsonSyntaxProblem {
  readonly offset: number;
  readonly expected: string;
}

/**
 * Finds the first syntax error of a JSON text (RFC 8259), without recursion so that hostile nesting
 * cannot overflow the stack. Returns undefined when the text is valid. JSON.parse does not report an
 * offset for every error, so this is run after it fails.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | undefined {
  const containers: ("{" | "[")[] = [];
  let offset = skipWhitespace(text, 0);
  let expectValue = true;
  const problem = (expected: string): JsonSyntaxProblem => ({ offset, expected });
  for (;;) {
    if (expectValue) {
      const character = text[offset];
      if (character === undefined) return problem("a value (the input ends here)");
      if (character === "{" || character === "[") {
        containers.push(character);
        offset = skipWhitespace(text, offset + 1);
        if (text[offset] === (character === "{" ? "}" : "]")) {
          containers.pop();
          offset++;
          expectValue = false;
        } else if (character === "{") {
          const member = scanPropertyName(text, offset, 'a property name in double quotes or "}"');
          if (typeof member !== "number") return member;
          offset = member;
        }
        continue;
      }
      if (character === '"') {
        const end = scanString(text, offset);
        if (typeof end !== "number") return end;
        offset = end;
      } else {
        const literal = LITERALS.find((word) => text.startsWith(word, offset));
        NUMBER.lastIndex = offset;
        if (literal) offset += literal.length;
        else if (NUMBER.test(text)) offset = NUMBER.lastIndex;
        else return problem("a value (string, number, object, array, true, false or null)");
      }
      expectValue = false;
      continue;
    }
    offset = skipWhitespace(text, offset);
    const container = containers.at(-1);
    if (container === undefined) return offset === text.length ? undefined : problem("the end of the input");
    const character = text[offset];
    const closer = container === "{" ? "}" : "]";
    if (character === closer) {
      containers.pop();
      offset++;
    } else if (character === ",") {
      offset = skipWhitespace(text, offset + 1);
      if (container === "{") {
        const member = scanPropertyName(text, offset, "a property name in double quotes");
        if (typeof member !== "number") return member;
        offset = member;
      }
      expectValue = true;
    } else {
      return problem(character === undefined ? `"," or "${closer}" (the input ends here)` : `"," or "${closer}"`);
    }
  }
}

/** The offset of the value after `"name":` starting at `offset`, or the problem. */
function scanPropertyName(text: string, offset: number, expected: string): number | JsonSyntaxProblem {
  if (text[offset] !== '"') return { offset, expected };
  const end = scanString(text, offset);
  if (typeof end !== "number") return end;
  const colon = skipWhitespace(text, end);
  if (text[colon] !== ":") return { offset: colon, expected: '":" after the property name' };
  return skipWhitespace(text, colon + 1);
}

/** The offset past a valid string starting at `offset`, or the problem inside it. */
function scanString(text: string, offset: number): number | JsonSyntaxProblem {
  for (let index = offset + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) return index + 1;
    if (code < 0x20) return { offset: index, expected: "no control character inside a string (escape it)" };
    if (code === 0x5c) {
      const escape = text[index + 1];
      if (escape === "u") {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) {
          return { offset: index, expected: "four hex digits after \\u" };
        }
        index += 5;
      } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) {
        index++;
      } else {
        return { offset: index, expected: 'a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)' };
      }
    }
  }
  return { offset: text.length, expected: "a closing double quote (the input ends inside a string)" };
}
