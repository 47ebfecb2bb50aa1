// partwise parts as LangChain content blocks: Anthropic-native blocks (thinking with its signature,
// redacted thinking, tool_use, server tool blocks) for what @langchain/anthropic replays, standard v1
// blocks (reasoning with id + encrypted_content) for what @langchain/openai replays (docs/convert-langchain.md).
import type {
  LangChainContentBlock, LangChainInvalidToolCall, LangChainToolCall,
} from "../../../generated/formats/langchain.js";
import type { Media, Part } from "../../../generated/types.js";
import { unreachable } from "../../parts/part-kinds.js";
import { splitJoined } from "../../providers/openai-responses/map-openai-responses-item.js";
import { SUMMARY_PART_LENGTHS } from "../../providers/openai-responses/openai-responses-wire.js";
import { KNOWN_BLOCK_TYPES, PARTWISE_UNKNOWN, WarningLog, canonicalJsonObject } from "./langchain-vocabulary.js";

/** How an assistant message is written: Anthropic-native content (LangChain's v0 output) or standard v1 blocks for OpenAI Responses. */
export type AssistantForm = "native" | "openai";

/** The content and tool calls of an assistant message. */
export interface AssistantContent {
  readonly content: LangChainContentBlock[];
  readonly toolCalls: LangChainToolCall[];
  readonly invalidToolCalls: LangChainInvalidToolCall[];
}

const ANTHROPIC = "anthropic";
const OPENAI_RESPONSES = "openai.responses";

/** The standard data block of a media part (`image`, `audio`, `video`, `file`, or `text-plain` for inline text). */
export function dataBlock(media: Media): LangChainContentBlock {
  const named = {
    ...(media.id == null ? {} : { id: media.id }),
    ...(media.name == null ? {} : { metadata: { filename: media.name } }),
  };
  if (media.dataKind === "string") return { type: "text-plain", text: media.data, mimeType: media.mimeType, ...named };
  const family = media.mimeType.split("/")[0];
  const type = family === "image" || family === "audio" || family === "video" ? family : "file";
  const source = media.dataKind === "url" ? { url: media.data } : { data: media.data };
  return { type, ...source, mimeType: media.mimeType, ...named };
}

/** Reports the payload and attributes of a part that the block written for it does not hold. */
function reportExtras(part: Part, pointer: string, log: WarningLog, keptPayload = false, keptAttributes: readonly string[] = []): void {
  if (part.payload != null && !keptPayload) log.lost(`${pointer}/payload`, `LangChain has no place for a ${part.payload.provider} ${part.payload.kind} payload on a ${part.type} part`);
  for (const key of Object.keys(part.attributes ?? {})) {
    if (!keptAttributes.includes(key)) log.lost(`${pointer}/attributes/${key}`, `LangChain content blocks have no place for the part attribute ${key}`);
  }
}

/** The content of a system, user or tool message: text and media; anything else is reported lost. */
export function writePlainContent(parts: readonly Part[], pointer: string, log: WarningLog): LangChainContentBlock[] {
  const content: LangChainContentBlock[] = [];
  parts.forEach((part, index) => {
    const partPointer = `${pointer}/${index}`;
    if (part.type === "text") content.push({ type: "text", text: part.text });
    else if (part.type === "media") content.push(dataBlock(part.media));
    else {
      log.lost(partPointer, `a ${part.type} part has no place in this LangChain message`);
      return;
    }
    reportExtras(part, partPointer, log);
  });
  return content;
}

/** The fields of a block_fields payload of Anthropic, when they can ride on the block without clashing with its own. */
function blockFields(part: Part, ownFields: readonly string[]): Record<string, unknown> | undefined {
  if (part.payload?.provider !== ANTHROPIC || part.payload.kind !== "block_fields") return undefined;
  const fields = canonicalJsonObject(part.payload.data);
  return fields !== undefined && ownFields.every((field) => !Object.hasOwn(fields, field)) ? fields : undefined;
}

/** Writes one tool call: `tool_calls` (or `invalid_tool_calls` when the arguments are no JSON object) and its block at its place. */
function writeToolCall(part: Extract<Part, { type: "tool_call" }>, form: AssistantForm, pointer: string, log: WarningLog, into: AssistantContent): void {
  const { id, name, arguments: argumentsText } = part.toolCall;
  let args: unknown;
  try {
    args = JSON.parse(argumentsText);
  } catch {
    args = undefined;
  }
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    const error = "the arguments are not a JSON object";
    into.invalidToolCalls.push({ type: "invalid_tool_call", id, name, args: argumentsText, error });
    into.content.push({ type: "invalid_tool_call", id, name, args: argumentsText, error });
    reportExtras(part, pointer, log);
    return;
  }
  if (JSON.stringify(args) !== argumentsText) log.lost(`${pointer}/toolCall/arguments`, "LangChain keeps tool-call arguments as an object: their JSON text is written again, not byte for byte");
  const input = args as Record<string, unknown>;
  into.toolCalls.push({ type: "tool_call", id, name, args: input });
  if (form === "openai") {
    into.content.push({ type: "tool_call", id, name, args: input });
    reportExtras(part, pointer, log);
    return;
  }
  const fields = blockFields(part, ["type", "id", "name", "input"]);
  into.content.push({ ...fields, type: "tool_use", id, name, input });
  reportExtras(part, pointer, log, fields !== undefined);
}

/** Writes a reasoning part: a signed thinking or redacted thinking block (Anthropic), a reasoning item (OpenAI), or a standard reasoning block. */
function writeReasoning(part: Extract<Part, { type: "reasoning" }>, form: AssistantForm, pointer: string, log: WarningLog): LangChainContentBlock {
  const { payload } = part;
  const text = part.text ?? null;
  const summary = part.summary ?? null;
  const loseText = (why: string) => { if (text !== null) log.lost(`${pointer}/text`, why); };
  const loseSummary = (why: string) => { if (summary !== null) log.lost(`${pointer}/summary`, why); };
  if (form === "openai") {
    const encrypted = payload?.provider === OPENAI_RESPONSES && payload.kind === "encrypted_content" ? payload.data : undefined;
    const itemId = part.attributes?.itemId;
    const lengths = part.attributes?.[SUMMARY_PART_LENGTHS];
    const summaryParts = lengths === undefined || summary === null ? {} : { summary: splitJoined(summary, lengths).map((each) => ({ type: "summary_text" as const, text: each })) };
    loseText("a LangChain reasoning block for OpenAI Responses carries the summary, not the raw reasoning text");
    if (summary === "") log.lost(`${pointer}/summary`, "an empty summary reads back as none");
    reportExtras(part, pointer, log, encrypted !== undefined, ["itemId", ...(summary === null ? [] : [SUMMARY_PART_LENGTHS])]);
    return { type: "reasoning", reasoning: summary ?? "", ...summaryParts, ...(itemId === undefined ? {} : { id: itemId }), ...(encrypted === undefined ? {} : { encrypted_content: encrypted }) };
  }
  if (payload?.provider === ANTHROPIC && payload.kind === "signature") {
    if (text === null) log.lost(`${pointer}/text`, "a thinking block always has a text: none is written as an empty one");
    loseSummary("an Anthropic thinking block has no summary");
    reportExtras(part, pointer, log, true);
    return { type: "thinking", thinking: text ?? "", signature: payload.data };
  }
  if (payload?.provider === ANTHROPIC && payload.kind === "redacted_thinking") {
    loseText("a redacted thinking block has no text");
    loseSummary("a redacted thinking block has no summary");
    reportExtras(part, pointer, log, true);
    return { type: "redacted_thinking", data: payload.data };
  }
  if (text === null) log.lost(`${pointer}/text`, "a standard reasoning block always has a text: none is written as an empty one");
  loseSummary("a standard reasoning block has no summary beside its text");
  reportExtras(part, pointer, log);
  return { type: "reasoning", reasoning: text ?? "" };
}

/** Writes an unknown part: the provider's own raw block where its package replays it, else a `non_standard` block that keeps it. */
function writeUnknown(part: Extract<Part, { type: "unknown" }>, form: AssistantForm, pointer: string, log: WarningLog): LangChainContentBlock | undefined {
  const raw = canonicalJsonObject(part.rawJson);
  const rawType = raw?.type;
  const replayable = raw !== undefined && typeof rawType === "string" && rawType === part.kind && !KNOWN_BLOCK_TYPES.has(rawType);
  if (form === "openai") {
    if (part.provider === OPENAI_RESPONSES && replayable) {
      reportExtras(part, pointer, log);
      log.keptAsUnknown(pointer, `the OpenAI Responses item ${part.kind} is kept as a non_standard block, which @langchain/openai replays as is`);
      return { type: "non_standard", value: raw };
    }
    log.lost(pointer, `@langchain/openai would send a non_standard block of ${part.provider} as an input item; it is left out`);
    return undefined;
  }
  reportExtras(part, pointer, log);
  if (part.provider === ANTHROPIC && replayable) {
    log.keptAsUnknown(pointer, `the Anthropic block ${part.kind} is kept as itself, which @langchain/anthropic replays as is`);
    return { ...raw, type: rawType };
  }
  log.keptAsUnknown(pointer, `the ${part.provider} block ${part.kind} is kept in a non_standard block, which no provider package sends`);
  return { type: "non_standard", value: { type: PARTWISE_UNKNOWN, provider: part.provider, kind: part.kind, rawJson: part.rawJson } };
}

/** The content and tool calls of an assistant message, part by part in order. */
export function writeAssistantContent(parts: readonly Part[], form: AssistantForm, pointer: string, log: WarningLog): AssistantContent {
  const into: AssistantContent = { content: [], toolCalls: [], invalidToolCalls: [] };
  parts.forEach((part, index) => {
    const partPointer = `${pointer}/${index}`;
    switch (part.type) {
      case "text": {
        const fields = form === "native" ? blockFields(part, ["type", "text"]) : undefined;
        into.content.push({ ...fields, type: "text", text: part.text });
        reportExtras(part, partPointer, log, fields !== undefined);
        return;
      }
      case "reasoning":
        into.content.push(writeReasoning(part, form, partPointer, log));
        return;
      case "tool_call":
        writeToolCall(part, form, partPointer, log, into);
        return;
      case "tool_result":
        log.lost(partPointer, "a tool result has no place in a LangChain AIMessage (it is a ToolMessage of its own)");
        return;
      case "media":
        into.content.push(dataBlock(part.media));
        reportExtras(part, partPointer, log);
        return;
      case "unknown": {
        const block = writeUnknown(part, form, partPointer, log);
        if (block !== undefined) into.content.push(block);
        return;
      }
      default:
        unreachable(part, "part");
    }
  });
  return into;
}
