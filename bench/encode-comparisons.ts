// Encoding a 1,000-turn history into each provider's request, against JSON.stringify of the request it
// produces (the least any client does to send it).
import { providerCodecs } from "../src/providers/registry.js";
import { benchHistory } from "./bench-histories.js";
import type { Comparison, ComparisonPlan } from "./harness.js";

export function encodeComparisons(): ComparisonPlan[] {
  return Object.values(providerCodecs).map((codec) => (): Comparison => {
    const history = benchHistory(4_000);
    const body = codec.encodeRequest(history, { request: { modelId: "model", model: "model" } }).body;
    return {
      group: "encode a 1,000-turn history",
      input: codec.id,
      size: history.messages.length,
      contenders: [
        { name: "partwise encodeRequest", role: "partwise", run: () => codec.encodeRequest(history, { request: { modelId: "model", model: "model" } }) },
        { name: "JSON.stringify of the request", role: "floor", run: () => JSON.stringify(body) },
      ],
    };
  });
}
