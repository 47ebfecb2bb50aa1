// JSON.parse with a located, typed error: on failure the text is scanned for the exact offset and what
// was expected there, reported as a line and column.
import { InvalidDocumentError, type ErrorLocation } from "../errors/partwise-error.js";
import { findJsonSyntaxError, lineColumnAt } from "./json-location.js";

/** Parses JSON text; a syntax error becomes an InvalidDocumentError (`json/syntax`) with line and column. */
export function parseJsonText(text: string, location: ErrorLocation = {}): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const problem = findJsonSyntaxError(text) ?? { offset: 0, expected: "valid JSON" };
    const { line, column } = lineColumnAt(text, problem.offset);
    const absoluteLine = (location.line ?? 1) + line - 1;
    const absoluteColumn = line === 1 ? (location.column ?? 1) + column - 1 : column;
    throw new InvalidDocumentError("json/syntax", `invalid JSON: expected ${problem.expected}`, {
      ...location,
      line: absoluteLine,
      column: absoluteColumn,
      cause: error,
    });
  }
}
