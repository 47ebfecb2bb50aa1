// The content rules of spec/providers (`@content`) against what each encoder does today: a part the table
// says a provider does not take is exactly a part its encoder leaves out with a warning (or rejects), and
// every part it takes goes out without one, for every place, part type, media type and data kind probed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ContentPlace, Part } from "../../generated/types.js";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import { contentJudge, contentRules, contentSupport, settleContent } from "../../src/providers/content-rules.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { CONTENT_PLACES as places, historyWith, sampleParts } from "../support/content-samples.js";
import { propertyRuns } from "../support/property-runs.js";

const providers = Object.keys(providerCodecs);

/** What the encoder does with the part: rejects the request, leaves the part out with a warning at its pointer, or takes it. */
function encoderVerdict(provider: string, part: Part, place: ContentPlace): "take" | "skip" | "reject" {
  const { messages, pointer } = historyWith(part, place);
  try {
    const { warnings } = providerCodecs[provider]!.encodeRequest(messages);
    return warnings.some((warning) => warning.pointer === pointer) ? "skip" : "take";
  } catch (error) {
    if (error instanceof PartwiseError && error.code === "provider/unsupported-part" && error.pointer === pointer) return "reject";
    throw error;
  }
}

function describePart(part: Part): string {
  if (part.type === "media") return `media ${part.media.mimeType} as ${part.media.dataKind} ${part.media.dataKind === "url" ? part.media.data : ""}`.trim();
  return part.type === "unknown" ? `unknown of ${part.provider}` : part.type;
}

describe("contentSupport", () => {
  it.each(providers)("declares content rules for every place of %s", (provider) => {
    const declared = new Set(contentRules(provider).flatMap((rule) => rule.places));
    expect([...declared].sort()).toEqual([...places].sort());
  });

  it.each(providers)("agrees with the %s encoder on every part it takes, skips or rejects in each place", (provider) => {
    const disagreements: string[] = [];
    for (const place of places) {
      for (const part of sampleParts(provider)) {
        const support = contentSupport(provider, place, part);
        const declared = support.taken ? "take" : support.action;
        const actual = encoderVerdict(provider, part, place);
        if (declared !== actual) disagreements.push(`${place}: ${describePart(part)}: table ${declared}, encoder ${actual}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it("agrees with every encoder on media of any lower-case media type, data kind and URL scheme", () => {
    const token = fc.stringMatching(/^[a-z][a-z0-9.+-]{0,12}$/);
    const mimeType = fc.tuple(fc.constantFrom("image", "application", "text", "audio", "video", "font"), fc.oneof(token, fc.constantFrom("png", "pdf", "plain", "wav", "mpeg", "csv"))).map(([type, subtype]) => `${type}/${subtype}`);
    const media = fc.oneof(
      fc.record({ dataKind: fc.constantFrom("bytes" as const, "string" as const), data: fc.constant("aGVsbG8=") }),
      fc.record({ dataKind: fc.constant("url" as const), data: fc.tuple(fc.constantFrom("https", "http", "s3", "gs", "file"), token).map(([scheme, path]) => `${scheme}://${path}`) }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...providers), fc.constantFrom(...places), mimeType, media, (provider, place, type, { dataKind, data }) => {
        const part: Part = { type: "media", media: { mimeType: type, dataKind, data } };
        const support = contentSupport(provider, place, part);
        expect(encoderVerdict(provider, part, place)).toBe(support.taken ? "take" : support.action);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("gives the declared reason and documentation link when a part is not taken", () => {
    const support = contentSupport("ollama", "user", { type: "media", media: { mimeType: "image/png", dataKind: "url", data: "https://example.com/a.png" } });
    expect(support).toMatchObject({ taken: false, action: "skip", docs: expect.stringMatching(/^https:\/\/github\.com\/ollama\//) });
    expect(support.taken ? "" : support.reason).toMatch(/base64 images/);
  });

  it("compares media types case-insensitively and without parameters when a rule names a type", () => {
    const media = { mimeType: "Image/PNG; charset=binary", dataKind: "bytes" as const, data: "aGVsbG8=" };
    expect(contentSupport("bedrock", "user", { type: "media", media }).taken).toBe(true);
  });

  it("uses the default rules when a variant declares none of its own", () => {
    const part: Part = { type: "media", media: { mimeType: "image/png", dataKind: "bytes", data: "aGVsbG8=" } };
    expect(contentSupport("openai.chat", "user", part, "vllm")).toEqual(contentSupport("openai.chat", "user", part));
  });

  it("throws provider/invalid-option when the provider is not in the spec", () => {
    expect(() => contentSupport("nobody", "user", { type: "text", text: "x" })).toThrow(expect.objectContaining({ code: "provider/invalid-option" }));
  });
});

describe("contentJudge", () => {
  it("gives contentSupport's verdict for every sample part, place and provider, asked twice in any order", () => {
    for (const provider of providers) {
      const judge = contentJudge(provider);
      for (const round of [0, 1]) {
        const parts = round === 0 ? sampleParts(provider) : sampleParts(provider).reverse();
        for (const place of places) for (const part of parts) expect(judge(part, place)).toEqual(contentSupport(provider, place, part));
      }
    }
  });
});

describe("settleContent", () => {
  it("adds a provider/part-skipped warning with the part's pointer when a part is skipped", () => {
    const warnings: object[] = [];
    const taken = settleContent({ type: "reasoning", text: "x" }, "/0/parts/1", "system", { provider: "anthropic" }, warnings as never[]);
    expect(taken).toBe(false);
    expect(warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", pointer: "/0/parts/1", provider: "anthropic" })]);
  });

  it("throws provider/unsupported-part at the pointer when a rule rejects the part", () => {
    const part: Part = { type: "media", media: { mimeType: "audio/wav", dataKind: "bytes", data: "aGVsbG8=" } };
    expect(() => settleContent(part, "/2/parts/0", "user", { provider: "openai.responses" }, [])).toThrow(expect.objectContaining({ code: "provider/unsupported-part", pointer: "/2/parts/0" }));
  });
});
