// `npm run bench:validate`: writes a >= 1 GiB session log and times `partwise validate` on it, reporting
// wall time, throughput and peak RSS of the validating process (from /usr/bin/time).
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSessionLog } from "./large-session-log.js";

const GIB = 1024 ** 3;
const targetBytes = Number(process.env.PARTWISE_BENCH_BYTES ?? GIB);
const path = join(tmpdir(), `partwise-bench-${targetBytes}.jsonl`);
// This file runs from dist/bench, next to the built CLI.
const cli = fileURLToPath(new URL("../src/cli/bin.js", import.meta.url));
if (!existsSync(path) || statSync(path).size < targetBytes) {
  const written = await writeSessionLog(path, targetBytes);
  console.log(`wrote ${path}: ${(written.bytes / GIB).toFixed(2)} GiB, ${written.lines} lines`);
}
const size = statSync(path).size;
const started = process.hrtime.bigint();
const child = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, cli, "validate", path], { encoding: "utf8" });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const peakKib = Number(child.stderr.trim().split("\n").at(-1));
console.log(child.stdout.trim().split("\n").at(-1));
console.log(`validate: ${(size / GIB).toFixed(2)} GiB in ${seconds.toFixed(1)} s (${(size / 1024 ** 2 / seconds).toFixed(0)} MiB/s), peak RSS ${(peakKib / 1024).toFixed(0)} MiB, exit ${child.status}`);
if (process.env.PARTWISE_BENCH_KEEP !== "1") rmSync(path);
