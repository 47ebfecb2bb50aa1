// A fresh directory under the OS temp dir for a test file's real files, removed after the file's tests.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

export function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), `partwise-${prefix}-`));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}
