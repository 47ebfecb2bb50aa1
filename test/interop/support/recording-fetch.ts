// One `fetch` for the real AI SDK providers in the ModelMessage and UIMessage oracle tests: it records each
// request's URL and JSON body and answers with a recorded reply, so no traffic leaves the process.
import type { RecordedInteraction } from "../../support/cassettes.js";

export interface RecordedRequest {
  readonly url: string;
  readonly body: unknown;
}

/** A recorded reply: a cassette interaction, or a body (JSON text, SSE text or AWS event-stream bytes) with its content type. */
export type RecordedReply = Pick<RecordedInteraction, "status" | "contentType" | "body"> | { readonly contentType: string; readonly bytes: string | Uint8Array };

/** The fetch and the requests it saw; `replies` are answered in order, the last one repeated. */
export function recordingFetch(replies: readonly RecordedReply[]): { fetch: typeof globalThis.fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === "string" ? init.body : init?.body instanceof Uint8Array ? new TextDecoder().decode(init.body) : "";
    requests.push({ url, body: text === "" ? undefined : JSON.parse(text) });
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)]!;
    const status = "status" in reply ? reply.status : 200;
    return new Response(replyBody(reply), { status, headers: { "content-type": reply.contentType || "application/json" } });
  };
  return { fetch, requests };
}

/** Server-sent events of recorded JSON event lines (one event per non-empty line), as the providers stream them. */
export function serverSentEvents(lines: string): string {
  return lines.split("\n").filter((line) => line.trim() !== "").map((line) => `data: ${line}\n\n`).join("");
}

function replyBody(reply: RecordedReply): BodyInit {
  if ("bytes" in reply) return typeof reply.bytes === "string" ? reply.bytes : new Blob([reply.bytes as Uint8Array<ArrayBuffer>]);
  switch (reply.body.kind) {
    case "json":
      return JSON.stringify(reply.body.value);
    case "text":
      return reply.body.value;
    case "bytes":
      return new Uint8Array(reply.body.value);
  }
}
