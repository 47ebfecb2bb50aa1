// The key layout and stored form of the Redis session store. A session's keys share one `{...}` hash
// tag, so they sit in one hash slot of a Redis Cluster and one script can update them together.
// https://redis.io/docs/latest/operate/oss_and_stack/reference/cluster-spec/#hash-tags
import type { StoredEventRow } from "../event-rows.js";

/** The keys of one session: its record, its event list, its event-id index (id -> seq), its attribute keys. */
export interface SessionKeys {
  readonly session: string;
  readonly events: string;
  readonly eventIds: string;
  readonly attributes: string;
}

/**
 * An id as hash-tag text: `%`, `{` and `}` escaped, so an id holding braces can neither end the tag
 * early nor leave it empty (which would spread a session's keys over several slots).
 */
function tagOf(id: string): string {
  return id.replace(/[%{}]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The names of every key the store uses, under one prefix. */
export class RedisKeys {
  readonly #prefix: string;

  constructor(prefix: string) {
    this.#prefix = prefix;
  }

  session(sessionId: string): SessionKeys {
    const tag = `{${tagOf(sessionId)}}`;
    return {
      session: `${this.#prefix}session:${tag}`,
      events: `${this.#prefix}events:${tag}`,
      eventIds: `${this.#prefix}event-ids:${tag}`,
      attributes: `${this.#prefix}attributes:${tag}`,
    };
  }

  /** Which session holds an event id: event ids are unique across sessions (see claimEventIds). */
  eventClaim(eventId: string): string {
    return `${this.#prefix}event:{${tagOf(eventId)}}`;
  }

  /** Every session id, all with score 0, so they list in byte order (ZRANGE BYLEX). */
  get sessionIndex(): string {
    return `${this.#prefix}sessions`;
  }

  /** Every session id scored by its expiry (epoch milliseconds), for deleteExpired. */
  get expiryIndex(): string {
    return `${this.#prefix}expiry`;
  }

  /** The ids of the sessions with an attribute, scored by creation time (oldest first, then by id). */
  attribute(attributeKey: string): string {
    return `${this.#prefix}attribute:${attributeKey}`;
  }
}

// A stored event is one list element: five NUL-separated fields, then the JSON body. No field can hold
// a NUL: ids refuse U+0000 (stored-values.ts), types and timestamps are validated, and JSON text
// escapes it. The seq is the element's position, as the log is only ever appended to.
const SEPARATOR = "\u0000";
const HEADER_FIELDS = 5;

/** The list element of an event row. */
export function eventRecord(row: { readonly id: string; readonly type: string; readonly timestamp: string; readonly synthetic: boolean; readonly bodyFormat: string; readonly body: string }): string {
  return [row.type, row.bodyFormat, row.synthetic ? "1" : "0", row.id, row.timestamp, row.body].join(SEPARATOR);
}

/** The positions of the separators of a record's header, or undefined when it has fewer. */
function separators(record: string): number[] | undefined {
  const positions: number[] = [];
  let from = 0;
  for (let field = 0; field < HEADER_FIELDS; field++) {
    const position = record.indexOf(SEPARATOR, from);
    if (position < 0) return undefined;
    positions.push(position);
    from = position + 1;
  }
  return positions;
}

/** The row of a list element at `seq`, or undefined when the element is not a record. */
export function rowOfRecord(record: string, seq: number): StoredEventRow | undefined {
  const at = separators(record);
  if (!at) return undefined;
  return {
    seq,
    type: record.slice(0, at[0]),
    bodyFormat: record.slice(at[0]! + 1, at[1]),
    synthetic: record.slice(at[1]! + 1, at[2]) === "1",
    id: record.slice(at[2]! + 1, at[3]),
    timestamp: record.slice(at[3]! + 1, at[4]),
    body: record.slice(at[4]! + 1),
  };
}

/** The type of a record (its first field). */
export function recordType(record: string): string {
  const end = record.indexOf(SEPARATOR);
  return end < 0 ? record : record.slice(0, end);
}

/**
 * The body of a record when its type is `type` and its body format `bodyFormat`, null when the format
 * differs, undefined when the type differs: readMessageBodies without building rows.
 */
export function recordBody(record: string, type: string, bodyFormat: string): string | null | undefined {
  const prefix = type + SEPARATOR;
  if (!record.startsWith(prefix)) return undefined;
  if (!record.startsWith(bodyFormat + SEPARATOR, prefix.length)) return null;
  const at = separators(record);
  return at ? record.slice(at[4]! + 1) : null;
}
