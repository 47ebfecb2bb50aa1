// The measuring instrument of `npm run bench`: each comparison runs its contenders in one process,
// alternating them run after run so drift hits all alike, and reports medians and the ratio of partwise
// to each peer and to the floor (the least work the job needs). Peak memory is measured per contender
// in a fresh child process, so one contender's garbage never counts against another.

/** Who a contender is: partwise, a library a user would pick instead, or the floor. */
export type ContenderRole = "partwise" | "peer" | "floor";

export interface Contender {
  readonly name: string;
  readonly role: ContenderRole;
  /** One complete run of the job; its result is kept alive until timed, then dropped. */
  run(): unknown;
}

export interface Comparison {
  /** The group (e.g. `stream decode + aggregate`) and the input (e.g. `anthropic thinking+tool, 1x`). */
  readonly group: string;
  readonly input: string;
  /** The input size in bytes or items, for growth factors. */
  readonly size: number;
  /** The job this is one size of: comparisons of one series at growing sizes give its growth factors. */
  readonly series?: string;
  readonly contenders: readonly Contender[];
}

/** A comparison not built yet: its inputs are made only when it runs, so one probe builds only its own. */
export type ComparisonPlan = () => Comparison;

export interface ContenderResult {
  readonly name: string;
  readonly role: ContenderRole;
  /** The median and the fastest of the timed samples, in ms per run. */
  readonly medianMs: number;
  readonly minMs: number;
  /** Timed samples, each of `runsPerSample` runs in a row. */
  readonly runs: number;
  readonly runsPerSample?: number;
  /** Peak resident memory of a fresh process doing one run, in MiB (when measured). */
  peakMemoryMiB?: number;
}

export interface ComparisonResult {
  readonly group: string;
  readonly input: string;
  readonly size: number;
  readonly series?: string;
  readonly contenders: ContenderResult[];
  /** partwise's median over each other contender's median (below 1: partwise is faster). */
  readonly ratios: Record<string, number>;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * A young-generation collection when the process runs with --expose-gc (npm run bench does), so no run
 * pays for the short-lived garbage of the one before. Not a full one: it would also free the hidden classes
 * JSON.parse made for the previous run's objects and deoptimize all code specialized on them, so every
 * timed run would measure re-optimization, which a process serving request after request does not pay.
 */
const gc = (globalThis as { gc?: (options: { type: "minor" }) => void }).gc;
const collectGarbage = gc ? () => gc({ type: "minor" }) : () => undefined;

/** The time of one sample, in ms per run: `repeats` runs back to back, after a young-generation collection. */
async function timeSample(contender: Contender, repeats: number): Promise<number> {
  collectGarbage();
  const started = process.hrtime.bigint();
  for (let repeat = 0; repeat < repeats; repeat++) await contender.run();
  return Number(process.hrtime.bigint() - started) / 1e6 / repeats;
}

export interface MeasureOptions {
  readonly runs: number;
  /** Untimed runs of each contender, at least. */
  readonly warmup: number;
  /** And until each contender has run this long (at most 1,000 runs): a fast one reaches optimized code first. */
  readonly warmupMs?: number;
  /** How long a sample of a short job lasts (see runsPerSample); by default every sample is one run. */
  readonly sampleMs?: number;
}

/** A job whose fastest run is shorter than this is timed in samples of many runs. */
const SHORT_RUN_MS = 1;

/** The most runs in one sample. */
const MAX_SAMPLE_REPEATS = 10_000;

/**
 * How many runs in a row one sample of a contender times. A single run of tens of microseconds times the
 * processor's state more than the job (the same run took 2-7x longer after a 1-5 ms pause than back to
 * back), so a short job runs about `sampleMs` in a row, as on a busy server, and the scavenges its garbage
 * causes fall inside the sample. A longer run is a sample alone, after a young-generation collection, so
 * none pays for the garbage of the one before.
 */
function runsPerSample(fastestMs: number, sampleMs: number | undefined): number {
  if (sampleMs === undefined || !(fastestMs > 0) || fastestMs >= SHORT_RUN_MS) return 1;
  return Math.min(MAX_SAMPLE_REPEATS, Math.max(1, Math.round(sampleMs / fastestMs)));
}

const MAX_WARMUP_RUNS = 1_000;

/**
 * Warms every contender up, then times `runs` samples of each in rotating order, and returns the medians. The
 * warm-up is long enough for the JIT to settle, as in a process that has served requests before.
 * A contender that throws fails the comparison: a benchmark of a broken run measures nothing.
 */
export async function measure(comparison: Comparison, options: MeasureOptions): Promise<ComparisonResult> {
  const times = new Map<string, number[]>(comparison.contenders.map((contender) => [contender.name, []]));
  const repeats = new Map<string, number>();
  for (const contender of comparison.contenders) {
    let spent = 0;
    // The fastest warm-up run: the first ones include imports and unoptimized code.
    let fastest = Number.POSITIVE_INFINITY;
    for (let round = 0; round < MAX_WARMUP_RUNS && (round < options.warmup || spent < (options.warmupMs ?? 0)); round++) {
      const ms = await timeSample(contender, 1);
      spent += ms;
      fastest = Math.min(fastest, ms);
    }
    repeats.set(contender.name, runsPerSample(fastest, options.sampleMs));
  }
  for (let round = 0; round < options.runs; round++) {
    const count = comparison.contenders.length;
    for (let offset = 0; offset < count; offset++) {
      const contender = comparison.contenders[(round + offset) % count] as Contender;
      times.get(contender.name)?.push(await timeSample(contender, repeats.get(contender.name) ?? 1));
    }
  }
  const contenders = comparison.contenders.map((contender) => {
    const samples = times.get(contender.name) ?? [];
    return { name: contender.name, role: contender.role, medianMs: median(samples), minMs: Math.min(...samples), runs: samples.length, runsPerSample: repeats.get(contender.name) ?? 1 };
  });
  const ours = contenders.find((contender) => contender.role === "partwise");
  const ratios: Record<string, number> = {};
  if (ours) for (const other of contenders) if (other !== ours) ratios[other.name] = ours.medianMs / other.medianMs;
  return { group: comparison.group, input: comparison.input, size: comparison.size, ...(comparison.series === undefined ? {} : { series: comparison.series }), contenders, ratios };
}

/** How one contender's time grows across a series: 1 is linear, 2 means twice the time per unit of input. */
export interface Growth {
  readonly group: string;
  readonly series: string;
  readonly contender: string;
  /** The inputs from the smallest to the largest measured for this contender. */
  readonly inputs: readonly string[];
  /** Time per unit of input at each size after the first, over the first's (the growth factor per size). */
  readonly factors: readonly number[];
}

/** The growth factors of every contender measured at two or more sizes of a series. */
export function growthOf(results: readonly ComparisonResult[]): Growth[] {
  const bySeries = new Map<string, ComparisonResult[]>();
  for (const result of results) {
    if (result.series === undefined) continue;
    const key = `${result.group}\u0000${result.series}`;
    bySeries.set(key, [...(bySeries.get(key) ?? []), result]);
  }
  const growth: Growth[] = [];
  for (const series of bySeries.values()) {
    const sized = [...series].sort((a, b) => a.size - b.size);
    const names = [...new Set(sized.flatMap((result) => result.contenders.map((contender) => contender.name)))];
    for (const name of names) {
      const points = sized.flatMap((result) => {
        const contender = result.contenders.find((candidate) => candidate.name === name);
        return contender ? [{ input: result.input, perUnit: contender.medianMs / result.size }] : [];
      });
      const [first, ...rest] = points;
      if (first === undefined || rest.length === 0) continue;
      growth.push({
        group: sized[0]?.group ?? "",
        series: sized[0]?.series ?? "",
        contender: name,
        inputs: points.map((point) => point.input),
        factors: rest.map((point) => point.perUnit / first.perUnit),
      });
    }
  }
  return growth;
}

/**
 * This process's peak resident memory in KiB: VmHWM of /proc/self/status where there is one (Linux),
 * which belongs to the process's own address space. getrusage's maxRSS (process.resourceUsage) is kept
 * across execve, so a child spawned by the bench reported the bench's own size at the fork as its peak.
 * Self-contained (it names no import), so a fresh process can run its source text.
 */
export function peakResidentKiB(): number {
  try {
    const status = process.getBuiltinModule("node:fs").readFileSync("/proc/self/status", "utf8");
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
    if (match) return Number(match[1]);
  } catch {
    // No /proc: getrusage's figure, the best this platform gives.
  }
  return process.resourceUsage().maxRSS;
}
