// `partwise scaffold provider NAME --out DIR` from the installed package: the package built and packed
// with `npm pack`, extracted into a user project's node_modules, then the installed CLI scaffolds a
// provider, `partwise generate --provider` compiles its spec, and tsc and vitest run in the project as a
// user runs them (docs/scaffold-a-provider.md). Also the refusals, which write nothing.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleExports, copyGeneratedScripts } from "../../src/build/package-build.js";
import { runScaffold } from "../../src/cli/scaffold-command.js";
import { linkDependencies } from "../package/install-without-peers.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));
const MINUTE = 60_000;
/** What the user installs besides partwise (docs/scaffold-a-provider.md): the generator's peers and the test tools. */
const USER_INSTALLS = ["@typespec/compiler", "@typespec/json-schema", "ajv", "ajv-formats", "json-schema-to-typescript", "quicktype-core", "typescript", "vitest", "@types/node"];

function silentIo() {
  const lines: string[] = [];
  return { lines, io: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) } };
}

/** The package as `npm pack` makes it from a built tree: tsc's output, the bundles and the shipped files, staged apart from the checkout's own dist. */
async function packPackage(directory: string): Promise<string> {
  const staged = join(directory, "staged");
  const manifest = JSON.parse(readFileSync(join(REPOSITORY, "package.json"), "utf8")) as { files: string[] };
  for (const entry of manifest.files) if (!entry.startsWith("dist") && !entry.startsWith("!")) cpSync(join(REPOSITORY, entry), join(staged, entry), { recursive: true });
  cpSync(join(REPOSITORY, "package.json"), join(staged, "package.json"));
  await run(process.execPath, [join(REPOSITORY, "node_modules/typescript/bin/tsc"), "-p", join(REPOSITORY, "tsconfig.build.json"), "--outDir", join(staged, "dist"), "--sourceMap", "false"]);
  copyGeneratedScripts(staged);
  await bundleExports(REPOSITORY, join(staged, "dist", "bundle"));
  const { stdout } = await run("npm", ["pack", staged, "--pack-destination", directory, "--ignore-scripts", "--json"], { cwd: directory });
  return join(directory, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

/** A user project with the tarball extracted as node_modules/partwise and the rest linked from this checkout (no network). */
async function installPacked(tarball: string, directory: string): Promise<string> {
  const project = join(directory, "project");
  const installed = join(project, "node_modules", "partwise");
  mkdirSync(installed, { recursive: true });
  await run("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  linkDependencies(Object.keys(manifest.dependencies), join(project, "node_modules"));
  for (const name of USER_INSTALLS) {
    mkdirSync(join(project, "node_modules", name, ".."), { recursive: true });
    if (!existsSync(join(project, "node_modules", name))) symlinkSync(join(REPOSITORY, "node_modules", name), join(project, "node_modules", name), "dir");
  }
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "user-project", private: true, type: "module" }));
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({
    compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: true, noEmit: true, types: ["node"] },
    include: ["providers"],
  }));
  return project;
}

/** Runs an installed package's script in the project, as `npx` would, and returns what it printed, or its failure. */
async function inProject(project: string, script: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [join(project, "node_modules", script), ...args], { cwd: project, env: { ...process.env, NO_COLOR: "1" } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe("partwise scaffold provider --out (installed package)", () => {
  let project: string;
  beforeAll(async () => {
    const directory = temporaryDirectory("scaffold-installed");
    project = await installPacked(await packPackage(directory), directory);
  }, 5 * MINUTE);

  it("scaffolds, generates, type-checks and passes its tests with no hand edit", { timeout: 5 * MINUTE }, async () => {
    const scaffold = await inProject(project, "partwise/dist/src/cli/bin.js", ["scaffold", "provider", "acme-chat", "--out", "providers/acme-chat"]);
    expect(scaffold).toMatchObject({ code: 0, stderr: expect.stringContaining("npx partwise generate --provider providers/acme-chat/acme-chat.tsp --out providers/acme-chat/generated") });
    const generate = await inProject(project, "partwise/dist/src/cli/bin.js", ["generate", "--provider", "providers/acme-chat/acme-chat.tsp", "--out", "providers/acme-chat/generated"]);
    expect(generate).toMatchObject({ code: 0, stderr: expect.stringContaining("5 provider files") });
    const description = JSON.parse(readFileSync(join(project, "providers/acme-chat/generated/acme.chat.provider.json"), "utf8"));
    expect(description).toMatchObject({ $comment: expect.stringContaining("Do not edit"), providers: [{ id: "acme.chat", displayName: "Acme Chat" }] });
    for (const file of ["acme.chat.ts", "acme.chat.provider.ts", "acme.chat-validators.js", "acme.chat-validators.d.ts"]) {
      expect(readFileSync(join(project, "providers/acme-chat/generated", file), "utf8")).toMatch(/^\/\/ Generated by partwise from acme-chat\.tsp\. Do not edit/);
    }

    const typecheck = await inProject(project, "typescript/bin/tsc", ["-p", "tsconfig.json"]);
    const errors = typecheck.stdout.split("\n").filter((line) => line.includes("error TS"));
    expect(errors).toEqual([]);
    const tests = await inProject(project, "vitest/vitest.mjs", ["run", "providers"]);
    expect(tests, tests.stdout + tests.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/Tests\s+\d+ passed/) });
  });

  it.each([
    ["declares a built-in provider's id", (spec: string) => spec.replace('@provider("broken.chat"', '@provider("mistral"'), "partwise has built in"],
    ["maps a block to a part type that does not exist", (spec: string) => spec.replace('@mapsTo("text")', '@mapsTo("txt")'), "unknown-part-type"],
  ])("generate --provider exits 2, writing nothing, when the spec %s", { timeout: MINUTE }, async (_case, edit, message) => {
    try {
      await inProject(project, "partwise/dist/src/cli/bin.js", ["scaffold", "provider", "broken-chat", "--out", "broken"]);
      const spec = join(project, "broken/broken-chat.tsp");
      writeFileSync(spec, edit(readFileSync(spec, "utf8")));
      const generate = await inProject(project, "partwise/dist/src/cli/bin.js", ["generate", "--provider", spec, "--out", "broken/generated"]);
      expect(generate).toMatchObject({ code: 2, stderr: expect.stringContaining(message) });
      expect(existsSync(join(project, "broken/generated"))).toBe(false);
    } finally {
      rmSync(join(project, "broken"), { recursive: true, force: true });
    }
  });
});

describe("runScaffold --out", () => {
  it("refuses a directory that exists and is not empty, leaving it as it was", async () => {
    const out = temporaryDirectory("scaffold-out-taken");
    writeFileSync(join(out, "notes.txt"), "mine");
    await expect(runScaffold(["provider", "acme-chat", "--out", out], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining("not an empty directory") });
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("mine");
  });

  it.each(["deepseek", "deep-seek", "openai-chat", "mistral"])("refuses %s, a built-in provider's name, writing nothing", async (name) => {
    const out = join(temporaryDirectory("scaffold-out-builtin"), "provider");
    await expect(runScaffold(["provider", name, "--out", out], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringMatching(/built in|collides/) });
    expect(existsSync(out)).toBe(false);
  });

  it("refuses a name that is not kebab-case, writing nothing", async () => {
    const out = join(temporaryDirectory("scaffold-out-name"), "provider");
    await expect(runScaffold(["provider", "Acme_Chat", "--out", out], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining("kebab-case") });
    expect(existsSync(out)).toBe(false);
  });

  it("refuses --root with --out", async () => {
    await expect(runScaffold(["provider", "acme-chat", "--out", "a", "--root", "b"], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining("not both") });
  });

  it("writes every file into an empty directory, importing only partwise's exports and its own files", async () => {
    const out = temporaryDirectory("scaffold-out-empty");
    const { lines } = silentIo();
    await runScaffold(["provider", "acme-chat", "--out", out], { out: (line) => lines.push(line), err: () => undefined });
    const written = lines.map((line) => line.replace(`wrote ${out}/`, ""));
    expect(written).toContain("acme-chat.tsp");
    expect(written).toContain("acme-chat-codec.test.ts");
    for (const file of written.filter((path) => path.endsWith(".ts"))) {
      const imports = [...readFileSync(join(out, file), "utf8").matchAll(/from "([^"]+)"/g)].map((match) => match[1]!);
      expect(imports.filter((source) => !/^(partwise(\/(provider-kit|chat|testing))?|vitest|\.\/[\w.-]+\.js|\.\/generated\/[\w.-]+\.js)$/.test(source)), file).toEqual([]);
    }
    expect(readFileSync(join(out, "acme-chat.tsp"), "utf8")).toMatch(/^import "partwise\/typespec";$/m);
  });
});
