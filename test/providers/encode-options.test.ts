// Encode options a caller passes (issue 22, items 9 and 19): the part's own provider decides whether a raw
// block is this provider's, an unknown variant is a typed error, and facts the encoder sets are refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { History, Part } from "../../generated/types.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { propertyRuns } from "../support/property-runs.js";

const providers = Object.keys(providerCodecs);

function historyWith(part: Part): History {
  return {
    format: "partwise.history",
    version: 1,
    messages: [
      { role: "user", parts: [{ type: "text", text: "go" }] },
      { role: "assistant", parts: [{ type: "text", text: "ok" }, part] },
      { role: "user", parts: [{ type: "text", text: "again" }] },
    ],
  };
}

describe.each(providers.map((id) => [id, providerCodecs[id]!] as const))("encodeRequest of %s", (target, codec) => {
  it("never sends another provider's raw block when its attributes claim this provider produced it", () => {
    const others = providers.filter((id) => id !== target);
    fc.assert(
      fc.property(fc.constantFrom(...others), fc.string({ minLength: 1, maxLength: 8 }), (source, marker) => {
        const raw = JSON.stringify({ type: "foreign_block", marker: `FOREIGN-${marker}` });
        const part: Part = { type: "unknown", provider: source, kind: "foreign_block", rawJson: raw, attributes: { provider: target, profile: "vllm" } };
        const encoded = codec.encodeRequest(historyWith(part));
        expect(JSON.stringify(encoded.body)).not.toContain("FOREIGN-");
      }),
      { numRuns: propertyRuns(25) },
    );
  });

  it("raises provider/invalid-option naming the variants when the variant is unknown", () => {
    expect(() => codec.encodeRequest(historyWith({ type: "text", text: "x" }), { variant: "no-such-variant" }))
      .toThrow(expect.objectContaining({ code: "provider/invalid-option", provider: target, details: expect.objectContaining({ variant: "no-such-variant" }) }));
  });

  it.each(["__proto__", "constructor", "toString"])("raises provider/invalid-option when the variant is %s", (variant) => {
    expect(() => codec.encodeRequest(historyWith({ type: "text", text: "x" }), { variant })).toThrow(expect.objectContaining({ code: "provider/invalid-option" }));
  });

  it.each(["sameServer", "signatureFromOtherEndpoint", "withoutFollowingItem", "currentTurn"])("raises provider/invalid-option when a caller sets the encoder fact %s", (flag) => {
    expect(() => codec.encodeRequest(historyWith({ type: "text", text: "x" }), { flags: [flag] })).toThrow(expect.objectContaining({ code: "provider/invalid-option", details: { flag } }));
  });
});
