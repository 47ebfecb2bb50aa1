// What loading partwise costs (issue 16): wall time, CPU time and peak resident memory of `import()` of
// the root export and of each subpath, each in a fresh Node process, over a bare process doing nothing
// else; and the package's install size (`npm pack`, unpacked) with what dominates it. CPU time (user +
// system, as the process itself counts it) is the figure that holds on a busy machine; wall time does not.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { peakResidentKiB } from "./harness.js";

const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The specifiers measured: the root and every subpath of package.json's exports that is code (it has a
 * `default` target; `./typespec` only has the `typespec` condition the TypeSpec compiler resolves).
 */
export function importSpecifiers(): string[] {
  const manifest = JSON.parse(readFileSync(new URL("package.json", `file://${REPOSITORY}`), "utf8")) as { exports: Record<string, unknown> };
  return Object.entries(manifest.exports)
    .filter(([path, target]) => typeof target === "object" && target !== null && "default" in target && !path.includes("*"))
    .map(([path]) => (path === "." ? "partwise" : `partwise/${path.slice(2)}`));
}

interface ProcessCost {
  readonly ms: number;
  readonly cpuMs: number;
  readonly rssMiB: number;
}

/** One fresh process that imports `specifier` (or nothing) and reports its peak resident memory. */
function freshProcess(specifier: string | undefined): ProcessCost {
  const load = specifier === undefined ? "" : `await import(${JSON.stringify(specifier)});`;
  const source = `${load}const { user, system } = process.cpuUsage();process.stdout.write(JSON.stringify([(${peakResidentKiB.toString()})(), (user + system) / 1000]));`;
  const started = performance.now();
  // Run from the repository, so `partwise` resolves to this package itself (self-reference via exports).
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", source], { cwd: REPOSITORY, encoding: "utf8" });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`importing ${specifier} failed:\n${child.stderr}`);
  const [maxRssKiB, cpuMs] = JSON.parse(child.stdout) as [number, number];
  return { ms, cpuMs, rssMiB: maxRssKiB / 1024 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export interface ImportCost {
  readonly specifier: string;
  readonly medianMs: number;
  readonly overBareMs: number;
  readonly cpuMs: number;
  readonly overBareCpuMs: number;
  readonly rssMiB: number;
  readonly overBareRssMiB: number;
}

/** Medians over `runs` rounds; each round starts a bare process and one per specifier, alternating. */
export function measureImportCosts(runs: number): { bare: ProcessCost; imports: ImportCost[] } {
  const specifiers = importSpecifiers();
  const samples = new Map<string | undefined, ProcessCost[]>([[undefined, []], ...specifiers.map((specifier) => [specifier, []] as [string, ProcessCost[]])]);
  freshProcess(undefined);
  for (let round = 0; round < runs; round++) for (const [specifier, list] of samples) list.push(freshProcess(specifier));
  const summary = (list: readonly ProcessCost[]): ProcessCost => ({
    ms: median(list.map((cost) => cost.ms)),
    cpuMs: median(list.map((cost) => cost.cpuMs)),
    rssMiB: median(list.map((cost) => cost.rssMiB)),
  });
  const bare = summary(samples.get(undefined) ?? []);
  const imports = specifiers.map((specifier) => {
    const cost = summary(samples.get(specifier) ?? []);
    return {
      specifier,
      medianMs: cost.ms,
      overBareMs: cost.ms - bare.ms,
      cpuMs: cost.cpuMs,
      overBareCpuMs: cost.cpuMs - bare.cpuMs,
      rssMiB: cost.rssMiB,
      overBareRssMiB: cost.rssMiB - bare.rssMiB,
    };
  });
  return { bare, imports };
}

export interface PackageSize {
  readonly packedBytes: number;
  readonly unpackedBytes: number;
  readonly files: number;
  /** Unpacked bytes by top-level folder (dist/src, generated/models, ...), largest first. */
  readonly byFolder: readonly { readonly folder: string; readonly bytes: number }[];
}

/** The package as `npm pack` would publish it (dist/ must be built), without running its scripts. */
export function packageSize(): PackageSize {
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPOSITORY, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const [pack] = JSON.parse(output) as { size: number; unpackedSize: number; files: { path: string; size: number }[] }[];
  if (!pack) throw new Error("npm pack --dry-run reported nothing");
  const folders = new Map<string, number>();
  for (const file of pack.files) {
    const segments = file.path.split("/");
    const folder = segments.length > 2 ? segments.slice(0, 2).join("/") : segments.length === 2 ? (segments[0] as string) : ".";
    folders.set(folder, (folders.get(folder) ?? 0) + file.size);
  }
  const byFolder = [...folders].map(([folder, bytes]) => ({ folder, bytes })).sort((left, right) => right.bytes - left.bytes);
  return { packedBytes: pack.size, unpackedBytes: pack.unpackedSize, files: pack.files.length, byFolder };
}
