// fast-check arbitraries of valid canonical JSON (every part kind, payloads, attributes, unicode with
// surrogate pairs, nested tool results) and of mutations that make a valid value invalid.
import fc from "fast-check";
import type { Attributes, History, Media, Message, OpaquePayload, Part } from "../../generated/types.js";
import { PROVIDER_IDS } from "../../src/parts/part-kinds.js";

/** Text of any unicode: graphemes, astral characters (surrogate pairs), escapes and control characters. */
export const anyText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\n", "😀👩‍💻", "\u0000\u001f\"\\", "a\u2028b", "Ωμέγα"),
);

const identifier = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);

export const payloadArbitrary: fc.Arbitrary<OpaquePayload> = fc.record({
  provider: fc.constantFrom(...PROVIDER_IDS),
  kind: fc.constantFrom("signature", "redacted_thinking", "thought_signature", "encrypted_content", "redacted_content", "citations"),
  data: fc.base64String({ minLength: 4, maxLength: 64 }),
});

export const attributesArbitrary: fc.Arbitrary<Attributes> = fc.dictionary(
  fc.constantFrom("provider", "itemId", "itemStatus", "phase", "custom"),
  fc.string({ maxLength: 12 }),
  { maxKeys: 3 },
);

/** The optional payload and attributes every part may carry, with null and absent both generated. */
const extrasArbitrary = fc.record(
  { payload: fc.option(payloadArbitrary, { nil: null }), attributes: attributesArbitrary },
  { requiredKeys: [] },
);

const mediaArbitrary: fc.Arbitrary<Media> = fc.oneof(
  fc.record(
    {
      id: fc.option(identifier, { nil: null }),
      mimeType: fc.constantFrom("image/png", "image/jpeg", "application/pdf", "audio/wav"),
      name: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
      data: fc.base64String({ maxLength: 48 }),
      dataKind: fc.constant("bytes" as const),
    },
    { requiredKeys: ["mimeType", "data", "dataKind"] },
  ),
  fc.record(
    {
      mimeType: fc.constantFrom("image/png", "text/plain"),
      data: fc.oneof(fc.webUrl(), anyText),
      dataKind: fc.constantFrom("url" as const, "string" as const),
    },
  ),
);

const leafPart = (depth: number): fc.Arbitrary<Part> => fc.oneof(
  fc.tuple(anyText, extrasArbitrary).map(([text, extras]) => ({ type: "text" as const, text, ...extras })),
  fc.tuple(
    fc.record({ text: fc.option(anyText, { nil: null }), summary: fc.option(anyText, { nil: null }) }, { requiredKeys: [] }),
    extrasArbitrary,
  ).map(([fields, extras]) => ({ type: "reasoning" as const, ...fields, ...extras })),
  fc.tuple(identifier, identifier, fc.json({ maxDepth: 2 }), extrasArbitrary).map(([id, name, argumentsText, extras]) => ({
    type: "tool_call" as const,
    toolCall: { id, type: "function" as const, name, arguments: argumentsText },
    ...extras,
  })),
  fc.tuple(mediaArbitrary, extrasArbitrary).map(([media, extras]) => ({ type: "media" as const, media, ...extras })),
  fc.tuple(fc.constantFrom(...PROVIDER_IDS), identifier, fc.json({ maxDepth: 2 }), extrasArbitrary).map(
    ([provider, kind, rawJson, extras]) => ({ type: "unknown" as const, provider, kind, rawJson, ...extras }),
  ),
  ...(depth > 0 ? [toolResultArbitrary(depth - 1)] : []),
);

function toolResultArbitrary(depth: number): fc.Arbitrary<Part> {
  return fc.tuple(
    fc.record({ id: fc.option(identifier, { nil: null }), name: fc.option(identifier, { nil: null }) }, { requiredKeys: [] }),
    fc.array(leafPart(depth), { maxLength: 3 }),
    fc.boolean(),
    extrasArbitrary,
  ).map(([fields, content, isError, extras]) => ({ type: "tool_result" as const, ...fields, content, isError, ...extras }));
}

/** Any valid part, tool results nested up to two levels. */
export const partArbitrary: fc.Arbitrary<Part> = leafPart(2);

export const messageArbitrary: fc.Arbitrary<Message> = fc.record(
  {
    role: fc.constantFrom("system" as const, "user" as const, "assistant" as const, "tool" as const),
    parts: fc.array(partArbitrary, { maxLength: 6 }),
    // Values that survive JSON text: fc.jsonValue can give -0, which JSON.stringify writes as 0.
    metadata: fc.dictionary(identifier, fc.json({ maxDepth: 2 }).map((text) => JSON.parse(text) as unknown), { maxKeys: 2 }),
  },
  { requiredKeys: ["role", "parts"] },
);

export const historyArbitrary: fc.Arbitrary<History> = fc.array(messageArbitrary, { maxLength: 6 }).map((messages) => ({
  format: "partwise.history" as const,
  version: 1 as const,
  messages,
}));

/** Assistant messages only: what a provider's response decodes to. */
export const assistantMessageArbitrary: fc.Arbitrary<Message> = fc.array(partArbitrary, { minLength: 1, maxLength: 6 })
  .map((parts) => ({ role: "assistant" as const, parts }));

type Mutation = (value: Record<string, unknown>) => void;

/** Ways to break a known part: drop a required field, mistype a field, or corrupt the payload. */
const partMutations: Record<string, Mutation[]> = {
  text: [(part) => delete part.text, (part) => (part.text = 42)],
  reasoning: [(part) => (part.text = 7), (part) => (part.summary = ["x"])],
  tool_call: [
    (part) => delete part.toolCall,
    (part) => ((part.toolCall as Record<string, unknown>).type = "custom"),
    (part) => delete (part.toolCall as Record<string, unknown>).name,
    (part) => ((part.toolCall as Record<string, unknown>).arguments = {}),
  ],
  tool_result: [(part) => delete part.isError, (part) => (part.content = "text"), (part) => (part.isError = "no")],
  media: [
    (part) => ((part.media as Record<string, unknown>).dataKind = "base64"),
    (part) => ((part.media as Record<string, unknown>).mimeType = "image png"),
    (part) => delete part.media,
  ],
  unknown: [(part) => delete part.rawJson, (part) => (part.provider = "")],
  any: [
    (part) => (part.payload = { provider: "anthropic", kind: "signature" }),
    (part) => (part.attributes = { provider: 1 }),
    (part) => (part.payload = "signature"),
  ],
};

/** A history made invalid by one mutation of one part, or of the document or a message. */
export const invalidHistoryArbitrary: fc.Arbitrary<unknown> = fc.tuple(
  historyArbitrary.filter((history) => history.messages.some((message) => message.parts.length > 0)),
  fc.nat(),
  fc.nat(),
  fc.nat(),
).map(([history, messagePick, partPick, mutationPick]) => {
  const copy = structuredClone(history) as unknown as { messages: { role: unknown; parts: Record<string, unknown>[] }[]; version: unknown };
  const withParts = copy.messages.filter((message) => message.parts.length > 0);
  const message = withParts[messagePick % withParts.length]!;
  const part = message.parts[partPick % message.parts.length]!;
  const mutations = [...(partMutations[part.type as string] ?? []), ...partMutations.any!];
  const documentMutations: (() => void)[] = [
    () => (copy.version = 2),
    () => (message.role = "robot"),
    () => (message.parts = {} as never),
  ];
  const all: (() => void)[] = [...mutations.map((mutation) => () => mutation(part)), ...documentMutations];
  all[mutationPick % all.length]!();
  return copy;
});

/** A payload of one of the known providers, with the kinds each issues. */
const anyProviderPayload: fc.Arbitrary<OpaquePayload> = fc.constantFrom(
  ["anthropic", "signature"], ["anthropic", "redacted_thinking"], ["openai.responses", "encrypted_content"],
  ["google", "thought_signature"], ["bedrock", "signature"], ["bedrock", "redacted_content"],
  ["openai.chat", "tool_call_fields"], ["mistral", "signature"],
).chain(([provider, kind]) => fc.base64String({ minLength: 8, maxLength: 40 }).map((data) => ({ provider: provider!, kind: kind!, data: `${provider}:${data}` })));

const producerAttributes = fc.option(fc.record({ provider: fc.constantFrom(...PROVIDER_IDS) }), { nil: undefined });

/**
 * A history any encoder must accept: user text and images, assistant text, reasoning (signed by any
 * provider, or unsigned from any producer), tool calls with object arguments, unknown blocks of any
 * provider, and tool results answering the calls. Payload data is prefixed with its provider so a test
 * can find it in an encoded request.
 */
export const replayableHistoryArbitrary: fc.Arbitrary<History> = fc.array(
  fc.tuple(
    fc.string({ minLength: 1, maxLength: 20 }),
    fc.array(
      fc.oneof(
        fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.option(anyProviderPayload, { nil: undefined })).map(([text, payload]): Part =>
          payload ? { type: "text", text, payload } : { type: "text", text }),
        fc.tuple(fc.string({ maxLength: 20 }), fc.option(anyProviderPayload, { nil: undefined }), producerAttributes).map(([text, payload, attributes]): Part => ({
          type: "reasoning", text, ...(payload ? { payload } : {}), ...(attributes ? { attributes } : {}),
        })),
        fc.tuple(fc.constantFrom(...PROVIDER_IDS), identifier).map(([provider, kind]): Part => ({ type: "unknown", provider, kind, rawJson: JSON.stringify({ type: kind, by: provider }) })),
      ),
      { maxLength: 4 },
    ),
    fc.array(fc.tuple(identifier, fc.option(anyProviderPayload, { nil: undefined })), { maxLength: 2 }),
    fc.option(fc.base64String({ minLength: 4, maxLength: 16 }), { nil: undefined }),
  ),
  { minLength: 1, maxLength: 4 },
).map((rounds) => {
  const messages: Message[] = [];
  rounds.forEach(([question, assistantParts, calls, image], round) => {
    messages.push({
      role: "user",
      parts: [{ type: "text", text: question }, ...(image ? [{ type: "media" as const, media: { mimeType: "image/png", data: image, dataKind: "bytes" as const } }] : [])],
    });
    const callParts: Part[] = calls.map(([name, payload], index) => ({
      type: "tool_call",
      toolCall: { id: `call_${round}_${index}`, type: "function", name, arguments: JSON.stringify({ round, index }) },
      ...(payload ? { payload } : {}),
    }));
    messages.push({ role: "assistant", parts: [...assistantParts, ...callParts] });
    if (calls.length > 0) {
      messages.push({
        role: "tool",
        parts: calls.map(([name], index) => ({ type: "tool_result", id: `call_${round}_${index}`, name, content: [{ type: "text", text: `result ${index}` }], isError: false })),
      });
    }
  });
  return { format: "partwise.history" as const, version: 1 as const, messages };
});
