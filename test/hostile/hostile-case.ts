// The shape of one hostile-input case: an operation on bad input and the typed outcome it must end with.
// Case files live in test/hostile/cases/*.ts and export `cases`; hostile-corpus.test.ts runs them all.
import { PartwiseError } from "../../src/errors/partwise-error.js";

/** What a case ended with: the PartwiseError code it raised, or "accepted" when it completed. */
export type HostileOutcome = string;

export interface HostileCase {
  /** Unique within its file; says what the input is. */
  readonly name: string;
  /** The PartwiseError code the operation must end with, or "accepted". */
  readonly expected: HostileOutcome;
  /** Runs the operation on the hostile input and resolves with its outcome (see outcomeOf). */
  run(): Promise<HostileOutcome>;
  /** Optional check after the run, e.g. that nothing was stored by a failed call. */
  verify?(): Promise<void>;
}

/**
 * Runs `operation` and returns "accepted", or the code of the PartwiseError it raised. Any other error
 * is rethrown, so the corpus fails on untyped errors.
 */
export async function outcomeOf(operation: () => unknown): Promise<HostileOutcome> {
  try {
    await operation();
    return "accepted";
  } catch (error) {
    if (error instanceof PartwiseError) return error.code;
    throw error;
  }
}
