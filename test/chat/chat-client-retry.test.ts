// ChatClient retries a round whose answer failed inside a 200 answer (a mid-stream overloaded_error) under
// the transport's retry policy, as the transport itself retries the same error sent as an HTTP 529; over
// real HTTP on loopback with a recorded Anthropic stream.
import { describe, expect, it } from "vitest";
import { ChatClient, type ChatEvent } from "../../src/chat/chat-client.js";
import { ProviderHttpClient } from "../../src/client/provider-http-client.js";
import { anthropicCodec } from "../../src/providers/anthropic/index.js";
import { type Handler, json, loopbackServer } from "../support/loopback-server.js";
import { decodeEventLines, readFixtureLines, serverSentEventBytes } from "../providers/support/provider-fixtures.js";

const recorded = readFixtureLines("anthropic", "vercel-ai__anthropic-text.chunks.txt");
const overloaded = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };

function sse(events: readonly unknown[]): Handler {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(serverSentEventBytes(events, (event) => (event as { type: string }).type));
  };
}

async function send(handlers: Handler[], maxRetries: number) {
  const server = await loopbackServer(handlers);
  const chat = new ChatClient({
    codec: anthropicCodec,
    transport: new ProviderHttpClient({ provider: "anthropic", model: "claude-x", baseUrl: server.url, apiKey: "k", env: {}, maxRetries, backoffMs: 1 }),
    stream: true,
    request: { max_tokens: 64 },
  });
  const events: ChatEvent["type"][] = [];
  const result = chat.send("Hello", { onEvent: (event) => events.push(event.type) });
  return { result, events, requests: server.requests };
}

describe("ChatClient", () => {
  it("retries the round when a mid-stream overloaded_error arrives, as the transport retries an HTTP 529", async () => {
    const [expected] = await decodeEventLines(anthropicCodec, recorded);
    const midStream = await send([sse([recorded[0], overloaded]), sse(recorded)], 2);
    const http = await send([json(529, overloaded), sse(recorded)], 2);

    expect((await midStream.result).message).toEqual(expected!.message);
    expect((await http.result).message).toEqual(expected!.message);
    expect([midStream.requests.length, http.requests.length]).toEqual([2, 2]);
    expect(midStream.events.filter((type) => type === "round_retried")).toHaveLength(1);
    expect(http.events).not.toContain("round_retried");
  });

  it("gives up with the provider's error when the retries are used up or the error type is not retryable", async () => {
    const exhausted = await send([sse([recorded[0], overloaded])], 1);
    await expect(exhausted.result).rejects.toMatchObject({ code: "provider/api-error", failure: { errorType: "overloaded_error", retryable: true } });
    expect(exhausted.requests).toHaveLength(2);

    const refused = await send([sse([recorded[0], { type: "error", error: { type: "invalid_request_error", message: "prompt is too long" } }])], 2);
    await expect(refused.result).rejects.toMatchObject({ failure: { errorType: "invalid_request_error", retryable: false } });
    expect(refused.requests).toHaveLength(1);
  });
});
