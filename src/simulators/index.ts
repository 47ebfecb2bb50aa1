// The registry of provider simulators: one entry per provider (its id, how to make a fresh simulator,
// whether it takes a server profile), and starting one on loopback. What a simulator does is its own file's.
import { UsageError } from "../errors/partwise-error.js";
import { DEEPSEEK } from "../providers/deepseek/deepseek-wire.js";
import { OPENAI_CHAT } from "../providers/openai-chat/openai-chat-wire.js";
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
  /** For a simulator that takes profiles (openai.chat: `openai`, the default, `vllm`, `kimi` or `groq`): the server to behave as. */
  readonly profile?: string;
}

/** A provider's entry in the registry of simulators. */
export interface SimulatorEntry {
  readonly provider: string;
  /** Whether `profile` picks the server the simulator behaves as; the simulator refuses a profile it does not know. */
  readonly takesProfile?: boolean;
  /** A fresh simulator: some keep state for the life of a server (DeepSeek remembers the reasoning it issued). */
  create(options: StartSimulatorOptions): ProviderSimulator;
}

/** The entry of a simulator without state or profiles: the same object serves every start. */
function stateless(simulator: ProviderSimulator): SimulatorEntry {
  return { provider: simulator.provider, create: () => simulator };
}

const simulatorEntries: readonly SimulatorEntry[] = [
  stateless(anthropicSimulator),
  stateless(openAiResponsesSimulator),
  stateless(googleSimulator),
  stateless(bedrockSimulator),
  { provider: OPENAI_CHAT, takesProfile: true, create: (options) => openAiChatSimulator(options.profile) },
  { provider: DEEPSEEK, create: () => deepSeekSimulator() },
  stateless(ollamaSimulator),
  stateless(mistralSimulator),
];

/** A fresh simulator per start, by provider id. */
export const providerSimulators: Readonly<Record<string, (options: StartSimulatorOptions) => ProviderSimulator>> = Object.fromEntries(
  simulatorEntries.map((entry) => [entry.provider, entry.create]),
);

/** Starts the simulator of a provider on loopback. */
export function startSimulator(provider: string, options: StartSimulatorOptions = {}): Promise<RunningSimulator> {
  const entry = simulatorEntries.find((candidate) => candidate.provider === provider);
  if (!entry) throw new UsageError(`no simulator for provider "${provider}" (known: ${Object.keys(providerSimulators).join(", ")})`);
  if (options.profile !== undefined && !entry.takesProfile) {
    const profiled = simulatorEntries.filter((candidate) => candidate.takesProfile).map((candidate) => candidate.provider);
    throw new UsageError(`a simulator profile applies to ${profiled.join(", ")} only, not "${provider}"`);
  }
  return startSimulatorServer(entry.create(options), options);
}
