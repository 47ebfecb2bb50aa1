// A `fetch` for the AI SDK's providers that records each request body and answers with a recorded reply
// (a JSON body, or stream bytes), so the oracle tests run the real generateText / streamText offline.

/** What the fetch saw: the parsed JSON body of each request, in order. */
export interface RecordingFetch {
  readonly fetch: typeof globalThis.fetch;
  readonly bodies: unknown[];
}

/** A fetch answering every request with `reply` (JSON text or bytes) as `contentType`. */
export function recordingFetch(reply: string | Uint8Array, contentType: string): RecordingFetch {
  const bodies: unknown[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const body = init?.body;
    bodies.push(typeof body === "string" ? JSON.parse(body) : body instanceof Uint8Array ? JSON.parse(new TextDecoder().decode(body)) : body);
    return new Response(typeof reply === "string" ? reply : new Blob([reply as Uint8Array<ArrayBuffer>]), { status: 200, headers: { "content-type": contentType } });
  };
  return { fetch, bodies };
}

/** Server-sent events of recorded JSON event lines (one event per non-empty line), as the providers stream them. */
export function serverSentEvents(lines: string): string {
  return lines.split("\n").filter((line) => line.trim() !== "").map((line) => `data: ${line}\n\n`).join("");
}
