// The Redis session store (ioredis), on one server or a Redis Cluster. A session is a hash (its record),
// a list (its events, seq = position) and a hash of its event ids, all in one hash slot; an append is
// one Lua script that checks the version and writes, so it is atomic on a cluster too.
//
// What spans slots is done in steps, each safe to repeat: event ids are unique across sessions through
// one claim key per id, taken before the append and released if it fails; the indexes (ids for paging,
// expiry, attributes) are written after the session and cleaned after it is deleted, and readers skip an
// index entry whose session is gone. The one gap: two appends of the same event id to the same session
// at once, the losing one releasing the claim just before the winner re-takes it, while a third session
// takes that id in between.
import { PartwiseError, SessionError } from "../../errors/partwise-error.js";
import { MESSAGE_EVENT } from "../event-kinds.js";
import type { EventRow, SessionRow, StoredEventRow } from "../event-rows.js";
import {
  duplicateIds,
  sessionNotFound,
  storageFailure,
  versionConflict,
  type EventSelection,
  type SessionPage,
  type SessionRepository,
} from "../session-repository.js";
import { isClusterClient, type RedisClient } from "./redis-client.js";
import { connectRedis, DEFAULT_KEY_PREFIX, parseRedisUrl, type RedisStoreSettings } from "./redis-connection.js";
import { eventRecord, RedisKeys, recordBody, recordType, rowOfRecord, type SessionKeys } from "./redis-keys.js";
import { isMissingScript, scriptCommand, type ScriptName } from "./redis-scripts.js";

const STORE = "Redis session store";
/** How long opening waits for the server to answer before it fails. */
const CONNECT_TIMEOUT_MILLISECONDS = 10_000;
const SESSION_FIELDS = ["createdAt", "expiresAt", "metadata", "version"] as const;
/** How often one write follows the cluster to a slot's new primary before it fails. */
const MAX_REDIRECTIONS = 16;

type ScriptReply = string | number | null | ScriptReply[];

/** Store settings that override (or stand in for) the ones a URL gives. */
export type RedisSessionRepositoryOptions = Partial<RedisStoreSettings>;

function sessionFromFields(id: string, fields: readonly (string | null)[]): SessionRow | undefined {
  const [createdAt, expiresAt, metadata, version] = fields;
  if (createdAt === null || createdAt === undefined) return undefined;
  return { id, createdAt: Number(createdAt), expiresAt: Number(expiresAt), metadata: metadata ?? "", version: Number(version) };
}

/** A SessionRepository on a Redis server or cluster (see the module comment); open it with `open`. */
export class RedisSessionRepository implements SessionRepository {
  readonly #client: RedisClient;
  readonly #ownsClient: boolean;
  readonly #keys: RedisKeys;
  readonly #settings: RedisStoreSettings;

  private constructor(client: RedisClient, ownsClient: boolean, settings: RedisStoreSettings) {
    this.#client = client;
    this.#ownsClient = ownsClient;
    this.#settings = settings;
    this.#keys = new RedisKeys(settings.keyPrefix);
  }

  /**
   * Connects (a `redis://`, `rediss://` or `redis+cluster://` URL, see parseRedisUrl; or an ioredis
   * client the caller owns and closes) and checks that the server answers.
   */
  static async open(target: string | RedisClient, options: RedisSessionRepositoryOptions = {}): Promise<RedisSessionRepository> {
    const fromUrl = typeof target === "string" ? parseRedisUrl(target) : undefined;
    const settings: RedisStoreSettings = {
      keyPrefix: options.keyPrefix ?? fromUrl?.settings.keyPrefix ?? DEFAULT_KEY_PREFIX,
      expireKeys: options.expireKeys ?? fromUrl?.settings.expireKeys ?? false,
      waitForReplicas: options.waitForReplicas ?? fromUrl?.settings.waitForReplicas,
    };
    if (/[{}]/.test(settings.keyPrefix)) {
      throw new SessionError("session/storage", `${STORE}: the key prefix ${JSON.stringify(settings.keyPrefix)} holds a brace, which would change the hash slots of session keys`, {
        details: { store: STORE, keyPrefix: settings.keyPrefix },
      });
    }
    const client = fromUrl ? await connectRedis(fromUrl) : (target as RedisClient);
    const repository = new RedisSessionRepository(client, fromUrl !== undefined, settings);
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MILLISECONDS} ms`)), CONNECT_TIMEOUT_MILLISECONDS);
      });
      await Promise.race([client.ping(), timeout]);
    } catch (error) {
      if (fromUrl) client.disconnect();
      throw storageFailure(STORE, "connecting", error);
    } finally {
      clearTimeout(timer);
    }
    return repository;
  }

  /** Runs client calls, turning driver errors into SessionErrors that say what was being done. */
  async #run<T>(operation: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      throw PartwiseError.isPartwiseError(error) ? error : storageFailure(STORE, operation, error);
    }
  }

  /**
   * Runs a script (see scriptCommand). Keys and arguments go to the client as one array: spread as call
   * arguments, a large batch would overflow the stack.
   */
  async #evaluate(name: ScriptName, values: readonly (string | number)[]): Promise<ScriptReply> {
    try {
      return await this.#client.call(...scriptCommand(name, values, false)) as ScriptReply;
    } catch (error) {
      if (!isMissingScript(error)) throw error;
      return await this.#client.call(...scriptCommand(name, values, true)) as ScriptReply;
    }
  }

  async #readSession(id: string): Promise<SessionRow | undefined> {
    return sessionFromFields(id, await this.#client.hmget(this.#keys.session(id).session, ...SESSION_FIELDS));
  }

  /** The sessions of index entries, in their order, without the entries whose session is gone. */
  async #readSessions(ids: readonly string[]): Promise<SessionRow[]> {
    const rows = await Promise.all(ids.map((id) => this.#readSession(id)));
    return rows.filter((row): row is SessionRow => row !== undefined);
  }

  async #index(session: SessionRow, attributeKeys: readonly string[]): Promise<void> {
    const written = await Promise.all([
      this.#write("zadd", [this.#keys.sessionIndex, 0, session.id]),
      this.#write("zadd", [this.#keys.expiryIndex, session.expiresAt, session.id]),
      ...attributeKeys.map((key) => this.#write("zadd", [this.#keys.attribute(key), session.createdAt, session.id])),
    ]);
    const replicas = Math.min(...written.map((write) => write.replicas ?? Infinity));
    this.#requireReplicas(`the index entries of session ${JSON.stringify(session.id)}`, Number.isFinite(replicas) ? replicas : undefined, { operation: "create session", sessionId: session.id });
  }

  /** Removes a deleted session from the indexes and frees its event ids; the number removed from the expiry index. */
  async #unindex(sessionId: string, attributeKeys: readonly string[], eventIds: readonly string[]): Promise<number> {
    const [, removed] = await Promise.all([
      this.#client.zrem(this.#keys.sessionIndex, sessionId),
      this.#client.zrem(this.#keys.expiryIndex, sessionId),
      ...attributeKeys.map((key) => this.#client.zrem(this.#keys.attribute(key), sessionId)),
      ...eventIds.map((eventId) => this.#evaluate("moveEventId", [this.#keys.eventClaim(eventId), sessionId, ""])),
    ]);
    return removed as number;
  }

  /** Runs the delete script; the attribute keys and event ids of what it deleted, or undefined when it left the session. */
  async #deleteKeys(keys: SessionKeys, expiredAt: number | undefined): Promise<{ existed: boolean; attributeKeys: string[]; eventIds: string[] } | undefined> {
    const reply = await this.#evaluate("deleteSession", [keys.session, keys.events, keys.eventIds, keys.attributes, expiredAt ?? ""]) as ScriptReply[];
    if (reply.length === 1) return undefined;
    const [existed, attributes, ...eventIds] = reply;
    return { existed: existed === 1, attributeKeys: JSON.parse(attributes as string) as string[], eventIds: eventIds as string[] };
  }

  async createSession(session: SessionRow, attributeKeys: readonly string[], events: readonly EventRow[]): Promise<void> {
    await this.#run("create session", async () => {
      const keys = this.#keys.session(session.id);
      const fields = [session.createdAt, session.expiresAt, session.metadata, JSON.stringify(attributeKeys), this.#settings.expireKeys ? "1" : "0"];
      if (events.length === 0) {
        const { reply: created, replicas } = await this.#write("createSession", [keys.session, keys.attributes, ...fields]);
        if (created === 1) {
          this.#requireReplicas(`session ${JSON.stringify(session.id)}`, replicas, { operation: "create session", sessionId: session.id });
          return this.#index(session, attributeKeys);
        }
      } else {
        // The session and its first events in one script (see CREATE_SESSION_WITH_EVENTS), after their ids are claimed.
        const claimed = await this.#claimBatch(session.id, events, "create session");
        const scriptArguments: (string | number)[] = [keys.session, keys.events, keys.eventIds, keys.attributes, ...fields, 0];
        for (const row of events) scriptArguments.push(row.id, row.type, eventRecord(row));
        const { reply, replicas } = await this.#write("createSessionWithEvents", scriptArguments);
        const [outcome, ...values] = reply as ScriptReply[];
        if (outcome === "ok") {
          await this.#index(session, attributeKeys);
          await this.#settleClaims(session.id, events, claimed, values[1] as string | undefined);
          this.#requireReplicas(`session ${JSON.stringify(session.id)} and its first events`, replicas, { operation: "create session", sessionId: session.id });
          return;
        }
        await this.#releaseEventIds(session.id, claimed);
        if (outcome !== "exists") throw storageFailure(STORE, "create session", `unexpected create script reply ${JSON.stringify(reply)}`);
      }
      // The id is taken. Index the existing session again, which completes a create that failed after its first step.
      const existing = await this.#readSession(session.id);
      const existingKeys = JSON.parse((await this.#client.get(keys.attributes)) ?? "[]") as string[];
      if (existing) await this.#index(existing, existingKeys);
      throw duplicateIds("session", [session.id]);
    });
  }

  findSession(id: string): Promise<SessionRow | undefined> {
    return this.#run("find session", () => this.#readSession(id));
  }

  findSessionsByAttribute(attributeKey: string): Promise<SessionRow[]> {
    // Scored by creation time, ties in id order: oldest first, like the SQL stores' ORDER BY created_at, id.
    return this.#run("find sessions by metadata", async () => this.#readSessions(await this.#client.zrange(this.#keys.attribute(attributeKey), "0", "-1")));
  }

  listSessions(page: SessionPage): Promise<SessionRow[]> {
    return this.#run("list sessions", async () => {
      let rows: SessionRow[] = [];
      let after = page.after;
      // Entries of sessions Redis expired are skipped, so a page may need more than one read to fill.
      while (rows.length < page.limit) {
        const wanted = page.limit - rows.length;
        const ids = await this.#client.zrangebylex(this.#keys.sessionIndex, after === undefined ? "-" : `(${after}`, "+", "LIMIT", 0, wanted);
        rows = rows.concat(await this.#readSessions(ids));
        if (ids.length < wanted) break;
        after = ids.at(-1);
      }
      return rows;
    });
  }

  deleteSession(id: string): Promise<boolean> {
    return this.#run("delete session", async () => {
      const deleted = await this.#deleteKeys(this.#keys.session(id), undefined);
      await this.#unindex(id, deleted?.attributeKeys ?? [], deleted?.eventIds ?? []);
      return deleted?.existed ?? false;
    });
  }

  deleteExpiredSessions(now: number): Promise<string[]> {
    return this.#run("delete expired sessions", async () => {
      const candidates = await this.#client.zrangebyscore(this.#keys.expiryIndex, "-inf", now);
      const deleted = await Promise.all(candidates.map(async (id) => {
        // The script leaves a session that expires later (one deleted and created again meanwhile).
        const keys = await this.#deleteKeys(this.#keys.session(id), now);
        if (!keys) return undefined;
        // The process whose removal from the expiry index counts reports the id, so concurrent runs report it once.
        return (await this.#unindex(id, keys.attributeKeys, keys.eventIds)) === 1 ? id : undefined;
      }));
      return deleted.filter((id): id is string => id !== undefined);
    });
  }

  /**
   * Takes the event ids for the session (see the module comment). An id held by a session that no longer
   * exists is taken over; one held by a live session is taken. Returns the ids this call claimed, the
   * taken ones, and the fewest replicas that confirmed a claim (undefined without waits).
   */
  async #claimEventIds(sessionId: string, eventIds: readonly string[]): Promise<{ claimed: string[]; taken: string[]; replicas: number | undefined }> {
    const claimed: string[] = [];
    const taken = new Set<string>();
    let fewestReplicas: number | undefined;
    const confirmed = (replicas: number | undefined) => {
      if (replicas !== undefined) fewestReplicas = Math.min(fewestReplicas ?? replicas, replicas);
    };
    await Promise.all(eventIds.map(async (eventId) => {
      const key = this.#keys.eventClaim(eventId);
      const claim = await this.#write("claimEventId", [key, sessionId]);
      if (claim.reply === 1) {
        claimed.push(eventId);
        confirmed(claim.replicas);
      }
      const owner = claim.reply;
      if (typeof owner !== "string") return;
      if ((await this.#client.exists(this.#keys.session(owner).session)) === 0) {
        const moved = await this.#write("moveEventId", [key, owner, sessionId]);
        if (moved.reply === 1) {
          claimed.push(eventId);
          confirmed(moved.replicas);
          return;
        }
      }
      taken.add(eventId);
    }));
    return { claimed, taken: eventIds.filter((eventId) => taken.has(eventId)), replicas: fewestReplicas };
  }

  /**
   * Claims the ids of a batch for the session (`session/duplicate-id` for ids repeated in it or held by a
   * live session, nothing claimed then); the ids this call claimed.
   */
  async #claimBatch(sessionId: string, rows: readonly EventRow[], operation: string): Promise<string[]> {
    const eventIds = rows.map((row) => row.id);
    const seen = new Set<string>();
    const repeated = new Set(eventIds.filter((eventId) => seen.size === seen.add(eventId).size));
    if (repeated.size > 0) throw duplicateIds("event", [...repeated]);
    const { claimed, taken, replicas } = await this.#claimEventIds(sessionId, eventIds);
    try {
      if (taken.length > 0) throw duplicateIds("event", taken);
      this.#requireReplicas(`the claim of event ids for session ${JSON.stringify(sessionId)}`, replicas, { operation, sessionId });
    } catch (error) {
      await this.#releaseEventIds(sessionId, claimed);
      throw error;
    }
    return claimed;
  }

  /** After a batch was written: claims its ids again where another writer released them, and expires them with the session. */
  async #settleClaims(sessionId: string, rows: readonly EventRow[], claimed: readonly string[], expiresAt: string | undefined): Promise<void> {
    const eventIds = rows.map((row) => row.id);
    // Ids another append of this session claimed, and may have released since it lost.
    const claimedNow = new Set(claimed);
    const held = eventIds.filter((eventId) => !claimedNow.has(eventId));
    if (held.length > 0) await this.#claimEventIds(sessionId, held);
    // The claims expire with the session, so Redis drops them with its other keys.
    if (expiresAt !== undefined) await Promise.all(eventIds.map((eventId) => this.#client.pexpireat(this.#keys.eventClaim(eventId), expiresAt)));
  }

  async #releaseEventIds(sessionId: string, eventIds: readonly string[]): Promise<void> {
    await Promise.all(eventIds.map((eventId) => this.#evaluate("moveEventId", [this.#keys.eventClaim(eventId), sessionId, ""])));
  }

  /**
   * Sends a write (a script by name, or a command) for one key and, when writes wait for replicas, WAIT
   * after it in the same pipeline: a pipeline holds keys of one slot, so a cluster sends the WAIT to the
   * primary that ran the write. Returns the reply and how many replicas confirmed it.
   */
  async #write(command: ScriptName | "zadd", values: readonly (string | number)[]): Promise<{ reply: ScriptReply; replicas: number | undefined }> {
    const wait = this.#settings.waitForReplicas;
    if (!wait) {
      const reply = command === "zadd" ? await this.#client.call("ZADD", [...values]) as ScriptReply : await this.#evaluate(command, values);
      return { reply, replicas: undefined };
    }
    let withText = false;
    for (let redirections = 0; ; redirections++) {
      const pipeline = this.#client.pipeline();
      pipeline.call(...(command === "zadd" ? ["ZADD", [...values]] as [string, (string | number)[]] : scriptCommand(command, values, withText)));
      pipeline.call("WAIT", [wait.replicas, wait.timeoutMilliseconds]);
      const [[writeError, reply], [waitError, replicas]] = (await pipeline.exec())! as [[Error | null, ScriptReply], [Error | null, number]];
      if (isMissingScript(writeError) && !withText) {
        withText = true;
        continue;
      }
      // ioredis follows a MOVED for a pipeline only when every command in it failed, and WAIT (no key)
      // never does: after a failover, learn the new slot owners and send the write again (MOVED means it was refused).
      if (writeError?.message.startsWith("MOVED ") && isClusterClient(this.#client) && redirections < MAX_REDIRECTIONS) {
        const cluster = this.#client;
        await new Promise<void>((resolve) => cluster.refreshSlotsCache(() => resolve()));
        continue;
      }
      if (writeError) throw writeError;
      if (waitError) throw waitError;
      return { reply, replicas };
    }
  }

  /** `session/storage` when fewer replicas than required confirmed a write within the wait. */
  #requireReplicas(what: string, replicas: number | undefined, details: Record<string, unknown>): void {
    const wait = this.#settings.waitForReplicas;
    if (!wait || replicas === undefined || replicas >= wait.replicas) return;
    throw new SessionError(
      "session/storage",
      `${STORE}: ${what} reached the primary, but only ${replicas} of ${wait.replicas} replicas confirmed it within ${wait.timeoutMilliseconds} ms; it is lost if the primary fails before they catch up`,
      { details: { store: STORE, ...details, replicasConfirmed: replicas, replicasRequired: wait.replicas } },
    );
  }

  appendEvents(sessionId: string, rows: readonly EventRow[], expectedVersion: number | undefined): Promise<number> {
    return this.#run("append events", async () => {
      const claimed = await this.#claimBatch(sessionId, rows, "append events");
      const keys = this.#keys.session(sessionId);
      const scriptArguments: (string | number)[] = [keys.session, keys.events, keys.eventIds, expectedVersion ?? ""];
      for (const row of rows) scriptArguments.push(row.id, row.type, eventRecord(row));
      const { reply, replicas } = await this.#write("appendEvents", scriptArguments);
      const [outcome, ...values] = reply as ScriptReply[];
      if (outcome === "ok") {
        const [version, expiresAt] = values as [number, string?];
        await this.#settleClaims(sessionId, rows, claimed, expiresAt);
        this.#requireReplicas(`the append to session ${JSON.stringify(sessionId)} (version ${version})`, replicas, { operation: "append events", sessionId, version });
        return version;
      }
      await this.#releaseEventIds(sessionId, claimed);
      if (outcome === "not-found") throw sessionNotFound(sessionId);
      if (outcome === "conflict") throw versionConflict(sessionId, expectedVersion!, values[0] as number);
      if (outcome === "taken") throw duplicateIds("event", values as string[]);
      throw storageFailure(STORE, "append events", `unexpected append script reply ${JSON.stringify(reply)}`);
    });
  }

  #row(sessionId: string, record: string, seq: number): StoredEventRow {
    const row = rowOfRecord(record, seq);
    if (row) return row;
    throw new SessionError("session/storage", `stored event at seq ${seq} of session ${JSON.stringify(sessionId)} is not a partwise event record`, {
      details: { store: STORE, sessionId, seq },
    });
  }

  readEvents(sessionId: string, selection: EventSelection): Promise<StoredEventRow[]> {
    return this.#run("read events", async () => {
      const records = await this.#client.lrange(this.#keys.session(sessionId).events, 0, -1);
      const types = selection.types && new Set(selection.types);
      const rows: StoredEventRow[] = [];
      records.forEach((record, index) => {
        if (types && !types.has(recordType(record))) return;
        const row = this.#row(sessionId, record, index + 1);
        if (!(selection.excludeSynthetic && row.synthetic)) rows.push(row);
      });
      return rows;
    });
  }

  readMessageBodies(sessionId: string, bodyFormat: string): Promise<(string | null)[]> {
    return this.#run("read message bodies", async () => {
      const records = await this.#client.lrange(this.#keys.session(sessionId).events, 0, -1);
      const bodies: (string | null)[] = [];
      for (const record of records) {
        const body = recordBody(record, MESSAGE_EVENT, bodyFormat);
        if (body !== undefined) bodies.push(body);
      }
      return bodies;
    });
  }

  readLastEvent(sessionId: string, type: string): Promise<StoredEventRow | undefined> {
    return this.#run("read last event", async () => {
      const keys = this.#keys.session(sessionId);
      const [seq, record] = await this.#evaluate("readLastEvent", [keys.session, keys.events, type]) as [number?, string?];
      return seq === undefined ? undefined : this.#row(sessionId, record ?? "", seq);
    });
  }

  readView(sessionId: string, afterSeq: number, ids: readonly string[]): Promise<StoredEventRow[]> {
    return this.#run("read active view", async () => {
      const keys = this.#keys.session(sessionId);
      const [tailCount, ...rest] = await this.#evaluate("readView", [keys.events, keys.eventIds, afterSeq, ...new Set(ids)]) as [number, ...(string | number)[]];
      const named: StoredEventRow[] = [];
      for (let index = tailCount; index < rest.length; index += 2) named.push(this.#row(sessionId, rest[index + 1] as string, rest[index] as number));
      named.sort((left, right) => left.seq - right.seq);
      const tail = rest.slice(0, tailCount).map((record, index) => this.#row(sessionId, record as string, afterSeq + index + 1));
      return [...named, ...tail];
    });
  }

  async close(): Promise<void> {
    if (!this.#ownsClient || this.#client.status === "end") return;
    try {
      await this.#client.quit();
    } catch {
      // A client whose server is gone cannot say goodbye; dropping the connection is all that is left.
      this.#client.disconnect();
    }
  }
}
