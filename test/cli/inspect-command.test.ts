// `partwise inspect` as a user starts it: it prints its URL, serves the pages and the live stream on
// loopback, refuses other hosts, methods and paths, and leaves the store's file byte for byte as it was.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { runInspect } from "../../src/cli/inspect-command.js";
import { openSessionService } from "../../src/session/open-session-store.js";
import { seedWeatherSession } from "../support/inspect-sessions.js";
import { sqliteFiles } from "../support/session-stores.js";

const sqliteFile = sqliteFiles("inspect-command");

async function seededStore(): Promise<{ file: string; url: string }> {
  const file = sqliteFile();
  const url = `sqlite:${file}`;
  const service = await openSessionService(url);
  await seedWeatherSession(service);
  await service.close();
  return { file, url };
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
    const { file, url } = await seededStore();
    const before = sha256(file);
    const { status, out } = await withInspect(["--db", url, "--poll-interval", "20"], async (base) => {
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(await (await fetch(base)).text()).toContain("weather-oslo");
      expect(await (await fetch(new URL("/sessions/weather-oslo", base))).text()).toContain("get_weather");
      const live = new AbortController();
      const stream = await fetch(new URL("/sessions/weather-oslo/live?after=7", base), { signal: live.signal });
      expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = stream.body!.getReader();
      let received = "";
      for (let reads = 0; reads < 100 && !received.includes("\n\n", received.indexOf("event: events")); reads++) received += new TextDecoder().decode((await reader.read()).value);
      live.abort();
      // Events 8 (the last message) and 9 (the compaction boundary), with the states the boundary changed.
      expect(received).toContain("event: events\nid: 9\n");
      expect(received).toContain('id="e8"');
      expect(received).toContain('id="state-2" hx-swap-oob="true"');
    });
    expect(status).toBe(0);
    expect(out[0]).toMatch(/^partwise inspect: http:\/\/127\.0\.0\.1:\d+\/ \(read-only\); stop with Ctrl-C$/);
    expect(sha256(file)).toBe(before);
  });

  it("refuses other Host headers, methods other than GET, unknown sessions and paths", async () => {
    const { url } = await seededStore();
    await withInspect(["--db", url], async (base) => {
      expect(await getWithHost(base, "attacker.example")).toBe(421);
      expect(await getWithHost(base, `localhost:${new URL(base).port}`)).toBe(200);
      expect((await fetch(base, { method: "POST" })).status).toBe(405);
      const missing = await fetch(new URL("/sessions/nope", base));
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("There is no session &quot;nope&quot; in this store.");
      expect((await fetch(new URL("/sessions/%E0%A4%A", base))).status).toBe(400);
      expect((await fetch(new URL("/etc/passwd", base))).status).toBe(404);
    });
  });

  it("exits 2 on usage errors and 1 when the store does not exist", async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await main(["inspect", "extra"], io)).toBe(2);
    expect(await main(["inspect", "--port", "http"], io)).toBe(2);
    expect(await main(["inspect", "--db", "redis://x"], io)).toBe(2);
    expect(await main(["inspect", "--db", `sqlite:${sqliteFile()}`], io)).toBe(1);
    expect(lines.join("\n")).toContain("partwise inspect: ");
  });
});
