// `partwise inspect` as a user starts it: it prints its URL, serves the pages and the live stream on
// loopback, refuses other hosts, methods and paths, and leaves the store's file byte for byte as it was.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { runInspect } from "../../src/cli/inspect-command.js";
import { openSessionService } from "../../src/session/open-session-store.js";
import { message, textPart } from "../../src/parts/constructors.js";
import { seedWeatherSession, WEATHER_SIGNATURE } from "../support/inspect-sessions.js";
import { postgresSchemas, sqliteFiles } from "../support/session-stores.js";

const sqliteFile = sqliteFiles("inspect-command");
const postgresSchema = postgresSchemas();

/** A store at `url` (a fresh SQLite file by default) holding the weather session; returns the URL. */
async function seededStore(url = `sqlite:${sqliteFile()}`): Promise<string> {
  const service = await openSessionService(url);
  await seedWeatherSession(service);
  await service.close();
  return url;
}

/** Runs `partwise inspect` until `use` is done with its URL; returns the exit status and the lines printed. */
async function withInspect(argv: string[], use: (url: string) => Promise<void>): Promise<{ status: number; out: string[] }> {
  const out: string[] = [];
  const stop = new AbortController();
  let announced: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => (announced = resolve));
  const io = {
    out: (line: string) => {
      out.push(line);
      const match = /http:\/\/\S+\//.exec(line);
      if (match) announced(match[0]);
    },
    err: (line: string) => out.push(line),
  };
  const running = runInspect(argv, io, { signal: stop.signal });
  try {
    await use(await Promise.race([url, running.then(() => { throw new Error(`inspect ended early: ${out.join("\n")}`); })]));
  } finally {
    stop.abort();
  }
  return { status: await running, out };
}

/** A session's live stream after `after`, read one `events` message at a time, each in a bounded number of chunks. */
async function openLive(base: string, sessionId: string, after: number) {
  const live = new AbortController();
  const stream = await fetch(new URL(`/sessions/${sessionId}/live?after=${after}`, base), { signal: live.signal });
  expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const reader = stream.body!.getReader();
  let received = "";
  return {
    async next(): Promise<string> {
      const end = () => (received.includes("event: events") ? received.indexOf("\n\n", received.indexOf("event: events")) : -1);
      for (let reads = 0; reads < 100 && end() < 0; reads++) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before a message: ${received}`);
        received += new TextDecoder().decode(value);
      }
      const message = received.slice(received.indexOf("event: events"), end() + 2);
      received = received.slice(end() + 2);
      return message;
    },
    close: () => live.abort(),
  };
}

/** A GET with a chosen Host header (fetch does not let one set it). */
function getWithHost(base: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(base);
    const outgoing = request({ hostname: target.hostname, port: target.port, path: "/", headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

describe("runInspect", () => {
  it("prints its loopback URL, serves the list, a session and its live stream, and writes nothing to the store", async () => {
    const url = await seededStore();
    const file = url.slice("sqlite:".length);
    const before = sha256(file);
    const { status, out } = await withInspect(["--db", url, "--poll-interval", "20"], async (base) => {
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(await (await fetch(base)).text()).toContain("weather-oslo");
      expect(await (await fetch(new URL("/sessions/weather-oslo", base))).text()).toContain("get_weather");
      const live = await openLive(base, "weather-oslo", 7);
      // Events 8 (the last message) and 9 (the compaction boundary), with the states the boundary changed.
      const first = await live.next();
      expect(first).toContain("event: events\nid: 9\n");
      expect(first).toContain('id="e8"');
      expect(first).toContain('id="state-2" hx-swap-oob="true"');
      live.close();
    });
    expect(status).toBe(0);
    expect(out[0]).toMatch(/^partwise inspect: http:\/\/127\.0\.0\.1:\d+\/ \(read-only\); stop with Ctrl-C$/);
    expect(sha256(file)).toBe(before);
  });

  it("shows payload data with --full", async () => {
    const url = await seededStore();
    await withInspect(["--db", url, "--full"], async (base) => {
      expect(await (await fetch(new URL("/sessions/weather-oslo", base))).text()).toContain(WEATHER_SIGNATURE);
    });
  });

  it("serves a PostgreSQL store and follows appends to it on one stream", async () => {
    const url = await seededStore(await postgresSchema());
    await withInspect(["--db", url, "--poll-interval", "20"], async (base) => {
      expect(await (await fetch(base)).text()).toContain("weather-oslo");
      // The stream is open before the appends, so it carries each of them as the store's polls see it.
      const live = await openLive(base, "weather-oslo", 9);
      const writer = await openSessionService(url);
      for (const [index, question] of ["and on Sunday?", "and on Monday?"].entries()) {
        await writer.appendMessage("weather-oslo", message("user", [textPart(question)]));
        const received = await live.next();
        expect(received).toContain(`event: events\nid: ${10 + index}\n`);
        expect(received).toContain(question);
      }
      await writer.close();
      live.close();
    });
  });

  it("refuses other Host headers, methods other than GET, unknown sessions and paths", async () => {
    const url = await seededStore();
    await withInspect(["--db", url], async (base) => {
      expect(await getWithHost(base, "attacker.example")).toBe(421);
      expect(await getWithHost(base, `localhost:${new URL(base).port}`)).toBe(200);
      expect((await fetch(base, { method: "POST" })).status).toBe(405);
      const missing = await fetch(new URL("/sessions/nope", base));
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("There is no session &quot;nope&quot; in this store.");
      expect((await fetch(new URL("/sessions/%E0%A4%A", base))).status).toBe(400);
      expect((await fetch(new URL(`/sessions/${"x".repeat(300)}`, base))).status).toBe(404);
      expect((await fetch(new URL("/sessions/%00/live", base))).status).toBe(404);
      expect((await fetch(new URL("/etc/passwd", base))).status).toBe(404);
    });
  });

  it("exits 2 on usage errors and 1 when the store does not exist", async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await main(["inspect", "extra"], io)).toBe(2);
    expect(await main(["inspect", "--port", "http"], io)).toBe(2);
    expect(await main(["inspect", "--db", "mongodb://x"], io)).toBe(2);
    expect(await main(["inspect", "--db", `sqlite:${sqliteFile()}`], io)).toBe(1);
    expect(lines.join("\n")).toContain("partwise inspect: ");
  });
});
