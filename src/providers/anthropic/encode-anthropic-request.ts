// Encodes a history into a Messages API request: system messages into `system`, tool results into user
// turns, assistant turns block by block under the replay rules (signed thinking back unmodified and in
// order, foreign reasoning never), consecutive turns of one role merged. The walk is encode-driver.ts.
// https://platform.claude.com/docs/build-with-claude/thinking-tool-workflows
import type { History, Media, Message } from "../../../generated/types.js";
import { Skip, type TurnWriter, alternatingTurns, encodeHistory, replayContext, withoutBlock } from "../encode-driver.js";
import { type EncodedRequestOf, type EncodeOptions, type Encoder, typedEncoder } from "../provider-codec.js";
import { normalizedMediaType } from "../content-rules.js";
import {
  ANTHROPIC,
  type AnthropicBase64ImageSource,
  type AnthropicEncoded,
  type AnthropicMessageParam,
  type AnthropicRequestBlock,
  type AnthropicRequestFields,
  type AnthropicToolResultContentBlock,
} from "./anthropic-wire.js";
import { partToAnthropicBlock, replayedAnthropicBlock } from "./map-anthropic-block.js";

/** The image types a base64 source takes (the content rules take no other as bytes). */
const BASE64_IMAGE_TYPES: ReadonlySet<string> = new Set<AnthropicBase64ImageSource["media_type"]>(["image/jpeg", "image/png", "image/gif", "image/webp"]);

function isBase64ImageType(mediaType: string): mediaType is AnthropicBase64ImageSource["media_type"] {
  return BASE64_IMAGE_TYPES.has(mediaType);
}

/** The image or document block of a media part the content rules take (spec/providers/anthropic.tsp). */
function mediaBlock(media: Media): AnthropicRequestBlock | undefined {
  const mediaType = normalizedMediaType(media.mimeType);
  const title = media.name ? { title: media.name } : {};
  if (media.dataKind === "url") {
    const source = { type: "url" as const, url: media.data };
    if (mediaType.startsWith("image/")) return { type: "image", source };
    return mediaType === "application/pdf" ? { type: "document", source, ...title } : undefined;
  }
  if (media.dataKind === "string") {
    return mediaType === "text/plain" ? { type: "document", source: { type: "text", media_type: mediaType, data: media.data }, ...title } : undefined;
  }
  if (isBase64ImageType(mediaType)) return { type: "image", source: { type: "base64", media_type: mediaType, data: media.data } };
  return mediaType === "application/pdf" ? { type: "document", source: { type: "base64", media_type: mediaType, data: media.data }, ...title } : undefined;
}

/** Messages API blocks: a tool result's content takes what a user turn takes (text, images, documents, results). */
function anthropicWriter(options: EncodeOptions): TurnWriter<AnthropicRequestBlock, AnthropicEncoded> {
  const system: string[] = [];
  // The API takes alternating turns: a user message after tool results joins their turn.
  const { turns, user, assistant } = alternatingTurns<AnthropicMessageParam["role"], AnthropicRequestBlock>("user", "assistant");
  return {
    context: replayContext(ANTHROPIC, options),
    // The API requires an id on every tool call; calls decoded without one get a derived one.
    derivesToolCallIds: true,
    misplaced: (part, place) => (place === "system" ? "the system prompt takes text only" : `a ${part.type} part belongs in an assistant turn`),
    text: (part) => (part.text === "" ? undefined : { type: "text", text: part.text }),
    media: (part) => mediaBlock(part.media) ?? new Skip(`Anthropic takes images and PDF or plain-text documents, not ${part.media.mimeType}`),
    unknown: (part, _place, pointer) => replayedAnthropicBlock(part, pointer),
    toolResult(part, _pointer, content) {
      const blocks = content();
      const [first] = blocks;
      // A nested result or a replayed block goes into the content as given (AnthropicRequestBlock says why the type lists neither).
      const resultContent = blocks.length === 1 && first?.type === "text" ? first.text : (blocks as AnthropicToolResultContentBlock[]);
      const block = { type: "tool_result" as const, tool_use_id: part.id ?? "", content: resultContent };
      return part.isError ? { ...block, is_error: true } : block;
    },
    // The content rules take only text into the system prompt.
    system: (blocks) => system.push(...blocks.flatMap((block) => (block.type === "text" ? [block.text] : []))),
    user,
    assistantPart: (sent, pointer, _action, original) => partToAnthropicBlock(sent, pointer) ?? withoutBlock(original, ANTHROPIC),
    assistant,
    body() {
      const body: AnthropicEncoded = { ...options.request, messages: turns };
      if (system.length === 1) body.system = system[0] as string;
      else if (system.length > 1) body.system = system.map((text) => ({ type: "text", text }));
      return body;
    },
  };
}

/**
 * The request for a history under Anthropic's replay rules, with a warning per part left out. Given
 * request fields (`model` and `max_tokens` required), the body is the Anthropic SDK's request params.
 */
export const encodeAnthropicRequest: Encoder<AnthropicEncoded, AnthropicRequestFields> = typedEncoder(
  (history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequestOf<AnthropicEncoded> => encodeHistory(history, anthropicWriter(options)),
);
