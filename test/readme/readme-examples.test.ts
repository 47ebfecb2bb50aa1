// The README's examples stay true (issue 15, item 5): every ```ts block of README.md type-checks with the
// repository's tsc, `partwise` and `partwise/*` mapped to src/, and the blocks marked `run` (no network, no
// key: local simulators and stores in memory) run. The first screen's example passes an encoded body to
// the Anthropic SDK with no cast, so it type-checks only while the body is assignable to the SDK's type.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { temporaryDirectory } from "../support/temporary-directory.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const ENTRY_POINTS: Readonly<Record<string, string>> = { partwise: "src/index.ts" };
const entryPoint = (specifier: string) => ENTRY_POINTS[specifier] ?? `src/exports/${specifier.slice("partwise/".length)}.ts`;

interface Example {
  readonly name: string;
  /** The README line of the block's first line of code. */
  readonly line: number;
  readonly marks: readonly string[];
  readonly code: string;
}

/** Every ```ts block of the README, with the words after `ts` on its fence line. */
function readmeExamples(): Example[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  return [...readme.matchAll(/^```ts([^\n]*)\n([\s\S]*?)^```$/gm)].map((match, index) => {
    const line = readme.slice(0, match.index).split("\n").length + 1;
    return { name: `example-${index + 1}`, line, marks: (match[1] ?? "").trim().split(/\s+/).filter(Boolean), code: match[2] ?? "" };
  });
}

const examples = readmeExamples();

/** Runs the repository's tsc on a project and resolves with its diagnostics, one per line. */
function typeCheck(project: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", project, "--pretty", "false"], { cwd: root });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", () => resolve(output.split("\n").filter((line) => /error TS\d+/.test(line))));
  });
}

describe("README.md", () => {
  // Inside the repository, so the examples' packages (@anthropic-ai/sdk, ...) resolve from its node_modules.
  const checkDirectory = join(root, "node_modules/.cache/partwise-readme-examples");
  const runDirectory = temporaryDirectory("readme-examples");
  let diagnostics: string[] = [];

  beforeAll(async () => {
    rmSync(checkDirectory, { recursive: true, force: true });
    mkdirSync(checkDirectory, { recursive: true });
    for (const example of examples) writeFileSync(join(checkDirectory, `${example.name}.ts`), `${example.code}export {};\n`);
    const paths = { partwise: [join(root, ENTRY_POINTS.partwise!)], "partwise/*": [join(root, "src/exports/*.ts")] };
    writeFileSync(join(checkDirectory, "tsconfig.json"), JSON.stringify({
      extends: join(root, "tsconfig.json"),
      // Examples show values they do not go on to use.
      compilerOptions: { noEmit: true, noUnusedLocals: false, paths },
      files: examples.map((example) => `${example.name}.ts`),
      include: [],
    }));
    diagnostics = await typeCheck(join(checkDirectory, "tsconfig.json"));
  }, 180_000);
  afterAll(() => rmSync(checkDirectory, { recursive: true, force: true }));

  const errorsOf = (example: Example) => diagnostics.filter((line) => line.includes(`${example.name}.ts(`));

  it("has ts examples, one of them the first screen's SDK round trip", () => {
    expect(examples.length).toBeGreaterThan(5);
    expect(examples[0]?.code).toContain("client.messages.create(");
  });

  it.each(examples.map((example) => [example.line, example] as const))(
    "type-checks the example at line %i",
    (_line, example) => {
      expect(errorsOf(example)).toEqual([]);
    },
  );

  it.each(examples.filter((example) => example.marks.includes("run")).map((example) => [example.line, example] as const))(
    "runs the example at line %i",
    async (_line, example) => {
      const code = example.code.replace(/from "(partwise(?:\/[a-z]+)?)"/g, (_match, specifier: string) => `from ${JSON.stringify(join(root, entryPoint(specifier)))}`);
      const file = join(runDirectory, `${example.name}.ts`);
      writeFileSync(file, `${code}export {};\n`);
      await import(pathToFileURL(file).href);
    },
  );
});
