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

/** Per provider: a reasoning model and the request fields that turn its reasoning on (and make it visible). */
export const weatherScenarios: Readonly<Record<string, ProviderScenario>> = {
  anthropic: {
    provider: "anthropic",
    model: "claude-sonnet-4-5",
    request: { max_tokens: 2048, thinking: { type: "enabled", budget_tokens: 1024 } },
  },
  "openai.responses": {
    provider: "openai.responses",
    model: "gpt-5",
    // The encoder adds store: false and include: ["reasoning.encrypted_content"].
    request: { reasoning: { effort: "medium", summary: "auto" } },
  },
  google: {
    provider: "google",
    model: "gemini-3-pro-preview",
    request: { generationConfig: { thinkingConfig: { includeThoughts: true } } },
  },
  bedrock: {
    provider: "bedrock",
    model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    request: {
      modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
      inferenceConfig: { maxTokens: 2048 },
      additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
    },
  },
  "openai.chat": {
    provider: "openai.chat",
    model: "gpt-4.1",
    request: {},
  },
  deepseek: {
    provider: "deepseek",
    model: "deepseek-v4-flash",
    request: {},
  },
  ollama: {
    provider: "ollama",
    model: "qwen3",
    request: { think: true },
  },
  mistral: {
    provider: "mistral",
    model: "magistral-medium-latest",
    request: {},
  },
};
