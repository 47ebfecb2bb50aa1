// The generated Python, Go, Java and Rust models, compiled with warnings as errors and run for real over
// the conformance history vectors: every well-formed history comes back JSON-equal, every structurally
// invalid one is rejected. The toolchains are installed first (.ci/install-toolchains) when missing.
import { cpSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runGenerate } from "../../../src/cli/generate-command.js";
import type { ModelLanguage } from "../../../src/codegen/languages/generate-models.js";
import { temporaryDirectory } from "../../support/temporary-directory.js";
import { command, JACKSON_CLASSPATH as JACKSON, MINUTE } from "../../support/toolchains.js";

const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
const runners = fileURLToPath(new URL("./runners/", import.meta.url));
const vectorDirectory = join(repositoryRoot, "test/conformance/histories");

interface Vector {
  readonly check?: "structure" | "schema" | "replay";
  readonly errors?: readonly { code: string; pointer: string }[];
  readonly document: unknown;
}

interface RunnerLine {
  readonly vector: string;
  readonly output?: unknown;
  readonly error?: string;
  /** The JSON pointer of the rejected value, where the language's models report one (Rust's serde does not). */
  readonly pointer?: string;
}

function vectors(group: "valid" | "invalid"): [string, Vector][] {
  return readdirSync(join(vectorDirectory, group)).sort().map((file) => [`${group}/${file}`, JSON.parse(readFileSync(join(vectorDirectory, group, file), "utf8"))]);
}

async function generate(language: ModelLanguage, out: string): Promise<void> {
  const errors: string[] = [];
  const status = await runGenerate(["--lang", language, "--out", out], { out: () => {}, err: (line) => errors.push(line) });
  if (status !== 0) throw new Error(`generate --lang ${language} exited ${status}: ${errors.join("\n")}`);
}

/** Each language: build the runner against freshly generated models (warnings fail the build), then run it. */
const toolchains: Record<"python" | "go" | "java" | "rust", (directory: string) => Promise<string>> = {
  async python(directory) {
    cpSync(join(runners, "python"), directory, { recursive: true });
    await generate("python", directory);
    await command("python3", ["-W", "error", "-m", "py_compile", "partwise_models.py"], { cwd: directory });
    return command("python3", ["-W", "error", "-X", "dev", "round_trip.py", vectorDirectory], { cwd: directory });
  },
  async go(directory) {
    cpSync(join(runners, "go"), directory, { recursive: true });
    await generate("go", join(directory, "partwise"));
    const unformatted = await command("gofmt", ["-l", "."], { cwd: directory });
    if (unformatted.trim() !== "") throw new Error(`gofmt would reformat: ${unformatted}`);
    await command("go", ["vet", "./..."], { cwd: directory });
    await command("go", ["build", "-o", "round_trip", "."], { cwd: directory });
    return command(join(directory, "round_trip"), [vectorDirectory], { cwd: directory });
  },
  async java(directory) {
    cpSync(join(runners, "java"), directory, { recursive: true });
    await generate("java", join(directory, "src"));
    const sources = (readdirSync(directory, { recursive: true }) as string[]).filter((file) => file.endsWith(".java"));
    await command("javac", ["-Xlint:all", "-Werror", "-encoding", "UTF-8", "-cp", JACKSON, "-d", "classes", ...sources], { cwd: directory });
    return command("java", ["-cp", `classes:${JACKSON}`, "RoundTrip", vectorDirectory], { cwd: directory });
  },
  async rust(directory) {
    cpSync(join(runners, "rust"), directory, { recursive: true });
    await generate("rust", join(directory, "src"));
    await command("cargo", ["build", "--offline", "--quiet"], { cwd: directory, env: { RUSTFLAGS: "-D warnings", CARGO_TARGET_DIR: join(directory, "target") } });
    return command(join(directory, "target/debug/round_trip"), [vectorDirectory], { cwd: directory });
  },
};

const languages = Object.keys(toolchains) as (keyof typeof toolchains)[];
const workspace = temporaryDirectory("compiled-models");
const outputs = new Map<string, Map<string, RunnerLine>>();

beforeAll(async () => {
  await command(join(repositoryRoot, ".ci/install-toolchains"), [], { cwd: repositoryRoot });
  // Built side by side: the compilers wait on different things (javac's startup, cargo's crates).
  await Promise.all(languages.map(async (language) => {
    const directory = join(workspace, language);
    mkdirSync(directory, { recursive: true });
    const stdout = await toolchains[language](directory);
    const lines = stdout.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as RunnerLine);
    outputs.set(language, new Map(lines.map((line) => [line.vector, line])));
  }));
}, 20 * MINUTE);

describe.each(languages)("generateModels(%s), compiled and run", (language) => {
  const result = (vector: string): RunnerLine => {
    const line = outputs.get(language)?.get(vector);
    if (!line) throw new Error(`the ${language} runner printed nothing for ${vector}`);
    return line;
  };

  it.each(vectors("valid"))("writes %s back JSON-equal to what it read", (name, vector) => {
    expect(result(name)).toEqual({ vector: name, output: vector.document });
  });

  it.each(vectors("invalid").filter(([, vector]) => vector.check === "structure"))("rejects %s at the expected pointer", (name, vector) => {
    const line = result(name);
    expect(line.output, `${language} accepted ${name}`).toBeUndefined();
    expect(line.error).toEqual(expect.any(String));
    if (line.pointer !== undefined) expect(line.pointer).toBe(vector.errors?.[0]?.pointer);
  });

  it("rejects a tool_call part without its toolCall, naming the missing field", () => {
    expect(result("invalid/tool-call-without-tool-call.json").error).toMatch(/toolCall/);
  });

  it.each(vectors("invalid").filter(([, vector]) => vector.check === "replay"))("reads and writes back %s, which only breaks replay", (name, vector) => {
    expect(result(name)).toEqual({ vector: name, output: vector.document });
  });

  it("prints one line per vector", () => {
    expect([...(outputs.get(language)?.keys() ?? [])].sort()).toEqual([...vectors("valid"), ...vectors("invalid")].map(([name]) => name).sort());
  });
});
