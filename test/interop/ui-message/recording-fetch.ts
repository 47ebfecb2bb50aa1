// A `fetch` for the real AI SDK providers: it records each request's URL and JSON body and answers with a
// recorded reply (JSON, SSE text or AWS event-stream bytes from a cassette), so no traffic leaves the process.
import type { RecordedInteraction } from "../../support/cassettes.js";

export interface RecordedRequest {
  readonly url: string;
  readonly body: unknown;
}

/** The fetch and the requests it saw; `replies` are answered in order, the last one repeated. */
export function recordingFetch(replies: readonly RecordedInteraction[]): { fetch: typeof globalThis.fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === "string" ? init.body : init?.body instanceof Uint8Array ? new TextDecoder().decode(init.body) : "";
    requests.push({ url, body: text === "" ? undefined : JSON.parse(text) });
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)]!;
    return new Response(replyBody(reply), { status: reply.status, headers: { "content-type": reply.contentType || "application/json" } });
  };
  return { fetch, requests };
}

function replyBody(reply: RecordedInteraction): BodyInit {
  switch (reply.body.kind) {
    case "json":
      return JSON.stringify(reply.body.value);
    case "text":
      return reply.body.value;
    case "bytes":
      return new Uint8Array(reply.body.value);
  }
}
