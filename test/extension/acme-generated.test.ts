// The acme provider's generated files (test/extension/acme/generated) are what `partwise generate
// --provider acme.tsp` writes today, so the registered-provider tests run on the compiled declaration.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateProviderFiles } from "../../src/codegen/generate-provider.js";

const ACME = join(import.meta.dirname, "acme");

describe("generateProviderFiles", () => {
  it("writes the committed acme files when it compiles acme.tsp", { timeout: 120_000 }, async () => {
    const files = await generateProviderFiles(join(ACME, "acme.tsp"));
    const written = Object.fromEntries(files.map((file) => [file.path, file.content]));
    const committed = Object.fromEntries(readdirSync(join(ACME, "generated")).map((file) => [file, readFileSync(join(ACME, "generated", file), "utf8")]));
    expect(written, "run: npx tsx src/cli/bin.ts generate --provider test/extension/acme/acme.tsp --out test/extension/acme/generated").toEqual(committed);
  });
});
