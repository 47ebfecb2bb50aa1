// The inspector's pages: the session list (search, newest first, paging), a session's log (live on the
// server, self-contained when exported), and the page shown for a missing session or a failure.
import type { Session, SessionEvent } from "../../generated/types.js";
import { html, type Html } from "./html.js";
import { renderDocument, type PageAssets } from "./page.js";
import { formatCount } from "./part-view.js";
import { principalOf, type ListedSession, type Listing, type ListingQuery } from "./session-listing.js";
import { SessionView } from "./session-view.js";

/** The path of a session's page. */
export function sessionPath(id: string): string {
  return `/sessions/${encodeURIComponent(id)}`;
}

function abbreviated(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${formatCount(text.length)} characters)`;
}

function listHref(query: ListingQuery, page: number): string {
  const parameters = new URLSearchParams();
  if (query.search !== "") parameters.set("q", query.search);
  if (page > 1) parameters.set("page", String(page));
  const text = parameters.toString();
  return text === "" ? "/" : `/?${text}`;
}

function sessionRow({ session, updatedAt }: ListedSession): Html {
  const updated = updatedAt === undefined ? html`<span class="muted">no events</span>` : html`<time>${updatedAt}</time>`;
  const cells = [
    html`<td><a href="${sessionPath(session.id)}"><code>${session.id}</code></a></td>`,
    html`<td>${formatCount(session.version)}</td>`,
    html`<td><time>${session.createdAt}</time></td>`,
    html`<td>${updated}</td>`,
    html`<td>${principalOf(session) ?? ""}</td>`,
    html`<td class="metadata"><code>${abbreviated(JSON.stringify(session.metadata), 300)}</code></td>`,
  ];
  return html`<tr>${cells}</tr>`;
}

function pagingLinks(listing: Listing, query: ListingQuery): Html {
  if (listing.pageCount <= 1) return html``;
  const newer = listing.page > 1 ? html`<a rel="prev" href="${listHref(query, listing.page - 1)}">← Newer</a>` : "";
  const older = listing.page < listing.pageCount ? html`<a rel="next" href="${listHref(query, listing.page + 1)}">Older →</a>` : "";
  return html`<nav class="paging" aria-label="Pages">${newer}<span>Page ${listing.page} of ${listing.pageCount}</span>${older}</nav>`;
}

const SESSION_COLUMNS = ["Session", "Events", "Created", "Updated", "Principal", "Metadata"];

/** The list of sessions. */
export function renderListPage(listing: Listing, query: ListingQuery, store: string): Html {
  const form = html`<form class="search" method="get" action="/" role="search">${[
    html`<label for="search">Search ids and metadata</label>`,
    html`<input type="search" id="search" name="q" value="${query.search}" placeholder="id, metadata text or name=value">`,
    html`<button type="submit">Search</button><span class="keys"><kbd>/</kbd> to search</span>`,
  ]}</form>`;
  const table = listing.total === 0
    ? html`<p>No sessions${query.search === "" ? "" : " match"}.</p>`
    : html`<table class="sessions"><thead><tr>${SESSION_COLUMNS.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead><tbody>${listing.sessions.map(sessionRow)}</tbody></table>`;
  const header = html`<h1>Sessions</h1><p class="muted">${store} · ${formatCount(listing.total)} session${listing.total === 1 ? "" : "s"}${query.search === "" ? "" : " matching"}, newest first</p>`;
  return renderDocument({ title: "partwise inspect: sessions", header, main: html`${form}${table}${pagingLinks(listing, query)}`, assets: { kind: "served", live: false } });
}

export interface SessionPageOptions {
  /** Include payload data. */
  readonly full: boolean;
  readonly assets: PageAssets;
}

function sessionHeader(session: Session, view: SessionView, options: SessionPageOptions): Html {
  const principal = principalOf(session);
  return html`${options.assets.kind === "served" ? html`<p><a href="/">← Sessions</a></p>` : ""}<h1>Session <code>${session.id}</code></h1>${view.stats()}<p class="muted">created <time>${session.createdAt}</time> · expires <time>${session.expiresAt}</time>${
    principal === undefined ? "" : html` · principal <code>${principal}</code>`}</p><details class="metadata"><summary>session metadata</summary><pre>${JSON.stringify(session.metadata, null, 2)}</pre></details><p class="keys"><kbd>j</kbd>/<kbd>k</kbd> next/previous event · <kbd>Enter</kbd> opens a collapsed part · <span class="state active">in view</span> sent to the model, <span class="state covered">covered</span> left the active view at a compaction (still in the log) · <span class="badge payload">provider · kind · size</span> an opaque payload, its data ${
    options.full ? "shown" : "left out (--full shows it)"}</p>`;
}

/** A session's whole log; a served page follows appended events over SSE. Its log is made as it is written out. */
export function renderSessionPage(session: Session, events: readonly SessionEvent[], options: SessionPageOptions): Html {
  const view = new SessionView({ full: options.full });
  const log = view.renderLog(events);
  const live = options.assets.kind === "served" && options.assets.live;
  const main = live
    ? html`<p class="live" id="live-status">Following new events as they are appended.</p><div id="log" hx-ext="sse" sse-connect="${sessionPath(session.id)}/live?after=${view.lastSeq}" sse-swap="events" hx-swap="beforeend" data-last-seq="${view.lastSeq}">${log}</div>`
    : html`<div id="log">${log}</div>`;
  return renderDocument({ title: `partwise session ${session.id}`, header: sessionHeader(session, view, options), main, assets: options.assets });
}

/** A page that says what went wrong. */
export function renderMessagePage(title: string, message: string): Html {
  return renderDocument({ title, header: html`<p><a href="/">← Sessions</a></p><h1>${title}</h1>`, main: html`<p>${message}</p>`, assets: { kind: "served", live: false } });
}
