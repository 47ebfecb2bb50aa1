// A local stand-in of the Acme Think API on loopback (port 0): a weather tool loop whose first answer is a
// sealed thought and a get_weather call, and whose next request must bring the thought back with the seal
// it issued, or it answers 400. Blocking JSON or SSE, as the request asks. Test code, Node only.
import { createHmac } from "node:crypto";
import { type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { isRecord } from "./acme-wire.js";

export const ACME_THOUGHT = "The user asks for the weather in Oslo; get_weather takes a city, so I call it with Oslo.";
export const ACME_ANSWER = "It is 7 °C with light rain in Oslo.";

export interface AcmeSimulator {
  readonly url: string;
  /** The request bodies received, in order. */
  readonly requests: readonly Record<string, unknown>[];
  /** The seal the simulator issues for a thought text. */
  seal(text: string): string;
  close(): Promise<void>;
}

interface Reply {
  readonly stop: "end" | "tool";
  readonly output: readonly Record<string, unknown>[];
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "x-acme-request-id": `req_${status}` });
  response.end(JSON.stringify(body));
}

function refuse(response: ServerResponse, status: number, type: string, message: string): void {
  sendJson(response, status, { error: { type, message } });
}

/** Why the turns cannot be answered: a thought with a seal not issued for its text, or results whose model turn lost its thought. */
function replayProblem(turns: readonly unknown[], seal: (text: string) => string): string | undefined {
  for (const [turnIndex, turn] of turns.entries()) {
    if (!isRecord(turn) || !Array.isArray(turn.items)) return `/turns/${turnIndex} is not a turn with items`;
    for (const [itemIndex, item] of turn.items.entries()) {
      if (isRecord(item) && item.type === "thought" && (typeof item.text !== "string" || item.seal !== seal(item.text))) {
        return `the thought at /turns/${turnIndex}/items/${itemIndex} carries a seal Acme did not issue for its text`;
      }
    }
  }
  const last = turns.at(-1) as { items: unknown[] } | undefined;
  const answersCall = last?.items.some((item) => isRecord(item) && item.type === "result") ?? false;
  const modelTurn = turns.at(-2) as { role?: unknown; items: unknown[] } | undefined;
  if (answersCall && !(modelTurn?.items.some((item) => isRecord(item) && item.type === "thought") ?? false)) {
    return "the model turn before the tool results must come back with its sealed thought";
  }
  return undefined;
}

function sendStream(response: ServerResponse, id: string, model: string, reply: Reply): void {
  response.writeHead(200, { "content-type": "text/event-stream", "x-acme-request-id": `req_${id}` });
  const event = (name: string, data: unknown) => response.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  event("start", { id, model });
  reply.output.forEach((item, index) => {
    if (item.type === "thought" || item.type === "say") {
      const text = String(item.text);
      event("item", { index, item: item.type === "thought" ? { type: "thought", text: "", seal: "" } : { type: "say", text: "" } });
      for (let offset = 0; offset < text.length; offset += 16) event("delta", { index, text: text.slice(offset, offset + 16) });
      if (item.type === "thought") event("seal", { index, seal: item.seal });
    } else {
      event("item", { index, item });
    }
  });
  event("finish", { stop: reply.stop, usage: { in: 42, out: 17 } });
  response.end();
}

/** Starts the simulator on 127.0.0.1; it takes requests carrying `x-acme-key: apiKey`. */
export async function startAcmeSimulator(options: { readonly apiKey: string; readonly secret: string }): Promise<AcmeSimulator> {
  const requests: Record<string, unknown>[] = [];
  const seal = (text: string) => createHmac("sha256", options.secret).update(text).digest("base64url");
  let replies = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/think") return refuse(response, 404, "not_found", `no route ${request.method} ${request.url}`);
      if (request.headers["x-acme-key"] !== options.apiKey) return refuse(response, 401, "authentication", "missing or wrong x-acme-key");
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return refuse(response, 400, "invalid_request", "the body is not JSON");
      }
      if (!isRecord(body) || !Array.isArray(body.turns) || body.turns.length === 0) return refuse(response, 400, "invalid_request", "a request needs a non-empty `turns` list");
      requests.push(body);
      const problem = replayProblem(body.turns, seal);
      if (problem !== undefined) return refuse(response, 400, "invalid_request", problem);
      const last = body.turns.at(-1) as { items: unknown[] };
      const answersCall = last.items.some((item) => isRecord(item) && item.type === "result");
      replies++;
      const reply: Reply = answersCall
        ? { stop: "end", output: [{ type: "say", text: ACME_ANSWER }] }
        : { stop: "tool", output: [{ type: "thought", text: ACME_THOUGHT, seal: seal(ACME_THOUGHT) }, { type: "call", call_id: `call_${body.turns.length}`, tool: "get_weather", input: '{"city":"Oslo"}' }] };
      const id = `reply_${replies}`;
      const model = typeof body.model === "string" ? body.model : "acme-think-1";
      if (body.stream === true) return sendStream(response, id, model, reply);
      sendJson(response, 200, { id, model, output: reply.output, stop: reply.stop, usage: { in: 42, out: 17 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    seal,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
