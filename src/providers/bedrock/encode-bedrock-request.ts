// Encodes a history into a Converse request: system messages into `system`, tool results into user
// messages, assistant messages block by block under the replay rules (signed and redacted reasoning back
// unmodified and in order, unsigned reasoning only to non-Claude models), consecutive roles merged. The
// walk is encode-driver.ts.
// https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-call.html
import type { EncodedRequest, History, Media, Message } from "../../../generated/types.js";
import { ownValue } from "../../json/own-property.js";
import { normalizedMediaType } from "../content-rules.js";
import { Skip, type TurnWriter, alternatingTurns, encodeHistory, replayContext, withoutBlock } from "../encode-driver.js";
import { type EncodeOptions, type Encoder, typedEncoder } from "../provider-codec.js";
import {
  BEDROCK,
  type BedrockContentBlock,
  type BedrockConverseRequest,
  type BedrockDocumentBlock,
  type BedrockImageBlock,
  type BedrockMessage,
  type BedrockRequestFields,
  type BedrockSystemContentBlock,
  type BedrockToolResultContentBlock,
  CLAUDE_MODEL,
  namesClaudeModel,
} from "./bedrock-wire.js";
import { partToBedrockBlock } from "./map-bedrock-block.js";

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
  const mimeType = normalizedMediaType(media.mimeType);
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

/** Converse blocks; a tool result's content (ToolResultContentBlock) takes text, images and documents only. */
function bedrockWriter(options: EncodeOptions): TurnWriter<BedrockContentBlock, BedrockConverseRequest> {
  const system: BedrockSystemContentBlock[] = [];
  // Converse takes alternating roles: a user message after tool results joins their message. A message
  // with no blocks is left out: Bedrock rejects one ("The content field in the Message object ... is empty").
  const { turns, user, assistant } = alternatingTurns<BedrockMessage["role"], BedrockContentBlock>("user", "assistant");
  return {
    context: replayContext(BEDROCK, options, namesClaudeModel(options.request?.modelId) ? [CLAUDE_MODEL] : []),
    // Converse requires an id on every tool call; calls decoded without one get a derived one.
    derivesToolCallIds: true,
    // "User messages cannot contain reasoning content."
    misplaced: (part, place) =>
      place === "system" ? "the system prompt takes text only" : place === "tool_result" ? `a tool result's content takes text, images and documents, not a ${part.type} part` : `a ${part.type} part belongs in an assistant message`,
    // Bedrock rejects blank text blocks; an empty text carries nothing.
    text: (part) => (part.text === "" ? undefined : { text: part.text }),
    media: (part) => {
      const block = mediaBlock(part.media);
      return typeof block === "string" ? new Skip(block) : block;
    },
    unknown: (part, _place, pointer) => partToBedrockBlock(part, pointer) as BedrockContentBlock,
    // `status` is sent only for a failure: the field is supported by Claude and Nova models only (ToolResultBlock).
    toolResult: (part, _pointer, content) => ({ toolResult: { toolUseId: part.id ?? "", content: content() as BedrockToolResultContentBlock[], ...(part.isError ? { status: "error" as const } : {}) } }),
    system: (blocks) => system.push(...blocks.map((block) => ({ text: String(block.text) }))),
    user,
    assistantPart: (sent, pointer, _action, original) => partToBedrockBlock(sent, pointer) ?? withoutBlock(original, BEDROCK),
    assistant,
    body() {
      const body: BedrockConverseRequest = { ...options.request, messages: turns };
      if (system.length > 0) body.system = system;
      return body;
    },
  };
}

/** What the encoder writes into a Converse body: the conversation and the system prompt (the request fields are the caller's). */
export type BedrockEncoded = Pick<BedrockConverseRequest, "messages" | "system">;

function encodeConverseRequest(history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequest & { body: BedrockEncoded } {
  return encodeHistory(history, bedrockWriter(options));
}

/**
 * The Converse request for a history under Bedrock's replay rules, with a warning per part left out: the
 * JSON body as it goes over HTTP (blobs as base64 text); `bedrockConverseInput` gives the AWS SDK's input.
 */
export const encodeBedrockRequest: Encoder<BedrockEncoded, BedrockRequestFields> = typedEncoder(encodeConverseRequest);
