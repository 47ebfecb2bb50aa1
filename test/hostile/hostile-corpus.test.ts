// Runs every hostile-input case in test/hostile/cases/ with a time and memory bound per case: each must
// end with its expected typed outcome (no crash, no hang, no untyped error) and pass its own check.
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import type { HostileCase } from "./hostile-case.js";

const CASE_TIME_LIMIT_MS = 20_000;
const CASE_HEAP_GROWTH_LIMIT_BYTES = 512 * 1024 * 1024;

const caseFiles = import.meta.glob<{ cases: readonly HostileCase[] }>("./cases/*.ts", { eager: true });

async function withinTimeLimit<T>(name: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no outcome within ${CASE_TIME_LIMIT_MS} ms (a hang)`)), CASE_TIME_LIMIT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe("hostile input corpus", () => {
  for (const [file, { cases }] of Object.entries(caseFiles)) {
    describe(file.replace("./cases/", ""), () => {
      for (const hostile of cases) {
        it(`ends with ${hostile.expected} when given ${hostile.name}`, async () => {
          const heapBefore = process.memoryUsage().heapUsed;
          const outcome = await withinTimeLimit(hostile.name, hostile.run());
          expect(outcome).toBe(hostile.expected);
          if (hostile.verify) await withinTimeLimit(hostile.name, hostile.verify());
          expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(CASE_HEAP_GROWTH_LIMIT_BYTES);
        });
      }
    });
  }
});
