// Hostile command lines for the commands that read names and options (issue 22, items 10, 11, 19): each
// ends in a typed error, and a refused scaffold leaves the checkout exactly as it was.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { runDecode } from "../../../src/cli/decode-command.js";
import { runEncode } from "../../../src/cli/encode-command.js";
import { runScaffold } from "../../../src/cli/scaffold-command.js";
import { temporaryDirectory } from "../../support/temporary-directory.js";
import { type HostileCase, outcomeOf } from "../hostile-case.js";
import { hostileFile, hostileNames, validHistoryText } from "../hostile-inputs.js";

const cases: HostileCase[] = [];
const quiet = { out: () => {}, err: () => {} };
const shown = (name: string) => JSON.stringify(name.length > 24 ? `${name.slice(0, 24)}…` : name);
const history = hostileFile("cli-history.json", validHistoryText);
const checkouts = temporaryDirectory("hostile-scaffold");

/** A checkout holding what the scaffold reads: the codec and simulator registries, spec/main.tsp and the built-in providers' spec files. */
function checkout(name: string): string {
  const root = join(checkouts, name.replace(/[^a-z0-9]/gi, "_").slice(0, 40) + String(readdirSync(checkouts).length));
  mkdirSync(join(root, "src/providers"), { recursive: true });
  mkdirSync(join(root, "src/simulators"), { recursive: true });
  writeFileSync(join(root, "src/simulators/index.ts"), `import { anthropicSimulator } from "./anthropic-simulator.js";\n\nconst simulatorEntries = [\n  stateless(anthropicSimulator),\n];\n`);
  mkdirSync(join(root, "spec/providers"), { recursive: true });
  writeFileSync(join(root, "src/providers/registry.ts"), `import { anthropicCodec } from "./anthropic/index.js";\n\nexport const providerCodecs = {\n  [anthropicCodec.id]: anthropicCodec,\n};\n`);
  writeFileSync(join(root, "spec/main.tsp"), `import "./providers/anthropic.tsp";\n`);
  for (const provider of ["anthropic", "bedrock", "deepseek", "google", "mistral", "ollama", "openai-chat", "openai-responses"]) writeFileSync(join(root, `spec/providers/${provider}.tsp`), "");
  return root;
}

function files(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)).sort();
}

const refusedNames = [
  "deep-seek", "open-ai-chat", "open-ai-responses", "anth-ropic", "mis-tral", "o-llama", "bed-rock", "goo-gle", "openai-chat", "deepseek",
  `a${"b".repeat(64)}`, `a${"b".repeat(300)}`, "Acme", "acme_chat", "-acme", "acme-", "acme--chat", "1acme", "partwise", "acme.chat", "acme/../x",
  ...hostileNames,
];
// Kebab-case names that merely look like Object.prototype members are names like any other.
const acceptedNames = new Set(["constructor", "prototype"]);
for (const name of acceptedNames) {
  let root = "";
  cases.push({
    name: `scaffold provider ${shown(name)}`,
    expected: "accepted",
    run: () => {
      root = checkout(name);
      return outcomeOf(() => runScaffold(["provider", name, "--root", root], quiet));
    },
    verify: async () => {
      expect(readFileSync(join(root, "src/providers/registry.ts"), "utf8")).toContain(`from "./${name}/index.js"`);
      expect(readFileSync(join(root, "src/simulators/index.ts"), "utf8")).toContain(`from "./${name}-simulator.js"`);
    },
  });
}
for (const name of new Set(refusedNames.filter((candidate) => !acceptedNames.has(candidate)))) {
  let root = "";
  let before: Record<string, string> = {};
  cases.push({
    name: `scaffold provider ${shown(name)}`,
    expected: "cli/usage",
    run: () => {
      root = checkout(name);
      before = Object.fromEntries(files(root).map((path) => [path, readFileSync(path, "utf8")]));
      return outcomeOf(() => runScaffold(["provider", name, "--root", root], quiet));
    },
    verify: async () => expect(Object.fromEntries(files(root).map((path) => [path, readFileSync(path, "utf8")]))).toEqual(before),
  });
}

for (const name of hostileNames) {
  cases.push({ name: `encode --provider ${shown(name)}`, expected: "cli/usage", run: () => outcomeOf(() => runEncode(["--provider", name, history], quiet)) });
  cases.push({ name: `decode --provider ${shown(name)}`, expected: "cli/usage", run: () => outcomeOf(() => runDecode(["--provider", name, history], quiet)) });
  cases.push({ name: `encode --variant ${shown(name)}`, expected: "provider/invalid-option", run: () => outcomeOf(() => runEncode(["--provider", "openai.chat", "--variant", name, history], quiet)) });
}
for (const flag of ["sameServer", "signatureFromOtherEndpoint", "withoutFollowingItem", "currentTurn"]) {
  cases.push({ name: `encode --flag ${flag}`, expected: "provider/invalid-option", run: () => outcomeOf(() => runEncode(["--provider", "openai.chat", "--variant", "vllm", "--flag", flag, history], quiet)) });
}
for (const body of ["{}", '{"candidates":[]}', '{"usageMetadata":{"totalTokenCount":1}}']) {
  cases.push({ name: `decode --provider google of ${body}`, expected: "provider/invalid-wire", run: () => outcomeOf(() => runDecode(["--provider", "google", hostileFile(`google-${body.length}.json`, body)], quiet)) });
}
for (const request of ["[]", "null", '"model"', "5", "{"]) {
  cases.push({ name: `encode --request ${request}`, expected: "cli/usage", run: () => outcomeOf(() => runEncode(["--provider", "anthropic", "--request", request, history], quiet)) });
}

export { cases };
