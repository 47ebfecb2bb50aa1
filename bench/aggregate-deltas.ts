// `npm run bench:aggregate` (built first, so the measured code is what users run): aggregates 10k, 100k and 1M deltas (text, then tool-call arguments, spread
// over a few slots) and reports the time per delta; constant per-delta cost means linear aggregation.
import type { StreamChunk } from "../generated/types.js";
import { aggregateSync } from "../src/streaming/aggregate.js";

function textStream(deltas: number): StreamChunk[] {
  const chunks: StreamChunk[] = [];
  for (let position = 0; position < deltas; position++) {
    const index = Math.floor((position / deltas) * 4);
    chunks.push(index % 2 === 0
      ? { responseId: "r", index, partial: true, part: { type: "text", text: "word " } }
      : { responseId: "r", index, partial: true, part: { type: "tool_call", toolCall: { id: position === 0 ? "c" : "", type: "function", name: "", arguments: "1," } } });
  }
  chunks.push({ responseId: "r", response: {}, done: true });
  return chunks;
}

function measure(deltas: number): number {
  const chunks = textStream(deltas);
  aggregateSync(chunks);
  const started = process.hrtime.bigint();
  const runs = Math.max(1, Math.round(1_000_000 / deltas));
  for (let run = 0; run < runs; run++) aggregateSync(chunks);
  return Number(process.hrtime.bigint() - started) / runs / deltas;
}

const rows = [10_000, 100_000, 1_000_000].map((deltas) => ({ deltas, nanosecondsPerDelta: measure(deltas) }));
for (const { deltas, nanosecondsPerDelta } of rows) {
  console.log(`aggregate ${deltas.toLocaleString("en")} deltas: ${nanosecondsPerDelta.toFixed(0)} ns/delta, ${(deltas * nanosecondsPerDelta / 1e6).toFixed(1)} ms`);
}
const ratio = rows[2]!.nanosecondsPerDelta / rows[0]!.nanosecondsPerDelta;
console.log(`per-delta cost at 1M vs 10k: ${ratio.toFixed(2)}x (1.0 = linear)`);
