// What the LangChain oracle tests compare and serve: the opaque pieces of parts in order, and a
// loopback handler that answers with a recorded server-sent event stream.
import type { Part } from "../../../generated/types.js";
import type { Handler } from "../../support/loopback-server.js";

/** The payloads and raw blocks of parts, in order: what must survive a trip through LangChain byte for byte. */
export function payloadsOf(parts: readonly Part[]): unknown[] {
  return parts.flatMap((part): unknown[] => {
    if (part.type === "unknown") return [{ unknown: part.kind, provider: part.provider, rawJson: part.rawJson }];
    return part.payload == null ? [] : [{ type: part.type, ...part.payload }];
  });
}

/** Answers with the recorded event stream text as it was sent. */
export function sseHandler(text: string): Handler {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(text);
  };
}
