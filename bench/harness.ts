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
  readonly contenders: readonly Contender[];
}

/** A comparison not built yet: its inputs are made only when it runs, so one probe builds only its own. */
export type ComparisonPlan = () => Comparison;

export interface ContenderResult {
  readonly name: string;
  readonly role: ContenderRole;
  readonly medianMs: number;
  readonly minMs: number;
  readonly runs: number;
  /** Peak resident memory of a fresh process doing one run, in MiB (when measured). */
  peakMemoryMiB?: number;
}

export interface ComparisonResult {
  readonly group: string;
  readonly input: string;
  readonly size: number;
  readonly contenders: ContenderResult[];
  /** partwise's median over each other contender's median (below 1: partwise is faster). */
  readonly ratios: Record<string, number>;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function timeOnce(contender: Contender): Promise<number> {
  const started = process.hrtime.bigint();
  await contender.run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * Runs every contender `warmup` times, then `runs` times in rotating order, and returns the medians.
 * A contender that throws fails the comparison: a benchmark of a broken run measures nothing.
 */
export async function measure(comparison: Comparison, options: { runs: number; warmup: number }): Promise<ComparisonResult> {
  const times = new Map<string, number[]>(comparison.contenders.map((contender) => [contender.name, []]));
  for (let round = 0; round < options.warmup; round++) for (const contender of comparison.contenders) await timeOnce(contender);
  for (let round = 0; round < options.runs; round++) {
    const count = comparison.contenders.length;
    for (let offset = 0; offset < count; offset++) {
      const contender = comparison.contenders[(round + offset) % count] as Contender;
      times.get(contender.name)?.push(await timeOnce(contender));
    }
  }
  const contenders = comparison.contenders.map((contender) => {
    const samples = times.get(contender.name) ?? [];
    return { name: contender.name, role: contender.role, medianMs: median(samples), minMs: Math.min(...samples), runs: samples.length };
  });
  const ours = contenders.find((contender) => contender.role === "partwise");
  const ratios: Record<string, number> = {};
  if (ours) for (const other of contenders) if (other !== ours) ratios[other.name] = ours.medianMs / other.medianMs;
  return { group: comparison.group, input: comparison.input, size: comparison.size, contenders, ratios };
}
