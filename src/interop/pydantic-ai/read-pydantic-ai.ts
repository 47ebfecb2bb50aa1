// Pydantic AI message JSON (what `ModelMessagesTypeAdapter.dump_json` writes) -> partwise messages. A
// request splits into system, user and tool messages; a response is one assistant message. Signatures
// become payloads of their provider; fields without a partwise place ride in attributes (docs/convert-pydantic-ai.md).
import type {
  PydanticAiBinaryContent,
  PydanticAiFilePart,
  PydanticAiFileUrl,
  PydanticAiModelMessage,
  PydanticAiModelRequest,
  PydanticAiModelResponse,
  PydanticAiRetryPromptPart,
  PydanticAiSystemPromptPart,
  PydanticAiTextContent,
  PydanticAiTextPart,
  PydanticAiThinkingPart,
  PydanticAiToolCallPart,
  PydanticAiToolReturnPart,
  PydanticAiUserPromptPart,
} from "../../../generated/formats/pydantic-ai.js";
import { validatePydanticAiKnownUserContent, validatePydanticAiModelMessage } from "../../../generated/formats/pydantic-ai-validators.js";
import type { Attributes, ErrorObject, Message, OpaquePayload, Part, Role } from "../../../generated/types.js";
import { textToBase64 } from "../../bytes/base64.js";
import { appendPointer } from "../../json/json-location.js";
import { unreachable } from "../../parts/part-kinds.js";
import { checkFormat, invalidConversionInput, keptAsUnknownWarning, type Converted } from "../conversion.js";
import { extrasAttributes, JSON_FIELD_ATTRIBUTE, withoutNulls } from "./pydantic-ai-extras.js";
import { mediaTypeOf, PYDANTIC_AI, urlKindOf } from "./pydantic-ai-media.js";
import { joinSummaries } from "./pydantic-ai-summaries.js";
import { PARTWISE_PROVIDER_IDS, PYDANTIC_PROVIDER_NAMES, signaturePayloadFor, SUMMARY_PROVIDER, THOUGHT_SIGNATURE } from "./pydantic-ai-providers.js";

/** The request part kinds and the role of the partwise message each lands in. */
const REQUEST_ROLES: Readonly<Record<string, Role>> = { "system-prompt": "system", "user-prompt": "user", "tool-return": "tool", "retry-prompt": "tool" };

interface ReadState {
  readonly warnings: ErrorObject[];
}

/**
 * Reads a Pydantic AI message history (the parsed JSON list) as partwise messages. Raises
 * `convert/invalid-input` with the pointer of the first mismatch when it is not one.
 */
export function fromPydanticAiMessages(document: unknown): Converted<Message> {
  if (!Array.isArray(document)) {
    throw invalidConversionInput({ format: PYDANTIC_AI, pointer: "" }, "expected a list of ModelRequest and ModelResponse messages (ModelMessagesTypeAdapter JSON)");
  }
  const state: ReadState = { warnings: [] };
  const messages: Message[] = [];
  document.forEach((value: unknown, index) => {
    const pointer = `/${index}`;
    const message = checkFormat<PydanticAiModelMessage>(validatePydanticAiModelMessage, value, { format: PYDANTIC_AI, pointer });
    if (message.kind === "request") messages.push(...readRequest(message, pointer, state));
    else messages.push(readResponse(message, pointer, state));
  });
  return { messages, warnings: state.warnings };
}

/** The message metadata: the application's `metadata`, and under `pydanticAi` the message's other fields. */
function messageMetadata(message: PydanticAiModelRequest | PydanticAiModelResponse | undefined, part?: Record<string, unknown>): Record<string, unknown> | undefined {
  const { parts: _parts, kind: _kind, metadata, ...fields } = message ?? { parts: [], kind: "request" as const };
  const own = withoutNulls({ message: withoutNulls(fields), part });
  const result = { ...(metadata ?? {}), ...(own === undefined ? {} : { pydanticAi: own }) };
  return Object.keys(result).length === 0 ? undefined : result;
}

function withMetadata(message: Message, metadata: Record<string, unknown> | undefined): Message {
  return metadata === undefined ? message : { ...message, metadata };
}

function readRequest(request: PydanticAiModelRequest, pointer: string, state: ReadState): Message[] {
  // Each user prompt is one user message (its own fields under metadata.pydanticAi.part); runs of system
  // prompts and of tool returns are one message each.
  const read: { message: Message; promptFields?: Record<string, unknown> | undefined }[] = [];
  request.parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, "parts", index);
    const role = REQUEST_ROLES[part.part_kind];
    if (role === "user") {
      const prompt = part as PydanticAiUserPromptPart;
      const { content: _content, part_kind: _kind, ...fields } = prompt;
      read.push({ message: { role, parts: readUserContent(prompt, partPointer, state) }, promptFields: withoutNulls(fields) });
      return;
    }
    const last = read.at(-1);
    const converted = role === undefined ? keptRaw(part, partPointer, state) : readRequestPart(part as RequestPart);
    if (role !== undefined && last !== undefined && last.message.role === role) last.message.parts.push(converted);
    else read.push({ message: { role: role ?? "user", parts: [converted] } });
  });
  if (read.length === 0) read.push({ message: { role: "user", parts: [] } });
  return read.map(({ message, promptFields }, index) => withMetadata(message, messageMetadata(index === 0 ? request : undefined, promptFields)));
}

type RequestPart = PydanticAiSystemPromptPart | PydanticAiToolReturnPart | PydanticAiRetryPromptPart;

function readRequestPart(part: RequestPart): Part {
  switch (part.part_kind) {
    case "system-prompt": return withAttributes({ type: "text", text: part.content }, extrasAttributes(part, new Set(["part_kind", "content"])));
    case "retry-prompt": return readRetryPrompt(part);
    case "tool-return": return readToolReturn(part);
    default: return unreachable(part, "request part");
  }
}

function readToolReturn(part: PydanticAiToolReturnPart): Part {
  const consumed = new Set(["part_kind", "tool_name", "content", "tool_call_id"]);
  if (part.outcome === undefined || part.outcome === "success" || part.outcome === "failed") consumed.add("outcome");
  const content = toolContent(part.content);
  const attributes = { ...extrasAttributes(part, consumed), ...content.attributes };
  return withAttributes({
    type: "tool_result",
    ...(part.tool_call_id === undefined ? {} : { id: part.tool_call_id }),
    ...(part.tool_name === "" ? {} : { name: part.tool_name }),
    content: content.parts,
    isError: part.outcome !== undefined && part.outcome !== "success",
  }, attributes);
}

/** A retry prompt reads as a failed tool result; `pydanticAi.part_kind` says what it was so it is written back as one. */
function readRetryPrompt(part: PydanticAiRetryPromptPart): Part {
  const json = typeof part.content !== "string";
  const attributes = { ...extrasAttributes(part, new Set(["content", "tool_name", "tool_call_id"])), ...(json ? { [JSON_FIELD_ATTRIBUTE]: "content" } : {}) };
  return withAttributes({
    type: "tool_result",
    ...(part.tool_call_id === undefined ? {} : { id: part.tool_call_id }),
    ...(part.tool_name == null ? {} : { name: part.tool_name }),
    content: [{ type: "text", text: typeof part.content === "string" ? part.content : JSON.stringify(part.content) }],
    isError: true,
  }, attributes);
}

/** Tool return content: text and media items as parts, any other JSON value as its JSON text (marked). */
function toolContent(content: unknown): { parts: Part[]; attributes: Attributes } {
  if (typeof content === "string") return { parts: [{ type: "text", text: content }], attributes: {} };
  const items = Array.isArray(content) && content.every((item) => typeof item === "string" || validatePydanticAiKnownUserContent(item));
  if (items) return { parts: (content as unknown[]).map((item) => contentItemPart(item as string | KnownContent)), attributes: {} };
  if (content === undefined) return { parts: [], attributes: {} };
  return { parts: [{ type: "text", text: JSON.stringify(content) }], attributes: { [JSON_FIELD_ATTRIBUTE]: "content" } };
}

type KnownContent = PydanticAiBinaryContent | PydanticAiFileUrl | PydanticAiTextContent;

function readUserContent(prompt: PydanticAiUserPromptPart, pointer: string, state: ReadState): Part[] {
  if (typeof prompt.content === "string") return [{ type: "text", text: prompt.content }];
  return prompt.content.map((item, index) => {
    if (typeof item === "string" || validatePydanticAiKnownUserContent(item)) return contentItemPart(item as string | KnownContent);
    return keptRaw(item, appendPointer(pointer, "content", index), state, item.kind);
  });
}

function contentItemPart(item: string | KnownContent): Part {
  if (typeof item === "string") return { type: "text", text: item };
  if (item.kind === "binary") return binaryPart(item, "");
  if (item.kind === "text-content") {
    return withAttributes({ type: "media", media: { mimeType: "text/plain", data: item.content, dataKind: "string" } }, extrasAttributes(item, new Set(["kind", "content"])));
  }
  const mediaType = mediaTypeOf(item.media_type);
  const consumed = new Set(["url", "identifier", ...(mediaType.exact ? ["media_type"] : []), ...(urlKindOf(mediaType.mimeType) === item.kind ? ["kind"] : [])]);
  return withAttributes({
    type: "media",
    media: { ...(typeof item.identifier === "string" ? { id: item.identifier } : {}), mimeType: mediaType.mimeType, data: item.url, dataKind: "url" },
  }, extrasAttributes(item, consumed));
}

/** Bytes as a media part; `scope` prefixes the extras of a file part's nested content. */
function binaryPart(item: PydanticAiBinaryContent, scope: string): Part & { type: "media" } {
  const mediaType = mediaTypeOf(item.media_type);
  const consumed = new Set(["kind", "data", "identifier", ...(mediaType.exact ? ["media_type"] : [])]);
  return withAttributes({
    type: "media",
    media: { ...(typeof item.identifier === "string" ? { id: item.identifier } : {}), mimeType: mediaType.mimeType, data: item.data, dataKind: "bytes" },
  }, extrasAttributes(item, consumed, scope));
}

/** A part or content item partwise has no shape for: an unknown part holding it whole, reported. */
function keptRaw(value: { part_kind?: string; kind?: string }, pointer: string, state: ReadState, tag = value.part_kind): Part {
  const kind = tag === undefined || tag.trim() === "" ? "unnamed" : tag;
  state.warnings.push(keptAsUnknownWarning({ format: PYDANTIC_AI, pointer }, `${kind} is kept as an unknown part (partwise has no part for it); it is written back as received`));
  return { type: "unknown", provider: PYDANTIC_AI, kind, rawJson: JSON.stringify(value) };
}

function withAttributes<P extends Part>(part: P, attributes: Attributes): P {
  return Object.keys(attributes).length === 0 ? part : { ...part, attributes: { ...(part.attributes ?? {}), ...attributes } };
}

function readResponse(response: PydanticAiModelResponse, pointer: string, state: ReadState): Message {
  // Google's model reads a thought signature when the part or its response names Google (models/google.py).
  const messageProvider = response.provider_name == null ? undefined : PARTWISE_PROVIDER_IDS[response.provider_name];
  const parts = response.parts.map((part, index): Part => {
    switch (part.part_kind) {
      case "text": return readText(part as PydanticAiTextPart, messageProvider);
      case "thinking": return readThinking(part as PydanticAiThinkingPart, messageProvider);
      case "tool-call": return readToolCall(part as PydanticAiToolCallPart, messageProvider);
      case "file": return readFile(part as PydanticAiFilePart, messageProvider);
      default: return keptRaw(part, appendPointer(pointer, "parts", index), state);
    }
  });
  return withMetadata({ role: "assistant", parts: joinSummaries(parts) }, messageMetadata(response));
}

/** What a response part's `provider_name`, `id` and `provider_details` become: attributes, and a thought signature payload. */
interface Provenance {
  readonly provider: string | undefined;
  readonly attributes: Attributes;
  readonly payload: OpaquePayload | undefined;
  readonly details: Record<string, unknown>;
}

function provenance(part: { id?: string | null; provider_name?: string | null; provider_details?: Record<string, unknown> | null }, keepId: boolean, messageProvider: string | undefined): Provenance {
  const name = part.provider_name ?? undefined;
  const provider = name === undefined ? undefined : PARTWISE_PROVIDER_IDS[name];
  const attributes: Attributes = {};
  if (provider !== undefined) attributes.provider = provider;
  if (name !== undefined && (provider === undefined || PYDANTIC_PROVIDER_NAMES[provider] !== name)) attributes["pydanticAi.provider_name"] = JSON.stringify(name);
  if (keepId && typeof part.id === "string") attributes.itemId = part.id;
  const { thought_signature: signature, ...details } = part.provider_details ?? {};
  const payload = typeof signature === "string" && (provider ?? messageProvider) === THOUGHT_SIGNATURE.provider
    ? { provider: THOUGHT_SIGNATURE.provider, kind: THOUGHT_SIGNATURE.kind, data: signature }
    : undefined;
  if (payload === undefined && signature !== undefined) details.thought_signature = signature;
  return { provider, attributes, payload, details };
}

const PROVENANCE_FIELDS = ["part_kind", "id", "provider_name", "provider_details"];

function finish<P extends Part>(part: P, origin: Provenance, extras: Attributes, payload = origin.payload): P {
  const details = Object.keys(origin.details).length === 0 ? {} : { "pydanticAi.provider_details": JSON.stringify(origin.details) };
  const withPayload = payload === undefined ? part : { ...part, payload };
  return withAttributes(withPayload, { ...origin.attributes, ...extras, ...details });
}

function readText(part: PydanticAiTextPart, messageProvider: string | undefined): Part {
  const origin = provenance(part, true, messageProvider);
  return finish({ type: "text", text: part.content }, origin, extrasAttributes(part, new Set([...PROVENANCE_FIELDS, "content"])));
}

function readThinking(part: PydanticAiThinkingPart, messageProvider: string | undefined): Part {
  const slot = part.signature == null || part.provider_name == null ? undefined : signaturePayloadFor(PARTWISE_PROVIDER_IDS[part.provider_name] ?? "", part.id);
  const redacted = slot?.redactedId !== undefined;
  const origin = provenance(part, !redacted, messageProvider);
  const consumed = new Set([...PROVENANCE_FIELDS, "content", ...(slot === undefined ? [] : ["signature"])]);
  if (redacted) consumed.add("id");
  const summaryProvider = origin.provider === SUMMARY_PROVIDER;
  const rawContent = summaryProvider ? origin.details.raw_content : undefined;
  const rawText = Array.isArray(rawContent) && rawContent.length === 1 && typeof rawContent[0] === "string" ? rawContent[0] : undefined;
  if (rawText !== undefined) delete origin.details.raw_content;
  const signature = part.signature ?? "";
  const payload = slot === undefined
    ? origin.payload
    : { provider: slot.provider, kind: slot.kind, data: slot.utf8Data === true ? textToBase64(signature) : signature };
  const text = part.content === "" && payload !== undefined ? {} : summaryProvider ? { summary: part.content } : { text: part.content };
  const reasoning: Part = { type: "reasoning", ...text, ...(rawText === undefined ? {} : { text: rawText }) };
  if (slot !== undefined && origin.payload !== undefined) origin.details.thought_signature = origin.payload.data;
  return finish(reasoning, origin, extrasAttributes(part, consumed), payload);
}

function readToolCall(part: PydanticAiToolCallPart, messageProvider: string | undefined): Part {
  const origin = provenance(part, true, messageProvider);
  const json = part.args !== undefined && part.args !== null && typeof part.args !== "string";
  const argumentsText = typeof part.args === "string" ? part.args : part.args == null ? "" : JSON.stringify(part.args);
  const extras = { ...extrasAttributes(part, new Set([...PROVENANCE_FIELDS, "tool_name", "args", "tool_call_id"])), ...(json ? { [JSON_FIELD_ATTRIBUTE]: "args" } : {}) };
  return finish({ type: "tool_call", toolCall: { id: part.tool_call_id ?? "", type: "function", name: part.tool_name, arguments: argumentsText } }, origin, extras);
}

function readFile(part: PydanticAiFilePart, messageProvider: string | undefined): Part {
  const origin = provenance(part, true, messageProvider);
  const media = binaryPart(part.content, "content.");
  return finish(media, origin, extrasAttributes(part, new Set([...PROVENANCE_FIELDS, "content"])));
}
