// The session API over any SessionRepository: sessions with a time to live, validated and optionally
// version-checked appends, filtered reads of the log and of its active view, and compaction written as
// one boundary plus its summary turn in a single version-checked append.
import type {
  CompactionEvent,
  CompactionResult,
  CompactionSkipReason,
  CreateSessionRequest,
  EventFilter,
  EventMetadata,
  Message,
  MessageEvent,
  Part,
  Session,
  SessionEvent,
} from "../../generated/types.js";
import { PartwiseError } from "../errors/partwise-error.js";
import { textPart } from "../parts/constructors.js";
import { jsonEqual } from "../parts/equality.js";
import { checkNestingDepth, MAX_NESTING_DEPTH, parseSessionEvent } from "../parts/parse.js";
import {
  compactionView,
  DEFAULT_SUMMARY_PROMPT,
  planCompaction,
  type CompactionPlan,
  type CompactionStrategy,
  type CompactionTrigger,
} from "./compaction.js";
import { applyEventFilter, assembleActiveView, checkEventFilter } from "./event-filter.js";
import { COMPACTION_EVENT, EVENT_METADATA, isCompactionEvent, MESSAGE_EVENT, type NewSessionEvent } from "./event-kinds.js";
import { BODY_FORMAT, type EventRow, type SessionRow, type StoredEventRow, eventToRow, messagesOfBodies, rowToEvent, rowToMessage, rowToSession } from "./event-rows.js";
import { duplicateIds, sessionNotFound, versionConflict, type SessionRepository } from "./session-repository.js";
import {
  assertPlainJson,
  assertStorableId,
  attributeKey,
  attributeKeys,
  hasAttribute,
  isIndexedValue,
  isJsonObject,
  type IndexedValue,
} from "./stored-values.js";
import { timeOrderedId } from "./time-ordered-id.js";
import { estimateEventTokens } from "./turns.js";

/** Sessions the service creates live 60 days unless the request says otherwise (as in Spring AI). */
export const DEFAULT_TIME_TO_LIVE_SECONDS = 60 * 24 * 60 * 60;

export interface SessionServiceOptions {
  /** The time to live of sessions created without one, in seconds (default 60 days). */
  readonly defaultTimeToLiveSeconds?: number;
  /** The clock for timestamps and expiry; tests pass a fixed one. */
  readonly clock?: () => Date;
  /** Makes session and event ids; time-ordered UUIDs (v7, see timeOrderedId) by default. */
  readonly generateId?: () => string;
}

/** What an append wrote: the events with their `seq`, and the log version after it. */
export interface AppendResult {
  readonly version: number;
  readonly events: SessionEvent[];
}

/** What an import of one session's events did (see importEvents). */
export interface ImportResult extends AppendResult {
  /** True when the log already held the batch: nothing was written and `events` is empty. */
  readonly alreadyImported: boolean;
}

/** The optional fields of `appendMessage`. */
export interface AppendMessageOptions {
  readonly id?: string;
  readonly timestamp?: string;
  readonly metadata?: EventMetadata;
  /** Append only if the log is still at this version. */
  readonly expectedVersion?: number;
}

function invalid(pointer: string, message: string, expected: string): PartwiseError {
  return new PartwiseError("schema/invalid", `invalid value at ${pointer || "/"}: ${message}`, { pointer, details: { expected } });
}

function withSeq<Event extends SessionEvent>(event: Event, seq: number): Event {
  const { id, sessionId, timestamp, type, ...rest } = event;
  return { id, sessionId, timestamp, type, seq, ...rest } as unknown as Event;
}

function unchanged(reason: CompactionSkipReason, version: number): CompactionResult {
  return { unchanged: true, reason, coveredEvents: [], pinnedEvents: [], preservedEvents: [], summary: [], tokensEstimatedSaved: 0, version };
}

/** Whether a stored row holds the event a retry appends again; its timestamp counts only when the caller gave one. */
function sameContent(retried: EventRow, stored: StoredEventRow, timestampGiven: boolean): boolean {
  if (retried.type !== stored.type || retried.synthetic !== stored.synthetic) return false;
  if (timestampGiven && retried.timestamp !== stored.timestamp) return false;
  try {
    return jsonEqual(JSON.parse(retried.body), JSON.parse(stored.body));
  } catch {
    // A stored body that is not JSON is a corrupt row, never the event being retried.
    return false;
  }
}

/**
 * Sessions and their append-only event logs over a SessionRepository (see openSessionService for one
 * from a URL). Every method validates its input and fails with a typed PartwiseError.
 */
export class SessionService {
  readonly #repository: SessionRepository;
  readonly #defaultTimeToLive: number;
  readonly #clock: () => Date;
  readonly #generateId: () => string;

  constructor(repository: SessionRepository, options: SessionServiceOptions = {}) {
    this.#repository = repository;
    this.#defaultTimeToLive = options.defaultTimeToLiveSeconds ?? DEFAULT_TIME_TO_LIVE_SECONDS;
    this.#clock = options.clock ?? (() => new Date());
    this.#generateId = options.generateId ?? timeOrderedId;
  }

  /** Creates a session; `session/duplicate-id` when the id is taken. */
  async create(request: CreateSessionRequest = {}): Promise<Session> {
    const { row, keys } = this.#newSessionRow(request);
    await this.#repository.createSession(row, keys, []);
    return rowToSession(row);
  }

  /** The row and attribute keys of a session to create, from a validated request. */
  #newSessionRow(request: CreateSessionRequest): { row: SessionRow; keys: string[] } {
    const id = request.id ?? this.#generateId();
    assertStorableId(id, "session id", "/id");
    const metadata = request.metadata === undefined ? {} : request.metadata;
    if (!isJsonObject(metadata)) throw invalid("/metadata", "expected an object", "an object");
    assertPlainJson(metadata, "/metadata");
    const timeToLive = request.timeToLiveSeconds ?? this.#defaultTimeToLive;
    if (!Number.isSafeInteger(timeToLive) || timeToLive < 1) throw invalid("/timeToLiveSeconds", `expected a positive integer, got ${timeToLive}`, "a positive integer");
    const createdAt = this.#clock().getTime();
    const expiresAt = createdAt + timeToLive * 1000;
    if (Number.isNaN(new Date(expiresAt).getTime())) throw invalid("/timeToLiveSeconds", `${timeToLive} seconds from now is past the last representable date`, "a time to live that ends before +275760-09-13");
    return { row: { id, createdAt, expiresAt, metadata: JSON.stringify(metadata), version: 0 }, keys: attributeKeys(metadata) };
  }

  /** The session with the request's id, created from the request when there is none (safe under concurrent callers). */
  async findOrCreate(request: CreateSessionRequest & { readonly id: string }): Promise<Session> {
    const existing = await this.findById(request.id);
    if (existing) return existing;
    try {
      return await this.create(request);
    } catch (error) {
      if (!(PartwiseError.isPartwiseError(error) && error.code === "session/duplicate-id")) throw error;
      return this.#require(request.id);
    }
  }

  /** The session, or undefined. A session past `expiresAt` is returned until deleteExpired removes it. */
  async findById(id: string): Promise<Session | undefined> {
    assertStorableId(id, "session id", "/id");
    const row = await this.#repository.findSession(id);
    return row && rowToSession(row);
  }

  /** The sessions whose metadata holds `value` under the top-level attribute `name` (e.g. principalName), oldest first. */
  async findByMetadata(name: string, value: IndexedValue): Promise<Session[]> {
    if (typeof name !== "string") throw invalid("/name", "expected an attribute name", "a string");
    if (!isIndexedValue(value)) {
      throw invalid("/value", `only string, number and boolean attributes are indexed, got ${typeof value}`, "a string, a finite number or a boolean");
    }
    const rows = await this.#repository.findSessionsByAttribute(attributeKey(name, value));
    return rows.map(rowToSession).filter((session) => hasAttribute(session.metadata, name, value));
  }

  /** A page of sessions ordered by id (in the store's collation). */
  async list(page: { readonly after?: string; readonly limit?: number } = {}): Promise<Session[]> {
    const limit = page.limit ?? 100;
    if (!Number.isSafeInteger(limit) || limit < 1) throw invalid("/limit", `expected a positive integer, got ${limit}`, "a positive integer");
    const rows = await this.#repository.listSessions({ limit, ...(page.after === undefined ? {} : { after: page.after }) });
    return rows.map(rowToSession);
  }

  /** Deletes a session and its whole log; false when there was none. */
  async delete(id: string): Promise<boolean> {
    assertStorableId(id, "session id", "/id");
    return this.#repository.deleteSession(id);
  }

  /** Deletes every session whose `expiresAt` is at or before `now`, with its log, and returns their ids. */
  async deleteExpired(now: Date = this.#clock()): Promise<string[]> {
    return this.#repository.deleteExpiredSessions(now.getTime());
  }

  /** Appends one message; see appendEvents. */
  async appendMessage(sessionId: string, message: Message, options: AppendMessageOptions = {}): Promise<MessageEvent> {
    const { expectedVersion, ...fields } = options;
    const result = await this.appendEvents(sessionId, [{ ...fields, type: MESSAGE_EVENT, message }], expectedVersion);
    return result.events[0] as MessageEvent;
  }

  /**
   * Appends events atomically: all or none. With `expectedVersion`, only if the log is still at that
   * version (`session/version-conflict` otherwise, with the actual version in `details`). Every event is
   * validated against the spec first (`schema/invalid` with its pointer), ids must be storable and
   * unused, and a compaction boundary may only name events of this log.
   *
   * Retries are safe: when every event of the batch is already in this session's log with the same
   * content (type, message or payload, metadata, and the timestamp when the caller gave one), the append
   * is a no-op that returns the stored events and the log's current version, whatever `expectedVersion`
   * says. An id stored with other content, or in another session, stays `session/duplicate-id`.
   */
  async appendEvents(sessionId: string, events: readonly NewSessionEvent[], expectedVersion?: number): Promise<AppendResult> {
    assertStorableId(sessionId, "session id", "/sessionId");
    if (expectedVersion !== undefined && !(Number.isSafeInteger(expectedVersion) && expectedVersion >= 0)) {
      throw invalid("/expectedVersion", `expected a version (a whole number from 0), got ${expectedVersion}`, "a whole number from 0");
    }
    const prepared = this.#prepareBatch(sessionId, events);
    if (prepared.length === 0) {
      const session = await this.#require(sessionId);
      if (expectedVersion !== undefined && expectedVersion !== session.version) throw versionConflict(sessionId, expectedVersion, session.version);
      return { version: session.version, events: [] };
    }
    if (prepared.some(isCompactionEvent)) await this.#checkBoundaries(sessionId, prepared);
    try {
      return await this.#write(sessionId, prepared, expectedVersion);
    } catch (error) {
      const code = PartwiseError.isPartwiseError(error) ? error.code : undefined;
      if (code !== "session/duplicate-id" && code !== "session/version-conflict") throw error;
      const givenTimestamps = events.map((event) => event.timestamp !== undefined);
      const stored = await this.#alreadyStored(sessionId, prepared, givenTimestamps);
      if (!stored) throw error;
      return stored;
    }
  }

  /**
   * Imports a batch of events into a session, atomically and rerunnably. A session that does not exist is
   * created together with the events, in one step of the store, so a failed import leaves no empty
   * session. A session whose log already holds every event of the batch (by id, unchanged) is left as
   * it is: an import killed after this session can be run again. Otherwise the events are appended at
   * the version just read, all or nothing (`session/duplicate-id` when some of the ids are taken).
   */
  async importEvents(sessionId: string, events: readonly NewSessionEvent[], metadata?: CreateSessionRequest["metadata"]): Promise<ImportResult> {
    assertStorableId(sessionId, "session id", "/sessionId");
    const prepared = this.#prepareBatch(sessionId, events);
    if (!(await this.findById(sessionId))) {
      if (prepared.some(isCompactionEvent)) await this.#checkBoundaries(sessionId, prepared);
      const { row, keys } = this.#newSessionRow({ id: sessionId, ...(metadata === undefined ? {} : { metadata }) });
      try {
        await this.#repository.createSession(row, keys, prepared.map(eventToRow));
        return { version: prepared.length, events: prepared.map((event, index) => withSeq(event, index + 1)), alreadyImported: false };
      } catch (error) {
        // Another writer created the session first: import into it as into any existing session.
        if (!(PartwiseError.isPartwiseError(error) && error.code === "session/duplicate-id" && error.details?.kind === "session")) throw error;
      }
    }
    // An append of events the log already holds unchanged is a no-op (see appendEvents): the rerun case.
    const session = await this.#require(sessionId);
    const result = await this.appendEvents(sessionId, events, session.version);
    const alreadyImported = prepared.length > 0 && result.version === session.version;
    return alreadyImported ? { version: result.version, events: [], alreadyImported } : { ...result, alreadyImported };
  }

  /** A batch's events with their defaults filled in and validated, its ids unique within it. */
  #prepareBatch(sessionId: string, events: readonly NewSessionEvent[]): SessionEvent[] {
    if (!Array.isArray(events)) throw invalid("", "expected a list of events", "an array of events");
    const timestamp = this.#clock().toISOString();
    const prepared = events.map((event, index) => this.#prepare(sessionId, event, `/${index}`, timestamp));
    const ids = new Set<string>();
    for (const event of prepared) {
      if (ids.has(event.id)) throw duplicateIds("event", [event.id]);
      ids.add(event.id);
    }
    return prepared;
  }

  /** The events of a session's log that meet the filter (every event when none is given). */
  async getEvents(sessionId: string, filter: EventFilter = {}): Promise<SessionEvent[]> {
    assertStorableId(sessionId, "session id", "/sessionId");
    checkEventFilter(filter);
    if (filter.view === "active") return applyEventFilter(await this.#activeView(sessionId), filter);
    // lastN widens over the turns of the whole log, so only without it can the store do the filtering.
    const pushDown = filter.lastN === undefined;
    const rows = await this.#repository.readEvents(sessionId, {
      ...(pushDown && filter.eventTypes ? { types: filter.eventTypes } : {}),
      ...(pushDown && filter.excludeSynthetic ? { excludeSynthetic: true } : {}),
    });
    if (rows.length === 0) await this.#require(sessionId);
    return applyEventFilter(rows.map((row) => rowToEvent(sessionId, row)), filter);
  }

  /** The messages of the active view, in view order: what the model is sent. */
  async getActiveMessages(sessionId: string): Promise<Message[]> {
    assertStorableId(sessionId, "session id", "/sessionId");
    // A load is the read of every chat turn: where the store can, the boundary check and the read are one step.
    const uncompacted = await this.#repository.readUncompactedMessageBodies?.(sessionId, BODY_FORMAT, COMPACTION_EVENT);
    if (uncompacted !== undefined && uncompacted.length > 0) {
      return messagesOfBodies(uncompacted) ?? (await this.#messageRows(sessionId)).map((row) => rowToMessage(sessionId, row));
    }
    const boundaryRow = await this.#repository.readLastEvent(sessionId, COMPACTION_EVENT);
    if (boundaryRow) return (await this.#compactedView(sessionId, boundaryRow)).map((event) => event.message);
    // Without a compaction boundary the view is every MESSAGE event: only their bodies are read.
    const bodies = await this.#repository.readMessageBodies(sessionId, BODY_FORMAT);
    if (bodies.length === 0) await this.#require(sessionId);
    return messagesOfBodies(bodies) ?? (await this.#messageRows(sessionId)).map((row) => rowToMessage(sessionId, row));
  }

  /**
   * Runs `strategy` if `trigger` fires on the active view. What leaves the view is written as one
   * boundary (plus the summary turn of a summarizing strategy) in one append checked against the version
   * read before the view, so a concurrent append makes it fail with `session/version-conflict` rather
   * than cover events it did not see. Nothing is written when nothing leaves the view.
   */
  async compact(sessionId: string, trigger: CompactionTrigger, strategy: CompactionStrategy): Promise<CompactionResult> {
    assertStorableId(sessionId, "session id", "/sessionId");
    const session = await this.#require(sessionId);
    const view = compactionView(session, await this.#activeView(sessionId));
    if (!trigger.fires(view)) return unchanged("trigger-not-fired", session.version);
    const plan = planCompaction(view, strategy);
    if (!plan) return unchanged("nothing-to-cover", session.version);
    const boundaryId = this.#generateId();
    const timestamp = this.#clock().toISOString();
    const summary = await this.#summaryTurn(session, plan, strategy, boundaryId, timestamp);
    if (summary === undefined) return unchanged("empty-summary", session.version);
    const tokensEstimatedSaved = estimateEventTokens(plan.covered) - estimateEventTokens(summary);
    const boundary: CompactionEvent = {
      id: boundaryId,
      sessionId,
      timestamp,
      type: COMPACTION_EVENT,
      payload: {
        activeEventIds: [...plan.pinned, ...summary, ...plan.preserved].map((event) => event.id),
        pinnedEventIds: plan.pinned.map((event) => event.id),
        coveredEventIds: plan.covered.map((event) => event.id),
        trigger: trigger.description,
        strategy: strategy.description,
        tokensEstimatedSaved,
      },
    };
    const events = [boundary, ...summary].map((event, index) => this.#prepare(sessionId, event, `/${index}`, timestamp));
    const written = await this.#write(sessionId, events, session.version);
    return {
      unchanged: false,
      boundary: written.events[0] as CompactionEvent,
      coveredEvents: [...plan.covered],
      pinnedEvents: [...plan.pinned],
      preservedEvents: [...plan.preserved],
      summary: written.events.slice(1) as MessageEvent[],
      tokensEstimatedSaved,
      version: written.version,
    };
  }

  /** Closes the store. */
  close(): Promise<void> {
    return this.#repository.close();
  }

  async #require(sessionId: string): Promise<Session> {
    const row = await this.#repository.findSession(sessionId);
    if (!row) throw sessionNotFound(sessionId);
    return rowToSession(row);
  }

  /** Fills the defaults of an event, validates it against the spec and checks that it can be stored as is. */
  #prepare(sessionId: string, input: NewSessionEvent, pointer: string, timestamp: string): SessionEvent {
    if (!isJsonObject(input)) throw invalid(pointer, "expected an event object", "a session event");
    if ((input as { seq?: unknown }).seq !== undefined) throw invalid(`${pointer}/seq`, "seq is assigned by the store; leave it out", "no seq");
    if (input.sessionId !== undefined && input.sessionId !== sessionId) {
      throw invalid(`${pointer}/sessionId`, `the event belongs to session ${JSON.stringify(input.sessionId)}, not ${JSON.stringify(sessionId)}`, "the session appended to");
    }
    const filled = { ...input, id: input.id ?? this.#generateId(), sessionId, timestamp: input.timestamp ?? timestamp };
    // assertPlainJson recurses: past MAX_NESTING_DEPTH it runs the depth check, which refuses hostile nesting
    // with its pointer (json/too-deep, before any other problem), not a stack overflow.
    assertPlainJson(filled, pointer, { limit: MAX_NESTING_DEPTH, check: () => checkNestingDepth(filled, "session event", { pointer }) });
    const event = parseSessionEvent(filled, { pointer });
    assertStorableId(event.id, "event id", `${pointer}/id`);
    return event;
  }

  /**
   * The result of a retried append: the batch's events as this session's log holds them, when every one
   * is there with the same content (see appendEvents); undefined otherwise. Only the stores' contract
   * methods are used (findSession, readView), so every store gets the same retry rule.
   */
  async #alreadyStored(sessionId: string, batch: readonly SessionEvent[], givenTimestamps: readonly boolean[]): Promise<AppendResult | undefined> {
    const session = await this.#repository.findSession(sessionId);
    if (!session) return undefined;
    const rows = new Map((await this.#repository.readView(sessionId, session.version, batch.map((event) => event.id))).map((row) => [row.id, row]));
    const stored: StoredEventRow[] = [];
    for (const [index, event] of batch.entries()) {
      const row = rows.get(event.id);
      if (!row || !sameContent(eventToRow(event), row, givenTimestamps[index] ?? false)) return undefined;
      stored.push(row);
    }
    return { version: session.version, events: stored.map((row) => rowToEvent(sessionId, row)) };
  }

  async #write(sessionId: string, events: readonly SessionEvent[], expectedVersion: number | undefined): Promise<AppendResult> {
    const version = await this.#repository.appendEvents(sessionId, events.map(eventToRow), expectedVersion);
    const first = version - events.length + 1;
    return { version, events: events.map((event, index) => withSeq(event, first + index)) };
  }

  /** The active view's message events, in view order. */
  async #activeView(sessionId: string): Promise<MessageEvent[]> {
    const boundaryRow = await this.#repository.readLastEvent(sessionId, COMPACTION_EVENT);
    if (boundaryRow) return this.#compactedView(sessionId, boundaryRow);
    return (await this.#messageRows(sessionId)).map((row) => rowToEvent(sessionId, row) as MessageEvent);
  }

  /** Every MESSAGE row of a session (which must exist), in log order. */
  async #messageRows(sessionId: string): Promise<StoredEventRow[]> {
    const rows = await this.#repository.readEvents(sessionId, { types: [MESSAGE_EVENT] });
    if (rows.length === 0) await this.#require(sessionId);
    return rows;
  }

  /** The active view after the latest compaction boundary: the events it keeps, then the tail. */
  async #compactedView(sessionId: string, boundaryRow: StoredEventRow): Promise<MessageEvent[]> {
    const boundary = rowToEvent(sessionId, boundaryRow) as CompactionEvent;
    const rows = await this.#repository.readView(sessionId, boundaryRow.seq, boundary.payload.activeEventIds);
    return assembleActiveView(boundary, rows.map((row) => rowToEvent(sessionId, row)));
  }

  /** The summary turn of a summarizing strategy ([] for a plain window), or undefined when the summary is empty. */
  async #summaryTurn(session: Session, plan: CompactionPlan, strategy: CompactionStrategy, boundaryId: string, timestamp: string): Promise<MessageEvent[] | undefined> {
    if (!strategy.summarize) return [];
    const folded = new Set(plan.previousSummary);
    const content = await strategy.summarize({
      session,
      previousSummary: plan.previousSummary,
      covered: plan.covered.filter((event) => !folded.has(event)),
      preserved: plan.preserved,
    });
    const parts: Part[] = typeof content === "string" ? (content.trim() === "" ? [] : [textPart(content)]) : [...content];
    if (parts.length === 0) return undefined;
    const metadata = { [EVENT_METADATA.synthetic]: true, [EVENT_METADATA.compactionId]: boundaryId, [EVENT_METADATA.strategy]: strategy.description };
    const event = (message: Message): MessageEvent =>
      ({ id: this.#generateId(), sessionId: session.id, timestamp, type: MESSAGE_EVENT, message, metadata: { ...metadata } });
    return [
      event({ role: "user", parts: [textPart(strategy.summaryPrompt ?? DEFAULT_SUMMARY_PROMPT)] }),
      event({ role: "assistant", parts }),
    ];
  }

  /**
   * A boundary may name only events of this log (or of its own batch): active events must be message
   * events, pinned ones must be active, covered ones must have left the view.
   */
  async #checkBoundaries(sessionId: string, batch: readonly SessionEvent[]): Promise<void> {
    // Only appends from outside carry boundaries (an import, a restore), so reading the log's rows is fine.
    const types = new Map((await this.#repository.readEvents(sessionId, {})).map((row) => [row.id, row.type]));
    for (const event of batch) types.set(event.id, event.type);
    batch.forEach((event, index) => {
      if (!isCompactionEvent(event)) return;
      const { activeEventIds, pinnedEventIds, coveredEventIds } = event.payload;
      const active = new Set(activeEventIds);
      const check = (ids: readonly string[], field: string, rule: (id: string) => string | undefined) =>
        ids.forEach((id, position) => {
          const problem = rule(id);
          if (problem) throw invalid(`/${index}/payload/${field}/${position}`, `${JSON.stringify(id)} ${problem}`, "an event of this session's log");
        });
      const known = (id: string) => (types.has(id) ? undefined : "is not an event of this session");
      check(activeEventIds, "activeEventIds", (id) => known(id) ?? (types.get(id) === MESSAGE_EVENT ? undefined : `is a ${types.get(id)} event, not a message`));
      check(pinnedEventIds, "pinnedEventIds", (id) => (active.has(id) ? undefined : "is pinned but not among activeEventIds"));
      check(coveredEventIds, "coveredEventIds", (id) => known(id) ?? (active.has(id) ? "is both covered and active" : undefined));
    });
  }
}
