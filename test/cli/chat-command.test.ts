// `partwise chat` in its own process against hostile servers on loopback: a redirect to another origin
// gets neither the key nor the conversation, a server that never answers cannot hold the command, and an
// answer that never ended is never stored as a whole round.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSessionService } from "../../src/session/open-session-store.js";
import { runCli } from "../support/cli-process.js";
import { json, loopbackServer } from "../support/loopback-server.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("chat-command");

describe("partwise chat", () => {
  it("sends neither the key nor the conversation to another origin when the API redirects there", async () => {
    const elsewhere = await loopbackServer([json(200, { id: "msg_stolen", type: "message", role: "assistant", content: [{ type: "text", text: "stolen answer" }], stop_reason: "end_turn" })]);
    const origin = await loopbackServer([(_request, response) => { response.writeHead(307, { location: `${elsewhere.url}/v1/messages` }); response.end(); }]);
    const result = await runCli(["chat", "--provider", "anthropic", "--base-url", origin.url, "--api-key", "sk-ant-secret", "What is the weather in Paris?"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${origin.url} redirected (307) to another origin, ${elsewhere.url}`);
    expect(result.stdout).not.toContain("stolen answer");
    expect(elsewhere.requests).toHaveLength(0);
  });

  it("gives up on a server that never answers at --first-byte-timeout", async () => {
    const server = await loopbackServer([() => undefined]);
    const result = await runCli(["chat", "--provider", "google", "--base-url", server.url, "--api-key", "g-key", "--first-byte-timeout", "300", "hello"]);
    expect([result.status, result.stderr]).toEqual([1, expect.stringContaining("no response within 300 ms (firstByteTimeoutMs)")]);
  });

  it("stores nothing of a round whose stream ended before its end marker, with --stream", async () => {
    const server = await loopbackServer([(_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end('event: ping\ndata: {"type": "ping"}\n\n');
    }]);
    const database = `sqlite:${join(directory, "sessions.db")}`;
    const result = await runCli(["chat", "--provider", "anthropic", "--base-url", server.url, "--api-key", "k", "--stream", "--session", "cut", "--db", database, "hello"]);
    expect([result.status, result.stderr]).toEqual([1, expect.stringContaining("the message is not whole")]);
    const service = await openSessionService(database);
    try {
      expect(await service.getEvents("cut")).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
