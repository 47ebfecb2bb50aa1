// `partwise/testing`: the provider simulators, loopback HTTP servers speaking each provider's wire, for
// tests of code that calls a provider. Node only (node:http).
export { providerSimulators, startSimulator, type ProviderSimulator, type RunningSimulator, type SimulatorFault, type SimulatorOptions, type StartSimulatorOptions } from "../simulators/index.js";
// A simulator of a provider outside partwise (docs/scaffold-a-provider.md): started by itself, and the
// pieces the built-in simulators of Chat Completions-like wires are made of (the scripted weather
// conversation, its routes, answers and errors), which a scaffolded simulator starts from.
export { bearerAuthorized, startSimulatorServer, type SimulatorAnswer, type SimulatorContext, type SimulatorRequest } from "../simulators/simulator-server.js";
export { chatCompletionAnswer, chatCompletionsRoute, chatErrorAnswer, chatMessages, chatScriptTurns, chatToolNames, type ChatDialect, type ChatMessage } from "../simulators/openai-chat-simulator.js";
export { scriptReply, type ScriptReply, type ScriptTurn } from "../simulators/weather-script.js";
export { weatherTools } from "../demo/weather-scenario.js";
