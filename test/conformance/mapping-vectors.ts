// The mapping conformance vectors: one per `@example` of every `@mapsTo` block of the spec, placed in its
// provider's wire by the provider's block placement, and the check that the codec honours the block's
// declarations (part kind, `@partField`s, `@payload`s) and encodes the part back to the same block.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { providersDocument } from "../../generated/providers.js";
import type { BlockMapping, History, Message, Part, ProviderDescription } from "../../generated/types.js";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import type { BlockPlacement, BlockTurn, PlacedBlock } from "../../src/providers/block-placement.js";
import { chunksFromJsonValues } from "../../src/providers/decode-stream.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { codecFor } from "../../src/providers/registry.js";
import { aggregateAll } from "../../src/streaming/aggregate.js";
import { mergeResponses } from "../../src/streaming/message-aggregator.js";
import { committedVectorFiles, repositoryRoot } from "./provider-vectors.js";

export const mappingVectorDirectory = join(repositoryRoot, "test/conformance/mappings");

/** The user turn that opens every history a mapping vector encodes. */
export const MAPPING_PROMPT = "What is the weather in Oslo?";

/** One declared block with one of its examples, placed in the provider's wire (format in README.md). */
export interface MappingVector extends PlacedBlock {
  readonly provider: string;
  readonly wireModel: string;
  /** The declared part type (`@mapsTo`). */
  readonly mapsTo: string;
  /** Wire property -> part field path (`@partField`). */
  readonly fields: Readonly<Record<string, string>>;
  /** Wire property -> payload kind (`@payload`). */
  readonly payloads: Readonly<Record<string, string>>;
  /** The `@example` wire value. */
  readonly example: unknown;
}

/** The provider folder of an id, dots written as dashes (`openai.chat` -> `openai-chat`), as for the fixtures. */
function providerFolder(provider: string): string {
  return provider.replace(/\./g, "-");
}

/** The block placement a provider's folder exports from `<folder>-block-placement.ts` (its one function). */
export async function blockPlacementOf(provider: string): Promise<BlockPlacement> {
  const folder = providerFolder(provider);
  const file = join(repositoryRoot, "src/providers", folder, `${folder}-block-placement.ts`);
  if (!existsSync(file)) throw new Error(`provider ${provider} has no block placement: expected src/providers/${folder}/${folder}-block-placement.ts`);
  const exported = Object.values(await import(file)).filter((value) => typeof value === "function");
  if (exported.length !== 1) throw new Error(`src/providers/${folder}/${folder}-block-placement.ts must export exactly one function, the BlockPlacement`);
  return exported[0] as BlockPlacement;
}

/** The file name of a block's nth example (1-based): `<WireModel>.<n>.json`. */
function vectorName(block: BlockMapping, index: number): string {
  return `${block.wireModel}.${index + 1}.json`;
}

/** The vectors of one provider description, by path relative to mappingVectorDirectory. */
export async function providerMappingVectors(provider: ProviderDescription): Promise<Map<string, MappingVector>> {
  const place = await blockPlacementOf(provider.id);
  const vectors = new Map<string, MappingVector>();
  for (const block of provider.blocks) {
    block.examples.forEach((example, index) => {
      const placed = place(block, example);
      if (!placed) throw new Error(`the block placement of ${provider.id} does not place ${block.wireModel}: give it a slot in src/providers/${providerFolder(provider.id)}/${providerFolder(provider.id)}-block-placement.ts`);
      vectors.set(`${provider.id}/${vectorName(block, index)}`, {
        provider: provider.id,
        wireModel: block.wireModel,
        mapsTo: block.part,
        fields: block.fields,
        payloads: block.payloads,
        example,
        ...placed,
      });
    });
  }
  return vectors;
}

/** Every vector the spec and the placements give, as file contents by path relative to mappingVectorDirectory. */
export async function buildMappingVectors(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const provider of providersDocument.providers) {
    for (const [path, vector] of await providerMappingVectors(provider)) files.set(path, `${JSON.stringify(vector, null, 2)}\n`);
  }
  return files;
}

/** The committed mapping vector files, by path relative to mappingVectorDirectory. */
export function committedMappingVectors(): Map<string, string> {
  return committedVectorFiles(mappingVectorDirectory);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string holding a JSON object or array (tool arguments, raw blocks, payload data) compares as that value. */
function asJson(value: unknown): unknown {
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The scalar leaves of a value, JSON texts opened; `skipTags` leaves out `type` members (the tags of parts). */
function leaves(value: unknown, skipTags = false): unknown[] {
  const opened = asJson(value);
  if (Array.isArray(opened)) return opened.flatMap((item) => leaves(item, skipTags));
  if (isRecord(opened)) return Object.entries(opened).flatMap(([key, item]) => (skipTags && key === "type" ? [] : leaves(item, skipTags)));
  return opened === null || opened === undefined ? [] : [opened];
}

/** `image/png` and `png`: a media type and the bare subtype a wire names it by. */
function mediaSubtype(text: string): string | undefined {
  return /^[a-z]+\/([a-z0-9.+-]+)$/.exec(text)?.[1];
}

/**
 * Whether two leaves say the same: equal; a number and the string spelling it; a media type and its
 * subtype (`image/png`, `png`); a data URL and its base64 body; a boolean and a status word (`true` and
 * `error`, `false` and `success`).
 */
function sameLeaf(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left === "boolean" && typeof right === "string") return (right === "error" && left) || (right === "success" && !left);
  if (typeof right === "boolean" && typeof left === "string") return sameLeaf(right, left);
  // Attributes are strings: `expiresAt` holds the number `expires_at` spells.
  if (typeof left === "number" && typeof right === "string") return String(left) === right;
  if (typeof right === "number" && typeof left === "string") return String(right) === left;
  if (typeof left !== "string" || typeof right !== "string") return false;
  return mediaSubtype(left) === right || mediaSubtype(right) === left || left.endsWith(`;base64,${right}`) || right.endsWith(`;base64,${left}`);
}

/**
 * Whether a part field holds a wire value: equal as JSON (JSON texts opened), or, where the two are
 * shaped differently (a `source` object and its `data`, `functionCall` and `toolCall`, a string and
 * text parts), every leaf of one found among the leaves of the other; the `type` tags of canonical
 * parts and tool calls are structure, not values.
 */
export function holdsWireValue(partValue: unknown, wireValue: unknown): boolean {
  // A missing field holds only what says nothing: null, an empty list or object (`summary: []`).
  if (partValue === undefined || partValue === null) return wireValue === undefined || wireValue === null || (typeof wireValue === "object" && leaves(wireValue).length === 0);
  if (isDeepStrictEqual(asJson(partValue), asJson(wireValue))) return true;
  const partLeaves = leaves(partValue, true);
  const wireLeaves = leaves(wireValue);
  if (partLeaves.length === 0 || wireLeaves.length === 0) return false;
  const within = (inner: unknown[], outer: unknown[]) => inner.every((leaf) => outer.some((other) => sameLeaf(leaf, other)));
  return within(partLeaves, wireLeaves) || within(wireLeaves, partLeaves);
}

/** The value at a dotted part field path (`toolCall.arguments`, `attributes.itemId`). */
function fieldValue(part: Part, path: string): unknown {
  let current: unknown = part;
  for (const segment of path.split(".")) current = isRecord(current) ? current[segment] : undefined;
  return current;
}

/** The value at a JSON pointer (RFC 6901), or undefined when it names nothing. */
export function valueAtPointer(document: unknown, pointer: string): unknown {
  if (pointer === "") return document;
  let current: unknown = document;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isRecord(current)) current = Object.hasOwn(current, segment) ? current[segment] : undefined;
    else return undefined;
  }
  return current;
}

/** What the declarations of a vector require of the part its example decoded to, as problems (none when honoured). */
export function declarationProblems(vector: MappingVector, message: Message, from: string): string[] {
  const part = message.parts[vector.partIndex ?? 0];
  if (!part || (vector.partIndex === undefined && message.parts.length !== 1)) {
    return [`${from}: decoded to ${message.parts.length} parts, expected one ${vector.mapsTo} part${vector.partIndex === undefined ? "" : ` at ${vector.partIndex}`}`];
  }
  if (part.type !== vector.mapsTo) return [`${from}: decoded to a ${part.type} part, but @mapsTo declares ${vector.mapsTo}`];
  const example = isRecord(vector.example) ? vector.example : {};
  const problems: string[] = [];
  for (const [property, field] of Object.entries(vector.fields)) {
    if (!Object.hasOwn(example, property)) continue;
    if (!holdsWireValue(fieldValue(part, field), example[property])) {
      problems.push(`${from}: @partField("${field}") on ${property}: the part's ${field} is ${JSON.stringify(fieldValue(part, field))}, which does not hold ${JSON.stringify(example[property])}`);
    }
  }
  for (const [property, kind] of Object.entries(vector.payloads)) {
    if (!Object.hasOwn(example, property)) continue;
    const payload = part.payload;
    if (payload?.provider !== vector.provider || payload.kind !== kind) {
      problems.push(`${from}: @payload("${kind}") on ${property}: the part's payload is ${JSON.stringify(payload ?? null)}, not a ${vector.provider} ${kind} payload`);
    } else if (!holdsWireValue(payload.data, example[property])) {
      problems.push(`${from}: @payload("${kind}") on ${property}: the payload data ${JSON.stringify(payload.data)} does not hold ${JSON.stringify(example[property])}`);
    }
  }
  return problems;
}

/** The history decoded parts are encoded back in: the parts in the message of the vector's turn. */
export function historyFor(turn: BlockTurn, parts: readonly Part[]): History {
  const prompt: Message = { role: "user", parts: [{ type: "text", text: MAPPING_PROMPT }] };
  const messages: Message[] = turn === "user"
    ? [{ role: "user", parts: [...parts] }]
    : turn === "assistant"
      ? [prompt, { role: "assistant", parts: [...parts] }]
      : [prompt, { role: "assistant", parts: parts.map(answeredCall) }, { role: "tool", parts: [...parts] }];
  return { format: "partwise.history", version: 1, messages };
}

/** The tool call a tool result answers: its id and name, so the encoder pairs them. */
function answeredCall(result: Part): Part {
  const id = result.type === "tool_result" ? result.id ?? "call_1" : "call_1";
  const name = result.type === "tool_result" ? result.name ?? "get_weather" : "get_weather";
  return { type: "tool_call", toolCall: { id, type: "function", name, arguments: "{\"city\":\"Oslo\"}" } };
}

/** The block read back from an encoded request: the whole entry, or only the example's members of a message. */
function encodedBlock(expected: unknown, pointer: string, body: unknown): unknown {
  const found = valueAtPointer(body, pointer);
  if (!isRecord(expected) || !isRecord(found)) return found;
  return Object.fromEntries(Object.keys(expected).filter((key) => Object.hasOwn(found, key)).map((key) => [key, found[key]]));
}

function describeError(error: unknown): string {
  if (PartwiseError.isPartwiseError(error)) return `${error.code}${error.pointer === undefined ? "" : ` at ${error.pointer}`}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

async function streamedMessage(codec: ProviderCodec, events: readonly unknown[]): Promise<Message> {
  return mergeResponses(await aggregateAll(chunksFromJsonValues(codec, events))).message;
}

/**
 * Runs one vector against its provider's codec (for its server, when it names one): the blocking decode
 * and, where the block streams, the stream decode must honour the declarations and agree (a block only
 * requests carry gives its part instead); encoding the part back must give the example again. Returns
 * the problems found, none when the codec honours every declaration.
 */
export async function mappingProblems(vector: MappingVector): Promise<string[]> {
  const codec = codecFor(vector.provider, vector.server);
  let message: Message;
  try {
    message = vector.part ? { role: vector.turn, parts: [vector.part] } : codec.decodeResponse(vector.response).message;
  } catch (error) {
    return [`decodeResponse failed: ${describeError(error)}`];
  }
  const problems = declarationProblems(vector, message, vector.part ? "the request part" : "decodeResponse");
  if (vector.stream) {
    try {
      const streamed = await streamedMessage(codec, vector.stream);
      problems.push(...declarationProblems(vector, streamed, "stream decoder"));
      if (!isDeepStrictEqual(streamed.parts, message.parts)) problems.push(`stream decoder: gave ${JSON.stringify(streamed.parts)}, the blocking decoder ${JSON.stringify(message.parts)}`);
    } catch (error) {
      problems.push(`stream decoder failed: ${describeError(error)}`);
    }
  }
  if (problems.length > 0) return problems;
  try {
    const encoded = codec.encodeRequest(historyFor(vector.turn, message.parts));
    const expected = vector.requestBlock ?? vector.example;
    const block = encodedBlock(expected, vector.request, encoded.body);
    if (!isDeepStrictEqual(block, expected)) {
      problems.push(`encodeRequest: ${vector.request} is ${JSON.stringify(block)}, expected ${JSON.stringify(expected)}${encoded.warnings.length ? ` (warnings: ${encoded.warnings.map((warning) => warning.message).join("; ")})` : ""}`);
    }
  } catch (error) {
    problems.push(`encodeRequest failed: ${describeError(error)}`);
  }
  return problems;
}
