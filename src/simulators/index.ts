// The provider simulators by provider id, and starting one on loopback.
import { UsageError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";
import { anthropicSimulator } from "./anthropic-simulator.js";
import { bedrockSimulator } from "./bedrock-simulator.js";
import { deepSeekSimulator } from "./deepseek-simulator.js";
import { googleSimulator } from "./google-simulator.js";
import { mistralSimulator } from "./mistral-simulator.js";
import { ollamaSimulator } from "./ollama-simulator.js";
import { openAiChatSimulator } from "./openai-chat-simulator.js";
import { openAiResponsesSimulator } from "./openai-responses-simulator.js";
import { type ProviderSimulator, type RunningSimulator, type SimulatorOptions, startSimulatorServer } from "./simulator-server.js";

export type { ProviderSimulator, RunningSimulator, SimulatorFault, SimulatorOptions } from "./simulator-server.js";

export interface StartSimulatorOptions extends SimulatorOptions {
  /** openai.chat: the server to behave as, `vllm` (default), `kimi` or `groq`. */
  readonly profile?: string;
}

/**
 * A fresh simulator per start, by provider id: some keep state for the life of a server (DeepSeek remembers
 * the reasoning it issued) or take a profile.
 */
export const providerSimulators: Readonly<Record<string, (options: StartSimulatorOptions) => ProviderSimulator>> = {
  anthropic: () => anthropicSimulator,
  "openai.responses": () => openAiResponsesSimulator,
  google: () => googleSimulator,
  bedrock: () => bedrockSimulator,
  "openai.chat": (options) => openAiChatSimulator(options.profile),
  deepseek: () => deepSeekSimulator(),
  ollama: () => ollamaSimulator,
  mistral: () => mistralSimulator,
};

/** Starts the simulator of a provider on loopback. */
export function startSimulator(provider: string, options: StartSimulatorOptions = {}): Promise<RunningSimulator> {
  const create = ownValue(providerSimulators, provider);
  if (!create) throw new UsageError(`no simulator for provider "${provider}" (known: ${Object.keys(providerSimulators).join(", ")})`);
  if (options.profile !== undefined && provider !== "openai.chat") throw new UsageError(`a simulator profile applies to openai.chat only, not "${provider}"`);
  return startSimulatorServer(create(options), options);
}
