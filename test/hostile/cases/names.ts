// Hostile provider ids, variants, profiles and flags at every place that looks a name up (issue 22, items
// 9, 11 and 19): prototype member names find nothing, unknown variants and encoder facts are typed errors,
// and a raw block whose attributes claim the target provider stays out of the request.
import { expect } from "vitest";
import type { Part } from "../../../generated/types.js";
import { ProviderHttpClient } from "../../../src/client/provider-http-client.js";
import { codecFor, providerCodecs } from "../../../src/providers/registry.js";
import { replayRules } from "../../../src/providers/replay-rules.js";
import { contentSupport } from "../../../src/providers/content-rules.js";
import { startSimulator } from "../../../src/simulators/index.js";
import { openAiChatSimulator } from "../../../src/simulators/openai-chat-simulator.js";
import { type HostileCase, outcomeOf } from "../hostile-case.js";
import { hostileNames, validHistory } from "../hostile-inputs.js";

const cases: HostileCase[] = [];
const providers = Object.keys(providerCodecs);
const shown = (name: string) => JSON.stringify(name.length > 24 ? `${name.slice(0, 24)}…` : name);

for (const name of hostileNames) {
  cases.push({ name: `codecFor(${shown(name)})`, expected: "cli/usage", run: () => outcomeOf(() => codecFor(name)) });
  cases.push({ name: `new ProviderHttpClient({ provider: ${shown(name)} })`, expected: "cli/usage", run: () => outcomeOf(() => new ProviderHttpClient({ provider: name, model: "m", env: {} })) });
  cases.push({ name: `startSimulator(${shown(name)})`, expected: "cli/usage", run: () => outcomeOf(() => startSimulator(name)) });
  cases.push({ name: `openAiChatSimulator(${shown(name)})`, expected: "cli/usage", run: () => outcomeOf(() => openAiChatSimulator(name)) });
  cases.push({ name: `replayRules of provider ${shown(name)}`, expected: "provider/invalid-option", run: () => outcomeOf(() => replayRules(name)) });
  cases.push({ name: `contentSupport of provider ${shown(name)}`, expected: "provider/invalid-option", run: () => outcomeOf(() => contentSupport(name, "user", { type: "text", text: "x" })) });
}

// Every provider's encoder, with a variant that names nothing (prototype names included).
for (const provider of providers) {
  for (const variant of ["__proto__", "constructor", "toString", "no-such-variant", "", "DEFAULT"]) {
    cases.push({
      name: `${provider} encodeRequest with variant ${shown(variant)}`,
      expected: "provider/invalid-option",
      run: () => outcomeOf(() => codecFor(provider).encodeRequest(validHistory, { variant })),
    });
  }
  for (const flag of ["sameServer", "signatureFromOtherEndpoint", "withoutFollowingItem", "currentTurn"]) {
    cases.push({
      name: `${provider} encodeRequest with the encoder fact ${flag} as a caller flag`,
      expected: "provider/invalid-option",
      run: () => outcomeOf(() => codecFor(provider).encodeRequest(validHistory, { flags: ["replayForeignReasoning", flag] })),
    });
  }
  // Another provider's raw block claiming, through its attributes, to come from the target.
  for (const source of providers.filter((other) => other !== provider)) {
    const part: Part = { type: "unknown", provider: source, kind: "raw_block", rawJson: '{"type":"raw_block","secret":"FOREIGN-BLOCK"}', attributes: { provider, profile: "vllm" } };
    const history = { ...validHistory, messages: [...validHistory.messages.slice(0, 3), { role: "assistant" as const, parts: [part, { type: "text" as const, text: "ok" }] }] };
    let body = "";
    cases.push({
      name: `${provider} encodeRequest of a ${source} raw block whose attributes name ${provider}`,
      expected: "accepted",
      run: () => outcomeOf(() => {
        body = JSON.stringify(codecFor(provider).encodeRequest(history).body);
      }),
      verify: async () => expect(body).not.toContain("FOREIGN-BLOCK"),
    });
  }
}

export { cases };
