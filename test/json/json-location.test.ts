import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appendPointer, findJsonSyntaxError, JsonTextLocator, lineColumnAt, locatePointer } from "../../src/json/json-location.js";
import { propertyRuns } from "../support/property-runs.js";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe("findJsonSyntaxError", () => {
  it("finds no error exactly when JSON.parse succeeds, on valid JSON and on every truncation or corruption of it", () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.constantFrom("", "x", "}", "]", ",", '"', "\\", "\n", "\u0001"), (text, cut, insert) => {
        const position = cut % (text.length + 1);
        for (const candidate of [text, text.slice(0, position), text.slice(0, position) + insert + text.slice(position)]) {
          expect(findJsonSyntaxError(candidate) === undefined).toBe(parses(candidate));
        }
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it("points at the offending character and says what was expected", () => {
    expect(findJsonSyntaxError('{"a": 1,}')).toEqual({ offset: 8, expected: "a property name in double quotes" });
    expect(findJsonSyntaxError('{"a" 1}')).toEqual({ offset: 5, expected: '":" after the property name' });
    expect(findJsonSyntaxError("[1 2]")).toEqual({ offset: 3, expected: '"," or "]"' });
  });

  it("survives nesting deeper than any stack", () => {
    expect(findJsonSyntaxError("[".repeat(1_000_000))?.offset).toBe(1_000_000);
  });
});

describe("locatePointer", () => {
  const text = '{\n  "messages": [\n    {"role": "user", "parts": [{"type": "text", "a/b": 1}]}\n  ]\n}';

  it("finds the line and column of the value a pointer names", () => {
    expect(lineColumnAt(text, locatePointer(text, "/messages/0/parts/0/type"))).toEqual({ line: 3, column: 41 });
    expect(lineColumnAt(text, locatePointer(text, appendPointer("/messages/0/parts/0", "a/b")))).toEqual({ line: 3, column: 56 });
  });

  it("stops at the deepest existing ancestor of a missing member", () => {
    expect(lineColumnAt(text, locatePointer(text, "/messages/0/missing"))).toEqual({ line: 3, column: 5 });
  });
});

describe("JsonTextLocator", () => {
  it("locates every pointer as locatePointer and lineColumnAt do, through one scan per container", () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), fc.integer({ min: 0, max: 3 }), (json, indent) => {
        const text = JSON.stringify(JSON.parse(json), null, indent);
        const locator = new JsonTextLocator(text);
        for (const pointer of pointersOf(JSON.parse(text))) {
          const offset = locatePointer(text, pointer);
          expect(locator.offsetOf(pointer)).toBe(offset);
          expect(locator.locate(pointer)).toEqual(lineColumnAt(text, offset));
        }
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it("finds the last of duplicate member names, the one JSON.parse keeps", () => {
    const text = '{"a": 1, "a": [2]}';
    expect(new JsonTextLocator(text).offsetOf("/a/0")).toBe(text.indexOf("2"));
  });
});

/** Every pointer of a parsed JSON value, the root's included. */
function pointersOf(value: unknown, pointer = ""): string[] {
  if (typeof value !== "object" || value === null) return [pointer];
  const children = Array.isArray(value) ? value.map((element, index) => [index, element] as const) : Object.entries(value);
  return [pointer, ...children.flatMap(([key, child]) => pointersOf(child, appendPointer(pointer, key)))];
}
