// The HTTP side of the provider simulators: a real server on loopback that routes a request to the
// provider's simulator, checks the caller's credentials the provider's way, streams answers chunk by
// chunk, and can be told to fail the next requests (status codes, retry-after, malformed bodies, cut
// streams, errors inside a 200 stream, dropped connections) so clients meet real failure modes.
import { randomBytes } from "node:crypto";
import { type IncomingHttpHeaders, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { UsageError } from "../errors/partwise-error.js";
import { jsonNesting } from "../json/json-nesting.js";
import { unreachable } from "../parts/part-kinds.js";
import { encodeServerSentEvent } from "../providers/framing/server-sent-events.js";
import { type WireContent, contentRefusal } from "./content-check.js";
import { SimulatorSigner } from "./simulator-signatures.js";

export interface SimulatorRequest {
  readonly body: Record<string, unknown>;
  readonly model: string;
  readonly stream: boolean;
  readonly headers: IncomingHttpHeaders;
}

export type SimulatorAnswer =
  | { readonly kind: "json"; readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly kind: "stream"; readonly contentType: string; readonly chunks: readonly Uint8Array[] };

export interface SimulatorContext {
  readonly signer: SimulatorSigner;
  /** A fresh id with a prefix (`msg_`, `toolu_`, ...). */
  nextId(prefix: string, length?: number): string;
}

/** One provider's behaviour: which requests it answers, what it answers, how it says no. */
export interface ProviderSimulator {
  readonly provider: string;
  route(method: string, url: URL, body: Record<string, unknown>): { model: string; stream: boolean } | undefined;
  /**
   * Whether the request carries the expected credentials (the provider's header, or a valid signature).
   * Checked on the raw request, before its body is parsed, as the real APIs check it.
   */
  authorized(headers: IncomingHttpHeaders, url: URL, rawBody: string, apiKey: string): boolean | Promise<boolean>;
  handle(request: SimulatorRequest, context: SimulatorContext): SimulatorAnswer;
  /**
   * The user, system and tool-result blocks of a request as the parts they carry; the server refuses the
   * request with 400 when the spec's content rules do not take one (content-check.ts).
   */
  requestContent?(body: Record<string, unknown>): Iterable<WireContent>;
  /** The provider's error answer for a status (auth failures, injected faults, bad requests). */
  errorAnswer(status: number, type: string, message: string, context: SimulatorContext): SimulatorAnswer;
  /**
   * The chunk that reports an error inside a stream already answered 200 (Ollama's `{"error": ...}`
   * line, Bedrock's exception message), for providers that have one; used by the `stream-error` fault.
   */
  streamError?(message: string, context: SimulatorContext): Uint8Array;
}

/** A failure the simulator produces for the next request instead of answering. */
export type SimulatorFault =
  | { readonly kind: "status"; readonly status: number; readonly retryAfterSeconds?: number }
  | { readonly kind: "malformed-body" }
  | { readonly kind: "cut-stream"; readonly afterChunks: number }
  /** After `afterChunks` chunks, the provider's in-stream error chunk (see ProviderSimulator.streamError), then the end. */
  | { readonly kind: "stream-error"; readonly afterChunks: number; readonly message: string }
  | { readonly kind: "drop-connection" };

export interface SimulatorOptions {
  /** Loopback port (default: any free port). */
  readonly port?: number;
  /** The key the caller must send; none is checked when absent (Bedrock: `accessKeyId:secretAccessKey` or the secret alone, checked by SigV4). */
  readonly apiKey?: string;
  /** The signing secret (default: random per start, so signatures do not survive a restart). */
  readonly secret?: string;
  /** The largest request body read (default 32 MiB, Anthropic's documented request limit); larger ones get 413. */
  readonly maxBodyBytes?: number;
}

/** The default of SimulatorOptions.maxBodyBytes. */
export const DEFAULT_SIMULATOR_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** How deeply a request body may nest; real requests (tool schemas included) stay far below. */
const MAX_BODY_DEPTH = 128;

/** The request body as a JSON object, or why it is refused with 400. */
function parseRequestBody(rawBody: string): { body: Record<string, unknown> } | { problem: string } {
  if (jsonNesting(rawBody).deepest > MAX_BODY_DEPTH) return { problem: `the request body nests deeper than ${MAX_BODY_DEPTH} levels` };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { problem: "the request body is not JSON" };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { problem: "the request body must be a JSON object" };
  return { body: body as Record<string, unknown> };
}

export interface RunningSimulator {
  readonly provider: string;
  readonly url: string;
  /** Requests answered so far (faults included). */
  readonly requestCount: number;
  injectFault(...faults: SimulatorFault[]): void;
  close(): Promise<void>;
}

/** `text` cut into pieces of `size` UTF-16 units (one empty piece for empty text): the deltas of a stream. */
export function pieces(text: string, size: number): string[] {
  const result: string[] = [];
  for (let offset = 0; offset < text.length; offset += size) result.push(text.slice(offset, offset + size));
  return result.length > 0 ? result : [""];
}

const encoder = new TextEncoder();

/** A streamed answer with one SSE event per chunk. */
export function serverSentEventAnswer(events: readonly { readonly event?: string; readonly data: string }[], contentType = "text/event-stream"): SimulatorAnswer {
  return { kind: "stream", contentType, chunks: events.map((event) => encoder.encode(encodeServerSentEvent(event))) };
}

/** ProviderSimulator.authorized for APIs that take the key as `Authorization: Bearer <key>`. */
export function bearerAuthorized(headers: IncomingHttpHeaders, _url: URL, _rawBody: string, apiKey: string): boolean {
  return headers.authorization === `Bearer ${apiKey}`;
}

function writeChunk(response: ServerResponse, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => response.write(chunk, (error) => (error ? reject(error) : resolve())));
}

async function sendAnswer(response: ServerResponse, answer: SimulatorAnswer, cutAfterChunks?: number): Promise<void> {
  if (answer.kind === "json") {
    response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    response.end(JSON.stringify(answer.body));
    return;
  }
  response.writeHead(200, { "content-type": answer.contentType, "cache-control": "no-cache" });
  response.flushHeaders();
  const chunks = cutAfterChunks === undefined ? answer.chunks : answer.chunks.slice(0, cutAfterChunks);
  // Each chunk is flushed before the next, so the client sees the stream arrive in pieces.
  for (const chunk of chunks) await writeChunk(response, chunk);
  if (cutAfterChunks === undefined) {
    response.end();
  } else {
    // A cut stream ends the connection abruptly after what was sent, as a dropped upstream would.
    await new Promise((resolve) => setTimeout(resolve, 20));
    response.socket?.destroy();
  }
}

/** Starts a simulator on loopback. */
export async function startSimulatorServer(simulator: ProviderSimulator, options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const signer = new SimulatorSigner(options.secret ?? randomBytes(32).toString("hex"));
  const context: SimulatorContext = {
    signer,
    nextId(prefix, length = 24) {
      const random = randomBytes(length).toString("base64url").replace(/[-_]/g, "x");
      return `${prefix}${random.slice(0, length)}`;
    },
  };
  const faults: SimulatorFault[] = [];
  let requestCount = 0;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_SIMULATOR_MAX_BODY_BYTES;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let refused = false;
    incoming.on("data", (chunk: Buffer) => {
      if (refused) return;
      received += chunk.length;
      if (received <= maxBodyBytes) {
        chunks.push(chunk);
        return;
      }
      // Over the limit: nothing more is kept; the answer goes out and the connection closes after it.
      refused = true;
      chunks.length = 0;
      requestCount++;
      response.setHeader("connection", "close");
      response.on("finish", () => incoming.destroy());
      void sendAnswer(response, simulator.errorAnswer(413, "request_too_large", `the request body is larger than ${maxBodyBytes} bytes`, context)).catch(() => response.destroy());
    });
    incoming.on("end", () => {
      if (refused) return;
      void (async () => {
        requestCount++;
        const rawBody = Buffer.concat(chunks).toString("utf8");
        const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
        // As the real APIs do: the key first, then the body.
        if (options.apiKey !== undefined && !(await simulator.authorized(incoming.headers, url, rawBody, options.apiKey))) {
          return sendAnswer(response, simulator.errorAnswer(401, "authentication_error", "invalid or missing API key", context));
        }
        const parsed = parseRequestBody(rawBody);
        if ("problem" in parsed) return await sendAnswer(response, simulator.errorAnswer(400, "invalid_request_error", parsed.problem, context));
        const body = parsed.body;
        const route = simulator.route(incoming.method ?? "GET", url, body);
        if (!route) return sendAnswer(response, simulator.errorAnswer(404, "not_found_error", `no route for ${incoming.method} ${url.pathname}`, context));
        const refusal = simulator.requestContent ? contentRefusal(simulator.provider, simulator.requestContent(body)) : undefined;
        if (refusal !== undefined) return sendAnswer(response, simulator.errorAnswer(400, "invalid_request_error", refusal, context));
        const request: SimulatorRequest = { body, model: route.model, stream: route.stream, headers: incoming.headers };
        const fault = faults.shift();
        switch (fault?.kind) {
          case "status": {
            const answer = simulator.errorAnswer(fault.status, fault.status === 429 ? "rate_limit_error" : "api_error", `simulated ${fault.status}`, context);
            const retryAfter = fault.retryAfterSeconds === undefined ? {} : { "retry-after": String(fault.retryAfterSeconds) };
            return sendAnswer(response, answer.kind === "json" ? { ...answer, headers: { ...answer.headers, ...retryAfter } } : answer);
          }
          case "malformed-body":
            response.writeHead(200, { "content-type": "application/json" });
            return response.end("<html><body>502 Bad Gateway</body></html>");
          case "drop-connection":
            return response.destroy();
          case "cut-stream":
            return sendAnswer(response, simulator.handle({ ...request, stream: true }, context), fault.afterChunks);
          case "stream-error": {
            const answer = simulator.handle({ ...request, stream: true }, context);
            const errorChunk = simulator.streamError?.(fault.message, context);
            const failing = answer.kind === "stream" && errorChunk ? { ...answer, chunks: [...answer.chunks.slice(0, fault.afterChunks), errorChunk] } : answer;
            return sendAnswer(response, failing);
          }
          case undefined:
            return sendAnswer(response, simulator.handle(request, context));
          default:
            return unreachable(fault, "fault");
        }
      })().catch(() => {
        // The simulator's own failure: the caller learns it failed, not its internals.
        void sendAnswer(response, simulator.errorAnswer(500, "api_error", "the simulator failed to answer this request", context)).catch(() => response.destroy());
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    provider: simulator.provider,
    url: `http://127.0.0.1:${port}`,
    get requestCount() {
      return requestCount;
    },
    injectFault(...added) {
      if (!simulator.streamError && added.some((fault) => fault.kind === "stream-error")) {
        throw new UsageError(`the ${simulator.provider} simulator has no in-stream error to inject`);
      }
      faults.push(...added);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
