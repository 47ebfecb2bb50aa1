// The HTTP client's limits over real loopback servers: redirects to another origin are refused before
// anything is sent there, and endless, silent or dripping answers end in typed errors at small limits.
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { ProviderHttpClient, type ProviderHttpClientOptions } from "../../src/client/provider-http-client.js";
import { type Handler, json, loopbackServer } from "../support/loopback-server.js";
import { rejectedPartwiseError as caught } from "../support/partwise-failure.js";

const fast = { maxRetries: 2, backoffMs: 1, env: {} };

async function drain(bytes: AsyncIterable<Uint8Array>): Promise<number> {
  let total = 0;
  for await (const chunk of bytes) total += chunk.length;
  return total;
}

/** At most this many 64 KiB chunks (1 GiB): the client must stop reading long before. */
const ENDLESS_CHUNKS = 16_384;

/** Answers `status` with a body that only ends when the client goes away (or after 1 GiB). */
function endless(status: number, contentType: string, chunk = "x".repeat(64 * 1024)): Handler {
  return (_request, response) => {
    response.writeHead(status, { "content-type": contentType });
    let sent = 0;
    response.on("close", () => (sent = ENDLESS_CHUNKS));
    const pump = () => {
      while (sent < ENDLESS_CHUNKS && response.write(chunk)) sent++;
      if (sent < ENDLESS_CHUNKS) response.once("drain", pump);
      else response.end();
    };
    pump();
  };
}

/** Never answers: the connection stays open until the client gives up. */
const silent: Handler = () => undefined;

/** Sends the head and one SSE comment every 20 ms, forever (until the client goes away, or 10 000 times). */
function dripping(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "text/event-stream" });
  let drops = 0;
  const timer = setInterval(() => {
    if (++drops > 10_000) clearInterval(timer);
    else response.write(":\n");
  }, 20);
  response.on("close", () => clearInterval(timer));
}

function redirect(status: number, location: string): Handler {
  return (_request, response) => {
    response.writeHead(status, { location });
    response.end();
  };
}

function client(provider: string, baseUrl: string, options: Partial<ProviderHttpClientOptions> = {}): ProviderHttpClient {
  return new ProviderHttpClient({ provider, model: "m", baseUrl, ...fast, ...options });
}

describe("ProviderHttpClient redirects", () => {
  it.each([
    ["anthropic", { apiKey: "sk-ant-secret" }, "x-api-key"],
    ["google", { apiKey: "g-secret" }, "x-goog-api-key"],
    ["openai.chat", { apiKey: "sk-secret" }, "authorization"],
  ] as const)("refuses a 307 to another origin and sends %s's key and body nowhere else when redirected", async (provider, options, header) => {
    const elsewhere = await loopbackServer([json(200, { stolen: true })]);
    const origin = await loopbackServer([redirect(307, `${elsewhere.url}/v1/messages`)]);
    const error = await caught(client(provider, origin.url, options).complete({ messages: [{ role: "user", content: "private" }] }));
    expect(error.code).toBe("provider/redirect-refused");
    expect(error.message).toContain(origin.url);
    expect(error.message).toContain(elsewhere.url);
    expect(elsewhere.requests).toHaveLength(0);
    expect(origin.requests).toHaveLength(1);
    expect(origin.requests[0]?.headers[header]).toBeDefined();
  });

  it("refuses a redirect from http to https on the same host, another origin", async () => {
    const origin = await loopbackServer([redirect(308, "https://127.0.0.1/v1/messages")]);
    const error = await caught(client("anthropic", origin.url, { apiKey: "k" }).stream({}));
    expect([error.code, error.details?.to]).toEqual(["provider/redirect-refused", "https://127.0.0.1"]);
  });

  it("follows a same-origin 307 with the same method, key and body", async () => {
    const server = await loopbackServer([redirect(307, "/moved"), json(200, { ok: true })]);
    expect(await client("anthropic", server.url, { apiKey: "k" }).complete({ max_tokens: 1 })).toEqual({ ok: true });
    const [first, second] = server.requests;
    expect([second?.method, second?.url, second?.headers["x-api-key"], second?.body]).toEqual(["POST", "/moved", "k", first?.body]);
  });

  it("turns a POST into a GET without a body when a same-origin 303 says so", async () => {
    const server = await loopbackServer([redirect(303, "/result"), json(200, { ok: true })]);
    expect(await client("mistral", server.url, { apiKey: "k" }).complete({})).toEqual({ ok: true });
    expect([server.requests[1]?.method, server.requests[1]?.body, server.requests[1]?.headers["content-type"]]).toEqual(["GET", "", undefined]);
  });

  it("re-signs a Bedrock request for the URL a same-origin redirect names", async () => {
    const server = await loopbackServer([redirect(307, "/model/other/converse"), json(200, { output: {} })]);
    const bedrock = client("bedrock", server.url, { region: "us-east-1", awsCredentials: { accessKeyId: "AKID", secretAccessKey: "secret" } });
    await bedrock.complete({ messages: [] });
    const [first, second] = server.requests;
    expect(second?.url).toBe("/model/other/converse");
    expect(second?.headers.authorization).not.toBe(first?.headers.authorization);
  });

  it("gives up after five redirects within one origin", async () => {
    const server = await loopbackServer([redirect(307, "/again")]);
    const error = await caught(client("ollama", server.url).complete({}));
    expect([error.code, server.requests.length]).toEqual(["provider/redirect-refused", 6]);
  });
});

describe("ProviderHttpClient limits", () => {
  it("cuts an endless 200 body at maxResponseBytes with provider/response-too-large", async () => {
    const server = await loopbackServer([endless(200, "application/json")]);
    const error = await caught(client("anthropic", server.url, { maxResponseBytes: 1024 * 1024 }).complete({}));
    expect([error.code, error.details?.limitBytes]).toEqual(["provider/response-too-large", 1024 * 1024]);
  });

  it("reads only the head of an endless 500 body and reports the API error", async () => {
    const server = await loopbackServer([endless(500, "text/plain", "overloaded ".repeat(6000))]);
    const error = await caught(client("openai.chat", server.url, { maxRetries: 0 }).complete({}));
    expect([error.code, error.details?.status]).toEqual(["provider/api-error", 500]);
    expect(error.message.length).toBeLessThan(1000);
  });

  it("cuts an endless stream at maxStreamBytes", async () => {
    const server = await loopbackServer([endless(200, "text/event-stream", ":".repeat(64 * 1024 - 1) + "\n")]);
    const { bytes } = await client("openai.responses", server.url, { maxStreamBytes: 512 * 1024 }).stream({});
    const error = await caught(drain(bytes));
    expect([error.code, error.details?.limit]).toEqual(["provider/response-too-large", "maxStreamBytes"]);
  });

  it("stops waiting for a server that never answers at firstByteTimeoutMs, without retrying", async () => {
    const server = await loopbackServer([silent]);
    const error = await caught(client("deepseek", server.url, { firstByteTimeoutMs: 100 }).complete({}));
    expect([error.code, error.details?.phase, server.requests.length]).toEqual(["provider/timeout", "first-byte", 1]);
  });

  it("ends a stream that goes silent after its head at idleTimeoutMs", async () => {
    const server = await loopbackServer([(_request, response) => { response.writeHead(200, { "content-type": "text/event-stream" }); response.write("event: ping\n"); }]);
    const { bytes } = await client("anthropic", server.url, { idleTimeoutMs: 100 }).stream({});
    const error = await caught(drain(bytes));
    expect([error.code, error.details?.phase]).toEqual(["provider/timeout", "idle"]);
  });

  it("ends a stream that drips bytes forever at totalTimeoutMs", async () => {
    const server = await loopbackServer([(_request, response) => dripping(response)]);
    const { bytes } = await client("mistral", server.url, { totalTimeoutMs: 300 }).stream({});
    const error = await caught(drain(bytes));
    expect([error.code, error.details?.phase]).toEqual(["provider/timeout", "total"]);
  });

  it("lets the caller's abort win over the limits", async () => {
    const server = await loopbackServer([silent]);
    const controller = new AbortController();
    const call = client("google", server.url, { apiKey: "k" }).complete({}, { signal: controller.signal });
    controller.abort(new Error("user gave up"));
    await expect(call).rejects.toThrow("user gave up");
  });

  it("serializes a limit error to plain JSON with its provider and details", async () => {
    const server = await loopbackServer([silent]);
    const error = await caught(client("ollama", server.url, { firstByteTimeoutMs: 50 }).complete({}));
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: "ProviderLimitError", code: "provider/timeout", provider: "ollama", details: { limitMs: 50, limit: "firstByteTimeoutMs" } });
  });
});
