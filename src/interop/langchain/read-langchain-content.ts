// LangChain content blocks as partwise parts: the Anthropic-native blocks and the standard v1 blocks
// (contentBlocks), with each payload tagged by the provider whose package wrote it; blocks with no part
// of their own are kept as unknown parts (docs/convert-langchain.md).
import type {
  LangChainContentBlock, LangChainImageBlock, LangChainInvalidToolCallBlock, LangChainNonStandardBlock, LangChainReasoningBlock,
  LangChainDataFields, LangChainToolCall, LangChainToolUseBlock,
} from "../../../generated/formats/langchain.js";
import type { Media, Part } from "../../../generated/types.js";
import { validateLangChainContentBlock } from "../../../generated/formats/langchain-validators.js";
import { joined } from "../../providers/openai-responses/map-openai-responses-item.js";
import { SUMMARY_PART_LENGTHS } from "../../providers/openai-responses/openai-responses-wire.js";
import { LANGCHAIN, PARTWISE_UNKNOWN, type WarningLog } from "./langchain-vocabulary.js";

const ANTHROPIC = "anthropic";
const OPENAI_RESPONSES = "openai.responses";

/** What the blocks of one message are read with. */
export interface BlockReading {
  /** The partwise provider of the message (`response_metadata.model_provider`), if its package replays payloads. */
  readonly provider: string | undefined;
  /** The message's tool calls (`tool_calls`), whose parsed arguments win over a streamed `tool_use` input text. */
  readonly toolCalls: readonly LangChainToolCall[];
  readonly log: WarningLog;
}

function withoutFields(block: object, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(block).filter(([key, value]) => !fields.includes(key) && value !== undefined));
}

function blockFieldsPayload(fields: Record<string, unknown>): Pick<Part, "payload"> {
  return Object.keys(fields).length === 0 ? {} : { payload: { provider: ANTHROPIC, kind: "block_fields", data: JSON.stringify(fields) } };
}

function filename(block: LangChainDataFields): Pick<Media, "name"> {
  const name = block.metadata?.filename ?? block.metadata?.name ?? block.metadata?.title;
  return typeof name === "string" ? { name } : {};
}

/** A media part of a standard data block or an Anthropic-native image source, or undefined when it names a provider file id only. */
function mediaOf(block: LangChainDataFields & { readonly type: string; readonly id?: unknown; readonly source?: Record<string, unknown> }, fallbackMimeType: string): Media | undefined {
  const id = typeof block.id === "string" ? { id: block.id } : {};
  const source = block.source;
  if (source !== undefined) {
    if (source.type === "base64" && typeof source.data === "string") return { ...id, mimeType: typeof source.media_type === "string" ? source.media_type : fallbackMimeType, data: source.data, dataKind: "bytes" };
    if (source.type === "url" && typeof source.url === "string") return { ...id, mimeType: fallbackMimeType, data: source.url, dataKind: "url" };
    return undefined;
  }
  const mimeType = block.mimeType ?? fallbackMimeType;
  if (block.data !== undefined) return { ...id, mimeType, ...filename(block), data: block.data, dataKind: "bytes" };
  if (block.url !== undefined) return { ...id, mimeType, ...filename(block), data: block.url, dataKind: "url" };
  return undefined;
}

function unknownOf(provider: string, kind: string, block: object): Part {
  return { type: "unknown", provider, kind, rawJson: JSON.stringify(withoutFields(block, ["index"])) };
}

function reasoningOf(block: LangChainReasoningBlock, reading: BlockReading): Part {
  if (block.signature !== undefined) return { type: "reasoning", text: block.reasoning, payload: { provider: ANTHROPIC, kind: "signature", data: block.signature } };
  const parts = block.summary !== undefined && block.summary.length > 1 ? joined(block.summary.map((each) => each.text)) : undefined;
  const attributes = { ...(block.id === undefined ? {} : { itemId: block.id }), ...(parts?.lengths === undefined ? {} : { [SUMMARY_PART_LENGTHS]: parts.lengths }) };
  const itemAttributes = Object.keys(attributes).length === 0 ? {} : { attributes };
  const text = parts?.text ?? block.reasoning;
  const summary = text === "" ? {} : { summary: text };
  if (block.encrypted_content !== undefined) {
    return { type: "reasoning", ...summary, payload: { provider: OPENAI_RESPONSES, kind: "encrypted_content", data: block.encrypted_content }, ...itemAttributes };
  }
  if (reading.provider === OPENAI_RESPONSES) return { type: "reasoning", ...summary, ...itemAttributes };
  return { type: "reasoning", text: block.reasoning };
}

function toolUseOf(block: LangChainToolUseBlock, reading: BlockReading): Part {
  // A streamed block's input is JSON text (or empty); the message's parsed tool call then holds the arguments.
  const input = typeof block.input === "string" ? (reading.toolCalls.find((toolCall) => toolCall.id === block.id)?.args ?? safeParse(block.input)) : block.input;
  const fields = withoutFields(block, ["type", "id", "name", "input", "index"]);
  return { type: "tool_call", toolCall: { id: block.id, type: "function", name: block.name, arguments: JSON.stringify(input ?? {}) }, ...blockFieldsPayload(fields) };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function invalidToolCallOf(block: LangChainInvalidToolCallBlock): Part {
  return { type: "tool_call", toolCall: { id: block.id ?? "", type: "function", name: block.name ?? "", arguments: block.args ?? "" } };
}

function nonStandardOf(block: LangChainNonStandardBlock, pointer: string, reading: BlockReading): Part {
  const { value } = block;
  if (value.type === PARTWISE_UNKNOWN && typeof value.provider === "string" && typeof value.kind === "string" && typeof value.rawJson === "string") {
    return { type: "unknown", provider: value.provider, kind: value.kind, rawJson: value.rawJson };
  }
  // The v1 view of an Anthropic message wraps native blocks with no standard shape (redacted thinking, ...).
  if (reading.provider === ANTHROPIC && value.type !== "non_standard" && validateLangChainContentBlock(value)) {
    const native = readBlock(value as unknown as LangChainContentBlock, pointer, reading);
    if (native !== undefined) return native;
  }
  const provider = reading.provider ?? LANGCHAIN;
  reading.log.keptAsUnknown(pointer, `a non_standard block of ${provider} is kept as an unknown part`);
  return { type: "unknown", provider, kind: typeof value.type === "string" ? value.type : "non_standard", rawJson: JSON.stringify(value) };
}

/**
 * The part of one content block, or undefined for a block that only repeats another (a streamed
 * `input_json_delta`). Text extras of an Anthropic block (`citations`, ...) become its block_fields payload.
 */
export function readBlock(block: LangChainContentBlock, pointer: string, reading: BlockReading): Part | undefined {
  switch (block.type) {
    case "text": {
      const fields = withoutFields(block, ["type", "text", "index"]);
      if (reading.provider === ANTHROPIC) return { type: "text", text: block.text as string, ...blockFieldsPayload(fields) };
      for (const key of Object.keys(fields)) {
        if (!(key === "annotations" && Array.isArray(fields[key]) && fields[key].length === 0)) reading.log.lost(`${pointer}/${key}`, `a text part has no place for the text block's ${key}`);
      }
      return { type: "text", text: block.text as string };
    }
    case "thinking":
      return { type: "reasoning", text: block.thinking as string, payload: { provider: ANTHROPIC, kind: "signature", data: block.signature as string } };
    case "redacted_thinking":
      return { type: "reasoning", payload: { provider: ANTHROPIC, kind: "redacted_thinking", data: block.data as string } };
    case "tool_use":
      return toolUseOf(block as LangChainToolUseBlock, reading);
    case "reasoning":
      return reasoningOf(block as LangChainReasoningBlock, reading);
    case "tool_call":
      return { type: "tool_call", toolCall: { id: typeof block.id === "string" ? block.id : "", type: "function", name: block.name as string, arguments: JSON.stringify(block.args) } };
    case "invalid_tool_call":
      return invalidToolCallOf(block as LangChainInvalidToolCallBlock);
    case "input_json_delta":
      return undefined;
    case "non_standard":
      return nonStandardOf(block as LangChainNonStandardBlock, pointer, reading);
    case "text-plain":
      return { type: "media", media: { mimeType: typeof block.mimeType === "string" ? block.mimeType : "text/plain", data: block.text as string, dataKind: "string" } };
    case "image":
    case "file":
    case "audio":
    case "video": {
      const media = mediaOf(block as LangChainImageBlock, "application/octet-stream");
      if (media !== undefined) return { type: "media", media };
      break;
    }
    default:
      break;
  }
  const provider = reading.provider ?? LANGCHAIN;
  reading.log.keptAsUnknown(pointer, `the ${block.type} block is kept as an unknown part of ${provider}`);
  return unknownOf(provider, block.type, block);
}
