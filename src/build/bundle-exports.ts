// The last step of `npm run build`: the package's entry points (package.json "exports") as ES module
// bundles in dist/bundle, split so code the entry points share is loaded once. Node's module loader
// pays per module, and partwise is some 120 modules, so one bundle per entry point cuts the cost of
// `import("partwise")` by about half (bench/import-cost.ts, issue 16). Declarations stay tsc's, in dist/src.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const PACKAGE_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Entry point name (its file in dist/bundle) -> source module, relative to the package root. */
export const BUNDLED_ENTRY_POINTS = {
  index: "src/index.ts",
  session: "src/exports/session.ts",
  sqlite: "src/exports/sqlite.ts",
  postgres: "src/exports/postgres.ts",
  chat: "src/exports/chat.ts",
  testing: "src/exports/testing.ts",
  files: "src/exports/files.ts",
} as const;

/** Writes the bundles into `outdir`; dependencies and Node built-ins stay imports. */
export async function bundleExports(packageRoot: string, outdir: string): Promise<void> {
  await build({
    absWorkingDir: packageRoot,
    entryPoints: Object.entries(BUNDLED_ENTRY_POINTS).map(([out, source]) => ({ in: source, out })),
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    chunkNames: "chunks/[name]-[hash]",
    logLevel: "warning",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleExports(PACKAGE_ROOT, `${PACKAGE_ROOT}dist/bundle`);
