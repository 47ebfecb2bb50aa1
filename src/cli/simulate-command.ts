// `partwise simulate --provider ID [--port N] [--api-key K] [--secret S] [--profile P]`: runs a provider
// simulator on loopback until SIGINT or SIGTERM, and prints the base URL and variables a client needs.
import { UsageError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";
import type { ProviderEndpoint } from "../providers/provider-endpoint.js";
import { codecFor, providerCodecs } from "../providers/registry.js";
import { providerSimulators, startSimulator } from "../simulators/index.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine, portOption, untilStopped } from "./command-options.js";

export const SIMULATE_HELP = `Usage: partwise simulate --provider ID [options]

Runs a local stand-in for a provider's HTTP API: its wire format (SSE, NDJSON, AWS event-stream), reasoning
signed with an HMAC, tool calls, and the provider's documented errors when signed reasoning comes back
altered or missing. Runs until interrupted (Ctrl-C).

Options:
  --provider ID   ${Object.keys(providerSimulators).join(", ")}
  --port N        the port on 127.0.0.1 (default: any free port)
  --api-key K     the key clients must send (default: none checked); for bedrock ACCESS_KEY_ID:SECRET_ACCESS_KEY
                  or SECRET_ACCESS_KEY alone, with which requests must be SigV4-signed
  --secret S      the signing secret; signatures stay valid across restarts only with the same secret
                  (default: random per start)
  --profile P     openai.chat only: the server to behave as, openai (default), vllm, kimi or groq
  -h, --help      show this help`;

export interface SimulateOptions {
  /** Stops the simulator (default: the process's SIGINT or SIGTERM). */
  readonly signal?: AbortSignal;
}

/** The environment a client of the simulator needs: base URL, and key or AWS credentials. */
function clientEnvironment(endpoint: ProviderEndpoint, url: string, apiKey: string | undefined): string[] {
  // The simulator answers under the same path as the real base URL (`/v1`, `/v1beta`) and without it.
  const basePath = /^https?:\/\/[^/]+(\/.*)?$/.exec(endpoint.defaultBaseUrl)?.[1] ?? "";
  const lines = [`${endpoint.baseUrlEnv[0]}=${url}${basePath}`];
  if (endpoint.awsSigned) {
    const [accessKeyId, secretAccessKey] = apiKey?.includes(":") ? apiKey.split(":") : ["any", apiKey ?? "any"];
    lines.push(`AWS_ACCESS_KEY_ID=${accessKeyId}`, `AWS_SECRET_ACCESS_KEY=${secretAccessKey}`, "AWS_REGION=us-east-1");
  } else if (endpoint.apiKeyEnv[0] !== undefined) {
    lines.push(`${endpoint.apiKeyEnv[0]}=${apiKey ?? "any"}`);
  }
  return lines;
}

/** Runs `partwise simulate` until the signal or Ctrl-C; a usage error throws, and main reports it with exit 2. */
export async function runSimulate(argv: readonly string[], io: CommandIo, options: SimulateOptions = {}): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    options: {
      provider: { type: "string" },
      port: { type: "string" },
      "api-key": { type: "string" },
      secret: { type: "string" },
      profile: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(SIMULATE_HELP);
    return 0;
  }
  if (values.provider === undefined) throw new UsageError("simulate needs --provider (see partwise simulate --help)");
  if (positionals.length > 0) throw new UsageError(`simulate takes no arguments besides options, not "${positionals.join(" ")}"`);
  const port = portOption(values.port);
  const apiKey = values["api-key"];
  // An unknown provider is refused by startSimulator, which lists the known ones.
  if (ownValue(providerCodecs, values.provider)?.endpoint.awsSigned && apiKey !== undefined && !/^[^:]+(?::[^:]+)?$/.test(apiKey)) {
    throw new UsageError(`for ${values.provider}, --api-key is ACCESS_KEY_ID:SECRET_ACCESS_KEY or SECRET_ACCESS_KEY`);
  }
  const simulator = await startSimulator(values.provider, {
    ...(port === undefined ? {} : { port }),
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(values.secret === undefined ? {} : { secret: values.secret }),
    ...(values.profile === undefined ? {} : { profile: values.profile }),
  });
  io.out(`${simulator.provider} simulator listening on ${simulator.url}${apiKey === undefined ? " (no key checked)" : ""}`);
  io.out("Point a client at it with:");
  // Every simulator is of a registered provider.
  const { endpoint } = codecFor(simulator.provider);
  for (const line of clientEnvironment(endpoint, simulator.url, apiKey)) io.out(`  ${line}`);
  // The AWS SDK's Bedrock client defaults to HTTP/2, which this HTTP/1.1 server does not speak.
  if (endpoint.awsSigned) io.out("  (AWS SDK clients: set requestHandler to an HTTP/1.1 NodeHttpHandler)");
  io.out("Stop with Ctrl-C.");
  const reason = await untilStopped(options.signal);
  await simulator.close();
  io.out(`${simulator.provider} simulator ${reason === "stopped" ? "stopped" : `stopped (${reason})`} after ${simulator.requestCount} requests`);
  return 0;
}
