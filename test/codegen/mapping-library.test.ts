import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { NodeHost, compile } from "@typespec/compiler";
import { describe, expect, it } from "vitest";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("typespec");
const spec = (path: string) => fileURLToPath(new URL(`../../spec/${path}`, import.meta.url));

/** Compiles a provider file against the real part model and mapping library; returns the diagnostic codes. */
async function diagnostics(name: string, body: string): Promise<string[]> {
  const path = join(directory, `${name}.tsp`);
  writeFileSync(path, `import "${spec("lib/lib/main.tsp")}";\nimport "${spec("parts.tsp")}";\nusing PartwiseMapping;\n${body}\n`);
  const program = await compile(NodeHost, path, { noEmit: true });
  return program.diagnostics.map((diagnostic) => diagnostic.code);
}

const provider = `@provider("acme", "Acme") @payloadKind("sig", "A signature.")`;

describe("the partwise TypeSpec library", () => {
  it("accepts a provider file whose mappings name real parts, fields and payload kinds", async () => {
    expect(await diagnostics("valid", `${provider}
      @replay(#[#{ part: "reasoning", payload: "own", action: "send", reason: "r" }])
      @content(#[#{ places: #["user", "tool_result"], parts: #["media"], mediaTypes: #["image/*"], dataKinds: #["url"], urlSchemes: #["https"], action: "take", reason: "r", docs: "https://acme.example/docs" }])
      namespace Partwise.Providers.Acme;
      @mapsTo("reasoning") model AcmeThought { type: "thought"; @partField("text") body: string; @payload("sig") sig: string; }`)).toEqual([]);
  });

  it.each([
    ["a mapping to a part type that does not exist", `${provider} namespace Partwise.Providers.Acme; @mapsTo("image") model AcmeImage { type: "image"; }`, "@partwise/typespec/unknown-part-type"],
    ["a field the part does not have", `${provider} namespace Partwise.Providers.Acme; @mapsTo("media") model AcmeImage { @partField("media.title") title: string; }`, "@partwise/typespec/unknown-part-field"],
    ["an undeclared payload kind", `${provider} namespace Partwise.Providers.Acme; @mapsTo("text") model AcmeText { @payload("signature") s: string; }`, "@partwise/typespec/undeclared-payload-kind"],
    ["a mapping outside a provider namespace", `namespace Partwise.Elsewhere; @mapsTo("text") model LooseText { text: string; }`, "@partwise/typespec/outside-provider"],
    ["a field mapping on a model without @mapsTo", `${provider} namespace Partwise.Providers.Acme; model AcmeLoose { @partField("text") text: string; }`, "@partwise/typespec/missing-maps-to"],
    ["a replay rule for a part type that does not exist", `${provider} @replay(#[#{ part: "thinking", action: "send", reason: "r" }]) namespace Partwise.Providers.Acme;`, "@partwise/typespec/invalid-replay-rule"],
    ["a replay rule with an unknown action", `${provider} @replay(#[#{ part: "text", action: "forward", reason: "r" }]) namespace Partwise.Providers.Acme;`, "invalid-argument"],
    ["a content rule for a part type that does not exist", `${provider} @content(#[#{ places: #["user"], parts: #["image"], action: "take", reason: "r", docs: "https://acme.example" }]) namespace Partwise.Providers.Acme;`, "@partwise/typespec/invalid-content-rule"],
    ["a content rule with media conditions on text", `${provider} @content(#[#{ places: #["user"], parts: #["text"], mediaTypes: #["text/plain"], action: "take", reason: "r", docs: "https://acme.example" }]) namespace Partwise.Providers.Acme;`, "@partwise/typespec/invalid-content-rule"],
    ["a content rule with a malformed media type", `${provider} @content(#[#{ places: #["user"], parts: #["media"], mediaTypes: #["image"], action: "take", reason: "r", docs: "https://acme.example" }]) namespace Partwise.Providers.Acme;`, "@partwise/typespec/invalid-content-rule"],
    ["a content rule with URL schemes for bytes", `${provider} @content(#[#{ places: #["user"], parts: #["media"], dataKinds: #["bytes"], urlSchemes: #["s3"], action: "take", reason: "r", docs: "https://acme.example" }]) namespace Partwise.Providers.Acme;`, "@partwise/typespec/invalid-content-rule"],
    ["a content rule without a documentation link", `${provider} @content(#[#{ places: #["user"], parts: #["text"], action: "take", reason: "r", docs: "see the docs" }]) namespace Partwise.Providers.Acme;`, "@partwise/typespec/invalid-content-rule"],
    ["a content rule for a place that does not exist", `${provider} @content(#[#{ places: #["assistant"], parts: #["text"], action: "take", reason: "r", docs: "https://acme.example" }]) namespace Partwise.Providers.Acme;`, "invalid-argument"],
    ["two content rule sets for one variant", `${provider} @content(#[]) @content(#[]) namespace Partwise.Providers.Acme;`, "@partwise/typespec/duplicate-content-variant"],
    ["a provider id with upper case", `@provider("Acme", "Acme") namespace Partwise.Providers.Acme;`, "@partwise/typespec/invalid-provider-id"],
    ["two providers with one id", `${provider} namespace Partwise.Providers.Acme; @provider("acme", "Acme again") namespace Partwise.Providers.Acme2 {}`, "@partwise/typespec/duplicate-provider-id"],
    ["two models with one name in different namespaces", `${provider} namespace Partwise.Providers.Acme; model TextPart { x: string; }`, "@partwise/typespec/duplicate-model-name"],
  ])("reports %s as a compile error", async (_name, body, code) => {
    expect(await diagnostics(code.replace(/\W+/g, "-"), body)).toContain(code);
  });

  it("writes each block's @example wire values to providers.json in the order of the source file", async () => {
    const path = join(directory, "examples.tsp");
    writeFileSync(path, `import "${spec("lib/lib/main.tsp")}";\nimport "${spec("parts.tsp")}";\nusing PartwiseMapping;\n${provider} namespace Partwise.Providers.Acme;
      @example(#{ type: "text", text: "first" })
      @example(#{ type: "text", text: "second" })
      @mapsTo("text") model AcmeText { type: "text"; @partField("text") text: string; }\n`);
    const outputDir = join(directory, "examples-output");
    const program = await compile(NodeHost, path, { outputDir, emit: [spec("lib")] });
    expect(program.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([]);
    const [block] = JSON.parse(readFileSync(join(outputDir, "@partwise/typespec", "providers.json"), "utf8")).providers[0].blocks;
    expect(block.examples).toEqual([{ type: "text", text: "first" }, { type: "text", text: "second" }]);
  });
});
