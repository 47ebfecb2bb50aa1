// The real corpus (test/fixtures/real/): live captures of every provider, each decoded by partwise and
// checked against an independent reading of the wire written from the provider docs: nothing lost,
// opaque values and raw blocks replayed byte for byte to their provider, and never sent to another one.
import { describe, expect, it } from "vitest";
import type { DecodedResponse, Message, Part } from "../../generated/types.js";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import { textPart, toolResultPart } from "../../src/parts/constructors.js";
import { decodeStream } from "../../src/providers/decode-stream.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { type CorpusReply, corpusReplies } from "./real-corpus/corpus-replies.js";
import { argumentValue } from "./real-corpus/reply-readings.js";

const { replies, otherInteractions, cassettes } = corpusReplies();

/** Canonical JSON (sorted keys), so that deep equality is string equality. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Every string and (canonical) node reachable from a value, reading JSON text held in strings (raw blocks). */
function reachable(value: unknown, strings = new Set<string>(), values = new Set<string>()): { strings: Set<string>; values: Set<string> } {
  if (typeof value === "string") {
    strings.add(value);
    if (/^\s*[[{]/.test(value)) {
      try {
        reachable(JSON.parse(value), strings, values);
      } catch {
        // Text that only looks like JSON.
      }
    }
    return { strings, values };
  }
  if (typeof value !== "object" || value === null) return { strings, values };
  values.add(canonical(value));
  for (const field of Array.isArray(value) ? value : Object.values(value)) reachable(field, strings, values);
  return { strings, values };
}

async function* inPieces(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  // Network-sized pieces that cut events, lines and characters anywhere.
  for (let offset = 0; offset < bytes.length; offset += 1000) yield bytes.subarray(offset, offset + 1000);
}

function wireBytes(reply: CorpusReply): Uint8Array {
  const { body } = reply.interaction;
  return body.kind === "bytes" ? body.value : new TextEncoder().encode(body.kind === "text" ? body.value : JSON.stringify(body.value));
}

async function decode(reply: CorpusReply): Promise<DecodedResponse & { complete: boolean }> {
  const { body } = reply.interaction;
  if (!reply.streamed) return { ...reply.codec.decodeResponse(body.kind === "json" ? body.value : JSON.parse(new TextDecoder().decode(wireBytes(reply)))), complete: true };
  const responses = await decodeStream(reply.codec, inPieces(wireBytes(reply)));
  expect(responses, "one response per recorded stream").toHaveLength(1);
  return responses[0]!;
}

const partsOf = (message: Message, type: Part["type"]) => message.parts.filter((part) => part.type === type);
const joinedText = (message: Message) => partsOf(message, "text").map((part) => (part.type === "text" ? part.text : "")).join("");

/** The decoded reply in a history the provider would be sent next: the reply, then answers to its calls. */
function nextTurn(message: Message): Message[] {
  const calls = message.parts.flatMap((part) => (part.type === "tool_call" ? [part.toolCall] : []));
  const answer: Message = calls.length > 0
    ? { role: "tool", parts: calls.map((call) => toolResultPart({ id: call.id, name: call.name, content: "{\"ok\":true}" })) }
    : { role: "user", parts: [textPart("Go on.")] };
  return [{ role: "user", parts: [textPart("Hello.")] }, message, answer];
}

function encodeOrSkip(codec: ProviderCodec, history: Message[]): string {
  try {
    return JSON.stringify(codec.encodeRequest(history).body);
  } catch (error) {
    // A typed refusal sends nothing, so it leaks nothing.
    if (error instanceof PartwiseError) return "";
    throw error;
  }
}

describe("the real corpus", () => {
  it("holds at least 100 live generation replies of every provider", () => {
    const providers = new Set(replies.map((reply) => reply.codec.id));
    console.info(`real corpus: ${cassettes} cassettes, ${replies.length} generation replies (${replies.filter((reply) => reply.streamed).length} streamed), ${otherInteractions} other interactions`);
    expect(replies.length).toBeGreaterThanOrEqual(100);
    expect([...providers].sort()).toEqual(Object.keys(providerCodecs).sort());
  });
});

describe.each(replies.map((reply) => [reply.name, reply] as const))("decode of %s", (_name, reply) => {
  const { reply: expected, errored, ended } = reply.reading;

  if (errored) {
    it("raises a typed error that keeps what arrived before it when the stream carries an error", async () => {
      const failure = await decode(reply).then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(PartwiseError);
    });
    return;
  }

  it("keeps every text, reasoning text, tool call, opaque value and raw block the wire holds", async () => {
    const decoded = await decode(reply);
    expect(decoded.complete, "complete exactly when the end marker arrived").toBe(ended);
    const message = decoded.message;
    expect(joinedText(message)).toBe(expected.texts.join(""));
    const reasoning = partsOf(message, "reasoning").map((part) => (part.type === "reasoning" ? `${part.text ?? ""}\u0000${part.summary ?? ""}` : "")).join("\u0000");
    for (const piece of expected.reasoning) expect(reasoning.includes(piece), `reasoning kept: ${piece.slice(0, 60)}`).toBe(true);
    const calls = message.parts.flatMap((part) => (part.type === "tool_call" ? [part.toolCall] : []));
    expect(calls.map((call) => ({ ...(expected.toolCalls.some((wire) => wire.id !== undefined) ? { id: call.id } : {}), name: call.name, arguments: argumentValue(call.arguments) }))).toEqual(
      expected.toolCalls.map((wire) => ({ ...(wire.id !== undefined ? { id: wire.id } : {}), name: wire.name, arguments: wire.arguments })),
    );
    const kept = reachable(message);
    for (const opaque of expected.opaque) expect(kept.strings.has(opaque), `opaque value kept: ${opaque.slice(0, 40)}`).toBe(true);
    for (const block of [...expected.rawBlocks, ...expected.metadata]) expect(kept.values.has(canonical(block)), `kept: ${canonical(block).slice(0, 120)}`).toBe(true);
    for (const other of expected.otherRoleTexts) expect(joinedText(message).includes(other), `another role's text is not assistant text: ${other.slice(0, 40)}`).toBe(false);
  });

  it("replays its opaque values and raw blocks byte for byte to its provider and to no other", async () => {
    const decoded = await decode(reply);
    const history = nextTurn(decoded.message);
    const own = reachable(JSON.parse(encodeOrSkip(reply.codec, history) || "null"));
    for (const opaque of expected.opaque) expect(own.strings.has(opaque), `replayed: ${opaque.slice(0, 40)}`).toBe(true);
    for (const block of [...expected.rawBlocks, ...expected.replayedBlocks]) expect(own.values.has(canonical(block)), `replayed: ${canonical(block).slice(0, 120)}`).toBe(true);
    const secrets = expected.opaque.filter((opaque) => opaque.length >= 8);
    const foreignCodecs = Object.values(providerCodecs).filter((codec) => codec.id !== reply.codec.id);
    for (const codec of foreignCodecs) {
      const body = encodeOrSkip(codec, history);
      for (const secret of secrets) expect(body.includes(secret), `${codec.id} got ${reply.codec.id}'s ${secret.slice(0, 24)}`).toBe(false);
      const foreign = reachable(JSON.parse(body || "null")).values;
      for (const block of expected.rawBlocks) expect(foreign.has(canonical(block)), `${codec.id} got a raw ${reply.codec.id} block`).toBe(false);
    }
  });
});
