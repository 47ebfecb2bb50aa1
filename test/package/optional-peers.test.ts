// partwise installed without its optional peers (issue 16): the root export imports and decodes, and
// each feature that needs a missing peer raises setup/missing-dependency naming the package to install.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { temporaryDirectory } from "../support/temporary-directory.js";
import { installWithoutPeers } from "./install-without-peers.js";

const run = promisify(execFile);
let project: string;

beforeAll(async () => {
  project = await installWithoutPeers(temporaryDirectory("without-peers"));
});

/** Runs an ES module in the user project with plain Node and returns what it printed as JSON. */
async function inProject(source: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", source], { cwd: project });
  return JSON.parse(stdout);
}

/** What a promise rejected with, as the error's JSON form. */
const REJECTION = `const rejection = (promise) => promise.then(() => "resolved", (error) => error.toJSON?.() ?? String(error));`;

describe("import('partwise')", () => {
  it("decodes a stream when no optional peer (nor ajv) is installed", async () => {
    const outcome = await inProject(`
      import { codecFor, decodeStream, textOf } from "partwise";
      const bytes = new TextEncoder().encode('{"model":"m","message":{"role":"assistant","content":"Hi"},"done":false}\\n{"model":"m","message":{"role":"assistant","content":" there"},"done":true,"done_reason":"stop"}\\n');
      const [response] = await decodeStream(codecFor("ollama"), (async function* () { yield bytes; })());
      const missing = await Promise.all(["pg", "better-sqlite3", "quicktype-core", "ajv"].map((name) => import(name).then(() => "present", () => "absent")));
      console.log(JSON.stringify({ text: textOf(response.message), complete: response.complete, missing }));
    `);
    expect(outcome).toEqual({ text: "Hi there", complete: true, missing: ["absent", "absent", "absent", "absent"] });
  });
});

describe("SqliteSessionRepository", () => {
  it("raises setup/missing-dependency naming better-sqlite3 when the driver is not installed", async () => {
    const outcome = await inProject(`
      import { SqliteSessionRepository } from "partwise/sqlite";
      import { openSessionService } from "partwise/session";
      ${REJECTION}
      let direct;
      try { new SqliteSessionRepository(":memory:"); direct = "opened"; } catch (error) { direct = error.toJSON(); }
      console.log(JSON.stringify({ direct, byUrl: await rejection(openSessionService("sqlite::memory:")) }));
    `);
    const expected = {
      name: "MissingDependencyError",
      code: "setup/missing-dependency",
      message: expect.stringContaining("npm install better-sqlite3"),
      details: { package: "better-sqlite3", feature: "the SQLite session store" },
    };
    expect(outcome).toEqual({ direct: expected, byUrl: expected });
  });
});

describe("PostgresSessionRepository.open", () => {
  it("raises setup/missing-dependency naming pg when the driver is not installed", async () => {
    const outcome = await inProject(`
      import { PostgresSessionRepository } from "partwise/postgres";
      ${REJECTION}
      console.log(JSON.stringify(await rejection(PostgresSessionRepository.open("postgres://user:secret@127.0.0.1:1/db"))));
    `);
    expect(outcome).toMatchObject({ code: "setup/missing-dependency", message: expect.stringContaining("npm install pg"), details: { package: "pg" } });
  });
});

describe("openSessionService", () => {
  it("opens the memory store when no driver is installed", async () => {
    const outcome = await inProject(`
      import { openSessionService } from "partwise/session";
      const sessions = await openSessionService("memory:");
      const session = await sessions.findOrCreate({ id: "s1" });
      console.log(JSON.stringify({ id: session.id }));
    `);
    expect(outcome).toEqual({ id: "s1" });
  });
});

describe("partwise generate", () => {
  it("exits 1 naming quicktype-core when it is not installed", async () => {
    const bin = join(project, "node_modules", "partwise", "dist", "src", "cli", "bin.js");
    const failure = await run(process.execPath, [bin, "generate", "--lang", "python", "--out", join(project, "models")], { cwd: project }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining("npm install quicktype-core") });
  });

  it("exits 1 naming @typespec/compiler when --provider compiles a spec without it installed", async () => {
    const bin = join(project, "node_modules", "partwise", "dist", "src", "cli", "bin.js");
    const failure = await run(process.execPath, [bin, "generate", "--provider", join(project, "acme.tsp"), "--out", join(project, "generated")], { cwd: project }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining("npm install @typespec/compiler") });
  });
});

describe("import('partwise/otel')", () => {
  it("exports messages, and raises setup/missing-dependency naming @opentelemetry/api for spans without a tracer, when the API is not installed", async () => {
    const outcome = await inProject(`
      import { codecFor } from "partwise";
      import { instrumentChatClient, toOtelMessages } from "partwise/otel";
      const exported = toOtelMessages([{ role: "user", parts: [{ type: "text", text: "Hi" }] }], { output: "none" });
      let spans;
      try { instrumentChatClient({ codec: codecFor("ollama"), transport: { complete: async () => ({}), stream: async () => ({ bytes: [] }) } }); spans = "instrumented"; } catch (error) { spans = error.toJSON(); }
      console.log(JSON.stringify({ input: exported.inputMessages, spans }));
    `);
    expect(outcome).toEqual({
      input: [{ role: "user", parts: [{ type: "text", content: "Hi" }] }],
      spans: expect.objectContaining({ code: "setup/missing-dependency", message: expect.stringContaining("npm install @opentelemetry/api"), details: { package: "@opentelemetry/api", feature: "GenAI spans without a given tracer (partwise/otel)" } }),
    });
  });
});

describe("partwise/langchain", () => {
  it("converts stored messages and raises setup/missing-dependency from toLangChainMessages when @langchain/core is not installed", async () => {
    const outcome = await inProject(`
      import { fromStoredMessages, toLangChainMessages, toStoredMessages } from "partwise/langchain";
      const history = [{ role: "user", parts: [{ type: "text", text: "Hi" }] }];
      let instances;
      try { toLangChainMessages(history); instances = "built"; } catch (error) { instances = error.toJSON(); }
      console.log(JSON.stringify({ back: fromStoredMessages(toStoredMessages(history).messages).messages, instances }));
    `);
    expect(outcome).toEqual({
      back: [{ role: "user", parts: [{ type: "text", text: "Hi" }] }],
      instances: expect.objectContaining({ code: "setup/missing-dependency", details: { package: "@langchain/core", feature: "LangChain message instances" } }),
    });
  });
});
