// The PartwiseError an operation ends with, for tests that inspect its code, location and details; any
// other outcome (success, an untyped error) fails the test.
import { PartwiseError } from "../../src/errors/partwise-error.js";

/** The PartwiseError `run` throws. */
export function thrownPartwiseError(run: () => unknown): PartwiseError {
  try {
    run();
  } catch (error) {
    if (error instanceof PartwiseError) return error;
    throw error;
  }
  throw new Error("expected a PartwiseError");
}

/** The PartwiseError `promise` rejects with. */
export async function rejectedPartwiseError(promise: Promise<unknown>): Promise<PartwiseError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PartwiseError) return error;
    throw error;
  }
  throw new Error("expected a PartwiseError");
}
