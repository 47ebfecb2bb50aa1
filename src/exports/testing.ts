// `partwise/testing`: the provider simulators, loopback HTTP servers speaking each provider's wire, for
// tests of code that calls a provider. Node only (node:http).
export { providerSimulators, startSimulator, type ProviderSimulator, type RunningSimulator, type SimulatorFault, type SimulatorOptions, type StartSimulatorOptions } from "../simulators/index.js";
