// partwise messages -> Pydantic AI message JSON (what `ModelMessagesTypeAdapter.validate_json` reads).
// Consecutive system, user and tool messages make one ModelRequest, as Pydantic AI itself builds them;
// each assistant message is one ModelResponse. Every piece without a place is a warning (docs/convert-pydantic-ai.md).
import type {
  PydanticAiBinaryContent,
  PydanticAiModelMessage,
  PydanticAiModelRequest,
  PydanticAiModelResponse,
  PydanticAiRequestPart,
  PydanticAiResponsePart,
  PydanticAiUserContent,
} from "../../../generated/formats/pydantic-ai.js";
import type { Attributes, ErrorObject, History, Media, Message, OpaquePayload, Part } from "../../../generated/types.js";
import { base64ToBytes, bytesToBase64 } from "../../bytes/base64.js";
import { appendPointer } from "../../json/json-location.js";
import { unreachable } from "../../parts/part-kinds.js";
import { partLostWarning, type Converted } from "../conversion.js";
import { extrasFromAttributes, isPydanticAiAttribute, JSON_FIELD_ATTRIBUTE } from "./pydantic-ai-extras.js";
import { PYDANTIC_AI, urlKindOf } from "./pydantic-ai-media.js";
import { splitJoined } from "../../providers/openai-responses/map-openai-responses-item.js";
import { SUMMARY_PART_LENGTHS } from "../../providers/openai-responses/openai-responses-wire.js";
import { isThoughtSignature, PYDANTIC_PROVIDER_NAMES, signatureSlot, SUMMARY_PROVIDER } from "./pydantic-ai-providers.js";

interface WriteState {
  readonly warnings: ErrorObject[];
  /** The `provider_name` of the response being written: a part that names no provider of its own takes it (Google's signatures). */
  readonly messageProvider?: string | undefined;
}

type JsonObject = Record<string, unknown>;

/** What became of a part's payload before `provenance`: nothing yet, placed in a signature, or reported lost. */
type PayloadHandling = "none" | "placed" | "reported";

/**
 * Writes partwise messages (a history document or a message array) as a Pydantic AI message history:
 * the list `JSON.stringify` turns into what `ModelMessagesTypeAdapter.validate_json` reads.
 */
export function toPydanticAiMessages(input: History | readonly Message[]): Converted<PydanticAiModelMessage> {
  const [messages, base] = "messages" in input ? [input.messages, "/messages"] : [input, ""];
  const state: WriteState = { warnings: [] };
  const output: PydanticAiModelMessage[] = [];
  let request: PydanticAiModelRequest | undefined;
  messages.forEach((message, index) => {
    const pointer = appendPointer(base, index);
    if (message.role === "assistant") {
      request = undefined;
      output.push(writeResponse(message, pointer, state));
      return;
    }
    const own = ownFields(message, pointer, state);
    if (request === undefined) {
      request = { ...own.message, kind: "request", parts: [] };
      output.push(request);
    }
    if (own.metadata !== undefined) request.metadata = { ...(request.metadata ?? {}), ...own.metadata };
    request.parts.push(...writeRequestParts(message, own.part, pointer, state));
  });
  return { messages: output, warnings: state.warnings };
}

function lost(state: WriteState, pointer: string, message: string): void {
  state.warnings.push(partLostWarning({ format: PYDANTIC_AI, pointer }, message));
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A message's metadata split into the application's `metadata` and the fields read from Pydantic AI (`pydanticAi`). */
function ownFields(message: Message, pointer: string, state: WriteState): { message: JsonObject; part: JsonObject; metadata: JsonObject | undefined } {
  const { pydanticAi, ...metadata } = message.metadata ?? {};
  const own = isObject(pydanticAi) ? pydanticAi : {};
  if (pydanticAi !== undefined && !isObject(pydanticAi)) lost(state, appendPointer(pointer, "metadata", "pydanticAi"), "metadata.pydanticAi is not an object of message fields");
  return {
    message: isObject(own.message) ? own.message : {},
    part: isObject(own.part) ? own.part : {},
    metadata: Object.keys(metadata).length === 0 ? undefined : metadata,
  };
}

/** The extras of a part (parsed back), reporting attributes that are neither extras nor `allowed`. */
function partExtras(part: Part, pointer: string, allowed: readonly string[], state: WriteState, scope = ""): JsonObject {
  const { fields, invalid } = extrasFromAttributes(part.attributes, scope);
  for (const [key] of Object.entries(part.attributes ?? {})) {
    if (invalid.includes(key)) lost(state, appendPointer(pointer, "attributes", key), `attribute ${key} is not the JSON text of a Pydantic AI field`);
    else if (!isPydanticAiAttribute(key) && !allowed.includes(key)) lost(state, appendPointer(pointer, "attributes", key), `Pydantic AI has no place for attribute ${key} here`);
  }
  return fields;
}

function payloadLost(part: Part, pointer: string, state: WriteState, where: string): void {
  if (part.payload == null) return;
  lost(state, appendPointer(pointer, "payload"), `Pydantic AI has no place for a ${part.payload.provider} ${part.payload.kind} payload on ${where}`);
}

function jsonField(part: Part, field: "args" | "content"): boolean {
  return part.attributes?.[JSON_FIELD_ATTRIBUTE] === field;
}

/** Parses text marked as a JSON value; text that no longer parses (edited) goes as the string it is. */
function markedJson(text: string, marked: boolean): unknown {
  if (!marked) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The request parts of a system, user or tool message: system prompts, user prompts (one per run of content), tool returns. */
function writeRequestParts(message: Message, promptFields: JsonObject, pointer: string, state: WriteState): PydanticAiRequestPart[] {
  const parts: PydanticAiRequestPart[] = [];
  let content: { item: string | PydanticAiUserContent; plain: boolean }[] = [];
  const flush = (): void => {
    if (content.length === 0) return;
    const only = content.length === 1 ? content[0] : undefined;
    parts.push({ ...promptFields, part_kind: "user-prompt", content: only?.plain === true ? only.item as string : content.map(({ item }) => item) });
    content = [];
  };
  message.parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, "parts", index);
    if (message.role === "system") {
      const system = systemPart(part, partPointer, state);
      if (system !== undefined) parts.push(system);
      return;
    }
    switch (part.type) {
      case "text":
        payloadLost(part, partPointer, state, "user text");
        partExtras(part, partPointer, [], state);
        content.push({ item: part.text, plain: true });
        return;
      case "media": {
        const item = userMedia(part, partPointer, state);
        if (item !== undefined) content.push({ item, plain: false });
        return;
      }
      case "tool_result":
        flush();
        parts.push(toolReturn(part, partPointer, state));
        return;
      case "unknown": {
        const raw = rawValue(part, partPointer, state);
        if (raw === undefined) return;
        if (typeof raw.part_kind === "string") {
          flush();
          parts.push(raw as PydanticAiRequestPart);
        } else content.push({ item: raw as PydanticAiUserContent, plain: false });
        return;
      }
      case "reasoning":
      case "tool_call":
        lost(state, partPointer, `a ${part.type} part has no place in a Pydantic AI request (only responses hold thinking and tool calls)`);
        return;
      default:
        unreachable(part, "part");
    }
  });
  flush();
  return parts;
}

function systemPart(part: Part, pointer: string, state: WriteState): PydanticAiRequestPart | undefined {
  if (part.type === "text") {
    payloadLost(part, pointer, state, "a system prompt");
    return { ...partExtras(part, pointer, [], state), part_kind: "system-prompt", content: part.text };
  }
  if (part.type === "unknown") {
    const raw = rawValue(part, pointer, state);
    if (raw !== undefined && typeof raw.part_kind === "string") return raw as PydanticAiRequestPart;
    if (raw !== undefined) lost(state, pointer, "a Pydantic AI content item has no place in a system prompt");
    return undefined;
  }
  lost(state, pointer, `a ${part.type} part has no place in a Pydantic AI system prompt (text only)`);
  return undefined;
}

/** The Pydantic AI value an unknown part of this format holds; another provider's unknown part is reported lost. */
function rawValue(part: Part & { type: "unknown" }, pointer: string, state: WriteState): JsonObject | undefined {
  if (part.provider !== PYDANTIC_AI) {
    lost(state, pointer, `an unknown ${part.provider} ${part.kind} block has no place in Pydantic AI messages`);
    return undefined;
  }
  payloadLost(part, pointer, state, "a Pydantic AI part kept as unknown");
  partExtras(part, pointer, [], state);
  try {
    const value = JSON.parse(part.rawJson) as unknown;
    if (isObject(value)) return value;
  } catch {
    // Reported below, as for any other raw JSON that is not an object.
  }
  lost(state, appendPointer(pointer, "rawJson"), "rawJson is not the JSON object of a Pydantic AI part");
  return undefined;
}

/** A media part as a user content item: bytes, a file URL, or plain text. */
function userMedia(part: Part & { type: "media" }, pointer: string, state: WriteState): PydanticAiUserContent | undefined {
  payloadLost(part, pointer, state, "user media");
  const extras = partExtras(part, pointer, [], state);
  const media = part.media;
  nameLost(media, pointer, state);
  if (media.dataKind === "bytes") return binaryContent(media, extras);
  if (media.dataKind === "url") {
    return { kind: urlKindOf(media.mimeType), url: media.data, media_type: media.mimeType, ...identifier(media), ...extras } as PydanticAiUserContent;
  }
  if (media.mimeType === "text/plain") {
    if (media.id != null) lost(state, appendPointer(pointer, "media", "id"), "Pydantic AI's TextContent has no identifier");
    return { kind: "text-content", content: media.data, ...extras } as PydanticAiUserContent;
  }
  lost(state, pointer, `Pydantic AI holds text given as a string only as text/plain (TextContent), not ${media.mimeType}`);
  return undefined;
}

function identifier(media: Media): JsonObject {
  return typeof media.id === "string" ? { identifier: media.id } : {};
}

function nameLost(media: Media, pointer: string, state: WriteState): void {
  if (media.name != null) lost(state, appendPointer(pointer, "media", "name"), "Pydantic AI media has no display name");
}

function binaryContent(media: Media, extras: JsonObject): PydanticAiBinaryContent {
  return { kind: "binary", data: media.data, media_type: media.mimeType, ...identifier(media), ...extras } as PydanticAiBinaryContent;
}

/** A tool result as a tool return (or the retry prompt it was read from); its content as a string, a list of text and media, or a JSON value. */
function toolReturn(part: Part & { type: "tool_result" }, pointer: string, state: WriteState): PydanticAiRequestPart {
  payloadLost(part, pointer, state, "a tool return");
  const extras = partExtras(part, pointer, [], state);
  const items: (string | PydanticAiUserContent)[] = [];
  part.content.forEach((inner, index) => {
    const innerPointer = appendPointer(pointer, "content", index);
    if (inner.type === "text") {
      payloadLost(inner, innerPointer, state, "tool return text");
      partExtras(inner, innerPointer, [], state);
      items.push(inner.text);
    } else if (inner.type === "media") {
      const item = userMedia(inner, innerPointer, state);
      if (item !== undefined) items.push(item);
    } else lost(state, innerPointer, `a ${inner.type} part has no place in Pydantic AI tool return content (text and media only)`);
  });
  const single = items.length === 1 && typeof items[0] === "string" ? items[0] : undefined;
  const content = single === undefined ? items : markedJson(single, jsonField(part, "content"));
  const ids = { ...(part.id == null ? {} : { tool_call_id: part.id }) };
  if (extras.part_kind === "retry-prompt") {
    return { ...extras, part_kind: "retry-prompt", content: content as string | unknown[], tool_name: part.name ?? null, ...ids } as PydanticAiRequestPart;
  }
  const { outcome: keptOutcome, ...fields } = extras;
  const outcome = part.isError ? { outcome: keptOutcome ?? "failed" } : {};
  return { ...fields, part_kind: "tool-return", tool_name: part.name ?? "", content, ...ids, ...outcome } as PydanticAiRequestPart;
}

function writeResponse(message: Message, pointer: string, state: WriteState): PydanticAiModelResponse {
  const own = ownFields(message, pointer, state);
  const messageProvider = typeof own.message.provider_name === "string" ? own.message.provider_name : undefined;
  const parts: PydanticAiResponsePart[] = [];
  message.parts.forEach((part, index) => {
    const written = responsePart(part, appendPointer(pointer, "parts", index), { ...state, messageProvider });
    if (written !== undefined) parts.push(...[written].flat());
  });
  return { ...own.message, kind: "response", parts, ...(own.metadata === undefined ? {} : { metadata: own.metadata }) } as PydanticAiModelResponse;
}

function responsePart(part: Part, pointer: string, state: WriteState): PydanticAiResponsePart | PydanticAiResponsePart[] | undefined {
  switch (part.type) {
    case "text":
      return { ...provenance(part, pointer, state), part_kind: "text", content: part.text } as PydanticAiResponsePart;
    case "reasoning":
      return thinkingParts(part, pointer, state);
    case "tool_call": {
      const args = markedJson(part.toolCall.arguments, jsonField(part, "args"));
      const id = part.toolCall.id === "" ? {} : { tool_call_id: part.toolCall.id };
      return { ...provenance(part, pointer, state), part_kind: "tool-call", tool_name: part.toolCall.name, args, ...id } as PydanticAiResponsePart;
    }
    case "media": {
      if (part.media.dataKind !== "bytes") {
        lost(state, pointer, `Pydantic AI holds model-made files as bytes only (FilePart), not a media ${part.media.dataKind}`);
        return undefined;
      }
      nameLost(part.media, pointer, state);
      const content = binaryContent(part.media, extrasFromAttributes(part.attributes, "content.").fields);
      return { ...provenance(part, pointer, state), part_kind: "file", content } as PydanticAiResponsePart;
    }
    case "unknown": {
      const raw = rawValue(part, pointer, state);
      if (raw !== undefined && typeof raw.part_kind === "string") return raw as PydanticAiResponsePart;
      if (raw !== undefined) lost(state, pointer, "a Pydantic AI content item has no place in a response");
      return undefined;
    }
    case "tool_result":
      lost(state, pointer, "a tool_result part has no place in a Pydantic AI response (tool returns go in requests)");
      return undefined;
    default:
      return unreachable(part, "part");
  }
}

/**
 * A response part's `provider_name`, `id`, `provider_details` (with Google's thought signature) and extras.
 * The payload's provider wins `provider_name`: Pydantic AI sends a signature only to the provider so named.
 */
function provenance(part: Part, pointer: string, state: WriteState, handled: PayloadHandling = "none", keepId = true, alsoAllowed: readonly string[] = []): JsonObject {
  const extras = partExtras(part, pointer, ["provider", "itemId", ...alsoAllowed], state);
  const { provider_name: keptName, provider_details: keptDetails, ...rest } = extras;
  const attributes: Attributes = part.attributes ?? {};
  const details: JsonObject = isObject(keptDetails) ? { ...keptDetails } : {};
  const payload = part.payload ?? undefined;
  const thought = handled === "none" && payload !== undefined && isThoughtSignature(payload);
  if (thought) details.thought_signature = payload.data;
  else if (handled === "none") payloadLost(part, pointer, state, `a ${part.type} part`);
  const producer = payload !== undefined && (thought || handled === "placed") ? payload.provider : attributes.provider;
  const producerName = producer === undefined ? undefined : PYDANTIC_PROVIDER_NAMES[producer];
  const inherited = attributes.provider === undefined && producerName !== undefined && producerName === state.messageProvider;
  const name = typeof keptName === "string" ? keptName : inherited ? undefined : producerName;
  providerLost(attributes.provider, producer, pointer, state);
  if (!keepId && attributes.itemId !== undefined) lost(state, appendPointer(pointer, "attributes", "itemId"), "a redacted ThinkingPart's id marks it redacted; the item id has no place");
  const id = keepId && attributes.itemId !== undefined ? { id: attributes.itemId } : {};
  return { ...rest, ...id, ...(name === undefined ? {} : { provider_name: name }), ...(Object.keys(details).length === 0 ? {} : { provider_details: details }) };
}

/** Reports an `attributes.provider` that does not read back: none of Pydantic AI's names, ambiguous, or not the payload's. */
function providerLost(provider: string | undefined, producer: string | undefined, pointer: string, state: WriteState): void {
  if (provider === undefined) return;
  const at = appendPointer(pointer, "attributes", "provider");
  if (PYDANTIC_PROVIDER_NAMES[provider] === undefined) lost(state, at, `Pydantic AI has no provider_name for ${provider}`);
  else if (producer !== provider) lost(state, at, `provider_name names the payload's provider (${producer ?? "none"}), not ${provider}`);
  else if (provider !== "openai.responses" && PYDANTIC_PROVIDER_NAMES[provider] === PYDANTIC_PROVIDER_NAMES["openai.responses"]) {
    lost(state, at, `Pydantic AI names both OpenAI APIs "openai"; ${provider} reads back as openai.responses`);
  }
}

/**
 * A reasoning part as ThinkingParts: its signature where the provider's model reads it, its text or
 * summary as content; an OpenAI item with several summaries as one ThinkingPart per summary, as
 * Pydantic AI's OpenAI model writes it (the signature and raw text on the first).
 */
function thinkingParts(part: Part & { type: "reasoning" }, pointer: string, state: WriteState): PydanticAiResponsePart[] {
  const payload = part.payload ?? undefined;
  const slot = payload === undefined ? undefined : signatureSlot(payload);
  const signature = payload === undefined || slot === undefined ? undefined : slotData(payload, slot.utf8Data === true, pointer, state);
  // A payload with a slot is placed, or reported by slotData when its bytes cannot be.
  const handled: PayloadHandling = slot === undefined ? "none" : signature === undefined ? "reported" : "placed";
  const producer = handled === "placed" ? payload?.provider : part.attributes?.provider;
  const summaryFirst = producer === SUMMARY_PROVIDER;
  const written = provenance(part, pointer, state, handled, slot?.redactedId === undefined || signature === undefined, summaryFirst ? [SUMMARY_PART_LENGTHS] : []);
  const content = (summaryFirst ? part.summary : part.text) ?? "";
  const other = summaryFirst ? part.text : part.summary;
  if (other != null && other !== "") {
    if (summaryFirst) {
      const details = isObject(written.provider_details) ? written.provider_details : {};
      written.provider_details = { ...details, raw_content: [other] };
    } else lost(state, appendPointer(pointer, "summary"), "a ThinkingPart holds one text: the summary has no place beside the reasoning text");
  }
  const redacted = slot?.redactedId === undefined || signature === undefined ? {} : { id: slot.redactedId };
  const first = { ...written, ...redacted, part_kind: "thinking", ...(signature === undefined ? {} : { signature }) };
  const lengths = summaryFirst ? part.attributes?.[SUMMARY_PART_LENGTHS] : undefined;
  const summaries = splitJoined(content, lengths);
  // splitJoined gives the text whole when the lengths do not fit it (an edited summary).
  if (lengths !== undefined && summaries.length !== lengths.split(",").length) lost(state, appendPointer(pointer, "attributes", SUMMARY_PART_LENGTHS), "the summary lengths do not fit the summary: written as one summary");
  const [head = "", ...rest] = summaries;
  const later = { ...(written.id === undefined ? {} : { id: written.id }), ...(written.provider_name === undefined ? {} : { provider_name: written.provider_name }), part_kind: "thinking" };
  return [{ ...first, content: head }, ...rest.map((summary) => ({ ...later, content: summary }))] as PydanticAiResponsePart[];
}

/** The signature text for a payload; Bedrock's redacted content is UTF-8 text in Pydantic AI, so bytes that are not UTF-8 are reported. */
function slotData(payload: OpaquePayload, utf8: boolean, pointer: string, state: WriteState): string | undefined {
  if (!utf8) return payload.data;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(base64ToBytes(payload.data));
    if (bytesToBase64(new TextEncoder().encode(text)) === payload.data) return text;
  } catch {
    // Not UTF-8: reported below.
  }
  lost(state, appendPointer(pointer, "payload"), `Pydantic AI keeps ${payload.provider} ${payload.kind} as UTF-8 text; these bytes are not UTF-8 in canonical base64`);
  return undefined;
}
