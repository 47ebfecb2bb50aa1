// In-memory validation of a history: every schema problem and every replay-check finding, each with its
// JSON pointer. `partwise validate` runs this same code on each document and JSONL message it reads, so
// the library and the command cannot drift (issue 15, item 3). Web APIs only.
import type { ErrorObject, Message, ValidationReport } from "../../generated/types.js";
import {
  validateHistory as historySchema,
  validateMessage as messageSchema,
  validatePart as partSchema,
  type StandaloneValidator,
} from "../../generated/validators.js";
import { PartwiseError } from "../errors/partwise-error.js";
import { describeSchemaErrors } from "../json/describe-schema-error.js";
import { appendPointer } from "../json/json-location.js";
import { checkNestingDepth, checkNotJsonText } from "../parts/parse.js";
import { ReplayChecker, type RecordLocation, type ReplayCheckOptions, type ReplayFinding } from "./replay-checks.js";

/** One problem in a document: a schema problem, a replay-check finding, or a document too deep to read. */
export type ValidationProblem = Omit<ReplayFinding, "line">;

export type ProblemReport = (problem: ValidationProblem) => void;

export interface ValidateHistoryOptions extends ReplayCheckOptions {
  /** How many problems the report lists (default 100); counting goes on past them. */
  readonly maxProblems?: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema problem of `value`, or undefined when it passes (the generated validators stop at the first problem). */
function schemaProblem(validator: StandaloneValidator, value: unknown, pointer: string): ValidationProblem | undefined {
  if (validator(value)) return undefined;
  const problem = describeSchemaErrors(validator.errors);
  return { severity: "error", code: "schema/invalid", message: problem.expected, pointer: pointer + problem.pointer };
}

/**
 * Reports the problems of a container and of its elements: the container is validated with its list
 * emptied, then each element on its own, so one pass finds a problem in every element that has one.
 * When neither finds anything (a rule spanning the whole, none today) the whole value's problem is reported.
 * Returns whether the container itself, without its list, passed.
 */
function splitProblems(
  whole: ValidationProblem,
  validator: StandaloneValidator,
  container: Record<string, unknown>,
  list: string,
  pointer: string,
  report: ProblemReport,
  element: (value: unknown, index: number, report: ProblemReport) => void,
): boolean {
  let found = false;
  const note: ProblemReport = (problem) => {
    found = true;
    report(problem);
  };
  const envelope = schemaProblem(validator, { ...container, [list]: [] }, pointer);
  if (envelope !== undefined) note(envelope);
  (container[list] as unknown[]).forEach((value, index) => element(value, index, note));
  if (!found) report(whole);
  return found && envelope === undefined;
}

/** Reports a part's schema problems; the paths of parts the replay checks must skip go into `unreadable`. */
function checkPartSchema(value: unknown, pointer: string, path: string, unreadable: Set<string>, report: ProblemReport): void {
  const whole = schemaProblem(partSchema, value, pointer);
  if (whole === undefined) return;
  // A tool result with a bad part in its content is still a result that answers its call.
  if (!isObject(value) || value.type !== "tool_result" || !Array.isArray(value.content)) {
    unreadable.add(path);
    report(whole);
    return;
  }
  const envelopeValid = splitProblems(whole, partSchema, value, "content", pointer, report, (part, index, note) =>
    checkPartSchema(part, appendPointer(pointer, "content", index), `${path}/${index}`, unreadable, note));
  if (!envelopeValid) unreadable.add(path);
}

/**
 * Reports a message's schema problems, then hands its readable parts to the replay checks. A message
 * without a parts array has nothing to check; one with bad parts is checked without them.
 */
export function checkMessageValue(value: unknown, location: RecordLocation, checker: ReplayChecker, report: ProblemReport): void {
  const whole = schemaProblem(messageSchema, value, location.pointer);
  if (whole === undefined) {
    checker.add(value as Message, location);
    return;
  }
  if (!isObject(value) || !Array.isArray(value.parts)) {
    report(whole);
    return;
  }
  const unreadable = new Set<string>();
  splitProblems(whole, messageSchema, value, "parts", location.pointer, report, (part, index, note) =>
    checkPartSchema(part, appendPointer(location.pointer, "parts", index), String(index), unreadable, note));
  checker.add(value as unknown as Message, location, unreadable);
}

/** The problem a thrown PartwiseError stands for: schema errors carry the bare expectation, the pointer beside it. */
export function problemOfError(error: unknown): ValidationProblem {
  if (!PartwiseError.isPartwiseError(error)) throw error;
  const expected = error.details?.expected;
  return { severity: "error", code: error.code, message: typeof expected === "string" ? expected : error.message, pointer: error.pointer ?? "" };
}

/**
 * Reports every problem of a history document or a bare message array, in document order (each
 * message's schema problems, then its replay findings; unanswered calls at the end). Returns how many
 * messages it holds.
 */
export function checkHistoryValue(value: unknown, report: ProblemReport, options: ReplayCheckOptions = {}): number {
  try {
    checkNotJsonText(value, "history");
    // Validating recurses: a document nested past the limit is refused whole, before any of it is read.
    checkNestingDepth(value, "history");
  } catch (error) {
    report(problemOfError(error));
    return 0;
  }
  const checker = new ReplayChecker(({ line: _line, ...problem }) => report(problem), options);
  const check = (base: string) => (message: unknown, index: number, note: ProblemReport) =>
    checkMessageValue(message, { line: 0, pointer: `${base}/${index}` }, checker, note);
  let count = 0;
  if (Array.isArray(value)) {
    value.forEach((message, index) => check("")(message, index, report));
    count = value.length;
  } else {
    const whole = schemaProblem(historySchema, value, "");
    if (whole === undefined) {
      // The fast path: a valid document's messages need no second look at the schema.
      const { messages } = value as { messages: Message[] };
      messages.forEach((message, index) => checker.add(message, { line: 0, pointer: `/messages/${index}` }));
      count = messages.length;
    } else if (isObject(value) && Array.isArray(value.messages)) {
      splitProblems(whole, historySchema, value, "messages", "", report, check("/messages"));
      count = value.messages.length;
    } else {
      report(whole);
      return 0;
    }
  }
  checker.finish();
  return count;
}

/** A problem as the spec's ErrorObject; `name` says its severity. */
export function problemToErrorObject(problem: Omit<ValidationProblem, "pointer"> & { readonly pointer?: string | undefined }): ErrorObject {
  const object: ErrorObject = { name: problem.severity === "error" ? "ValidationError" : "ValidationWarning", code: problem.code, message: problem.message };
  if (problem.pointer !== undefined) object.pointer = problem.pointer;
  return object;
}

/** Collects problems into a report: the first `limit` listed, all counted. */
export class ValidationReportCollector {
  readonly #limit: number;
  readonly #problems: ErrorObject[] = [];
  #errors = 0;
  #warnings = 0;

  constructor(limit = 100) {
    this.#limit = limit;
  }

  readonly add: ProblemReport = (problem) => {
    if (problem.severity === "error") this.#errors++;
    else this.#warnings++;
    if (this.#problems.length < this.#limit) this.#problems.push(problemToErrorObject(problem));
  };

  report(): ValidationReport {
    const truncated = this.#errors + this.#warnings > this.#problems.length;
    return { valid: this.#errors === 0, errorCount: this.#errors, warningCount: this.#warnings, problems: this.#problems, truncated };
  }
}

/**
 * Validates a stored history (a `partwise.history` document or a bare array of messages, already
 * parsed) as `partwise validate` does: every schema problem, and the replay checks (unanswered tool
 * calls, results without a call, duplicate call ids, payloads of unknown providers, empty signatures).
 */
export function validateHistory(value: unknown, options: ValidateHistoryOptions = {}): ValidationReport {
  const collector = new ValidationReportCollector(options.maxProblems);
  checkHistoryValue(value, collector.add, options);
  return collector.report();
}

/** Validates the messages of one conversation, as validateHistory does a bare message array (pointers start at `/0`). */
export function validateMessages(messages: readonly unknown[], options: ValidateHistoryOptions = {}): ValidationReport {
  return validateHistory(messages, options);
}
