// What a session store can hold without altering it. Values are checked before anything is written, so
// a value is either stored exactly or rejected with a typed error that names it, never changed by a
// driver (PostgreSQL text refuses U+0000; SQLite and pg turn unpaired surrogates into U+FFFD).
import type { SessionMetadata } from "../../generated/types.js";
import { bytesToHex } from "../bytes/byte-arrays.js";
import { sha256 } from "../bytes/sha256.js";
import { PartwiseError, SessionError } from "../errors/partwise-error.js";
import { appendPointer } from "../json/json-location.js";
import { hasOwnField } from "../json/own-property.js";

/** The longest session or event id, in UTF-16 code units: short enough for a B-tree key in every store. */
export const MAX_ID_LENGTH = 256;

const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

/** Why `value` cannot be stored as an id, or undefined when it can. */
function idProblem(value: string): string | undefined {
  if (value.length === 0) return "it is empty";
  if (value.length > MAX_ID_LENGTH) return `it is ${value.length} UTF-16 code units long, over the limit of ${MAX_ID_LENGTH}`;
  const nul = value.indexOf("\u0000");
  if (nul >= 0) return `it contains U+0000 (NUL) at index ${nul}, which PostgreSQL text cannot hold`;
  const surrogate = value.search(UNPAIRED_SURROGATE);
  if (surrogate >= 0) return `it contains an unpaired UTF-16 surrogate at index ${surrogate}, which has no UTF-8 form`;
  return undefined;
}

/** A short, escaped rendering of a string for error messages (control characters and surrogates escaped). */
function preview(value: string, length = 40): string {
  return JSON.stringify(value.length > length ? value.slice(0, length) : value) + (value.length > length ? "…" : "");
}

/** Throws `session/storage` unless `value` is a string every store keeps exactly as an id. */
export function assertStorableId(value: unknown, what: string, pointer: string): asserts value is string {
  const problem = typeof value === "string" ? idProblem(value) : `it is ${value === null ? "null" : typeof value}, not a string`;
  if (problem === undefined) return;
  const shown = typeof value === "string" ? ` ${preview(value)}` : "";
  throw new SessionError("session/storage", `${what}${shown} cannot be stored: ${problem}`, {
    pointer,
    details: { field: what, reason: problem },
  });
}

function describeValue(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "number") return String(value);
  if (typeof value === "object" && value !== null) return `a ${value.constructor?.name ?? "non-plain"} object`;
  return `a ${typeof value}`;
}

/**
 * The nesting limit assertPlainJson enforces when given one: past `limit` levels of containers (the root
 * is level 1) it calls `check`, the caller's full depth check that throws its own located error.
 */
export interface DepthCheck {
  readonly limit: number;
  check(): void;
}

/**
 * Throws `schema/invalid` unless `value` is plain JSON that survives JSON text unchanged: null, booleans,
 * strings, finite numbers, arrays and plain objects, without cycles. A Date, a Map, NaN, a bigint or an
 * `undefined` array element would come back different (or not at all), so they are refused. Object
 * properties set to `undefined` count as absent, and -0 is written as 0, as JSON has one zero. With a
 * DepthCheck it also stands for the caller's depth check (one walk instead of two), so it never recurses
 * past the limit.
 */
export function assertPlainJson(value: unknown, pointer: string, depth?: DepthCheck): void {
  // Every appended event goes through here: the path is kept as segments and made a pointer only to refuse.
  const path: (string | number)[] = [];
  const ancestors: object[] = [];
  const refuse = (reason: string): never => {
    // Too deep outranks not plain, as when the depth is checked first.
    depth?.check();
    const at = appendPointer(pointer, ...path);
    throw new PartwiseError("schema/invalid", `invalid value at ${at || "/"}: expected plain JSON, ${reason}`, {
      pointer: at,
      details: { expected: "plain JSON (null, boolean, string, finite number, array, plain object)" },
    });
  };
  const check = (node: unknown): void => {
    if (node === null || typeof node === "string" || typeof node === "boolean") return;
    if (typeof node === "number") {
      if (!Number.isFinite(node)) refuse(`got ${describeValue(node)}`);
      return;
    }
    if (typeof node !== "object") return refuse(`got ${describeValue(node)}`);
    if (ancestors.includes(node)) return refuse("got a cycle");
    ancestors.push(node);
    if (depth && ancestors.length > depth.limit) depth.check();
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        // A hole is skipped, as forEach skips it.
        if (!(index in node)) continue;
        const element: unknown = node[index];
        if (element === undefined) refuse(`got undefined at index ${index}, which JSON writes as null`);
        path.push(index);
        check(element);
        path.pop();
      }
    } else {
      const prototype = Object.getPrototypeOf(node) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return refuse(`got ${describeValue(node)}`);
      for (const key in node) {
        if (!hasOwnField(node, key)) continue;
        const element = (node as Record<string, unknown>)[key];
        if (element === undefined) continue;
        path.push(key);
        check(element);
        path.pop();
      }
    }
    ancestors.pop();
  };
  check(value);
}

/** True for a JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A metadata value that is indexed: a string, a finite number or a boolean. */
export type IndexedValue = string | number | boolean;

/** True for a value the attribute index holds (see IndexedValue). */
export function isIndexedValue(value: unknown): value is IndexedValue {
  return typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

/**
 * The index key of one attribute: a SHA-256 of its JSON name and value. Hashing bounds the key's size
 * (a 1 MB value still fits a B-tree entry) and makes NUL and unpaired surrogates plain ASCII escapes.
 */
export function attributeKey(name: string, value: IndexedValue): string {
  return bytesToHex(sha256(new TextEncoder().encode(JSON.stringify([name, value]))));
}

/** The index keys of a session's metadata: one per top-level attribute with an indexed value. */
export function attributeKeys(metadata: SessionMetadata): string[] {
  const keys: string[] = [];
  for (const [name, value] of Object.entries(metadata)) if (isIndexedValue(value)) keys.push(attributeKey(name, value));
  return keys;
}

/** True when `metadata` holds `value` under `name` (the check after an index lookup by hash). */
export function hasAttribute(metadata: SessionMetadata, name: string, value: IndexedValue): boolean {
  return Object.hasOwn(metadata, name) && metadata[name] === value;
}
