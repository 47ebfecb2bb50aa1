// Vertex AI streamed function-call arguments (`streamFunctionCallArguments`): each `partialArgs` entry sets
// a value at an RFC 9535 JSON path of the call's arguments, strings arriving in pieces joined while
// `willContinue`. Shared by the stream decoder and the blocking mapping, so both assemble a call alike.
// https://googleapis.github.io/js-genai/release_docs/interfaces/types.PartialArg.html
import { invalidWire } from "../wire-validation.js";
import { GOOGLE, type GoogleFunctionCall, type GooglePartialArg } from "./google-wire.js";

/**
 * The segments of an RFC 9535 normalized-style path as Gemini writes them: `$.a.b`, `$.a[0].b`,
 * `$['a b']`. Undefined when the path is not of that form.
 */
function jsonPathSegments(path: string): (string | number)[] | undefined {
  if (!path.startsWith("$")) return undefined;
  const segments: (string | number)[] = [];
  let at = 1;
  while (at < path.length) {
    if (path[at] === ".") {
      const match = /^[^.[\]'"\s]+/.exec(path.slice(at + 1));
      if (!match) return undefined;
      segments.push(match[0]);
      at += 1 + match[0].length;
    } else if (path[at] === "[") {
      const index = /^\[(\d+)\]/.exec(path.slice(at));
      const quoted = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(path.slice(at));
      if (index) {
        segments.push(Number(index[1]));
        at += index[0].length;
      } else if (quoted) {
        const name = quoted[1] === undefined ? memberName(quoted[2] ?? "") : memberName(quoted[1].replace(/\\'/g, "'").replace(/"/g, '\\"'));
        if (name === undefined) return undefined;
        segments.push(name);
        at += quoted[0].length;
      } else {
        return undefined;
      }
    } else {
      return undefined;
    }
  }
  return segments;
}

/** A quoted member name's escapes (`\\n`, `\\u00e9`, ...) resolved, read as the body of a JSON string. */
function memberName(escaped: string): string | undefined {
  try {
    return JSON.parse(`"${escaped}"`) as string;
  } catch {
    return undefined;
  }
}

function getMember(container: Record<string, unknown> | unknown[], key: string | number): unknown {
  return Object.hasOwn(container, key) ? (container as Record<string | number, unknown>)[key] : undefined;
}

function setMember(container: Record<string, unknown> | unknown[], key: string | number, value: unknown): void {
  // A member named __proto__ is data in JSON, never the prototype.
  if (key === "__proto__") Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
  else (container as Record<string | number, unknown>)[key] = value;
}

/** The arguments of a call being assembled from `partialArgs`, and the string values still in pieces. */
export interface ArgumentsInProgress {
  readonly args: Record<string, unknown>;
  /** JSON paths whose string value has more pieces to come. */
  readonly continuing: Set<string>;
}

/**
 * Sets (or, for a string piece that continues one, appends to) the value at a path of the arguments:
 * `stringValue` pieces join while the previous piece of that path said `willContinue`, `numberValue`,
 * `boolValue` and `nullValue` set the value. `call` names the call in the error for a path that is not one.
 */
export function applyPartialArg(progress: ArgumentsInProgress, argument: GooglePartialArg, call: string, position: number | undefined): void {
  const segments = jsonPathSegments(argument.jsonPath);
  if (!segments || segments.length === 0) {
    throw invalidWire(GOOGLE, `streamed argument path ${JSON.stringify(argument.jsonPath)} of call ${call} is not a JSON path below $`, position === undefined ? {} : { position });
  }
  let container: Record<string, unknown> | unknown[] = progress.args;
  for (let at = 0; at < segments.length - 1; at++) {
    const key = segments[at] as string | number;
    let next = getMember(container, key);
    if (typeof next !== "object" || next === null) {
      next = typeof segments[at + 1] === "number" ? [] : {};
      setMember(container, key, next);
    }
    container = next as Record<string, unknown> | unknown[];
  }
  const last = segments[segments.length - 1] as string | number;
  let value: unknown;
  if (argument.stringValue !== undefined) {
    const current = getMember(container, last);
    value = progress.continuing.has(argument.jsonPath) && typeof current === "string" ? current + argument.stringValue : argument.stringValue;
    if (argument.willContinue === true) progress.continuing.add(argument.jsonPath);
    else progress.continuing.delete(argument.jsonPath);
  } else if (argument.numberValue !== undefined) {
    value = argument.numberValue;
  } else if (argument.boolValue !== undefined) {
    value = argument.boolValue;
  } else if (argument.nullValue !== undefined) {
    value = null;
  } else {
    return;
  }
  setMember(container, last, value);
}

/**
 * The arguments of a call given whole with `partialArgs` (no `willContinue`): its `args`, if any, with
 * every value set at its path. A blocking reply or a one-chunk stream can carry a call in this form.
 */
export function assembledArguments(call: GoogleFunctionCall, position?: number): Record<string, unknown> {
  const progress: ArgumentsInProgress = { args: call.args === undefined ? {} : structuredClone(call.args), continuing: new Set() };
  for (const argument of call.partialArgs ?? []) applyPartialArg(progress, argument, call.name ?? "", position);
  return progress.args;
}
