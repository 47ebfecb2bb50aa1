// Session logs as files. Reading turns what `partwise session import` takes (JSONL of session events, each
// session's headed by its export header, a history document or message list, JSONL of messages, or a legacy
// text-only history) into per-session batches, every problem located by file, line and pointer; fresh ids
// let a log be imported twice, and ids derived from the content make an import of a history (which names
// no ids) rerunnable.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { CompactionEvent, LegacyImportFinding, SessionEvent, SessionMetadata } from "../../generated/types.js";
import { InvalidDocumentError } from "../errors/partwise-error.js";
import { readBounded } from "../io/bounded-read.js";
import { parseJsonText } from "../json/parse-json-text.js";
import { isSessionExportHeader, parseHistory, parseMessage, parseSessionEvent, parseSessionExportHeader } from "../parts/parse.js";
import { decodeUtf8 } from "../validation/utf8.js";
import { EVENT_METADATA, isCompactionEvent, MESSAGE_EVENT, type NewSessionEvent } from "./event-kinds.js";
import { importLegacyHistory, isLegacyHistory } from "./import-legacy.js";
import { isJsonObject } from "./stored-values.js";

/** The shapes import reads; `auto` detects them. */
export const IMPORT_FORMATS = ["auto", "events", "history", "legacy"] as const;
/** An import format, or `auto`. */
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The events of one session to append in one batch; `sessionId` is absent when the file does not say. */
export interface ImportBatch {
  readonly sessionId?: string;
  /** The metadata of the exported session (from its export header), to create the session with. */
  readonly metadata?: SessionMetadata;
  readonly events: NewSessionEvent[];
}

/** What an import file holds, as batches to append. */
export interface ImportSource {
  readonly format: Exclude<ImportFormat, "auto">;
  readonly batches: ImportBatch[];
  /** What a legacy import could not carry over (see importLegacyHistory). */
  readonly findings: LegacyImportFinding[];
}

/** One JSON value per line: a session event, a message, or a legacy message or row. */
interface LineRecord {
  readonly value: unknown;
  readonly line: number;
}

function isEventRecord(value: unknown): boolean {
  return isJsonObject(value) && typeof value.type === "string" && !("role" in value) && ("sessionId" in value || "id" in value) && !isLegacyHistory([value]);
}

function isMessageRecord(value: unknown): boolean {
  return isJsonObject(value) && "role" in value && "parts" in value;
}

/** The most readImportFile reads of one file unless told otherwise (512 MiB, validate's document limit). */
export const DEFAULT_MAX_IMPORT_BYTES = 512 * 1024 * 1024;

async function readText(path: string, maxBytes: number): Promise<string> {
  const bytes = await readBounded(createReadStream(path), path, maxBytes, "--max-input-bytes");
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    throw new InvalidDocumentError("json/syntax", "the file starts with a UTF-8 byte order mark (EF BB BF), which JSON text must not have", { file: path, line: 1, column: 1 });
  }
  const decoded = decodeUtf8(bytes);
  if ("text" in decoded) return decoded.text;
  const before = bytes.subarray(0, decoded.invalidAt);
  const line = before.reduce((count, byte) => count + (byte === 0x0a ? 1 : 0), 1);
  throw new InvalidDocumentError("json/syntax", `invalid UTF-8: byte 0x${bytes[decoded.invalidAt]!.toString(16).padStart(2, "0")} does not start a valid sequence`, {
    file: path,
    line,
    column: decoded.invalidAt - before.lastIndexOf(0x0a),
  });
}

function isDocument(value: unknown): boolean {
  return Array.isArray(value) || (isJsonObject(value) && !isSessionExportHeader(value) && ("format" in value || Array.isArray(value.messages)));
}

/**
 * The file as one JSON document (an array, a history, a `{messages}` body), or its non-blank lines as
 * JSONL records. As `partwise validate` does, a file whose first line is not a whole JSON value is a
 * (multi-line) document, so a syntax error in it is reported where it is.
 */
function records(text: string, path: string): { document: unknown } | { lines: LineRecord[] } {
  const lines = text.split("\n").map((content) => (content.endsWith("\r") ? content.slice(0, -1) : content));
  const first = lines.findIndex((line) => line.trim() !== "");
  if (first < 0) throw new InvalidDocumentError("json/syntax", "the file is empty: expected session events, a history or a legacy history", { file: path, line: 1 });
  let firstValue: unknown;
  try {
    firstValue = JSON.parse(lines[first]!);
  } catch {
    return { document: parseJsonText(text, { file: path }) };
  }
  if (isDocument(firstValue) && lines.slice(first + 1).every((line) => line.trim() === "")) return { document: firstValue };
  const parsed: LineRecord[] = [];
  lines.forEach((content, index) => {
    if (content.trim() !== "") parsed.push({ value: parseJsonText(content, { file: path, line: index + 1 }), line: index + 1 });
  });
  return { lines: parsed };
}

function wrongFormat(path: string, format: ImportFormat, line?: number): never {
  throw new InvalidDocumentError("schema/invalid", `the file does not hold ${format === "events" ? "session events (one per line)" : format === "history" ? "a history document, a message list or messages (one per line)" : "a legacy role/content history or content/type rows"}`, {
    file: path,
    ...(line === undefined ? {} : { line }),
  });
}

function eventBatches(lines: readonly LineRecord[], path: string): ImportBatch[] {
  const batches = new Map<string, { events: NewSessionEvent[]; lastSeq: number; metadata?: SessionMetadata }>();
  for (const { value, line } of lines) {
    if (isSessionExportHeader(value)) {
      const { session } = parseSessionExportHeader(value, { file: path, line });
      batches.set(session.id, { events: [], lastSeq: 0, ...batches.get(session.id), metadata: session.metadata });
      continue;
    }
    if (!isEventRecord(value)) wrongFormat(path, "events", line);
    const { seq, sessionId, ...event } = parseSessionEvent(value, { file: path, line });
    const batch = batches.get(sessionId) ?? { events: [], lastSeq: 0 };
    // The store numbers events itself; a seq in the file must only confirm the order of its session.
    if (seq !== undefined && seq <= batch.lastSeq) {
      throw new InvalidDocumentError("schema/invalid", `event seq ${seq} of session ${JSON.stringify(sessionId)} comes after seq ${batch.lastSeq}: the file is out of order`, { file: path, line, pointer: "/seq" });
    }
    batch.lastSeq = seq ?? batch.lastSeq;
    batch.events.push(event as NewSessionEvent);
    batches.set(sessionId, batch);
  }
  return [...batches].map(([sessionId, { events, metadata }]) => (metadata === undefined ? { sessionId, events } : { sessionId, metadata, events }));
}

function historyBatch(messages: readonly unknown[]): ImportBatch {
  return { events: messages.map((message) => ({ type: MESSAGE_EVENT, message }) as NewSessionEvent) };
}

/** Reads an import file (see the module comment), detecting its format unless one is given. */
export async function readImportFile(path: string, format: ImportFormat = "auto", maxBytes = DEFAULT_MAX_IMPORT_BYTES): Promise<ImportSource> {
  const read = records(await readText(path, maxBytes), path);
  if ("document" in read) {
    const value = read.document;
    if ((format === "auto" || format === "legacy") && isLegacyHistory(value)) {
      const legacy = importLegacyHistory(value, { file: path });
      return { format: "legacy", batches: legacy.conversations.map(toBatch), findings: legacy.findings };
    }
    if (format === "auto" || format === "history") {
      return { format: "history", batches: [historyBatch(parseHistory(value, { file: path }).messages)], findings: [] };
    }
    return wrongFormat(path, format);
  }
  // Only event logs have export headers: a file of them alone is an export of sessions without events.
  const first = read.lines.find(({ value }) => !isSessionExportHeader(value))?.value;
  const detected = format !== "auto" ? format : first === undefined || isEventRecord(first) ? "events" : isMessageRecord(first) ? "history" : "legacy";
  if (detected === "events") return { format: "events", batches: eventBatches(read.lines, path), findings: [] };
  if (detected === "history") {
    return {
      format: "history",
      batches: [historyBatch(read.lines.map(({ value, line }) => (isMessageRecord(value) ? parseMessage(value, { file: path, line }) : wrongFormat(path, "history", line))))],
      findings: [],
    };
  }
  const values = read.lines.map(({ value }) => value);
  if (!isLegacyHistory(values)) wrongFormat(path, "legacy");
  // Pointers of findings and errors count the file's records (its non-blank lines) from 0.
  const legacy = importLegacyHistory(values, { file: path });
  return { format: "legacy", batches: legacy.conversations.map(toBatch), findings: legacy.findings };
}

function toBatch(conversation: { readonly conversationId?: string; readonly events: NewSessionEvent[] }): ImportBatch {
  return conversation.conversationId === undefined ? { events: conversation.events } : { sessionId: conversation.conversationId, events: conversation.events };
}

/**
 * The events with new ids, and every reference to an old id among them (compaction boundaries'
 * event lists, `metadata.compactionId`) rewritten, so a log can be imported beside its original.
 */
export function withFreshIds(events: readonly NewSessionEvent[], generateId: () => string): NewSessionEvent[] {
  const renamed = new Map<string, string>();
  for (const event of events) if (event.id !== undefined) renamed.set(event.id, generateId());
  const rename = (id: string) => renamed.get(id) ?? id;
  return events.map((event) => {
    const copy = { ...event, id: event.id === undefined ? generateId() : rename(event.id) } as NewSessionEvent;
    const compactionId = event.metadata?.[EVENT_METADATA.compactionId];
    if (typeof compactionId === "string") copy.metadata = { ...event.metadata, [EVENT_METADATA.compactionId]: rename(compactionId) };
    if (isCompactionEvent(copy as SessionEvent)) {
      const boundary = (copy as CompactionEvent).payload;
      (copy as { payload: unknown }).payload = {
        ...boundary,
        activeEventIds: boundary.activeEventIds.map(rename),
        pinnedEventIds: boundary.pinnedEventIds.map(rename),
        coveredEventIds: boundary.coveredEventIds.map(rename),
      };
    }
    return copy;
  });
}

function digest(...fields: string[]): string {
  const hash = createHash("sha256");
  for (const field of fields) hash.update(field).update("\u0000");
  return hash.digest("hex").slice(0, 32);
}

/**
 * The session a batch goes to when neither the file nor the command names one: named after the
 * batch's content, so importing the same history again finds the session it made.
 */
export function derivedSessionId(events: readonly NewSessionEvent[]): string {
  return `import-${digest(JSON.stringify(events))}`;
}

/**
 * The events with an id for each one that has none, derived from the session, the event's position and
 * its content: a rerun of the same import gives the same ids (so the session is found to hold them),
 * while other content, or the same content in another session, gets other ids.
 */
export function withDerivedIds(events: readonly NewSessionEvent[], sessionId: string): NewSessionEvent[] {
  return events.map((event, index) => (event.id !== undefined ? event : ({ ...event, id: `import-${digest(sessionId, String(index), JSON.stringify(event))}` } as NewSessionEvent)));
}
