import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { providersDocument } from "../../generated/providers.js";
import { renderRequestRules } from "../../src/codegen/render-provider-tables.js";

const lintDoc = readFileSync(new URL("../../docs/lint.md", import.meta.url), "utf8");

describe("renderRequestRules", () => {
  it("keeps docs/lint.md listing every request rule of the spec with its citation, when generate has run", async () => {
    expect(await renderRequestRules(lintDoc, providersDocument.providers)).toBe(lintDoc);
    for (const provider of providersDocument.providers) {
      for (const rule of Object.values(provider.requests ?? {}).flat()) expect(lintDoc).toContain(`| \`${rule.id}\` | ${rule.severity} |`);
    }
  });

  it("refuses a document without the section's markers", async () => {
    await expect(renderRequestRules("# Lint\n", providersDocument.providers)).rejects.toMatchObject({ code: "internal/invariant" });
  });
});
