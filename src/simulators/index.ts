// The provider simulators by provider id, and starting one on loopback.
import { UsageError } from "../errors/partwise-error.js";
import { anthropicSimulator } from "./anthropic-simulator.js";
import { type ProviderSimulator, type RunningSimulator, type SimulatorOptions, startSimulatorServer } from "./simulator-server.js";

export type { ProviderSimulator, RunningSimulator, SimulatorFault, SimulatorOptions } from "./simulator-server.js";

export const providerSimulators: Readonly<Record<string, ProviderSimulator>> = {
  [anthropicSimulator.provider]: anthropicSimulator,
};

/** Starts the simulator of a provider on loopback. */
export function startSimulator(provider: string, options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const simulator = providerSimulators[provider];
  if (!simulator) throw new UsageError(`no simulator for provider "${provider}" (known: ${Object.keys(providerSimulators).join(", ")})`);
  return startSimulatorServer(simulator, options);
}
