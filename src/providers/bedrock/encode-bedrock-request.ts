// Encodes a history into a Converse request: system messages into `system`, tool results into user
// messages, assistant messages block by block under the replay rules (signed and redacted reasoning back
// unmodified and in order, unsigned reasoning only to non-Claude models), consecutive roles merged.
// https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-call.html
import type { EncodedRequest, ErrorObject, History, Media, Message, Part } from "../../../generated/types.js";
import { InvalidDocumentError } from "../../errors/partwise-error.js";
import { appendPointer } from "../../json/json-location.js";
import { ownValue } from "../../json/own-property.js";
import { unreachable } from "../../parts/part-kinds.js";
import { withDerivedToolCallIds } from "../derived-tool-call-ids.js";
import { appendTurn, historyMessages, replayContext, replayedBlocks, systemTexts } from "../history-encoding.js";
import type { EncodeOptions } from "../provider-codec.js";
import { type ReplayContext, leftOutPartWarning } from "../replay-rules.js";
import {
  BEDROCK,
  type BedrockContentBlock,
  type BedrockConverseRequest,
  type BedrockDocumentBlock,
  type BedrockImageBlock,
  type BedrockMessage,
  type BedrockSystemContentBlock,
  type BedrockToolResultContentBlock,
  CLAUDE_MODEL,
  namesClaudeModel,
} from "./bedrock-wire.js";
import { partToBedrockBlock } from "./map-bedrock-block.js";

type Role = BedrockMessage["role"];

interface Encoding {
  readonly context: ReplayContext;
  readonly warnings: ErrorObject[];
  readonly system: BedrockSystemContentBlock[];
  readonly turns: { role: Role; content: BedrockContentBlock[] }[];
}

function skip(encoding: Encoding, part: Part, pointer: string, reason: string): void {
  encoding.warnings.push(leftOutPartWarning(part, pointer, encoding.context, reason));
}

/** Image formats by MIME type (ImageBlock.format). */
const IMAGE_FORMATS: Readonly<Record<string, BedrockImageBlock["format"]>> = { "image/png": "png", "image/jpeg": "jpeg", "image/jpg": "jpeg", "image/gif": "gif", "image/webp": "webp" };

/** Document formats by MIME type (DocumentBlock.format). */
const DOCUMENT_FORMATS: Readonly<Record<string, BedrockDocumentBlock["format"]>> = {
  "application/pdf": "pdf",
  "text/csv": "csv",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/html": "html",
  "text/plain": "txt",
  "text/markdown": "md",
};

/**
 * A document name Bedrock takes: letters, digits, single spaces, hyphens, parentheses and square
 * brackets (DocumentBlock.name); the file extension is dropped, other characters become hyphens.
 */
function documentName(name: string | null | undefined): string {
  const cleaned = (name ?? "").replace(/\.[A-Za-z0-9]+$/, "").replace(/[^A-Za-z0-9\s\-()[\]]/g, "-").replace(/\s+/g, " ").trim();
  return cleaned === "" ? "document" : cleaned;
}

/** An image or document block for a media item, or the reason Bedrock cannot take it. */
function mediaBlock(media: Media): { image: BedrockImageBlock } | { document: BedrockDocumentBlock } | string {
  const mimeType = media.mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  const imageFormat = ownValue(IMAGE_FORMATS, mimeType);
  const documentFormat = ownValue(DOCUMENT_FORMATS, mimeType);
  if (imageFormat === undefined && documentFormat === undefined) return `Bedrock takes PNG, JPEG, GIF and WebP images and pdf, csv, doc(x), xls(x), html, txt and md documents, not ${media.mimeType}`;
  let source: BedrockImageBlock["source"];
  if (media.dataKind === "bytes") source = { bytes: media.data };
  else if (media.dataKind === "url" && media.data.startsWith("s3://")) source = { s3Location: { uri: media.data } };
  else if (media.dataKind === "string" && documentFormat !== undefined) source = { text: media.data };
  else return `Bedrock takes media as bytes or an s3:// location, not ${media.dataKind === "url" ? "an http URL" : "a string"}`;
  if (imageFormat !== undefined) return { image: { format: imageFormat, source } };
  return { document: { format: documentFormat as BedrockDocumentBlock["format"], name: documentName(media.name), source } };
}

/** A tool result's content: text, images and documents (ToolResultContentBlock). */
function toolResultContent(encoding: Encoding, parts: readonly Part[], pointer: string): BedrockToolResultContentBlock[] {
  const blocks: BedrockToolResultContentBlock[] = [];
  parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, index);
    if (part.type === "text") {
      if (part.text !== "") blocks.push({ text: part.text });
    } else if (part.type === "media") {
      const block = mediaBlock(part.media);
      if (typeof block === "string") skip(encoding, part, partPointer, block);
      else blocks.push(block);
    } else {
      skip(encoding, part, partPointer, `a tool result's content takes text, images and documents, not a ${part.type} part`);
    }
  });
  return blocks;
}

/** Blocks of a user message: text, images and documents, tool results. */
function userBlocks(encoding: Encoding, parts: readonly Part[], pointer: string): BedrockContentBlock[] {
  const blocks: BedrockContentBlock[] = [];
  parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, index);
    switch (part.type) {
      case "text":
        // Bedrock rejects blank text blocks; an empty text carries nothing.
        if (part.text !== "") blocks.push({ text: part.text });
        return;
      case "media": {
        const block = mediaBlock(part.media);
        if (typeof block === "string") skip(encoding, part, partPointer, block);
        else blocks.push(block);
        return;
      }
      case "tool_result": {
        const content = toolResultContent(encoding, part.content, appendPointer(partPointer, "content"));
        // `status` is sent only for a failure: the field is supported by Claude and Nova models only (ToolResultBlock).
        blocks.push({ toolResult: { toolUseId: part.id ?? "", content, ...(part.isError ? { status: "error" as const } : {}) } });
        return;
      }
      case "unknown":
        if (part.provider === BEDROCK) blocks.push(partToBedrockBlock(part, partPointer) as BedrockContentBlock);
        else skip(encoding, part, partPointer, "a block from another provider means nothing to Bedrock");
        return;
      case "reasoning":
      case "tool_call":
        // "User messages cannot contain reasoning content."
        skip(encoding, part, partPointer, `a ${part.type} part belongs in an assistant message`);
        return;
      default:
        unreachable(part, "part");
    }
  });
  return blocks;
}

/** The Converse request for a history under Bedrock's replay rules, with a warning per part left out. */
export function encodeBedrockRequest(history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequest & { body: BedrockConverseRequest } {
  const { messages: given, base } = historyMessages(history);
  // Both APIs require an id on every tool call; calls decoded without one get a derived one.
  const messages = withDerivedToolCallIds(given);
  const encoding: Encoding = {
    context: replayContext(BEDROCK, options, namesClaudeModel(options.request?.modelId) ? [CLAUDE_MODEL] : []),
    warnings: [],
    system: [],
    turns: [],
  };
  messages.forEach((message, index) => {
    const pointer = appendPointer(base, index);
    switch (message.role) {
      case "system":
        encoding.system.push(...systemTexts(message, pointer, encoding.context, encoding.warnings).map((text) => ({ text })));
        return;
      case "user":
      case "tool":
        // Converse takes alternating roles: a user message after tool results joins their message.
        appendTurn(encoding.turns, "user", userBlocks(encoding, message.parts, appendPointer(pointer, "parts")));
        return;
      case "assistant":
        // A message with no blocks is left out: Bedrock rejects one ("The content field in the Message object ... is empty").
        appendTurn(encoding.turns, "assistant", replayedBlocks(message, pointer, encoding.context, encoding.warnings, partToBedrockBlock));
        return;
      default:
        throw new InvalidDocumentError("schema/invalid", `unknown role at ${pointer}`, { pointer });
    }
  });
  const body: BedrockConverseRequest = { ...options.request, messages: encoding.turns.map(({ role, content }) => ({ role, content })) };
  if (encoding.system.length > 0) body.system = encoding.system;
  return { provider: BEDROCK, body, warnings: encoding.warnings };
}
