// The published declarations hold in a user's project (issue 15 item 2): the `npm pack` tarball, unpacked
// into a fresh project, type-checks every consumer file in test/package/consumers/ with the strictest
// settings a user may have and skipLibCheck off, under nodenext and under bundler resolution.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { temporaryDirectory } from "../support/temporary-directory.js";
import { linkDependencies, readManifest } from "./install-without-peers.js";

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));
const CONSUMERS = join(REPOSITORY, "test", "package", "consumers");
const TYPESCRIPT = join(REPOSITORY, "node_modules", "typescript", "bin", "tsc");
/**
 * The projects the consumers are checked in, by what a user has installed besides partwise. The official
 * SDKs are there for the sdk-*.ts consumers, which assign encoded bodies to the SDKs' request types.
 * Linked, not installed: the compiler follows each link to this checkout, where their dependencies are.
 */
const PROJECTS = {
  /** A Node app with the optional peers, their types, and the official SDKs: every consumer not named below. */
  node: {
    linked: [
      "@types/node", "pg", "@types/pg", "better-sqlite3", "@types/better-sqlite3", "ioredis",
      "@anthropic-ai/sdk", "openai", "ollama", "@google/genai", "@aws-sdk/client-bedrock-runtime", "@mistralai/mistralai",
      "@opentelemetry/api",
    ],
    compilerOptions: { lib: ["es2023", "dom"], types: ["node"] },
  },
  /** A Node app that installed no driver (nor its types). */
  "without-drivers": { linked: ["@types/node"], compilerOptions: { lib: ["es2023", "dom"], types: ["node"] } },
  /**
   * A LangChain.js app (partwise/langchain with @langchain/core). skipLibCheck: @langchain/core's own
   * declarations do not compile under exactOptionalPropertyTypes; the consumer's code is still checked strictly.
   */
  langchain: { linked: ["@types/node", "@langchain/core"], compilerOptions: { lib: ["es2023", "dom"], types: ["node"], skipLibCheck: true } },
  /** A browser or worker app: neither Node's types nor its lib. */
  core: { linked: [], compilerOptions: { lib: ["es2022", "dom"], types: [] } },
} as const;
type ProjectName = keyof typeof PROJECTS;
const PROJECT_OF_CONSUMER: Readonly<Record<string, ProjectName>> = { "core-only.ts": "core", "without-drivers.ts": "without-drivers", "langchain.ts": "langchain" };

const STRICTEST = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: false,
  noEmit: true,
  target: "es2022",
  verbatimModuleSyntax: true,
  // Makes every imported name count: an import the consumer does not use fails here.
  noUnusedLocals: true,
};
const RESOLUTIONS = {
  nodenext: { module: "nodenext", moduleResolution: "nodenext" },
  bundler: { module: "esnext", moduleResolution: "bundler" },
} as const;

const consumerFiles = readdirSync(CONSUMERS).filter((name) => name.endsWith(".ts")).sort();
const projectOf = (consumer: string): ProjectName => PROJECT_OF_CONSUMER[consumer] ?? "node";
let tarball: string;
const projects = new Map<ProjectName, string>();

/** Runs `npm pack` (its prepare script builds dist/) and returns the tarball's path. */
async function pack(destination: string): Promise<string> {
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", destination], { cwd: REPOSITORY, maxBuffer: 64 * 1024 * 1024 });
  const [packed] = JSON.parse(stdout) as [{ readonly filename: string }];
  return join(destination, packed.filename);
}

/** A fresh project with the tarball unpacked as node_modules/partwise, its dependencies and `linked` beside it. */
async function userProject(directory: string, linked: readonly string[], consumers: readonly string[]): Promise<string> {
  const installed = join(directory, "node_modules", "partwise");
  mkdirSync(installed, { recursive: true });
  await run("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  linkDependencies(Object.keys(readManifest(installed).dependencies ?? {}), join(directory, "node_modules"));
  for (const name of linked) {
    mkdirSync(dirname(join(directory, "node_modules", name)), { recursive: true });
    symlinkSync(join(REPOSITORY, "node_modules", name), join(directory, "node_modules", name), "dir");
  }
  writeFileSync(join(directory, "package.json"), JSON.stringify({ name: "user-project", private: true, type: "module" }));
  mkdirSync(join(directory, "src"));
  for (const name of consumers) copyFileSync(join(CONSUMERS, name), join(directory, "src", name));
  return directory;
}

/** Writes a tsconfig for `resolution` and returns what tsc printed (nothing when there are no errors). */
async function typeCheck(project: string, resolution: keyof typeof RESOLUTIONS, extra: Record<string, unknown>): Promise<string> {
  const config = join(project, `tsconfig.${resolution}.json`);
  writeFileSync(config, JSON.stringify({ compilerOptions: { ...STRICTEST, ...RESOLUTIONS[resolution], ...extra }, include: ["src"] }, null, 2));
  try {
    const { stdout, stderr } = await run(process.execPath, [TYPESCRIPT, "-p", config, "--pretty", "false"], { cwd: project, maxBuffer: 64 * 1024 * 1024 });
    return stdout + stderr;
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return stdout + stderr || String(error);
  }
}

beforeAll(async () => {
  const directory = temporaryDirectory("consumer-types");
  tarball = await pack(directory);
  for (const [name, project] of Object.entries(PROJECTS) as [ProjectName, (typeof PROJECTS)[ProjectName]][]) {
    projects.set(name, await userProject(join(directory, name), project.linked, consumerFiles.filter((consumer) => projectOf(consumer) === name)));
  }
}, 180_000);

describe("npm pack", () => {
  for (const resolution of Object.keys(RESOLUTIONS) as (keyof typeof RESOLUTIONS)[]) {
    for (const name of Object.keys(PROJECTS) as ProjectName[]) {
      it(`ships declarations that type-check the ${name} project's consumers with 0 errors when resolved with ${resolution}`, async () => {
        expect(await typeCheck(projects.get(name)!, resolution, PROJECTS[name].compilerOptions)).toBe("");
      }, 120_000);
    }
  }
});

describe("test/package/consumers", () => {
  it("uses every name each entry point of the packed package exports when imported at run time", async () => {
    const nodeProject = projects.get("node")!;
    const manifest = readManifest(join(nodeProject, "node_modules", "partwise"));
    const subpaths = Object.entries(manifest.exports ?? {})
      .filter(([, target]) => typeof target === "object" && target !== null && "types" in target)
      .map(([subpath]) => subpath.replace(/^\./, "partwise"));
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", `
      const subpaths = ${JSON.stringify(subpaths)};
      const names = {};
      for (const subpath of subpaths) names[subpath] = Object.keys(await import(subpath));
      console.log(JSON.stringify(names));
    `], { cwd: nodeProject });
    const consumers = consumerFiles.map((name) => readFileSync(join(CONSUMERS, name), "utf8")).join("\n");
    const exported = JSON.parse(stdout) as Record<string, string[]>;
    const uncovered = Object.entries(exported).flatMap(([subpath, names]) =>
      names.filter((name) => !new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`).test(consumers)).map((name) => `${subpath}: ${name}`));
    expect(subpaths).toContain("partwise/postgres");
    expect(uncovered).toEqual([]);
  });
});
