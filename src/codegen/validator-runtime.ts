// The run-time helpers ajv's standalone code require()s, written out in the generated validators
// instead, so they import nothing: no require() (absent in browsers and workers), no ajv or ajv-formats
// at run time, and none of the CommonJS interop cost of importing them into an ES module. Each helper
// keeps the meaning of the one it replaces; test/codegen/validator-runtime.test.ts checks that against
// ajv and ajv-formats on arbitrary input.
import { InternalError } from "../errors/partwise-error.js";

/** JavaScript that defines a helper, and the expression that stands for the required value. */
interface RuntimeHelper {
  readonly definition: string;
  readonly expression: string;
  /** How code that calls the helper directly (the predicates of emit-predicates.ts) names it. */
  readonly calledAs: string;
}

/**
 * What `require(SPECIFIER).PROPERTY` becomes, by the text ajv writes. ucs2length is a string's length in
 * code points (a surrogate pair counts once), as minLength and maxLength mean it (JSON Schema 2020-12
 * §6.3.1). date-time is RFC 3339 §5.6 with ajv-formats' full reading: the date must exist (leap years),
 * the separator is T, t or a space, the time zone is required, and second 60 only at 23:59 UTC.
 */
const HELPERS: Readonly<Record<string, RuntimeHelper>> = {
  'require("ajv/dist/runtime/ucs2length").default': {
    expression: "codePointLength",
    calledAs: "codePointLength(",
    definition: `function codePointLength(text) {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    length++;
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) index++;
  }
  return length;
}`,
  },
  'require("ajv-formats/dist/formats").fullFormats': {
    expression: "jsonFormats",
    calledAs: "isDateTime(",
    definition: `const DATE_TIME = /^(\\d{4})-(\\d{2})-(\\d{2})[Tt\\s](\\d{2}):(\\d{2}):(\\d{2}(?:\\.\\d+)?)(?:[Zz]|([+-])(\\d{2})(?::?(\\d{2}))?)$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Whether the month and the day exist in the year (the calendar check of both date-time paths). */
function isCalendarDate(year, month, day) {
  const leapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leapYear ? 29 : DAYS_IN_MONTH[month - 1]);
}
/** The decimal number text[start, end) spells, or -1 when a character is not an ASCII digit. */
function digitsAt(text, start, end) {
  let value = 0;
  for (let index = start; index < end; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}
/**
 * True for the form toISOString writes (YYYY-MM-DDTHH:MM:SS, an optional fraction, Z) with every field in
 * range, read without the expression, whose match array and field strings cost a session log's
 * validation 6%; false leaves the text, valid or not, to isDateTime's full check.
 */
function isCanonicalDateTime(text) {
  const length = text.length;
  if (length < 20 || text.charCodeAt(length - 1) !== 90) return false;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return false;
  if (length > 20 && (length === 21 || text.charCodeAt(19) !== 46 || digitsAt(text, 20, length - 1) < 0)) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  if (year < 0 || !isCalendarDate(year, month, day)) return false;
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;
}
function isDateTime(text) {
  if (isCanonicalDateTime(text)) return true;
  const fields = DATE_TIME.exec(text);
  if (fields === null) return false;
  // Field by field, not slice().map(): this runs for every event timestamp of a session log.
  const year = Number(fields[1]);
  const month = Number(fields[2]);
  const day = Number(fields[3]);
  const hour = Number(fields[4]);
  const minute = Number(fields[5]);
  const second = Number(fields[6]);
  if (!isCalendarDate(year, month, day)) return false;
  const sign = fields[7];
  const hours = fields[8];
  const minutes = fields[9];
  const offsetHours = Number(hours ?? 0);
  const offsetMinutes = Number(minutes ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second: the wall-clock time moved to UTC is 23:59, with ajv-formats' arithmetic (one borrow
  // from the hour, no wrap of the day), so that out-of-range hours get ajv's verdict too.
  const direction = sign === "-" ? -1 : 1;
  const utcMinute = minute - offsetMinutes * direction;
  const utcHour = hour - offsetHours * direction - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}
const jsonFormats = { "date-time": { validate: isDateTime } };`,
  },
};

/** The standalone code with each require() replaced by its helper, and the definitions of the helpers it or `alsoCalling` uses. */
export function inlineRuntimeHelpers(code: string, alsoCalling = ""): { definitions: string[]; code: string } {
  const used = new Set<RuntimeHelper>();
  const rewritten = code.replace(/require\("[^"]+"\)(?:\.[A-Za-z_$][\w$]*)?/g, (call) => {
    const helper = HELPERS[call];
    // A helper not written out here would leave a require() that fails outside Node: stop the generator.
    if (helper === undefined) throw new InternalError("internal/invariant", `emit-validators: ajv's standalone code calls ${call}, which validator-runtime.ts does not provide`);
    used.add(helper);
    return helper.expression;
  });
  for (const helper of Object.values(HELPERS)) if (alsoCalling.includes(helper.calledAs)) used.add(helper);
  return { definitions: [...used].map((helper) => helper.definition), code: rewritten };
}
