// The weather scenario `partwise demo` and `partwise chat` run: per provider, a model and request fields
// that turn reasoning on, and two tools with fixed answers.
import type { ChatTool } from "../chat/chat-client.js";

export interface ProviderScenario {
  readonly provider: string;
  /** The model for the real API (the simulators accept any). */
  readonly model: string;
  /** Request fields that ask for reasoning the provider's way. */
  readonly request: Readonly<Record<string, unknown>>;
}

export const weatherTools: readonly ChatTool[] = [
  {
    name: "get_weather",
    description: "Current weather in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    execute: (input) => `light rain, 7 °C in ${(input as { city?: string }).city ?? "Oslo"}`,
  },
  {
    name: "get_local_time",
    description: "Local time in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    execute: () => "14:05",
  },
];

export const weatherScenarios: Readonly<Record<string, ProviderScenario>> = {
  anthropic: {
    provider: "anthropic",
    model: "claude-sonnet-4-5",
    request: { max_tokens: 2048, thinking: { type: "enabled", budget_tokens: 1024 } },
  },
};
