// How JSON text nests, found in one pass over its characters without parsing or recursion: how deep its
// arrays and objects go, and whether it stops inside a string, array or object (cut text).

export interface JsonNesting {
  /** The deepest level of arrays and objects reached. */
  readonly deepest: number;
  /** True when the text ends inside a string, array or object. */
  readonly unclosed: boolean;
}

/** The nesting of `text`, which need not be valid JSON (brackets inside strings are not counted). */
export function jsonNesting(text: string): JsonNesting {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92) index++;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) deepest = Math.max(deepest, ++depth);
    else if (code === 125 || code === 93) depth--;
  }
  return { deepest, unclosed: inString || depth > 0 };
}
