// `partwise validate` of a large JSONL session log (1 GiB unless PARTWISE_BENCH_BYTES says otherwise)
// against the floor that reads the same file, splits its lines and JSON.parses each (session-log-floor.ts).
// Each is a fresh process, alternating run after run; wall time and peak RSS (from /usr/bin/time) per run.
// Run alone (`npm run bench:validate`) or as the bench's group "validate a session log file".
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ComparisonResult, ContenderResult, ContenderRole } from "./harness.js";
import { writeSessionLog } from "./large-session-log.js";

const GIB = 1024 ** 3;
// This file runs from dist/bench, next to the built CLI and the floor.
const CLI = fileURLToPath(new URL("../src/cli/bin.js", import.meta.url));
const FLOOR = fileURLToPath(new URL("./session-log-floor.js", import.meta.url));

interface Run {
  readonly ms: number;
  readonly peakMiB: number;
}

/** One fresh process: its wall time and peak resident memory; a failed run fails the bench. */
function timed(args: readonly string[], okStatus: number): Run {
  const started = process.hrtime.bigint();
  const child = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 ** 2 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.status !== okStatus) throw new Error(`${args.join(" ")} exited ${child.status}: ${child.stderr.slice(-2000)}`);
  return { ms, peakMiB: Number(child.stderr.trim().split("\n").at(-1)) / 1024 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Writes the log (kept between runs when PARTWISE_BENCH_KEEP=1), then times both contenders `runs` times each. */
export async function largeLogComparison(runs: number, log: (line: string) => void = () => undefined): Promise<ComparisonResult> {
  const targetBytes = Number(process.env.PARTWISE_BENCH_BYTES ?? GIB);
  const path = join(tmpdir(), `partwise-bench-${targetBytes}.jsonl`);
  if (!existsSync(path) || statSync(path).size < targetBytes) {
    const written = await writeSessionLog(path, targetBytes);
    log(`wrote ${path}: ${(written.bytes / GIB).toFixed(2)} GiB, ${written.lines} lines`);
  }
  const size = statSync(path).size;
  try {
    const contenders: [string, ContenderRole, readonly string[]][] = [
      ["partwise validate", "partwise", [CLI, "validate", path]],
      ["read + split lines + JSON.parse", "floor", [FLOOR, path]],
    ];
    const samples = new Map<string, Run[]>(contenders.map(([name]) => [name, []]));
    for (let round = 0; round < runs; round++) {
      for (let offset = 0; offset < contenders.length; offset++) {
        const [name, , args] = contenders[(round + offset) % contenders.length] as (typeof contenders)[number];
        samples.get(name)?.push(timed(args, 0));
      }
    }
    const results: ContenderResult[] = contenders.map(([name, role]) => {
      const list = samples.get(name) ?? [];
      return { name, role, medianMs: median(list.map((run) => run.ms)), minMs: Math.min(...list.map((run) => run.ms)), runs: list.length, peakMemoryMiB: Math.max(...list.map((run) => run.peakMiB)) };
    });
    const [ours, floor] = results as [ContenderResult, ContenderResult];
    return {
      group: "validate a session log file",
      input: `${(size / GIB).toFixed(2)} GiB JSONL session log`,
      size,
      contenders: results,
      ratios: { [floor.name]: ours.medianMs / floor.medianMs },
    };
  } finally {
    if (process.env.PARTWISE_BENCH_KEEP !== "1") rmSync(path, { force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await largeLogComparison(Number(process.env.PARTWISE_BENCH_RUNS ?? 3), console.log);
  for (const contender of result.contenders) {
    console.log(`${contender.name}: ${(contender.medianMs / 1000).toFixed(1)} s median of ${contender.runs} (${(result.size / 1024 ** 2 / (contender.medianMs / 1000)).toFixed(0)} MiB/s), peak RSS ${contender.peakMemoryMiB?.toFixed(0)} MiB`);
  }
  console.log(`partwise / floor: ${result.ratios["read + split lines + JSON.parse"]?.toFixed(2)}x`);
}
