// `npm run conformance:update`: rewrites test/conformance/providers/ from the codecs and fixtures (new
// vectors written, changed ones replaced, orphans removed), after a codec or a fixture changed on purpose.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildProviderVectors, committedProviderVectors, providerVectorDirectory } from "./provider-vectors.js";

const built = await buildProviderVectors();
const committed = committedProviderVectors();
const changes: string[] = [];
for (const [path, content] of built) {
  if (committed.get(path) === content) continue;
  changes.push(`${committed.has(path) ? "updated" : "added"}: ${path}`);
  mkdirSync(dirname(join(providerVectorDirectory, path)), { recursive: true });
  writeFileSync(join(providerVectorDirectory, path), content);
}
for (const path of committed.keys()) {
  if (built.has(path)) continue;
  changes.push(`removed: ${path}`);
  rmSync(join(providerVectorDirectory, path));
}
console.log(`conformance:update: ${built.size} provider vectors, ${changes.length} changed${changes.length ? `:\n  ${changes.join("\n  ")}` : ""}`);
