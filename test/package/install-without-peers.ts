// An install of partwise as a user gets it without any optional peer: the package's files (the entry
// point bundles that `npm run build` writes, src and generated transpiled to dist/ for the CLI) in a
// fresh node_modules holding only the runtime dependencies, so pg, better-sqlite3 and quicktype-core are absent.
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { bundleExports } from "../../src/build/package-build.js";

const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));

interface PackageManifest {
  readonly dependencies?: Record<string, string>;
  readonly files?: readonly string[];
}

function readManifest(directory: string): PackageManifest {
  return JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as PackageManifest;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(join(REPOSITORY, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Links the runtime dependencies and everything they depend on from this checkout's node_modules. */
export function linkDependencies(names: readonly string[], nodeModules: string, linked = new Set<string>()): void {
  for (const name of names) {
    if (linked.has(name)) continue;
    linked.add(name);
    const target = join(REPOSITORY, "node_modules", name);
    mkdirSync(dirname(join(nodeModules, name)), { recursive: true });
    symlinkSync(target, join(nodeModules, name), "dir");
    linkDependencies(Object.keys(readManifest(target).dependencies ?? {}), nodeModules, linked);
  }
}

/** Lays out the install under `directory` and returns the project directory whose node_modules has it. */
export async function installWithoutPeers(directory: string): Promise<string> {
  const project = join(directory, "project");
  const installed = join(project, "node_modules", "partwise");
  const files = [...sourceFiles("src"), ...sourceFiles("generated")];
  await build({ entryPoints: files, outdir: join(installed, "dist"), outbase: REPOSITORY, bundle: false, format: "esm", platform: "node", logLevel: "silent" });
  await bundleExports(REPOSITORY, join(installed, "dist", "bundle"));
  const manifest = readManifest(REPOSITORY);
  // The package's other files as they ship (generated/, spec/, templates/); dist/ was built above and
  // the exclusions ("!dist/**/*.map") have nothing to remove from it.
  for (const entry of manifest.files ?? []) if (!entry.startsWith("dist") && !entry.startsWith("!")) cpSync(join(REPOSITORY, entry), join(installed, entry), { recursive: true });
  cpSync(join(REPOSITORY, "package.json"), join(installed, "package.json"));
  linkDependencies(Object.keys(manifest.dependencies ?? {}), join(project, "node_modules"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "user-project", private: true, type: "module" }));
  return project;
}
