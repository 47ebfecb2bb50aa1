// The per-provider conformance vectors: every codec of the registry over its recorded fixtures
// (test/fixtures/<provider>/), as wire input -> the message it decodes to -> the request that message
// replays as. Shared by the check (provider-vectors.test.ts) and the writer (update-provider-vectors.ts).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { ErrorObject, History, Message } from "../../generated/types.js";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import { parseJsonText } from "../../src/json/parse-json-text.js";
import { messageToJson } from "../../src/parts/serialize.js";
import { chunkBatchesFromBytes, chunksFromJsonValues } from "../../src/providers/decode-stream.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { aggregateAll } from "../../src/streaming/aggregate.js";
import { mergeResponses } from "../../src/streaming/message-aggregator.js";

export const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));
export const providerVectorDirectory = join(repositoryRoot, "test/conformance/providers");

/** The user turn every replay history starts with, before the decoded assistant message. */
export const REPLAY_PROMPT = "Replay the answer below.";

/**
 * What a vector feeds the codec: a recorded fixture (path from the repository root) read as
 * `partwise decode` reads it: a blocking response body, a stream as one decoded event per line
 * (`--stream --input jsonl`), or a stream's raw bytes in the provider's framing (`--stream --input raw`).
 */
export interface VectorInput {
  readonly kind: "response" | "stream-jsonl" | "stream-raw";
  readonly file: string;
}

/** An error as a vector records it: its stable code and where, never its wording. */
export interface VectorError {
  readonly code: string;
  readonly pointer?: string;
  readonly line?: number;
  readonly position?: number;
}

export interface VectorResult {
  readonly expected: { readonly message: Record<string, unknown>; readonly info: unknown; readonly complete?: boolean } | { readonly error: VectorError };
  /** How the history [REPLAY_PROMPT as a user message, the expected message] encodes for the provider. */
  readonly replay?: {
    readonly request?: unknown;
    readonly warnings?: readonly VectorError[];
    readonly error?: VectorError;
  };
}

export interface ProviderVector extends VectorResult {
  readonly provider: string;
  readonly input: VectorInput;
}

function vectorError(error: unknown): VectorError {
  if (!PartwiseError.isPartwiseError(error)) throw error;
  return {
    code: error.code,
    ...(error.pointer === undefined ? {} : { pointer: error.pointer }),
    ...(error.line === undefined ? {} : { line: error.line }),
    ...(error.position === undefined ? {} : { position: error.position }),
  };
}

function warningOf(warning: ErrorObject): VectorError {
  return { code: warning.code, ...(warning.pointer === undefined ? {} : { pointer: warning.pointer }) };
}

async function decode(codec: ProviderCodec, input: VectorInput): Promise<{ message: Message; info: unknown; complete?: boolean }> {
  const bytes = readFileSync(join(repositoryRoot, input.file));
  if (input.kind === "response") {
    const decoded = codec.decodeResponse(parseJsonText(bytes.toString("utf8")));
    return { message: decoded.message, info: decoded.info };
  }
  const chunks = input.kind === "stream-jsonl"
    ? chunksFromJsonValues(codec, bytes.toString("utf8").split("\n").flatMap((line, index) => (line.trim() === "" ? [] : [parseJsonText(line, { line: index + 1 })])))
    : chunkBatchesFromBytes(codec, (async function* () { yield new Uint8Array(bytes); })());
  // As `partwise decode --stream`: the responses of the stream merged into one message.
  const merged = mergeResponses(await aggregateAll(chunks));
  return { message: merged.message, info: merged.info, complete: merged.complete };
}

/** Runs a codec over a vector's input: the message it decodes to and the request that message replays as. */
export async function runProviderVector(codec: ProviderCodec, input: VectorInput): Promise<VectorResult> {
  let decoded;
  try {
    decoded = await decode(codec, input);
  } catch (error) {
    return { expected: { error: vectorError(error) } };
  }
  const history: History = {
    format: "partwise.history",
    version: 1,
    messages: [{ role: "user", parts: [{ type: "text", text: REPLAY_PROMPT }] }, decoded.message],
  };
  let replay: VectorResult["replay"];
  try {
    const encoded = codec.encodeRequest(history);
    replay = { request: encoded.body, warnings: encoded.warnings.map(warningOf) };
  } catch (error) {
    replay = { error: vectorError(error) };
  }
  return {
    expected: { message: messageToJson(decoded.message), info: decoded.info, ...(decoded.complete === undefined ? {} : { complete: decoded.complete }) },
    replay,
  };
}

/** The fixture directory of a provider: `test/fixtures/<id>/`, dots written as dashes (`openai.chat` -> `openai-chat`). */
export function fixtureDirectory(provider: string): string {
  return join(repositoryRoot, "test/fixtures", provider.replace(/\./g, "-"));
}

/** The fixture kinds that are wire responses: a suffix, the input kind, and the suffix of the vector's file. */
const FIXTURE_KINDS = [
  { suffix: ".chunks.txt", kind: "stream-jsonl", vector: ".stream.json" },
  { suffix: ".sse", kind: "stream-raw", vector: ".sse.json" },
  { suffix: ".json", kind: "response", vector: ".response.json" },
] as const;

/** A fixture's vector input and the vector's file name; undefined for request bodies and other files. */
function fixtureInput(directory: string, file: string): { name: string; input: VectorInput } | undefined {
  if (file.endsWith(".request.json")) return undefined;
  const fixture = FIXTURE_KINDS.find(({ suffix }) => file.endsWith(suffix));
  if (!fixture) return undefined;
  return {
    name: `${file.slice(0, -fixture.suffix.length)}${fixture.vector}`,
    input: { kind: fixture.kind, file: relative(repositoryRoot, join(directory, file)) },
  };
}

/** The vector files the registry's codecs give over their fixtures, by path relative to providerVectorDirectory. */
export async function buildProviderVectors(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const codec of Object.values(providerCodecs)) {
    const directory = fixtureDirectory(codec.id);
    if (!existsSync(directory)) throw new Error(`provider ${codec.id} has no fixtures: expected ${relative(repositoryRoot, directory)}/`);
    for (const file of readdirSync(directory).sort()) {
      const fixture = fixtureInput(directory, file);
      if (!fixture) continue;
      const vector: ProviderVector = {
        provider: codec.id,
        input: fixture.input,
        ...(await runProviderVector(codec, fixture.input)),
      };
      files.set(`${codec.id}/${fixture.name}`, `${JSON.stringify(vector, null, 2)}\n`);
    }
  }
  return files;
}

/** The vector files of a directory of per-provider folders, by path relative to it (`<provider>/<file>`). */
export function committedVectorFiles(directory: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(directory)) return files;
  for (const provider of readdirSync(directory).sort()) {
    for (const file of readdirSync(join(directory, provider)).sort()) {
      files.set(`${provider}/${file}`, readFileSync(join(directory, provider, file), "utf8"));
    }
  }
  return files;
}

/** The committed vector files, by path relative to providerVectorDirectory. */
export function committedProviderVectors(): Map<string, string> {
  return committedVectorFiles(providerVectorDirectory);
}

/** How built vector files differ from the committed ones: `changed`, `missing` or `orphaned`, with each path. */
export function vectorDrift(built: ReadonlyMap<string, string>, committed: ReadonlyMap<string, string>): string[] {
  return [
    ...[...built].filter(([path, content]) => committed.get(path) !== content).map(([path]) => `${committed.has(path) ? "changed" : "missing"}: ${path}`),
    ...[...committed.keys()].filter((path) => !built.has(path)).map((path) => `orphaned: ${path}`),
  ];
}
