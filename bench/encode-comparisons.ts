// Encoding a history of 100, 1,000 and 10,000 turns (four messages each) into each provider's request,
// against JSON.stringify of the request it produces (the least any client does to send it).
import { providerCodecs } from "../src/providers/registry.js";
import { benchHistory } from "./bench-histories.js";
import type { Comparison, ComparisonPlan } from "./harness.js";

const TURNS = [100, 1_000, 10_000];

export function encodeComparisons(): ComparisonPlan[] {
  return Object.values(providerCodecs).flatMap((codec) =>
    TURNS.map((turns) => (): Comparison => {
      const history = benchHistory(turns * 4);
      const body = codec.encodeRequest(history, { request: { modelId: "model", model: "model" } }).body;
      return {
        group: "encode a history",
        input: `${codec.id}, ${turns.toLocaleString("en")} turns`,
        size: history.messages.length,
        series: codec.id,
        contenders: [
          { name: "partwise encodeRequest", role: "partwise", run: () => codec.encodeRequest(history, { request: { modelId: "model", model: "model" } }) },
          { name: "JSON.stringify of the request", role: "floor", run: () => JSON.stringify(body) },
        ],
      };
    }),
  );
}
