// `partwise scaffold provider`: argument checks on a minimal checkout, and the real thing in a copy of
// the repository: scaffold, `npm run generate` (and its --check), the conformance vectors, a type-check,
// then the new provider's tests and the tests every provider must pass.
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runScaffold } from "../../src/cli/scaffold-command.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));
const MINUTE = 60_000;

function silentIo() {
  const lines: string[] = [];
  return { lines, io: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) } };
}

/** A checkout holding only what the scaffold edits: the codec and simulator registries and spec/main.tsp. */
function minimalCheckout(): string {
  const root = temporaryDirectory("scaffold-minimal");
  mkdirSync(join(root, "src/providers"), { recursive: true });
  mkdirSync(join(root, "src/simulators"), { recursive: true });
  mkdirSync(join(root, "spec"), { recursive: true });
  writeFileSync(join(root, "src/providers/registry.ts"), [
    `import { anthropicCodec } from "./anthropic/index.js";`,
    `import type { ProviderCodec } from "./provider-codec.js";`,
    "",
    "export const providerCodecs: Readonly<Record<string, ProviderCodec>> = {",
    "  [anthropicCodec.id]: anthropicCodec,",
    "};",
    "",
  ].join("\n"));
  writeFileSync(join(root, "src/simulators/index.ts"), [
    `import { anthropicSimulator } from "./anthropic-simulator.js";`,
    `import { type ProviderSimulator, startSimulatorServer } from "./simulator-server.js";`,
    "",
    "const simulatorEntries: readonly SimulatorEntry[] = [",
    "  stateless(anthropicSimulator),",
    "];",
    "",
  ].join("\n"));
  writeFileSync(join(root, "spec/main.tsp"), `import "./parts.tsp";\nimport "./providers/anthropic.tsp";\n\nnamespace Partwise;\n`);
  return root;
}

/** Every file under `root` with its text, to show that a refused scaffold changed nothing. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[join(entry.parentPath, entry.name).slice(root.length)] = readFileSync(join(entry.parentPath, entry.name), "utf8");
  }
  return files;
}

/**
 * A copy of the repository's files (tracked, and new ones not ignored), whose node_modules links every
 * installed package except our TypeSpec library, which must be the copy's own spec/lib: the spec it
 * imports is the copy's.
 */
function copyRepository(target: string): void {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repositoryRoot, encoding: "utf8" }).split("\0");
  for (const file of files) {
    if (file === "") continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    try {
      copyFileSync(join(repositoryRoot, file), join(target, file));
    } catch (error) {
      // A tracked file deleted in the working tree is not part of the copy.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  mkdirSync(join(target, "node_modules/@partwise"), { recursive: true });
  for (const entry of readdirSync(join(repositoryRoot, "node_modules"))) {
    if (entry !== "@partwise") symlinkSync(join(repositoryRoot, "node_modules", entry), join(target, "node_modules", entry));
  }
  symlinkSync("../../spec/lib", join(target, "node_modules/@partwise/typespec"));
}

/** Runs a command in the copy; a failure carries its output. The outer vitest's variables are not passed on. */
async function inCopy(root: string, file: string, args: readonly string[]): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && key !== "NODE_OPTIONS"));
  try {
    const { stdout } = await run(file, args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024, timeout: 10 * MINUTE });
    return stdout;
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} ${args.join(" ")} failed in the copy:\n${failure.stdout ?? ""}\n${failure.stderr ?? failure.message}`);
  }
}

describe("runScaffold", () => {
  it("registers the codec and the simulator after the last ones and imports the spec file after the last provider", async () => {
    const root = minimalCheckout();
    expect(await runScaffold(["provider", "acme-chat", "--root", root], silentIo().io)).toBe(0);
    expect(readFileSync(join(root, "src/providers/registry.ts"), "utf8")).toContain([
      `import { anthropicCodec } from "./anthropic/index.js";`,
      `import { acmeChatCodec } from "./acme-chat/index.js";`,
    ].join("\n"));
    expect(readFileSync(join(root, "src/providers/registry.ts"), "utf8")).toContain("  [anthropicCodec.id]: anthropicCodec,\n  [acmeChatCodec.id]: acmeChatCodec,\n};");
    expect(readFileSync(join(root, "src/simulators/index.ts"), "utf8")).toContain([
      `import { anthropicSimulator } from "./anthropic-simulator.js";`,
      `import { acmeChatSimulator } from "./acme-chat-simulator.js";`,
    ].join("\n"));
    expect(readFileSync(join(root, "src/simulators/index.ts"), "utf8")).toContain("  stateless(anthropicSimulator),\n  stateless(acmeChatSimulator),\n];");
    expect(readFileSync(join(root, "spec/main.tsp"), "utf8")).toContain(`import "./providers/anthropic.tsp";\nimport "./providers/acme-chat.tsp";\n`);
    expect(readFileSync(join(root, "spec/providers/acme-chat.tsp"), "utf8")).toContain(`@provider("acme.chat", "Acme Chat")`);
    expect(readdirSync(join(root, "src/providers/acme-chat")).sort()).toEqual([
      "acme-chat-block-placement.ts", "acme-chat-endpoint.ts", "acme-chat-errors.ts", "acme-chat-tools.ts", "acme-chat-wire.ts",
      "decode-acme-chat-response.ts", "decode-acme-chat-stream.ts", "encode-acme-chat-request.ts", "index.ts", "map-acme-chat-message.ts",
    ]);
    expect(readdirSync(join(root, "src/simulators")).sort()).toEqual(["acme-chat-simulator.ts", "index.ts"]);
  });

  it("refuses, writing nothing, when the provider exists, the name is not kebab-case or is reserved", async () => {
    const root = minimalCheckout();
    await runScaffold(["provider", "acme", "--root", root], silentIo().io);
    const before = snapshot(root);
    await expect(runScaffold(["provider", "acme", "--root", root], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining("exists already") });
    await expect(runScaffold(["provider", "Acme_Chat", "--root", root], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining("kebab-case") });
    await expect(runScaffold(["provider", "partwise", "--root", root], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining("reserved") });
    await expect(runScaffold(["model", "acme", "--root", root], silentIo().io)).rejects.toMatchObject({ code: "cli/usage" });
    expect(snapshot(root)).toEqual(before);
  });

  it.each([
    ["deep-seek", "deepseek"],
    ["open-ai-chat", "openai-chat"],
    ["open-ai-responses", "openai-responses"],
    ["anth-ropic", "anthropic"],
  ])("refuses %s, writing nothing, because without dashes it names the existing provider %s", async (name, existing) => {
    const root = minimalCheckout();
    mkdirSync(join(root, "spec/providers"));
    for (const provider of ["deepseek", "openai-chat", "openai-responses", "anthropic"]) writeFileSync(join(root, `spec/providers/${provider}.tsp`), "");
    const before = snapshot(root);
    await expect(runScaffold(["provider", name, "--root", root], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining(`collides with the existing provider "${existing}"`) });
    expect(snapshot(root)).toEqual(before);
  });

  it("refuses a name over 64 characters before writing anything", async () => {
    const root = minimalCheckout();
    const before = snapshot(root);
    await expect(runScaffold(["provider", `a${"b".repeat(250)}`, "--root", root], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining("over the limit of 64") });
    expect(snapshot(root)).toEqual(before);
  });

  it("undoes every file it wrote, and both registries, when a later write fails", async () => {
    const root = minimalCheckout();
    // test/fixtures is a file, so the fixtures cannot be written after the spec and the codec were.
    mkdirSync(join(root, "test"));
    writeFileSync(join(root, "test/fixtures"), "in the way");
    const before = snapshot(root);
    await expect(runScaffold(["provider", "acme", "--root", root], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining("nothing was left behind") });
    expect(snapshot(root)).toEqual(before);
  });

  it("refuses a directory that is not a partwise checkout", async () => {
    await expect(runScaffold(["provider", "acme", "--root", temporaryDirectory("scaffold-empty")], silentIo().io)).rejects.toMatchObject({ code: "cli/usage", message: expect.stringContaining("not a partwise checkout") });
  });

  it("writes a provider that generates, type-checks and passes its tests and every provider's tests, in a copy of the repository", async () => {
    const root = temporaryDirectory("scaffold-repository");
    copyRepository(root);
    expect(await runScaffold(["provider", "acme-chat", "--root", root], silentIo().io)).toBe(0);
    await inCopy(root, "npm", ["run", "generate"]);
    await inCopy(root, "npm", ["run", "generate", "--", "--check"]);
    await inCopy(root, "npx", ["tsx", "test/conformance/update-provider-vectors.ts"]);
    // The type-check covers src/ (the registry and every codec), generated/ and the new tests.
    writeFileSync(join(root, "tsconfig.scaffold.json"), JSON.stringify({ extends: "./tsconfig.json", include: ["src", "generated", "test/providers/acme-chat"] }));
    await inCopy(root, "npx", ["tsc", "-p", "tsconfig.scaffold.json"]);
    // The new provider's tests hold a tool loop against its simulator, its declared mappings hold, and every
    // simulator meets the request limits.
    const report = await inCopy(root, "npx", [
      "vitest", "run", "test/providers/acme-chat", "test/providers/cross-provider-replay.test.ts", "test/conformance/provider-vectors.test.ts",
      "test/conformance/mapping-vectors.test.ts", "test/simulators/simulator-request-limits.test.ts",
    ]);
    // The report is coloured when the environment forces colour.
    expect(report.replace(/\u001b\[[0-9;]*m/g, "")).toMatch(/Test Files\s+5 passed/);
  }, 20 * MINUTE);
});
