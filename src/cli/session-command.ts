// `partwise session list|show|export|import|compact|delete [--db URL]`: inspects, moves and maintains the
// session logs of a store. Errors are reported here, located and typed, as `partwise session <command>:`
// lines; exit 0 ok, 1 failure, 2 usage.
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import type { ParseArgsConfig } from "node:util";
import type { MessageEvent, Session, SessionEvent, SessionExportHeader } from "../../generated/types.js";
import { formatLocation, PartwiseError, UsageError } from "../errors/partwise-error.js";
import { renderSessionPage } from "../inspect/pages.js";
import { ownValue } from "../json/own-property.js";
import { compactJson, quoted, terminalSafeLine } from "../json/terminal-safe.js";
import { serialize } from "../parts/serialize.js";
import {
  ALWAYS,
  CompositeTrigger,
  LastTurnsStrategy,
  SlidingWindowStrategy,
  TokenCountTrigger,
  TurnCountTrigger,
  type CompactionStrategy,
  type CompactionTrigger,
} from "../session/compaction.js";
import { isCompactionEvent, isMessageEvent } from "../session/event-kinds.js";
import { eventToJson } from "../session/event-rows.js";
import { DEFAULT_SESSION_STORE_URL, isSessionStoreUrl, openSessionService, redactPassword } from "../session/open-session-store.js";
import { renderEvents } from "../session/render-events.js";
import { sessionNotFound } from "../session/session-repository.js";
import { derivedSessionId, IMPORT_FORMATS, readImportFile, withDerivedIds, withFreshIds, type ImportFormat } from "../session/session-files.js";
import type { SessionService } from "../session/session-service.js";
import type { CommandIo } from "./command-io.js";
import { parseCommandLine, positiveIntegerOption } from "./command-options.js";
import { checkFile } from "./read-input.js";

export const SESSION_HELP = `Usage: partwise session <command> [options]

Commands:
  list                 list sessions: id, version (event count), created, expires, metadata
  show ID              print the active view turn by turn, part by part (payloads abbreviated); turns
                       are numbered by their place in the whole log
  export ID            write the log as JSONL of events (default) or the messages of a view as a history
  import FILE          read JSONL of events, a history, or a legacy text-only history into sessions
  compact ID           compact the active view (append-only: covered events stay in the log)
  delete ID...         delete sessions and their logs

Options for every command:
  --db URL             the store: sqlite:PATH, sqlite::memory:, postgres://USER:PASSWORD@HOST/DB,
                       redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://... (TLS),
                       redis+cluster://HOST:PORT,HOST:PORT,... (a Redis Cluster) or memory:
                       (default ${DEFAULT_SESSION_STORE_URL})
  --json               print JSON instead of lines
  -h, --help           show this help

list:     --limit N (default 100)  --after ID  --principal NAME  --where NAME=VALUE
show:     --all (the whole log: covered events, boundaries, custom events)  --full (no abbreviation)
export:   --format jsonl (default): the session's header (id, metadata, times), then its events, of the
            whole log unless --view active
          --format history: the messages of the active view (what the model is sent) as a history
            document, unless --view all (every message of the log, covered ones included); no
            session metadata, no boundaries or custom events
          --format html: the session page of partwise inspect as one self-contained file, for a bug
            report (payload data left out unless --full)
          --view all|active  --out FILE (default: standard output)
import:   --session ID (the target session when the file names none; by default one named after the
          content)  --format auto|events|history|legacy
          --fresh-ids (new event ids, so a log can be imported beside its original)
          Each session is imported whole or not at all, and one that already holds the file's events is
          left unchanged, so an import that failed or was killed can be run again. A new session gets
          the metadata of its export header.
          --max-input-bytes N (read at most N bytes of FILE; default 512 MiB; FILE must be a regular file)
          Legacy shapes: [{role, content, tool_calls?...}] (OpenAI Chat style) and rows of
          {conversation_id, content, type, timestamp} (Spring AI's SPRING_AI_CHAT_MEMORY, e.g. from
          psql -c "COPY (SELECT row_to_json(m) FROM spring_ai_chat_memory m) TO STDOUT"). What the source
          never kept (reasoning, signatures) is reported, never invented.
compact:  --keep-turns N | --max-events N (default --keep-turns 10)
          --if-turns N  --if-tokens N (compact only when the view has more turns / at least that many
          estimated tokens; with both, when either holds; default: always)
delete:   --expired (delete every session past its expiry instead of the IDs given)

Exit status: 0 done, 1 failed (a missing session, a conflict, invalid input), 2 usage error.`;

const COMMON = {
  db: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

type Subcommand = (argv: readonly string[], io: CommandIo) => Promise<number>;

/** Parses a subcommand's arguments with the common options added. */
function parse<Options extends NonNullable<ParseArgsConfig["options"]>>(argv: readonly string[], options: Options) {
  return parseCommandLine({ args: [...argv], allowPositionals: true, strict: true, options: { ...COMMON, ...options } });
}

/** An id as printed: as is when it is plain printable ASCII, quoted and escaped otherwise (so it cannot drive the terminal). */
function shown(id: string): string {
  return /^[\x21-\x7e]+$/.test(id) && !id.startsWith('"') ? id : quoted(id);
}

function oneId(positionals: readonly string[], command: string): string {
  if (positionals.length !== 1) throw new UsageError(`session ${command} needs exactly one session ID (see partwise session --help)`);
  return positionals[0]!;
}

/** Opens the store of `--db`, runs `action`, and closes the store whatever happens. */
async function withService<T>(url: string | undefined, create: boolean, action: (service: SessionService) => Promise<T>): Promise<T> {
  const target = url ?? DEFAULT_SESSION_STORE_URL;
  if (!isSessionStoreUrl(target)) throw new UsageError(`--db ${JSON.stringify(redactPassword(target))}: expected sqlite:PATH, sqlite::memory:, postgres://..., redis://..., redis+cluster://... or memory:`);
  const service = await openSessionService(target, { create });
  try {
    return await action(service);
  } finally {
    await service.close();
  }
}

function sessionLine(session: Session): string {
  return [shown(session.id), `${session.version} events`, `created ${session.createdAt}`, `expires ${session.expiresAt}`, compactJson(session.metadata, 120)].join("  ");
}

const list: Subcommand = async (argv, io) => {
  const { values, positionals } = parse(argv, { limit: { type: "string" }, after: { type: "string" }, principal: { type: "string" }, where: { type: "string" } });
  if (positionals.length > 0) throw new UsageError("session list takes no positional arguments");
  if (values.principal !== undefined && values.where !== undefined) throw new UsageError("use --principal or --where, not both");
  const where = values.principal !== undefined ? ["principalName", values.principal] : values.where?.split(/=(.*)/s, 2);
  if (where && where.length !== 2) throw new UsageError(`--where expects NAME=VALUE, got "${values.where}"`);
  const limit = positiveIntegerOption("limit", values.limit);
  const sessions = await withService(values.db, false, (service) => where
    ? service.findByMetadata(where[0]!, where[1]!)
    : service.list({ ...(limit === undefined ? {} : { limit }), ...(values.after === undefined ? {} : { after: values.after }) }));
  if (values.json) io.out(JSON.stringify(sessions, null, 2));
  else if (sessions.length === 0) io.out("no sessions");
  else for (const session of sessions) io.out(sessionLine(session));
  return 0;
};

const show: Subcommand = async (argv, io) => {
  const { values, positionals } = parse(argv, { all: { type: "boolean" }, full: { type: "boolean" } });
  const id = oneId(positionals, "show");
  const { session, events, active, log } = await withService(values.db, false, async (service) => {
    const session = await service.findById(id);
    if (!session) throw sessionNotFound(id);
    const active = await service.getEvents(id, { view: "active" });
    // The whole log numbers the turns, so a turn keeps its number when compaction leaves only the last ones in view.
    const log = await service.getEvents(id);
    return { session, active, log, events: values.all ? log : active };
  });
  if (values.json) {
    io.out(JSON.stringify({ session, events: events.map(eventToJson) }, null, 2));
    return 0;
  }
  const boundaries = events.filter(isCompactionEvent).length;
  io.out(sessionLine(session));
  io.out(values.all ? `whole log: ${events.length} events, ${boundaries} compaction${boundaries === 1 ? "" : "s"}` : `active view: ${active.length} messages`);
  // In the whole log, message events outside the active view are the ones compactions covered.
  const activeIds = new Set(active.map((event) => event.id));
  const covered = new Set(events.filter((event) => isMessageEvent(event) && !activeIds.has(event.id)).map((event) => event.id));
  for (const line of renderEvents(events, { maxTextLength: values.full ? Infinity : 160, covered, log })) io.out(line);
  return 0;
};

/** The text of an export in a format; html is the inspector's session page as one self-contained file. */
async function exportText(service: SessionService, id: string, format: string, view: "all" | "active", full: boolean): Promise<{ text: string; events: number }> {
  const session = await service.findById(id);
  if (!session) throw sessionNotFound(id);
  if (format === "html") {
    const events = await service.getEvents(id);
    return { text: renderSessionPage(session, events, { full, assets: { kind: "inline" } }).text, events: events.length };
  }
  const events = await service.getEvents(id, { view });
  const header: SessionExportHeader = { format: "partwise.session", version: 1, session };
  const text = format === "jsonl"
    ? [header, ...events.map(eventToJson)].map((record) => JSON.stringify(record)).join("\n")
    : serialize(events.filter(isMessageEvent).map((event: MessageEvent) => event.message), { indent: 2 });
  return { text, events: events.length };
}

const exportSession: Subcommand = async (argv, io) => {
  const { values, positionals } = parse(argv, { format: { type: "string" }, view: { type: "string" }, out: { type: "string" }, full: { type: "boolean" } });
  const id = oneId(positionals, "export");
  const format = values.format ?? "jsonl";
  if (format !== "jsonl" && format !== "history" && format !== "html") throw new UsageError(`--format expects jsonl, history or html, got "${format}"`);
  // A history is what a model is sent, so it is the active view unless asked; a log export is the whole log.
  const view = values.view ?? (format === "history" ? "active" : "all");
  if (view !== "all" && view !== "active") throw new UsageError(`--view expects all or active, got "${view}"`);
  if (format === "html" && values.view !== undefined) throw new UsageError("--format html shows the whole log with the active view marked; leave out --view");
  if (values.full && format !== "html") throw new UsageError("--full applies to --format html (jsonl and history always hold payloads)");
  const { text, events } = await withService(values.db, false, (service) => exportText(service, id, format, view, values.full ?? false));
  if (values.out === undefined) io.out(text);
  else {
    await writeFile(values.out, `${text}\n`);
    if (values.json) io.out(JSON.stringify({ sessionId: id, file: values.out, format, view, events }));
    else io.out(`exported ${events} events of session ${shown(id)} (${format === "html" || view === "all" ? "whole log" : "active view"}) to ${values.out}`);
  }
  return 0;
};

const importSessions: Subcommand = async (argv, io) => {
  const { values, positionals } = parse(argv, { session: { type: "string" }, format: { type: "string" }, "fresh-ids": { type: "boolean" }, "max-input-bytes": { type: "string" } });
  if (positionals.length !== 1) throw new UsageError("session import needs exactly one FILE (see partwise session --help)");
  const format = (values.format ?? "auto") as ImportFormat;
  if (!IMPORT_FORMATS.includes(format)) throw new UsageError(`--format expects one of ${IMPORT_FORMATS.join(", ")}, got "${format}"`);
  const file = positionals[0]!;
  // As validate does: a device or a FIFO is refused before it is opened, and a file is read up to a limit.
  await checkFile(file);
  const source = await readImportFile(file, format, positiveIntegerOption("max-input-bytes", values["max-input-bytes"]));
  const named = new Set(source.batches.map((batch) => batch.sessionId));
  if (values.session !== undefined && named.size > 1) throw new UsageError(`--session names one target, but ${file} holds ${named.size} sessions`);
  const imported = await withService(values.db, true, async (service) => {
    const results: { sessionId: string; events: number; version: number; alreadyImported: boolean }[] = [];
    for (const batch of source.batches) {
      const sessionId = values.session ?? batch.sessionId ?? derivedSessionId(batch.events);
      const events = values["fresh-ids"] ? withFreshIds(batch.events, randomUUID) : withDerivedIds(batch.events, sessionId);
      // Atomic per session (created with its events, or appended all or nothing), and a session that
      // already holds its events is skipped, so an import that failed or was killed can be run again.
      const result = await service.importEvents(sessionId, events, batch.metadata);
      results.push({ sessionId, events: result.alreadyImported ? events.length : result.events.length, version: result.version, alreadyImported: result.alreadyImported });
    }
    return results;
  });
  if (values.json) {
    io.out(JSON.stringify({ file, format: source.format, sessions: imported, findings: source.findings }, null, 2));
    return 0;
  }
  for (const result of imported) {
    io.out(result.alreadyImported
      ? `session ${shown(result.sessionId)} already holds these ${result.events} events; left unchanged (version ${result.version})`
      : `imported ${result.events} events into session ${shown(result.sessionId)} (version ${result.version})`);
  }
  for (const finding of source.findings) io.out(terminalSafeLine(`${file}: ${finding.kind}: ${finding.pointer || "/"}: ${finding.message}`));
  return 0;
};

const compact: Subcommand = async (argv, io) => {
  const { values, positionals } = parse(argv, {
    "keep-turns": { type: "string" },
    "max-events": { type: "string" },
    "if-turns": { type: "string" },
    "if-tokens": { type: "string" },
  });
  const id = oneId(positionals, "compact");
  const keepTurns = positiveIntegerOption("keep-turns", values["keep-turns"]);
  const maxEvents = positiveIntegerOption("max-events", values["max-events"]);
  if (keepTurns !== undefined && maxEvents !== undefined) throw new UsageError("use --keep-turns or --max-events, not both");
  const strategy: CompactionStrategy = maxEvents !== undefined ? new SlidingWindowStrategy(maxEvents) : new LastTurnsStrategy(keepTurns ?? 10);
  const ifTurns = positiveIntegerOption("if-turns", values["if-turns"]);
  const ifTokens = positiveIntegerOption("if-tokens", values["if-tokens"]);
  const triggers = [...(ifTurns === undefined ? [] : [new TurnCountTrigger(ifTurns)]), ...(ifTokens === undefined ? [] : [new TokenCountTrigger(ifTokens)])];
  const trigger: CompactionTrigger = triggers.length === 0 ? ALWAYS : triggers.length === 1 ? triggers[0]! : CompositeTrigger.anyOf(...triggers);
  const result = await withService(values.db, false, (service) => service.compact(id, trigger, strategy));
  const ids = (events: readonly SessionEvent[]) => events.map((event) => event.id);
  if (values.json) {
    io.out(JSON.stringify({
      sessionId: id,
      unchanged: result.unchanged,
      ...(result.reason === undefined ? {} : { reason: result.reason }),
      ...(result.boundary === undefined ? {} : { boundaryId: result.boundary.id }),
      coveredEventIds: ids(result.coveredEvents),
      pinnedEventIds: ids(result.pinnedEvents),
      preservedEventIds: ids(result.preservedEvents),
      tokensEstimatedSaved: result.tokensEstimatedSaved,
      version: result.version,
    }, null, 2));
  } else if (result.unchanged) io.out(`session ${shown(id)} unchanged (${result.reason})`);
  else {
    io.out(`compacted session ${shown(id)} with ${strategy.description}: ${result.coveredEvents.length} events covered, ${result.pinnedEvents.length} pinned, ${result.preservedEvents.length} preserved, ~${result.tokensEstimatedSaved} tokens saved (version ${result.version})`);
  }
  return 0;
};

const deleteSessions: Subcommand = async (argv, io) => {
  const { values, positionals } = parse(argv, { expired: { type: "boolean" } });
  if (values.expired === (positionals.length > 0)) throw new UsageError("session delete needs session IDs or --expired, not both (see partwise session --help)");
  const outcome = await withService(values.db, false, async (service) => {
    if (values.expired) return { deleted: await service.deleteExpired(), missing: [] as string[] };
    const deleted: string[] = [];
    const missing: string[] = [];
    for (const id of positionals) (await service.delete(id) ? deleted : missing).push(id);
    return { deleted, missing };
  });
  if (values.json) io.out(JSON.stringify(outcome, null, 2));
  else {
    for (const id of outcome.deleted) io.out(`deleted session ${shown(id)}`);
    if (values.expired) io.out(`${outcome.deleted.length} expired session${outcome.deleted.length === 1 ? "" : "s"} deleted`);
    for (const id of outcome.missing) io.err(`partwise session delete: no session ${shown(id)}`);
  }
  return outcome.missing.length > 0 ? 1 : 0;
};

const SUBCOMMANDS: Record<string, Subcommand> = {
  list,
  show,
  export: exportSession,
  import: importSessions,
  compact,
  delete: deleteSessions,
};

/** Runs `partwise session ...` and returns the exit status; every error is reported on `io.err`. */
export async function runSession(argv: readonly string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.out(SESSION_HELP);
    return name === undefined ? 2 : 0;
  }
  const subcommand = ownValue(SUBCOMMANDS, name);
  if (!subcommand) {
    io.err(`partwise session: unknown command "${name}" (see partwise session --help)`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(SESSION_HELP);
    return 0;
  }
  try {
    return await subcommand(rest, io);
  } catch (error) {
    const usage = PartwiseError.isPartwiseError(error) && error.code === "cli/usage";
    const located = PartwiseError.isPartwiseError(error) ? `${formatLocation(error)}${error.message}` : error instanceof Error ? error.message : String(error);
    io.err(terminalSafeLine(`partwise session ${name}: ${located}`));
    return usage ? 2 : 1;
  }
}
