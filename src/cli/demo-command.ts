// `partwise demo` (what `npm start` runs): for every provider, a multi-round tool loop against its local
// simulator, stored in a session; then a second process continues each stored session with another
// question, which the simulator only accepts if every signature survived storage.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ChatClient } from "../chat/chat-client.js";
import { SessionChat } from "../chat/session-advisors.js";
import { ProviderHttpClient } from "../client/provider-http-client.js";
import { describeMessage } from "../demo/transcript.js";
import { weatherTools } from "../demo/weather-scenario.js";
import { PartwiseError } from "../errors/partwise-error.js";
import { codecFor, providerCodecs } from "../providers/registry.js";
import { LastTurnsStrategy, TurnCountTrigger } from "../session/compaction.js";
import { DEFAULT_SESSION_STORE_URL, openSessionService } from "../session/open-session-store.js";
import type { SessionService } from "../session/session-service.js";
import { startSimulator } from "../simulators/index.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine } from "./command-options.js";

export const DEMO_HELP = `Usage: partwise demo [options]

For each provider: a tool loop (reasoning, tool calls, tool results, answer) against the provider's
local simulator, recorded in a session; then a second process continues the stored session, which the
simulator accepts only if every signature survived storage. Run it again to continue the sessions.

Options:
  --db URL             session store (default ${DEFAULT_SESSION_STORE_URL})
  --providers A,B      only these providers
  -h, --help           show this help`;

const SIMULATOR_KEY = "demo-key";
const QUESTIONS = ["Is it raining in Oslo? And what time is it there?", "And in Bergen?"];

/** The simulator secret is fixed per provider so sessions stored by an earlier run still verify. */
function simulatorSecret(provider: string): string {
  return `partwise-demo:${provider}`;
}

/** Runs `partwise chat` in a child process continuing the session; resolves with its exit code and output. */
function continueInSecondProcess(provider: string, database: string, baseUrl: string): Promise<{ status: number; output: string }> {
  // The same CLI entry this process runs: dist/src/cli/bin.js, or bin.ts under tsx (whose loader is in execArgv).
  const script = fileURLToPath(new URL(import.meta.url.endsWith(".ts") ? "./bin.ts" : "./bin.js", import.meta.url));
  const args = [...process.execArgv, script, "chat", "--provider", provider, "--session", `demo-${provider}`, "--db", database,
    "--base-url", baseUrl, "--api-key", SIMULATOR_KEY, QUESTIONS[1] as string];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, AWS_ACCESS_KEY_ID: "demo", AWS_SECRET_ACCESS_KEY: SIMULATOR_KEY, AWS_REGION: "us-east-1" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

async function runProvider(provider: string, service: SessionService, database: string, io: CommandIo): Promise<boolean> {
  const scenario = codecFor(provider).reasoningRequest;
  const simulator = await startSimulator(provider, { apiKey: SIMULATOR_KEY, secret: simulatorSecret(provider) });
  try {
    io.out(`\n=== ${provider} (simulator at ${simulator.url}) ===`);
    const chat = new ChatClient({
      codec: codecFor(provider),
      transport: new ProviderHttpClient({ provider, model: scenario.model, baseUrl: simulator.url, apiKey: SIMULATOR_KEY, region: "us-east-1", awsCredentials: { accessKeyId: "demo", secretAccessKey: SIMULATOR_KEY }, env: {} }),
      tools: weatherTools,
      stream: true,
      request: scenario.request,
    });
    // Compaction keeps a long-running demo session to its last turns; nothing is deleted from the log.
    const sessionChat = new SessionChat(chat, service, { compaction: { trigger: new TurnCountTrigger(6), strategy: new LastTurnsStrategy(4) } });
    const stored = await service.findById(`demo-${provider}`);
    io.out(stored ? `session demo-${provider}: continuing, ${stored.version} events stored by earlier runs` : `session demo-${provider}: new`);
    io.out(`user: ${QUESTIONS[0]}`);
    const result = await sessionChat.send(`demo-${provider}`, QUESTIONS[0], {
      onEvent(event) {
        if (event.type === "assistant_message" || event.type === "tool_results") {
          io.out(`round ${event.round}, ${describeMessage(event.message).join("\n")}`);
        }
      },
    });
    io.out(`-- ${result.rounds} model calls; a second process continues session demo-${provider} from ${database}:`);
    const second = await continueInSecondProcess(provider, database, simulator.url);
    for (const line of second.output.trimEnd().split("\n")) io.out(`   | ${line}`);
    const ok = second.status === 0;
    io.out(ok
      ? `✓ ${provider}: ${result.rounds} rounds recorded; the stored session, signatures included, was accepted by a second process`
      : `✗ ${provider}: the second process failed (exit ${second.status})`);
    return ok;
  } catch (error) {
    io.out(`✗ ${provider}: ${PartwiseError.isPartwiseError(error) ? `${error.code}: ${error.message}` : String(error)}`);
    return false;
  } finally {
    await simulator.close();
  }
}

export async function runDemo(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values } = parseCommandLine({ args: [...argv], options: { db: { type: "string" }, providers: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    io.out(DEMO_HELP);
    return 0;
  }
  const providers = values.providers?.split(",").map((provider) => provider.trim()) ?? Object.keys(providerCodecs);
  const database = values.db ?? DEFAULT_SESSION_STORE_URL;
  io.out(`partwise demo: ${providers.length} providers, sessions in ${database}`);
  const service = await openSessionService(database);
  const verdicts: boolean[] = [];
  try {
    for (const provider of providers) verdicts.push(await runProvider(provider, service, database, io));
  } finally {
    await service.close();
  }
  const passed = verdicts.filter(Boolean).length;
  io.out(`\n${passed}/${providers.length} providers replayed their stored sessions faithfully.`);
  return passed === providers.length ? 0 : 1;
}
