// The stored form of sessions and events, shared by every store: the columns stores query (id, type,
// timestamp, synthetic flag) plus one JSON text body. JSON text escapes U+0000 and unpaired surrogates
// as ASCII, so a body survives PostgreSQL text and SQLite byte for byte, whatever the message holds.
import type { Message, MessageEvent, Part, Session, SessionEvent, SessionMetadata } from "../../generated/types.js";
import { SessionError } from "../errors/partwise-error.js";
import { setOwnValue } from "../json/own-property.js";
import { parseSessionEvent } from "../parts/parse.js";
import { FUTURE_PART_PROVIDER, isPartType } from "../parts/part-kinds.js";
import { messageToJson, messageToStoredJson } from "../parts/serialize.js";
import { isMessageEvent, isSynthetic } from "./event-kinds.js";
import { isJsonObject } from "./stored-values.js";

/**
 * The body format of rows that read back as they are: canonical JSON of format version 1 with no part
 * of a later format version. Any other format (a later partwise's, or one holding such parts) is parsed
 * and validated on load, which turns parts of a later version into `unknown` parts again.
 */
export const BODY_FORMAT = "partwise/1";

/** The body format of rows whose message holds parts of a later format version. */
const BODY_FORMAT_WITH_FUTURE_PARTS = "partwise/1+future-parts";

/** An event as a store writes it. */
export interface EventRow {
  readonly id: string;
  readonly type: string;
  /** The event timestamp exactly as given (RFC 3339 text), so it round-trips byte for byte. */
  readonly timestamp: string;
  readonly synthetic: boolean;
  /** JSON text of every field but id, sessionId, timestamp, type and seq (message or payload, metadata, later fields). */
  readonly body: string;
  readonly bodyFormat: string;
}

/** An event as a store reads it back: with the position the store assigned. */
export interface StoredEventRow extends EventRow {
  readonly seq: number;
}

/** A session as a store writes and reads it. */
export interface SessionRow {
  readonly id: string;
  /** Milliseconds since the epoch: the same comparisons in every store, and JavaScript's own precision. */
  readonly createdAt: number;
  readonly expiresAt: number;
  /** JSON text of the metadata. */
  readonly metadata: string;
  readonly version: number;
}

const COLUMN_FIELDS = new Set(["id", "sessionId", "timestamp", "type", "seq"]);

function hasFutureParts(parts: readonly Part[]): boolean {
  return parts.some((part) =>
    (part.type === "unknown" && part.provider === FUTURE_PART_PROVIDER && !isPartType(part.kind))
    || (part.type === "tool_result" && hasFutureParts(part.content)));
}

/**
 * The fields of an event besides its columns, in order, the message in canonical field order: as
 * readers take it (exports), or as given (rows, so a load returns the appended message unchanged).
 */
function bodyOf(event: SessionEvent, write: (message: Message) => Record<string, unknown> = messageToJson): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (isMessageEvent(event)) body.message = write(event.message);
  for (const [key, value] of Object.entries(event)) {
    if (!COLUMN_FIELDS.has(key) && !Object.hasOwn(body, key) && value !== undefined) setOwnValue(body, key, value);
  }
  return body;
}

/**
 * An event as canonical JSON: id, sessionId, timestamp, type, seq, then the rest, with a message's
 * parts of a later format version written back as the nodes they were read from.
 */
export function eventToJson(event: SessionEvent): Record<string, unknown> {
  const { id, sessionId, timestamp, type, seq } = event;
  return { id, sessionId, timestamp, type, ...(seq === undefined ? {} : { seq }), ...bodyOf(event) };
}

/** The row of a validated event (see parseSessionEvent). */
export function eventToRow(event: SessionEvent): EventRow {
  const body = bodyOf(event, messageToStoredJson);
  const future = isMessageEvent(event) && hasFutureParts(event.message.parts);
  return {
    id: event.id,
    type: event.type,
    timestamp: event.timestamp,
    synthetic: isSynthetic(event),
    body: JSON.stringify(body),
    bodyFormat: future ? BODY_FORMAT_WITH_FUTURE_PARTS : BODY_FORMAT,
  };
}

function corruptRow(sessionId: string, row: StoredEventRow, problem: string, cause?: unknown): SessionError {
  return new SessionError("session/storage", `stored event ${JSON.stringify(row.id)} (session ${JSON.stringify(sessionId)}, seq ${row.seq}) ${problem}`, {
    details: { sessionId, seq: row.seq, eventId: row.id },
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * The event of a stored row. Rows this format wrote are trusted as they are (they were validated on
 * append); other rows are parsed and validated like any input, so a corrupt row is reported, not returned.
 */
export function rowToEvent(sessionId: string, row: StoredEventRow): SessionEvent {
  const body = parsedBody(sessionId, row);
  const event = { id: row.id, sessionId, timestamp: row.timestamp, type: row.type, seq: row.seq, ...body };
  if (row.bodyFormat === BODY_FORMAT) return event as SessionEvent;
  try {
    return parseSessionEvent(event);
  } catch (error) {
    throw corruptRow(sessionId, row, `(body format ${JSON.stringify(row.bodyFormat)}) is not a valid event: ${(error as Error).message}`, error);
  }
}

function parsedBody(sessionId: string, row: StoredEventRow): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(row.body);
  } catch (error) {
    throw corruptRow(sessionId, row, `has a body that is not valid JSON: ${(error as Error).message}`, error);
  }
  if (!isJsonObject(body)) throw corruptRow(sessionId, row, "has a body that is not a JSON object");
  return body;
}

/** The message of a parsed MESSAGE body, or undefined when it holds none. */
function messageIn(body: unknown): Message | undefined {
  const message = isJsonObject(body) ? body.message : undefined;
  return isJsonObject(message) ? (message as unknown as Message) : undefined;
}

/**
 * The message of a stored MESSAGE row, without building its event: a row this format wrote holds the
 * message as it was validated. Other rows go through rowToEvent.
 */
export function rowToMessage(sessionId: string, row: StoredEventRow): Message {
  if (row.bodyFormat !== BODY_FORMAT) return (rowToEvent(sessionId, row) as MessageEvent).message;
  const message = messageIn(parsedBody(sessionId, row));
  if (!message) throw corruptRow(sessionId, row, "is a MESSAGE event without a message");
  return message;
}

/**
 * The messages of MESSAGE bodies read in BODY_FORMAT (see SessionRepository.readMessageBodies), or
 * undefined when one body is of another format or holds no message: those are read again as whole rows,
 * so a later format is validated and a damaged row is reported with its id and seq.
 */
export function messagesOfBodies(bodies: readonly (string | null)[]): Message[] | undefined {
  const messages: Message[] = [];
  for (const body of bodies) {
    if (body === null) return undefined;
    let message: Message | undefined;
    try {
      message = messageIn(JSON.parse(body));
    } catch {
      return undefined;
    }
    if (!message) return undefined;
    messages.push(message);
  }
  return messages;
}

/** The session of a stored row (metadata parsed, times as RFC 3339 text). */
export function rowToSession(row: SessionRow): Session {
  let metadata: unknown;
  try {
    metadata = JSON.parse(row.metadata);
  } catch (error) {
    throw new SessionError("session/storage", `stored session ${JSON.stringify(row.id)} has metadata that is not valid JSON`, {
      details: { sessionId: row.id },
      cause: error,
    });
  }
  return {
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    metadata: metadata as SessionMetadata,
    version: row.version,
  };
}
