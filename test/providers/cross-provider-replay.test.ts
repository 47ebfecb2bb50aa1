import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appendPointer } from "../../src/json/json-location.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { replayableHistoryArbitrary } from "../support/arbitraries.js";
import { propertyRuns } from "../support/property-runs.js";

describe.each(Object.values(providerCodecs).map((codec) => [codec.id, codec] as const))("encodeRequest of %s", (provider, codec) => {
  it("sends only this provider's payloads from a history holding every provider's, and reports each part it leaves out", () => {
    fc.assert(
      fc.property(replayableHistoryArbitrary, (history) => {
        const encoded = codec.encodeRequest(history);
        const body = JSON.stringify(encoded.body);
        const warned = new Set(encoded.warnings.map((warning) => warning.pointer));
        history.messages.forEach((message, messageIndex) => {
          message.parts.forEach((part, partIndex) => {
            const pointer = appendPointer("/messages", messageIndex, "parts", partIndex);
            if (!part.payload || part.payload.provider === provider) return;
            // A foreign payload never reaches the request; the part is either sent without it or reported.
            expect(body.includes(part.payload.data), `${pointer} leaked ${part.payload.provider}'s payload`).toBe(false);
            if (part.type === "reasoning") expect(warned.has(pointer), `${pointer} dropped silently`).toBe(true);
          });
        });
        for (const warning of encoded.warnings) expect(warning).toMatchObject({ code: "provider/part-skipped", provider });
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
