// `partwise chat --provider ID [--session ID] [PROMPT]`: the weather tool loop for one provider, against
// its local simulator by default and against the real API when its key is set, with session memory in
// the store given by --db. Without PROMPT it continues the stored session.
import { ChatClient, type ChatEvent } from "../chat/chat-client.js";
import { SessionChat } from "../chat/session-advisors.js";
import type { CallLimits } from "../client/call-limits.js";
import { ProviderHttpClient } from "../client/provider-http-client.js";
import { weatherTools } from "../demo/weather-scenario.js";
import { describeMessage } from "../demo/transcript.js";
import { UsageError } from "../errors/partwise-error.js";
import { codecFor } from "../providers/registry.js";
import { DEFAULT_SESSION_STORE_URL, openSessionService } from "../session/open-session-store.js";
import { type RunningSimulator, startSimulator } from "../simulators/index.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine, positiveIntegerOption } from "./command-options.js";

export const CHAT_HELP = `Usage: partwise chat --provider ID [options] [PROMPT]

Runs a tool-calling conversation (a weather agent with get_weather and get_local_time) with one
provider. Without --base-url it uses the provider's real API when its key is set (e.g. ANTHROPIC_API_KEY)
and a local simulator otherwise. With --session the conversation is stored in --db and continues there.

Options:
  --provider ID        the provider
  --session ID         the session to record in and continue (created on first use)
  --db URL             session store (default ${DEFAULT_SESSION_STORE_URL}; sqlite:PATH, postgres://..., memory:)
  --model NAME         the model (default: the scenario's model for the provider)
  --base-url URL       the API's base URL (a simulator's, a proxy's)
  --api-key KEY        the API key (default: the provider's environment variable)
  --stream             stream the answers
  --max-rounds N       model calls at most (default 8)
  --first-byte-timeout MS  longest wait for an answer to start, connecting included (default 600000)
  --idle-timeout MS    longest silence inside an answer (default 300000)
  --timeout MS         longest model call, retries and reading included (default 1800000)
  --max-response-bytes N   largest answer, blocking or streamed (default 64 MiB blocking, 512 MiB streamed)
  --simulator-secret S signing secret of the local simulator (default: PARTWISE_SIMULATOR_SECRET or "partwise-demo")
  -h, --help           show this help`;

/** The HTTP client's limits the command line sets; absent ones keep the client's defaults. */
function callLimitOptions(values: Record<string, string | boolean | undefined>): Partial<CallLimits> {
  const option = (name: string) => positiveIntegerOption(name, values[name] as string | undefined);
  const maxBytes = option("max-response-bytes");
  const chosen: Partial<Record<keyof CallLimits, number | undefined>> = {
    firstByteTimeoutMs: option("first-byte-timeout"),
    idleTimeoutMs: option("idle-timeout"),
    totalTimeoutMs: option("timeout"),
    maxResponseBytes: maxBytes,
    maxStreamBytes: maxBytes,
  };
  return Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined));
}

export async function runChat(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    options: {
      provider: { type: "string" },
      session: { type: "string" },
      db: { type: "string" },
      model: { type: "string" },
      "base-url": { type: "string" },
      "api-key": { type: "string" },
      stream: { type: "boolean" },
      "max-rounds": { type: "string" },
      "first-byte-timeout": { type: "string" },
      "idle-timeout": { type: "string" },
      timeout: { type: "string" },
      "max-response-bytes": { type: "string" },
      "simulator-secret": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(CHAT_HELP);
    return 0;
  }
  const provider = values.provider;
  if (provider === undefined) throw new UsageError("chat needs --provider (see partwise chat --help)");
  const scenario = codecFor(provider).reasoningRequest;
  if (positionals.length > 1) throw new UsageError("chat takes one PROMPT (quote it)");
  const prompt = positionals[0];
  if (prompt === undefined && values.session === undefined) throw new UsageError("chat needs a PROMPT, or --session to continue");
  const maxRounds = positiveIntegerOption("max-rounds", values["max-rounds"]);
  const limits = callLimitOptions(values);

  const model = values.model ?? scenario.model;
  const configured = new ProviderHttpClient({
    provider,
    model,
    ...limits,
    ...(values["api-key"] === undefined ? {} : { apiKey: values["api-key"] }),
    ...(values["base-url"] === undefined ? {} : { baseUrl: values["base-url"] }),
  });
  let simulator: RunningSimulator | undefined;
  let transport = configured;
  if (values["base-url"] === undefined && !configured.hasCredentials) {
    const apiKey = "local-simulator";
    simulator = await startSimulator(provider, { apiKey, secret: values["simulator-secret"] ?? process.env.PARTWISE_SIMULATOR_SECRET ?? "partwise-demo" });
    io.err(`partwise chat: no ${provider} credentials set; using the local simulator at ${simulator.url}`);
    transport = new ProviderHttpClient({ provider, model, ...limits, baseUrl: simulator.url, apiKey, region: "us-east-1", awsCredentials: { accessKeyId: "local", secretAccessKey: apiKey }, env: {} });
  }
  try {
    const chat = new ChatClient({
      codec: codecFor(provider),
      transport,
      tools: weatherTools,
      stream: values.stream ?? false,
      request: scenario.request,
      ...(maxRounds === undefined ? {} : { maxRounds }),
    });
    const onEvent = (event: ChatEvent) => {
      if (event.type === "assistant_message" || event.type === "tool_results") for (const line of describeMessage(event.message)) io.out(line);
    };
    if (values.session === undefined) {
      await chat.send(prompt, { onEvent });
      return 0;
    }
    const service = await openSessionService(values.db ?? DEFAULT_SESSION_STORE_URL);
    try {
      await new SessionChat(chat, service).send(values.session, prompt, { onEvent });
    } finally {
      await service.close();
    }
    return 0;
  } finally {
    await simulator?.close();
  }
}
