// Credentials in URLs never reach a message: passwords holding `/`, `@` or `:`, `?password=` forms, and
// the user and password of a `--base-url`.
import { describe, expect, it } from "vitest";
import { redactPassword, redactUrlCredentials } from "../../src/errors/redact-credentials.js";
import { runCli } from "../support/cli-process.js";
import { refusingPort } from "../support/loopback-server.js";

describe("redactPassword", () => {
  it.each([
    ["postgres://bob:hunter2@db.example/sessions", "postgres://bob:***@db.example/sessions"],
    ["postgres://bob:s3/cr3t@db.example:5432/sessions", "postgres://bob:***@db.example:5432/sessions"],
    ["postgres://bob:p@ss:w@rd@db.example/sessions", "postgres://bob:***@db.example/sessions"],
    ["postgresql://:only-password@db.example/x", "postgresql://:***@db.example/x"],
    ["postgres://db.example/sessions?user=bob&password=hunter2&sslmode=require", "postgres://db.example/sessions?user=bob&password=***&sslmode=require"],
    ["postgres://db.example/x?sslpassword=key-pass", "postgres://db.example/x?sslpassword=***"],
    ["sqlite:./partwise.db", "sqlite:./partwise.db"],
    ["postgres://bob@db.example/sessions", "postgres://bob@db.example/sessions"],
  ])("masks the password of %s", (url, shown) => {
    expect(redactPassword(url)).toBe(shown);
  });
});

describe("redactUrlCredentials", () => {
  it("masks user and password of every URL in a message", () => {
    expect(redactUrlCredentials("cannot reach http://bob:hunter2@proxy.local/v1 nor https://k:s/e@cr@t@b.example")).toBe("cannot reach http://***@proxy.local/v1 nor https://***@b.example");
  });
});

describe("partwise chat", () => {
  it("does not print the credentials of --base-url when the API cannot be reached", async () => {
    const port = await refusingPort();
    const result = await runCli(["chat", "--provider", "mistral", "--base-url", `http://bob:hunter2@127.0.0.1:${port}`, "--api-key", "k", "hello"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`http://***@127.0.0.1:${port}`);
    expect(result.stderr).not.toContain("hunter2");
  });
});
