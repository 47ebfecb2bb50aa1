// `npm run conformance:update`: rewrites test/conformance/providers/ from the codecs and fixtures, and
// test/conformance/mappings/ from the spec's examples and the block placements (new vectors written,
// changed ones replaced, orphans removed), after a codec, a fixture or the spec changed on purpose.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildMappingVectors, committedMappingVectors, mappingVectorDirectory } from "./mapping-vectors.js";
import { buildProviderVectors, committedProviderVectors, providerVectorDirectory } from "./provider-vectors.js";

/** Makes a vector directory hold exactly the built files; returns what changed. */
function update(directory: string, built: ReadonlyMap<string, string>, committed: ReadonlyMap<string, string>): string[] {
  const changes: string[] = [];
  for (const [path, content] of built) {
    if (committed.get(path) === content) continue;
    changes.push(`${committed.has(path) ? "updated" : "added"}: ${path}`);
    mkdirSync(dirname(join(directory, path)), { recursive: true });
    writeFileSync(join(directory, path), content);
  }
  for (const path of committed.keys()) {
    if (built.has(path)) continue;
    changes.push(`removed: ${path}`);
    rmSync(join(directory, path));
  }
  return changes;
}

const providerVectors = await buildProviderVectors();
const mappingVectors = await buildMappingVectors();
const changes = [
  ...update(providerVectorDirectory, providerVectors, committedProviderVectors()),
  ...update(mappingVectorDirectory, mappingVectors, committedMappingVectors()).map((change) => `${change} (mapping)`),
];
console.log(`conformance:update: ${providerVectors.size} provider vectors, ${mappingVectors.size} mapping vectors, ${changes.length} changed${changes.length ? `:\n  ${changes.join("\n  ")}` : ""}`);
