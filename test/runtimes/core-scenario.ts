// What the runtime tests run in Node, Chromium and workerd alike: recorded provider streams decoded from
// their raw bytes, aggregated, validated and encoded for another provider, through the root export only
// (so a bundle of this module for the browser proves the core needs no Node built-in).
import {
  PROVIDER_IDS,
  codecFor,
  decodeStream,
  mediaFromBytes,
  mediaPart,
  mistralToolCallId,
  parseMessage,
  partsEqual,
  serialize,
  textPart,
  type AggregatedResponse,
  type ProviderId,
} from "../../src/index.js";

/** One recorded stream: the provider that sent it and its raw bytes as base64 (JSON-safe to ship). */
export interface RecordedStream {
  readonly provider: ProviderId;
  readonly name: string;
  readonly base64: string;
}

export interface StreamOutcome {
  readonly name: string;
  readonly responses: unknown;
  /** The aggregated messages as stored: serialize(), then parseMessage() with schema validation. */
  readonly stored: string;
  readonly encodedFor: string;
  readonly encoded: unknown;
}

export interface ScenarioOutcome {
  readonly streams: readonly StreamOutcome[];
  readonly bytes: unknown;
}

/** Network-like delivery: small chunks, so UTF-8 sequences and frames are cut across chunk boundaries. */
const CHUNK_BYTES = 7;

async function* inChunks(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) yield bytes.slice(offset, offset + CHUNK_BYTES);
}

function fromBase64(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

async function runStream(stream: RecordedStream): Promise<StreamOutcome> {
  const responses: AggregatedResponse[] = await decodeStream(codecFor(stream.provider), inChunks(fromBase64(stream.base64)));
  const messages = responses.map((response) => parseMessage(JSON.parse(serialize(response.message))));
  // Encoded for the next provider in the registry's order, so every codec encodes once.
  const target = PROVIDER_IDS[(PROVIDER_IDS.indexOf(stream.provider) + 1) % PROVIDER_IDS.length] as ProviderId;
  const history = [{ role: "user" as const, parts: [textPart("Is it raining in Oslo?")] }, ...messages];
  let encoded: unknown;
  try {
    encoded = codecFor(target).encodeRequest(history, { request: { model: "m" } });
  } catch (error) {
    encoded = { error: (error as { toJSON?: () => unknown }).toJSON?.() ?? String(error) };
  }
  return { name: stream.name, responses: JSON.parse(JSON.stringify(responses)), stored: serialize({ format: "partwise.history", version: 1, messages }), encodedFor: target, encoded };
}

/** The byte helpers that replaced node:buffer and node:crypto, on inputs where runtimes could differ. */
function byteFacts(): unknown {
  const media = mediaPart(mediaFromBytes("application/octet-stream", new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255])));
  const unpadded = { ...media, media: { ...media.media, data: media.media.data.replace(/=+$/, "") } };
  return {
    base64: media.media.data,
    paddingIgnored: partsEqual(media, unpadded),
    mistralIds: ["toolu_01A09q90qw90lq917835lq9", "call_search", "ÿ→☂"].map(mistralToolCallId),
  };
}

export async function runCoreScenario(streams: readonly RecordedStream[]): Promise<ScenarioOutcome> {
  const outcomes: StreamOutcome[] = [];
  for (const stream of streams) outcomes.push(await runStream(stream));
  return { streams: outcomes, bytes: byteFacts() };
}
