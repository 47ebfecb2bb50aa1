// `npm run bench [-- --json] [--group NAME] [--runs N] [--no-memory]`: every comparison, its medians,
// partwise's ratio to each peer and to the floor, peak memory per contender (each measured alone in a fresh
// process), the growth factor of each job from 1x to 100x, and the import cost of each export
// (`--group "import cost"`), and `partwise validate` of a 1 GiB session log against its floor (`--group
// "validate a session log file"`). Run from dist/bench (npm run bench builds first).
import { execFileSync, spawnSync } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type ComparisonPlan, type ComparisonResult, type Growth, growthOf, measure, peakResidentKiB } from "./harness.js";
import type { ImportCost, PackageSize, measureImportCosts } from "./import-cost.js";

/**
 * The groups, as plans, each module imported only when its group runs: a process measures only what it
 * loaded for the jobs it times (importing the store drivers, ioredis alone, made the stream decoders'
 * optimized code slower: Anthropic 10x went from 1.15-1.20x to 1.40-1.44x the floor), and a memory probe
 * holds only the comparison it measures.
 */
const GROUPS: Record<string, () => Promise<ComparisonPlan[]>> = {
  "stream decode + aggregate": async () => (await import("./stream-decode-comparisons.js")).streamDecodeComparisons(),
  "100 concurrent streams": async () => (await import("./concurrent-streams.js")).concurrentStreamComparisons(),
  "validation of a stored history": async () => (await import("./validation-comparisons.js")).validationComparisons(),
  "encode a history": async () => (await import("./encode-comparisons.js")).encodeComparisons(),
  "tool arguments in 16-byte deltas": async () => (await import("./growth-comparisons.js")).growthComparisons(),
};

/** Each contender warms up for at least this long before it is timed (the stores' jobs warm up once). */
const WARMUP_MS = 250;
/** A timed sample of an in-memory job lasts about this long: a job of microseconds is many runs in a row. */
const SAMPLE_MS = 20;

function postgresUrl(): string | undefined {
  if (process.env.PARTWISE_TEST_POSTGRES_URL) return process.env.PARTWISE_TEST_POSTGRES_URL;
  try {
    const script = fileURLToPath(new URL("../../.ci/start-postgres", import.meta.url));
    return execFileSync(script, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** In a fresh process: one warm-up and one run of one contender; prints the peak resident memory in MiB. */
async function probeMemory(group: string, index: number, contender: string): Promise<void> {
  const comparison = (await GROUPS[group]?.())?.[index]?.();
  const target = comparison?.contenders.find((candidate) => candidate.name === contender);
  if (!target) throw new Error(`no contender ${group} / #${index} / ${contender}`);
  const before = peakResidentKiB();
  await target.run();
  await target.run();
  console.log(JSON.stringify({ peakMemoryMiB: peakResidentKiB() / 1024, baselineMiB: before / 1024 }));
}

function peakMemory(group: string, index: number, contender: string): number | undefined {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--probe-memory", JSON.stringify([group, index, contender])], { encoding: "utf8", timeout: 600_000 });
  try {
    return (JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "") as { peakMemoryMiB: number }).peakMemoryMiB;
  } catch {
    return undefined;
  }
}

function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? "" : `${ratio.toFixed(2)}x`;
}

function printTable(results: readonly ComparisonResult[]): void {
  let group = "";
  for (const result of results) {
    if (result.group !== group) {
      group = result.group;
      console.log(`\n## ${group}\n\n| input | contender | median ms | partwise / it | peak MiB |\n|---|---|---:|---:|---:|`);
    }
    for (const contender of result.contenders) {
      const ratio = contender.role === "partwise" ? "" : formatRatio(result.ratios[contender.name]);
      const memory = contender.peakMemoryMiB === undefined ? "" : contender.peakMemoryMiB.toFixed(0);
      console.log(`| ${result.input} | ${contender.name} | ${contender.medianMs.toFixed(2)} | ${ratio} | ${memory} |`);
    }
  }
}

function printGrowth(growth: readonly Growth[]): void {
  console.log("\n## growth (time per unit of input at each larger size over the smallest's; 1.00 is linear)\n");
  console.log("| job | contender | sizes | growth factors |\n|---|---|---|---:|");
  for (const line of growth) {
    console.log(`| ${line.group}: ${line.series} | ${line.contender} | ${line.inputs.map((input) => input.replace(`${line.series}, `, "")).join(" / ")} | ${line.factors.map((factor) => factor.toFixed(2)).join(", ")} |`);
  }
}

function printImportCosts(costs: { bare: { ms: number; cpuMs: number; rssMiB: number }; imports: readonly ImportCost[] }, size: PackageSize): void {
  const { bare } = costs;
  console.log(`\n## import cost (fresh process per run; bare node: ${bare.ms.toFixed(0)} ms wall, ${bare.cpuMs.toFixed(0)} ms CPU, ${bare.rssMiB.toFixed(1)} MiB peak RSS)\n`);
  console.log("| import | wall ms | over bare | CPU ms | over bare | peak RSS MiB | over bare |\n|---|---:|---:|---:|---:|---:|---:|");
  for (const cost of costs.imports) {
    const cells = [cost.medianMs, cost.overBareMs, cost.cpuMs, cost.overBareCpuMs].map((value) => value.toFixed(0));
    console.log(`| ${cost.specifier} | ${cells.join(" | ")} | ${cost.rssMiB.toFixed(1)} | ${cost.overBareRssMiB.toFixed(1)} |`);
  }
  const mib = (bytes: number) => (bytes / 1024 ** 2).toFixed(2);
  console.log(`\npackage (npm pack): ${mib(size.packedBytes)} MiB packed, ${mib(size.unpackedBytes)} MiB unpacked, ${size.files} files; largest folders:`);
  for (const { folder, bytes } of size.byFolder.slice(0, 6)) console.log(`- ${folder}: ${mib(bytes)} MiB (${((bytes / size.unpackedBytes) * 100).toFixed(0)}%)`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: "boolean" },
      group: { type: "string" },
      runs: { type: "string" },
      warmup: { type: "string" },
      "no-memory": { type: "boolean" },
      "probe-memory": { type: "string" },
    },
  });
  if (values["probe-memory"]) {
    const [group, index, contender] = JSON.parse(values["probe-memory"]) as [string, number, string];
    return probeMemory(group, index, contender);
  }
  const runs = Number(values.runs ?? 7);
  const warmup = Number(values.warmup ?? 2);
  const selected = (name: string) => values.group === undefined || name.includes(values.group);
  const results: ComparisonResult[] = [];
  for (const [group, build] of Object.entries(GROUPS)) {
    if (!selected(group)) continue;
    for (const [index, plan] of (await build()).entries()) {
      const comparison = plan();
      const result = await measure(comparison, { runs, warmup, warmupMs: WARMUP_MS, sampleMs: SAMPLE_MS });
      if (!values["no-memory"]) {
        for (const contender of result.contenders) {
          const peak = peakMemory(group, index, contender.name);
          if (peak !== undefined) contender.peakMemoryMiB = peak;
        }
      }
      results.push(result);
      if (!values.json) console.error(`measured ${group}: ${comparison.input}`);
    }
  }
  // Fresh processes over a 1 GiB file, each measured alone: the time and peak memory a user's command pays.
  if (selected("validate a session log file")) results.push(await (await import("./validate-large-log.js")).largeLogComparison(Math.min(runs, 3), values.json ? undefined : (line) => console.error(line)));
  let importCosts: (ReturnType<typeof measureImportCosts> & { size: PackageSize }) | undefined;
  if (selected("import cost")) {
    const costs = await import("./import-cost.js");
    importCosts = { ...costs.measureImportCosts(Math.max(runs, 5)), size: costs.packageSize() };
  }
  if (selected("session store")) {
    const url = postgresUrl();
    const stores = await (await import("./session-store-comparisons.js")).sessionStoreComparisons(url);
    // Closed whatever happens: the stores include servers this run started.
    try {
      for (const comparison of stores.comparisons) results.push(await measure(comparison, { runs: Math.min(runs, 5), warmup: 1 }));
    } finally {
      await stores.close();
    }
    if (!url && !values.json) console.error("PostgreSQL not reachable (set PARTWISE_TEST_POSTGRES_URL): its session store comparisons were skipped");
    if (!values.json) for (const reason of stores.skipped) console.error(reason);
  }
  const machine = { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? "", memoryGiB: Math.round(totalmem() / 1024 ** 3), date: new Date().toISOString().slice(0, 10) };
  if (values.json) {
    console.log(JSON.stringify({ machine, results, growth: growthOf(results), importCosts }, null, 2));
    return;
  }
  console.log(`partwise bench, ${machine.date}: Node ${machine.node}, ${machine.cpus} x ${machine.cpu}, ${machine.memoryGiB} GiB; medians of ${runs} alternating samples (a job under 1 ms a run: about ${SAMPLE_MS} ms of runs in a row a sample)`);
  if (results.length > 0) {
    printTable(results);
    printGrowth(growthOf(results));
  }
  if (importCosts) printImportCosts(importCosts, importCosts.size);
}

await main();
