import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameJsonText } from "../../src/json/same-json-text.js";
import { propertyRuns } from "../support/property-runs.js";

describe("sameJsonText", () => {
  it("agrees with comparing the JSON texts of parsed values", () => {
    // Pairs drawn apart and pairs sharing most of their text (one parsed from a variant of the other's).
    const pair = fc.oneof(
      fc.tuple(fc.jsonValue(), fc.jsonValue()),
      fc.jsonValue().map((value) => [value, value] as const),
      fc.jsonValue().chain((value) => fc.jsonValue().map((other) => [value, Array.isArray(value) ? [...value, other] : { ...(typeof value === "object" && value !== null ? value : {}), extra: other }] as const)),
    );
    fc.assert(
      fc.property(pair, ([left, right]) => {
        const parsedLeft = JSON.parse(JSON.stringify(left)) as unknown;
        const parsedRight = JSON.parse(JSON.stringify(right)) as unknown;
        expect(sameJsonText(parsedLeft, parsedRight)).toBe(JSON.stringify(parsedLeft) === JSON.stringify(parsedRight));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("counts member order, as the text does", () => {
    expect(sameJsonText(JSON.parse('{"a":1,"b":[true,null]}'), JSON.parse('{"a":1,"b":[true,null]}'))).toBe(true);
    expect(sameJsonText(JSON.parse('{"a":1,"b":2}'), JSON.parse('{"b":2,"a":1}'))).toBe(false);
    expect(sameJsonText(JSON.parse("[1,2]"), JSON.parse('{"0":1,"1":2}'))).toBe(false);
  });
});
