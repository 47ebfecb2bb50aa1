// Opening a PostgreSQL store with a URL that lacks the password the server asks for: a typed
// session/storage error saying so, and the process exits instead of hanging on the failed connection.
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli-process.js";
import { postgresUrl } from "../support/session-stores.js";

describe("partwise session list", () => {
  it("exits 1 with a typed error when the server asks for a password the URL does not give", async () => {
    const url = new URL(postgresUrl());
    expect(url.password).not.toBe("");
    url.password = "";
    const result = await runCli(["session", "list", "--db", url.href], { env: { PGPASSWORD: "" } });
    expect([result.status, result.stderr]).toEqual([1, expect.stringContaining("the server asks for a password and the URL gives none")]);
  });
});
