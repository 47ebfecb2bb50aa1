// The HTTP server of `partwise inspect` (node:http, loopback by default): the session list, session
// pages, a Server-Sent Events stream per session page fed by polling the store for rows after the last
// seq shown, and the page's own assets. Read-only: it only calls the store's read methods.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { Session } from "../../generated/types.js";
import { PartwiseError } from "../errors/partwise-error.js";
import { rowToEvent } from "../session/event-rows.js";
import type { SessionRepository } from "../session/session-repository.js";
import { SessionService } from "../session/session-service.js";
import { assertStorableId } from "../session/stored-values.js";
import type { Html } from "./html.js";
import { CLIENT_SCRIPT, readLibrary, STYLESHEET } from "./page-assets.js";
import { SERVED_POLICY } from "./page.js";
import { renderListPage, renderMessagePage, renderSessionPage } from "./pages.js";
import { listSessionPage } from "./session-listing.js";
import { SessionView } from "./session-view.js";

export interface InspectServerOptions {
  readonly repository: SessionRepository;
  /** The store as shown on the list page (its URL with the password masked). */
  readonly storeLabel: string;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: any free port. */
  readonly port?: number;
  /** Show payload data (`--full`). */
  readonly full?: boolean;
  /** How often a live page's stream asks the store for new events (default 1000 ms). */
  readonly pollIntervalMilliseconds?: number;
  /** Sessions per list page (default 50). */
  readonly pageSize?: number;
}

export interface InspectServer {
  /** The base URL, e.g. http://127.0.0.1:43123/ */
  readonly url: string;
  /** Ends the live streams and stops the server. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

/** True for the names of this machine's loopback interface, the only hosts the server answers safely by default. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

/** A comment line every so often keeps proxies and the browser from timing a quiet stream out. */
const KEEP_ALIVE_MILLISECONDS = 15_000;

const COMMON_HEADERS = {
  "content-security-policy": SERVED_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

function send(response: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...COMMON_HEADERS, "content-type": `${type}; charset=utf-8`, "content-length": Buffer.byteLength(body), ...headers });
  response.end(body);
}

/** Resolves when the client has read what was written, or has gone. */
function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}

/** Bytes written per step of a page; between steps the server answers other requests. */
const PAGE_STEP = 64 * 1024;

/**
 * Sends a page as it is made, a step at a time, waiting while the client reads: the browser starts on
 * the top of a 10,000-message log while the rest is rendered, and a page left early stops the rendering.
 */
async function sendPage(response: ServerResponse, status: number, page: Html): Promise<void> {
  response.writeHead(status, { ...COMMON_HEADERS, "content-type": "text/html; charset=utf-8" });
  let step: string[] = [];
  let size = 0;
  for (const piece of page.pieces()) {
    step.push(piece);
    size += piece.length;
    if (size < PAGE_STEP) continue;
    if (!response.write(step.join(""))) await drainedOrClosed(response);
    if (response.destroyed) return;
    [step, size] = [[], 0];
    await new Promise((resolve) => setImmediate(resolve));
  }
  response.end(step.join(""));
}

/** An SSE message; each line of the data goes in its own `data:` field, as the format requires. */
function sseMessage(event: string, id: number, data: string): string {
  return `event: ${event}\nid: ${id}\n${data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`).join("")}\n`;
}

/** Starts the server; it listens once the promise resolves. */
export async function startInspectServer(options: InspectServerOptions): Promise<InspectServer> {
  const { repository } = options;
  const service = new SessionService(repository);
  const host = options.host ?? "127.0.0.1";
  const pollInterval = options.pollIntervalMilliseconds ?? 1000;
  const full = options.full ?? false;
  const stopping = new AbortController();
  let allowedHosts: ReadonlySet<string> | undefined;

  /** The session of a path, or undefined; an id no store can hold (see assertStorableId) names none. */
  async function findSession(id: string): Promise<Session | undefined> {
    try {
      assertStorableId(id, "session id", "/id");
    } catch {
      return undefined;
    }
    return service.findById(id);
  }

  async function sessionPage(response: ServerResponse, id: string): Promise<void> {
    const session = await findSession(id);
    if (!session) return sendPage(response, 404, renderMessagePage("No such session", `There is no session ${JSON.stringify(id)} in this store.`));
    const events = await service.getEvents(id);
    return sendPage(response, 200, renderSessionPage(session, events, { full, assets: { kind: "served", live: true } }));
  }

  async function follow(request: IncomingMessage, response: ServerResponse, id: string, after: number): Promise<void> {
    const session = await findSession(id);
    if (!session) return send(response, 404, "text/plain", "no such session\n");
    // EventSource sends the id of the last message it got when it reconnects on its own.
    const resumeFrom = Math.max(after, Number(request.headers["last-event-id"]) || 0);
    const view = new SessionView({ full });
    view.catchUp((await service.getEvents(id)).filter((event) => (event.seq ?? 0) <= resumeFrom));
    const closed = new AbortController();
    const onStop = () => closed.abort();
    stopping.signal.addEventListener("abort", onStop, { once: true });
    response.on("close", onStop);
    response.writeHead(200, { ...COMMON_HEADERS, "content-type": "text/event-stream; charset=utf-8" });
    response.write(": following\n\n");
    let quietSince = Date.now();
    try {
      while (!closed.signal.aborted) {
        const rows = await repository.readView(id, view.lastSeq, []);
        if (rows.length > 0) {
          const fragment = view.renderAppended(rows.map((row) => rowToEvent(id, row)));
          response.write(sseMessage("events", view.lastSeq, fragment.text));
          quietSince = Date.now();
        } else if (Date.now() - quietSince >= KEEP_ALIVE_MILLISECONDS) {
          response.write(": keep-alive\n\n");
          quietSince = Date.now();
        }
        await sleep(pollInterval, undefined, { signal: closed.signal }).catch(() => undefined);
      }
    } finally {
      stopping.signal.removeEventListener("abort", onStop);
      response.end();
    }
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "GET" && request.method !== "HEAD") return send(response, 405, "text/plain", "read-only: GET and HEAD only\n", { allow: "GET, HEAD" });
    // A page on loopback answers only to its own host name, so a web page elsewhere cannot reach it
    // through a DNS name rebound to 127.0.0.1.
    if (allowedHosts && !allowedHosts.has(request.headers.host ?? "")) return send(response, 421, "text/plain", "unexpected Host header\n");
    const url = new URL(request.url ?? "/", "http://inspect.invalid");
    const path = url.pathname;
    if (path === "/") {
      const query = { search: url.searchParams.get("q") ?? "", page: Number(url.searchParams.get("page")) || 1, pageSize: options.pageSize ?? 50 };
      return sendPage(response, 200, renderListPage(await listSessionPage(repository, service, query), query, options.storeLabel));
    }
    if (path === "/assets/inspect.css") return send(response, 200, "text/css", STYLESHEET);
    if (path === "/assets/inspect.js") return send(response, 200, "text/javascript", CLIENT_SCRIPT);
    const library = await readLibrary(path);
    if (library !== undefined) return send(response, 200, "text/javascript", library);
    const sessionRoute = /^\/sessions\/([^/]+)(\/live)?$/.exec(path);
    if (sessionRoute) {
      let id: string;
      try {
        id = decodeURIComponent(sessionRoute[1]!);
      } catch {
        return send(response, 400, "text/plain", "malformed session id in the path\n");
      }
      if (sessionRoute[2] === undefined) return sessionPage(response, id);
      return follow(request, response, id, Number(url.searchParams.get("after")) || 0);
    }
    return sendPage(response, 404, renderMessagePage("Not found", `Nothing is served at ${path}.`));
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const message = PartwiseError.isPartwiseError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
      if (!response.headersSent) send(response, 500, "text/html", renderMessagePage("The store could not be read", message).text);
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  if (isLoopbackHost(host)) allowedHosts = new Set(["127.0.0.1", "localhost", "[::1]"].map((name) => `${name}:${port}`));
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    close: async () => {
      stopping.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
