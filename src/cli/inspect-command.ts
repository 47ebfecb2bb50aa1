// `partwise inspect --db URL [--port N] [--host H] [--full]`: serves a local, read-only web page over
// a session store (the list of sessions, each session's log, live as events are appended) until Ctrl-C.
import { UsageError } from "../errors/partwise-error.js";
import { isLoopbackHost, startInspectServer } from "../inspect/inspect-server.js";
import { DEFAULT_SESSION_STORE_URL, isSessionStoreUrl, openSessionRepository, redactPassword } from "../session/open-session-store.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine, portOption, positiveIntegerOption, untilStopped } from "./command-options.js";

export const INSPECT_HELP = `Usage: partwise inspect [options]

Serves a local web page to look at stored sessions: the sessions newest first (search, paging), and each
session turn by turn with reasoning, tool calls linked to their results, media, unknown blocks, payload
badges and compaction boundaries; a session page follows events appended by other processes. Read-only:
it writes nothing to the store. Runs until interrupted (Ctrl-C).

Options:
  --db URL              the store: sqlite:PATH, postgres://USER:PASSWORD@HOST/DB (default ${DEFAULT_SESSION_STORE_URL})
  --port N              the port (default: any free port)
  --host H              the address to listen on (default 127.0.0.1; anything else exposes the logs to the network)
  --full                show payload data (signatures, encrypted reasoning); left out by default
  --poll-interval MS    how often a live page asks the store for new events (default 1000)
  -h, --help            show this help`;

export interface InspectOptions {
  /** Stops the server (default: the process's SIGINT or SIGTERM). */
  readonly signal?: AbortSignal;
}

/** Runs `partwise inspect` until the signal or Ctrl-C. */
export async function runInspect(argv: readonly string[], io: CommandIo, options: InspectOptions = {}): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      db: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      full: { type: "boolean" },
      "poll-interval": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(INSPECT_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`inspect takes no arguments besides options, not "${positionals.join(" ")}"`);
  const url = values.db ?? DEFAULT_SESSION_STORE_URL;
  if (!isSessionStoreUrl(url)) throw new UsageError(`--db ${JSON.stringify(redactPassword(url))}: expected sqlite:PATH, postgres://... or memory:`);
  const port = portOption(values.port);
  const pollInterval = positiveIntegerOption("poll-interval", values["poll-interval"]);
  const repository = await openSessionRepository(url, { create: false });
  try {
    const server = await startInspectServer({
      repository,
      storeLabel: redactPassword(url),
      full: values.full ?? false,
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(port === undefined ? {} : { port }),
      ...(pollInterval === undefined ? {} : { pollIntervalMilliseconds: pollInterval }),
    });
    io.out(`partwise inspect: ${server.url} (read-only${values.full ? ", payload data shown" : ""}); stop with Ctrl-C`);
    if (values.host !== undefined && !isLoopbackHost(values.host)) io.err(`partwise inspect: listening on ${values.host}: anyone who can reach this address can read these sessions`);
    await untilStopped(options.signal);
    await server.close();
  } finally {
    await repository.close();
  }
  return 0;
}
