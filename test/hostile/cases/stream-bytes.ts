// Hostile stream bytes per provider, cut from a real stream of its simulator: empty input, keep-alives
// only, cuts at event boundaries and inside events of the first half, invalid UTF-8, and the whole
// stream. Only the whole stream is accepted; everything else ends typed (truncated or invalid wire).
import { toolRequestFields } from "../../../src/chat/tool-declarations.js";
import { ProviderHttpClient } from "../../../src/client/provider-http-client.js";
import { weatherTools } from "../../../src/demo/weather-scenario.js";
import { decodeStream } from "../../../src/providers/decode-stream.js";
import { codecFor, providerCodecs } from "../../../src/providers/registry.js";
import { startSimulator } from "../../../src/simulators/index.js";
import { type HostileCase, outcomeOf } from "../hostile-case.js";

const KEY = "hostile-key";

/** The whole stream the provider's simulator sends for the weather question. */
async function recordStream(provider: string): Promise<Uint8Array> {
  const scenario = codecFor(provider).reasoningRequest;
  const simulator = await startSimulator(provider, { apiKey: KEY });
  try {
    const http = new ProviderHttpClient({
      provider, model: scenario.model, baseUrl: simulator.url, apiKey: KEY, region: "us-east-1",
      awsCredentials: { accessKeyId: "local", secretAccessKey: KEY }, env: {},
    });
    const request = { ...scenario.request, ...toolRequestFields(provider, weatherTools) };
    const encoded = codecFor(provider).encodeRequest([{ role: "user", parts: [{ type: "text", text: "What is the weather in Paris?" }] }], { request });
    const chunks: Uint8Array[] = [];
    for await (const chunk of (await http.stream(encoded.body)).bytes) chunks.push(chunk);
    const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  } finally {
    await simulator.close();
  }
}

const recorded = new Map<string, Promise<Uint8Array>>();
const streamOf = (provider: string) => recorded.get(provider) ?? recorded.set(provider, recordStream(provider)).get(provider)!;

/** The byte offsets where the stream's events end (after SSE's blank line, NDJSON's newline, a whole event-stream frame). */
function eventEnds(provider: string, bytes: Uint8Array): number[] {
  const ends: number[] = [];
  const framing = codecFor(provider).framing;
  if (framing === "aws-event-stream") {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let offset = 0; offset + 4 <= bytes.length; ) ends.push((offset += view.getUint32(offset)));
    return ends;
  }
  const text = new TextDecoder().decode(bytes);
  const separator = framing === "newline-delimited-json" ? "\n" : "\n\n";
  for (let at = text.indexOf(separator); at >= 0; at = text.indexOf(separator, at + separator.length)) {
    ends.push(new TextEncoder().encode(text.slice(0, at + separator.length)).length);
  }
  return ends;
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  if (bytes.length > 0) yield bytes;
}

const decode = (provider: string, bytes: Uint8Array) => outcomeOf(() => decodeStream(codecFor(provider), once(bytes)));

/**
 * How a cut inside event `index` ends: SSE drops the unfinished event; the framings that parse it report
 * it; Gemini's reader reports a body whose first event never completed as not an event stream.
 */
function insideEventOutcome(provider: string, index: number): string {
  if (codecFor(provider).framing !== "server-sent-events") return "provider/invalid-wire";
  return provider === "google" && index === 0 ? "provider/invalid-wire" : "stream/truncated";
}

const KEEP_ALIVE: Readonly<Record<string, string>> = {
  "server-sent-events": ": keep-alive\n\n: keep-alive\n\n",
  "newline-delimited-json": "\n\n\n",
};

const CUTS = [0, 1, 2, 3, 4, 5];

function providerCases(provider: string): HostileCase[] {
  const framing = codecFor(provider).framing;
  const cases: HostileCase[] = [
    { name: `${provider}: an empty stream`, expected: "stream/truncated", run: () => decode(provider, new Uint8Array()) },
    { name: `${provider}: the whole stream`, expected: "accepted", run: async () => decode(provider, await streamOf(provider)) },
    {
      name: `${provider}: invalid UTF-8 in the first event`,
      expected: "provider/invalid-wire",
      run: async () => {
        const bytes = (await streamOf(provider)).slice();
        bytes.fill(0xff, 20, 22);
        return decode(provider, bytes);
      },
    },
  ];
  if (framing in KEEP_ALIVE) {
    // Gemini sends no comments: a body of them alone is not its event stream.
    cases.push({ name: `${provider}: keep-alives only`, expected: provider === "google" ? "provider/invalid-wire" : "stream/truncated", run: () => decode(provider, new TextEncoder().encode(KEEP_ALIVE[framing])) });
  }
  for (const cut of CUTS) {
    // Boundaries in the first half of the stream: no end marker has arrived there yet.
    const boundary = async () => {
      const bytes = await streamOf(provider);
      const ends = eventEnds(provider, bytes);
      return { bytes, ends: ends.slice(0, Math.max(1, Math.floor(ends.length / 2))) };
    };
    cases.push({
      name: `${provider}: cut after event ${cut} of the first half`,
      expected: "stream/truncated",
      run: async () => {
        const { bytes, ends } = await boundary();
        return decode(provider, bytes.subarray(0, ends[Math.min(cut, ends.length - 1)]));
      },
    });
    cases.push({
      name: `${provider}: cut inside event ${cut} of the first half`,
      expected: insideEventOutcome(provider, cut),
      run: async () => {
        const { bytes, ends } = await boundary();
        const index = Math.min(cut, ends.length - 1);
        const start = index === 0 ? 0 : ends[index - 1]!;
        return decode(provider, bytes.subarray(0, start + Math.floor((ends[index]! - start) / 2)));
      },
    });
  }
  return cases;
}

export const cases: readonly HostileCase[] = Object.keys(providerCodecs).flatMap(providerCases);
