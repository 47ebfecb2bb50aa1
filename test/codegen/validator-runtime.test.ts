// The helpers the generated validators carry in place of ajv's require()d ones, checked against ajv's
// ucs2length and ajv-formats' full date-time as oracles, through validators emitted for small schemas.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ucs2length from "ajv/dist/runtime/ucs2length.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { emitValidators } from "../../src/codegen/emit-validators.js";
import { propertyRuns } from "../support/property-runs.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

type Validator = (value: unknown) => boolean;
let validators: { validateStamp: Validator; validateShort: Validator; validateLong: Validator };

beforeAll(async () => {
  const { module } = emitValidators(
    [
      { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "Stamp.json", type: "string", format: "date-time" },
      { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "Short.json", type: "string", maxLength: 3 },
      { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "Long.json", type: "string", minLength: 3 },
    ],
    { validateStamp: "Stamp", validateShort: "Short", validateLong: "Long" },
  );
  expect(module).not.toContain("require(");
  const path = join(temporaryDirectory("validator-runtime"), "validators.js");
  writeFileSync(path, module);
  validators = await import(pathToFileURL(path).href);
});

const isDateTime = (fullFormats["date-time"] as { validate: (text: string) => boolean }).validate;
const codePoints = (ucs2length as unknown as { default: (text: string) => number }).default ?? (ucs2length as unknown as (text: string) => number);

/** Two digits around the edges a date-time check cares about (00, 12, 23, 29, 31, 59, 60, 61, ...). */
const twoDigits = fc.oneof(fc.constantFrom("00", "01", "02", "12", "13", "23", "24", "28", "29", "30", "31", "32", "58", "59", "60", "61", "99"), fc.integer({ min: 0, max: 99 }).map((value) => String(value).padStart(2, "0")));
const year = fc.constantFrom("1900", "2000", "2023", "2024", "2100", "0000", "999", "20244");
const separator = fc.constantFrom("T", "t", " ", "\t", "\n", "\u00a0", "x", "TT", "");
const fraction = fc.constantFrom("", ".5", ".999999", ".", ".x");
const zone = fc.oneof(fc.constantFrom("Z", "z", "", "+", "-00:00", "Zz"), fc.tuple(fc.constantFrom("+", "-"), twoDigits, fc.constantFrom(":", ""), fc.option(twoDigits, { nil: "" })).map((parts) => parts.join("")));
const dateTimeLike = fc
  .tuple(year, twoDigits, twoDigits, separator, twoDigits, twoDigits, twoDigits, fraction, zone)
  .map(([y, month, day, sep, hour, minute, second, frac, offset]) => `${y}-${month}-${day}${sep}${hour}:${minute}:${second}${frac}${offset}`);

describe("the inlined date-time format", () => {
  it("accepts exactly what ajv-formats' full date-time accepts when given date-time-like text", () => {
    fc.assert(fc.property(dateTimeLike, (text) => validators.validateStamp(text) === isDateTime(text)), { numRuns: propertyRuns(5000) });
  });

  it("accepts exactly what ajv-formats accepts when given any text", () => {
    fc.assert(fc.property(fc.string(), (text) => validators.validateStamp(text) === isDateTime(text)), { numRuns: propertyRuns(1000) });
  });

  it("accepts a leap second only at 23:59 UTC", () => {
    expect(["2016-12-31T23:59:60Z", "2016-12-31T15:59:60-08:00", "2017-01-01T00:29:60+00:30"].map(validators.validateStamp)).toEqual([true, true, true]);
    expect(["2016-12-31T22:59:60Z", "2016-12-31T23:59:61Z", "2016-02-30T10:00:00Z", "2016-12-31T10:00:00"].map(validators.validateStamp)).toEqual([false, false, false, false]);
    // An hour out of range meets a leap second only as ajv-formats' arithmetic has it (no wrap of the day).
    expect(["1900-01-23T60:02:00+12:03", "2000-01-01T36:02:00+12:03"].map((text) => [validators.validateStamp(text), isDateTime(text)])).toEqual([[false, false], [true, true]]);
  });
});

describe("the inlined code point length", () => {
  it("gives ajv's ucs2length, so minLength and maxLength count a surrogate pair once, when given any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 6 }), (text) => {
        const length = codePoints(text);
        return validators.validateShort(text) === length <= 3 && validators.validateLong(text) === length >= 3;
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});
