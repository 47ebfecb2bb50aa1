// Hostile HTTP answers on loopback for every provider's client: redirects to other origins, endless
// bodies, servers that never answer, go silent or drip bytes, and bodies that are not JSON. Nothing may
// reach the other origin, and every case ends in its typed error at small limits.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ProviderHttpClient, type ProviderHttpClientOptions } from "../../../src/client/provider-http-client.js";
import { providerCodecs } from "../../../src/providers/registry.js";
import { type HostileCase, outcomeOf } from "../hostile-case.js";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Runs `use` against a loopback server answering with `handler`; the server is gone when it returns. */
async function withServer<T>(handler: Handler, use: (url: string, requests: () => number) => Promise<T>): Promise<T> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    request.resume();
    request.on("end", () => handler(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => requests);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** At most 4096 chunks of 64 KiB (256 MiB); the client must stop long before. */
function endless(status: number, contentType: string): Handler {
  const chunk = "x".repeat(64 * 1024);
  return (_request, response) => {
    response.writeHead(status, { "content-type": contentType });
    let sent = 0;
    response.on("close", () => (sent = 4096));
    const pump = () => {
      while (sent < 4096 && response.write(chunk)) sent++;
      if (sent < 4096) response.once("drain", pump);
      else response.end();
    };
    pump();
  };
}

const silent: Handler = () => undefined;

const headThenSilence: Handler = (_request, response) => {
  response.writeHead(200, { "content-type": "text/event-stream" });
  response.write(":\n");
};

/** One SSE comment every 10 ms, at most 2000 times. */
const dripping: Handler = (_request, response) => {
  response.writeHead(200, { "content-type": "text/event-stream" });
  let drops = 0;
  const timer = setInterval(() => (++drops > 2000 ? clearInterval(timer) : response.write(":\n")), 10);
  response.on("close", () => clearInterval(timer));
};

const html: Handler = (_request, response) => {
  response.writeHead(200, { "content-type": "text/html" });
  response.end("<html>proxy login</html>");
};

function client(provider: string, baseUrl: string, options: Partial<ProviderHttpClientOptions>): ProviderHttpClient {
  return new ProviderHttpClient({
    provider, model: "m", baseUrl, apiKey: "secret-key", region: "us-east-1",
    awsCredentials: { accessKeyId: "AKID", secretAccessKey: "secret" }, env: {}, maxRetries: 0, ...options,
  });
}

interface AnswerCase {
  readonly name: string;
  readonly expected: string;
  readonly handler: Handler;
  readonly stream: boolean;
  readonly options?: Partial<ProviderHttpClientOptions>;
}

const ANSWERS: readonly AnswerCase[] = [
  { name: "an endless 200 body", expected: "provider/response-too-large", handler: endless(200, "application/json"), stream: false, options: { maxResponseBytes: 256 * 1024 } },
  { name: "an endless 500 body", expected: "provider/api-error", handler: endless(500, "text/plain"), stream: false },
  { name: "an endless 200 stream", expected: "provider/response-too-large", handler: endless(200, "text/event-stream"), stream: true, options: { maxStreamBytes: 256 * 1024 } },
  { name: "a server that never answers a blocking call", expected: "provider/timeout", handler: silent, stream: false, options: { firstByteTimeoutMs: 50 } },
  { name: "a server that never answers a stream call", expected: "provider/timeout", handler: silent, stream: true, options: { firstByteTimeoutMs: 50 } },
  { name: "a stream that goes silent after its head", expected: "provider/timeout", handler: headThenSilence, stream: true, options: { idleTimeoutMs: 50 } },
  { name: "a stream that drips bytes forever", expected: "provider/timeout", handler: dripping, stream: true, options: { totalTimeoutMs: 150 } },
  { name: "an HTML page with status 200", expected: "provider/api-error", handler: html, stream: false },
];

const REDIRECTS = [301, 302, 303, 307, 308] as const;

async function drain(bytes: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of bytes);
}

function answerCase(provider: string, answer: AnswerCase): HostileCase {
  return {
    name: `${provider}: ${answer.name}`,
    expected: answer.expected,
    run: () => withServer(answer.handler, (url) => outcomeOf(async () => {
      const http = client(provider, url, answer.options ?? {});
      if (answer.stream) await drain((await http.stream({})).bytes);
      else await http.complete({});
    })),
  };
}

function redirectCase(provider: string, status: (typeof REDIRECTS)[number]): HostileCase {
  let reachedElsewhere = 0;
  return {
    name: `${provider}: a ${status} redirect to another origin`,
    expected: "provider/redirect-refused",
    run: () => withServer((_request, response) => response.end("{}"), (elsewhere, requests) =>
      withServer((_request, response) => {
        response.writeHead(status, { location: `${elsewhere}/stolen` });
        response.end();
      }, async (origin) => {
        const outcome = await outcomeOf(() => client(provider, origin, {}).complete({ messages: ["private"] }));
        reachedElsewhere = requests();
        return outcome;
      })),
    async verify() {
      if (reachedElsewhere !== 0) throw new Error(`${provider}: the other origin received ${reachedElsewhere} requests`);
    },
  };
}

export const cases: readonly HostileCase[] = Object.keys(providerCodecs).flatMap((provider) => [
  ...ANSWERS.map((answer) => answerCase(provider, answer)),
  ...REDIRECTS.map((status) => redirectCase(provider, status)),
]);
