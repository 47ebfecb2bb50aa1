// A loopback server for an official SDK client pointed at it: it answers every request with what the test
// set last (a recorded JSON body or recorded SSE bytes) and keeps the bodies the SDK sent.
import { json, loopbackServer } from "../../support/loopback-server.js";

export interface SdkLoopback {
  /** The base URL to give the SDK (`baseUrl`, `serverURL`). */
  readonly url: string;
  /** The next answers: this JSON body, with status 200. */
  answerJson(body: unknown): void;
  /** The next answers: these bytes as `text/event-stream`. */
  answerEvents(bytes: Uint8Array): void;
  /** The path and the parsed JSON body of the last request the SDK sent. */
  lastRequest(): { url: string; body: unknown };
}

export async function sdkLoopback(): Promise<SdkLoopback> {
  let answer = json(200, {});
  const server = await loopbackServer([(request, response) => answer(request, response)]);
  return {
    url: server.url,
    answerJson: (body) => {
      answer = json(200, body);
    },
    answerEvents: (bytes) => {
      answer = (_request, response) => {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.end(bytes);
      };
    },
    lastRequest() {
      const request = server.requests.at(-1);
      if (request === undefined) throw new Error("the SDK sent no request");
      return { url: request.url, body: JSON.parse(request.body) };
    },
  };
}
