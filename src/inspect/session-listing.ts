// The sessions of the list page: found by id or metadata, newest first, one page at a time. The stores
// list sessions by id only, so the listing reads every session row (in pages of the store) and sorts
// them by creation time; `name=value` queries use the metadata index instead.
import type { Session } from "../../generated/types.js";
import type { SessionRepository } from "../session/session-repository.js";
import type { SessionService } from "../session/session-service.js";

/** Sessions read from the store per request while scanning. */
const SCAN_PAGE = 1000;

export interface ListingQuery {
  /** Part of an id or of the metadata JSON (case-insensitive), or `name=value` for a metadata attribute; empty for all. */
  readonly search: string;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
}

export interface ListedSession {
  readonly session: Session;
  /** The timestamp of the session's last event, if it has one. */
  readonly updatedAt: string | undefined;
}

export interface Listing {
  readonly sessions: readonly ListedSession[];
  /** Sessions that match, over all pages. */
  readonly total: number;
  readonly page: number;
  readonly pageCount: number;
}

/** The values a `name=value` search can mean: the text, and the number or boolean it spells. */
function attributeValues(text: string): (string | number | boolean)[] {
  const values: (string | number | boolean)[] = [text];
  if (text === "true" || text === "false") values.push(text === "true");
  else if (text.trim() !== "" && Number.isFinite(Number(text))) values.push(Number(text));
  return values;
}

async function allSessions(service: SessionService): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let after: string | undefined; ;) {
    const page = await service.list({ limit: SCAN_PAGE, ...(after === undefined ? {} : { after }) });
    sessions.push(...page);
    if (page.length < SCAN_PAGE) return sessions;
    after = page[page.length - 1]!.id;
  }
}

async function matchingSessions(service: SessionService, search: string): Promise<Session[]> {
  const attribute = /^([^=\s]+)=(.*)$/s.exec(search);
  if (attribute) {
    const found = await Promise.all(attributeValues(attribute[2]!).map((value) => service.findByMetadata(attribute[1]!, value)));
    return found.flat();
  }
  const sessions = await allSessions(service);
  if (search === "") return sessions;
  const needle = search.toLowerCase();
  return sessions.filter((session) => session.id.toLowerCase().includes(needle) || JSON.stringify(session.metadata).toLowerCase().includes(needle));
}

/** One page of the sessions that match a query, newest first (ties by id). */
export async function listSessionPage(repository: SessionRepository, service: SessionService, query: ListingQuery): Promise<Listing> {
  const matches = await matchingSessions(service, query.search.trim());
  matches.sort((left, right) => right.createdAt.localeCompare(left.createdAt) || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  const pageCount = Math.max(1, Math.ceil(matches.length / query.pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const shown = matches.slice((page - 1) * query.pageSize, page * query.pageSize);
  // The last event of a log is the one row after version - 1.
  const sessions = await Promise.all(shown.map(async (session) => {
    const last = session.version > 0 ? (await repository.readView(session.id, session.version - 1, [])).at(-1) : undefined;
    return { session, updatedAt: last?.timestamp };
  }));
  return { sessions, total: matches.length, page, pageCount };
}

/** The principal a session belongs to (Spring AI's `principalName`), when its metadata names one. */
export function principalOf(session: Session): string | undefined {
  const principal = session.metadata.principalName;
  return typeof principal === "string" ? principal : undefined;
}
