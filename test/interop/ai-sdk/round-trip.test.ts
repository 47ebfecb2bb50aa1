// Random partwise histories converted to AI SDK ModelMessages (through JSON text, as a store would keep
// them) and back: every part equal, and every piece the AI SDK carries only under providerOptions.partwise reported.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromModelMessages, toModelMessages } from "../../../src/exports/ai-sdk.js";
import { messagesEqual } from "../../../src/parts/equality.js";
import { historyArbitrary } from "../../support/arbitraries.js";
import { propertyRuns } from "../../support/property-runs.js";

describe("toModelMessages", () => {
  it("gives back every message equal through fromModelMessages when the history is random", () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const written = toModelMessages(history);
        const read = fromModelMessages(JSON.parse(JSON.stringify(written.messages)));
        expect(read.messages).toHaveLength(history.messages.length);
        history.messages.forEach((message, index) => {
          expect(messagesEqual(read.messages[index]!, message), JSON.stringify({ message, written: written.messages[index], read: read.messages[index] })).toBe(true);
        });
        // Nothing is lost on the way: what the AI SDK cannot hold is kept and said so, never dropped.
        expect(written.warnings.filter((warning) => warning.code === "convert/part-lost")).toEqual([]);
        expect(read.warnings.filter((warning) => warning.code === "convert/part-lost")).toEqual([]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
