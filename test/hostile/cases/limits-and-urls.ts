// Hostile sizes and URLs: endless inputs and oversized events against their limits, store URLs whose
// passwords must never reach a message, and base URLs carrying credentials.
import { PartwiseError } from "../../../src/errors/partwise-error.js";
import { boundedChunks, readBounded } from "../../../src/io/bounded-read.js";
import { ProviderHttpClient } from "../../../src/client/provider-http-client.js";
import { NewlineDelimitedJsonDecoder } from "../../../src/providers/framing/newline-delimited-json.js";
import { ServerSentEventDecoder } from "../../../src/providers/framing/server-sent-events.js";
import { openSessionService } from "../../../src/session/open-session-store.js";
import { type HostileCase, outcomeOf } from "../hostile-case.js";

/** Zero bytes in 64 KiB chunks, at most 64 MiB: the readers must stop at their far smaller limits. */
async function* zeros(): AsyncGenerator<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024);
  for (let sent = 0; sent < 1024; sent++) yield chunk;
}

async function drain(chunks: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of chunks);
}

const SECRET = "Pa55/w@rd:x";

/** Fails (untyped, so the corpus reports it) when the error's message or JSON shows the secret. */
async function withoutSecret(operation: () => unknown): Promise<string> {
  try {
    await operation();
    return "accepted";
  } catch (error) {
    if (error instanceof PartwiseError) {
      const shown = `${error.message}\n${JSON.stringify(error)}`;
      if ([SECRET, "w@rd", encodeURIComponent(SECRET)].some((form) => shown.includes(form))) throw new Error(`the secret reached the error: ${error.message}`);
      return error.code;
    }
    throw error;
  }
}

const sizeCases: HostileCase[] = [1, 1024, 65_536, 1_000_000].flatMap((limit): HostileCase[] => [
  { name: `an endless input read whole under a ${limit}-byte limit`, expected: "input/too-large", run: () => outcomeOf(() => readBounded(zeros(), "stdin", limit, "--max-input-bytes")) },
  { name: `an endless input streamed under a ${limit}-byte limit`, expected: "input/too-large", run: () => outcomeOf(() => drain(boundedChunks(zeros(), "stdin", limit, "--max-input-bytes"))) },
]);

const eventCases: HostileCase[] = [1024, 65_536].flatMap((limit): HostileCase[] => [
  {
    name: `an SSE data line that never ends, over a ${limit}-byte event limit`,
    expected: "stream/event-too-large",
    run: () => outcomeOf(() => {
      const decoder = new ServerSentEventDecoder("anthropic", { maxEventBytes: limit });
      decoder.push(new TextEncoder().encode("data: "));
      for (let sent = 0; sent < 1024; sent++) decoder.push(new TextEncoder().encode("x".repeat(1024)));
    }),
  },
  {
    name: `an SSE event of endless short lines, over a ${limit}-byte event limit`,
    expected: "stream/event-too-large",
    run: () => outcomeOf(() => {
      const decoder = new ServerSentEventDecoder("openai.chat", { maxEventBytes: limit });
      for (let sent = 0; sent < 100_000; sent++) decoder.push(new TextEncoder().encode("data: x\n"));
    }),
  },
  {
    name: `an NDJSON line that never ends, over a ${limit}-byte line limit`,
    expected: "stream/event-too-large",
    run: () => outcomeOf(() => {
      const decoder = new NewlineDelimitedJsonDecoder("ollama", { maxLineBytes: limit });
      for (let sent = 0; sent < 1024; sent++) decoder.push(new TextEncoder().encode(`{"a":"${"y".repeat(1000)}`));
    }),
  },
]);

const STORE_URLS = [
  `postgresx://bob:${SECRET}@127.0.0.1/db`,
  `mysql://bob:${SECRET}@127.0.0.1/db`,
  `redis+unknown://:${SECRET}@127.0.0.1`,
  `sqlitex:/tmp/db?password=${SECRET}`,
  `postgres-ish://127.0.0.1/db?user=bob&password=${SECRET}`,
];

const urlCases: HostileCase[] = [
  ...STORE_URLS.map((url): HostileCase => ({
    name: `a store URL of no known store with a password (${url.split(":")[0]})`,
    expected: "session/storage",
    run: () => withoutSecret(() => openSessionService(url)),
  })),
  ...["anthropic", "google", "openai.chat", "ollama", "mistral"].map((provider): HostileCase => ({
    name: `${provider}: a base URL carrying a user and password`,
    expected: "provider/api-error",
    run: () => withoutSecret(() => new ProviderHttpClient({ provider, model: "m", apiKey: "k", env: {}, maxRetries: 0, baseUrl: `http://bob:${encodeURIComponent(SECRET)}@127.0.0.1:9` }).complete({})),
  })),
];

export const cases: readonly HostileCase[] = [...sizeCases, ...eventCases, ...urlCases];
