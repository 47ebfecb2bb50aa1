// The weather scenario of each provider (its codec's reasoning request and the tools of
// src/demo/weather-scenario.ts) with what the real API does when a tool turn comes back from a text-only
// store, for the end-to-end tests.
import type { Message, Part } from "../../generated/types.js";
import { providerCodecs } from "../../src/providers/registry.js";

export { weatherTools } from "../../src/demo/weather-scenario.js";

export interface EndToEndScenario {
  readonly provider: string;
  /** The model for the real API (the simulators accept any). */
  readonly model: string;
  /** Request fields that ask for reasoning the provider's way. */
  readonly request: Readonly<Record<string, unknown>>;
  /** The documented rejection of a tool turn replayed without its reasoning, or undefined where the API accepts it. */
  readonly naiveRejection?: { readonly status: number; readonly message: RegExp };
}

// Where the real API rejects a tool turn that comes back without its reasoning (the references' replay
// sections); the other providers accept it and the model silently reasons from scratch. DeepSeek rejects a
// tool turn without `reasoning_content`, but takes an empty one, which the encoder sends when it has none.
const NAIVE_REJECTIONS: Readonly<Record<string, EndToEndScenario["naiveRejection"]>> = {
  anthropic: { status: 400, message: /Expected `thinking` or `redacted_thinking`, but found `text`/ },
  bedrock: { status: 400, message: /Expected `thinking` or `redacted_thinking`, but found `text`/ },
  google: { status: 400, message: /Function call is missing a thought_signature in functionCall parts/ },
};

export const scenarios: readonly EndToEndScenario[] = Object.values(providerCodecs).map((codec) => {
  const scenario = { provider: codec.id, ...codec.reasoningRequest };
  const naiveRejection = NAIVE_REJECTIONS[codec.id];
  return naiveRejection ? { ...scenario, naiveRejection } : scenario;
});

/** What a store that keeps only text, tool calls and tool results (no reasoning, no payloads) gives back. */
export function textOnly(messages: readonly Message[]): Message[] {
  const strip = (part: Part): Part | undefined => {
    if (part.type === "reasoning" || part.type === "unknown") return undefined;
    const { payload: _payload, attributes: _attributes, ...rest } = part;
    return rest as Part;
  };
  return messages.map((message) => ({ ...message, parts: message.parts.flatMap((part) => strip(part) ?? []) }));
}
