// Validation of a stored history of 10,000 messages: partwise (the generated standalone validator plus
// the reading of future parts) against JSON.parse of the same text and the Vercel AI SDK's zod-based
// validateUIMessages of the equivalent UI messages.
import { validateUIMessages } from "ai";
import { parseHistory } from "../src/parts/parse.js";
import { serialize } from "../src/parts/serialize.js";
import { benchHistory, uiMessagesOf } from "./bench-histories.js";
import type { Comparison, ComparisonPlan } from "./harness.js";

export function validationComparisons(): ComparisonPlan[] {
  return [1_000, 10_000, 100_000].map((messages) => (): Comparison => {
    const history = benchHistory(messages);
    const text = serialize(history);
    const value: unknown = JSON.parse(text);
    const uiMessages = uiMessagesOf(history);
    return {
      group: "validation of a stored history",
      input: `${messages.toLocaleString("en")} messages, ${(text.length / 1024 / 1024).toFixed(1)} MiB`,
      size: text.length,
      series: "stored history",
      contenders: [
        { name: "partwise parseHistory (validate)", role: "partwise", run: () => parseHistory(value) },
        ...(messages <= 10_000 ? [{ name: "ai validateUIMessages (zod)", role: "peer" as const, run: () => validateUIMessages({ messages: uiMessages as never }) }] : []),
        { name: "JSON.parse of the text", role: "floor", run: () => JSON.parse(text) },
      ],
    };
  });
}
