// Encodes a history into a Messages API request: system messages into `system`, tool results into user
// turns, assistant turns block by block under the replay rules (signed thinking back unmodified and in
// order, foreign reasoning never), consecutive turns of one role merged. The walk is encode-driver.ts.
// https://platform.claude.com/docs/build-with-claude/thinking-tool-workflows
import type { EncodedRequest, History, Media, Message } from "../../../generated/types.js";
import { Skip, type TurnWriter, alternatingTurns, encodeHistory, replayContext, withoutBlock } from "../encode-driver.js";
import type { EncodeOptions } from "../provider-codec.js";
import { ANTHROPIC, type AnthropicBlock, type AnthropicMessageParam, type AnthropicRequest } from "./anthropic-wire.js";
import { partToAnthropicBlock } from "./map-anthropic-block.js";

function mediaBlock(media: Media): AnthropicBlock | undefined {
  const source = media.dataKind === "url"
    ? { type: "url", url: media.data }
    : media.dataKind === "bytes"
      ? { type: "base64", media_type: media.mimeType, data: media.data }
      : { type: "text", media_type: media.mimeType, data: media.data };
  if (media.mimeType.startsWith("image/") && source.type !== "text") return { type: "image", source };
  if (media.mimeType === "application/pdf" || (media.mimeType === "text/plain" && source.type === "text")) {
    return media.name ? { type: "document", source, title: media.name } : { type: "document", source };
  }
  return undefined;
}

/** Messages API blocks: a tool result's content takes what a user turn takes (text, images, documents, results). */
function anthropicWriter(options: EncodeOptions): TurnWriter<AnthropicBlock, AnthropicRequest> {
  const system: string[] = [];
  // The API takes alternating turns: a user message after tool results joins their turn.
  const { turns, user, assistant } = alternatingTurns<AnthropicMessageParam["role"], AnthropicBlock>("user", "assistant");
  return {
    context: replayContext(ANTHROPIC, options),
    // The API requires an id on every tool call; calls decoded without one get a derived one.
    derivesToolCallIds: true,
    misplaced: (part, place) => (place === "system" ? "the system prompt takes text only" : `a ${part.type} part belongs in an assistant turn`),
    text: (part) => (part.text === "" ? undefined : { type: "text", text: part.text }),
    media: (part) => mediaBlock(part.media) ?? new Skip(`Anthropic takes images and PDF or plain-text documents, not ${part.media.mimeType}`),
    unknown: (part, _place, pointer) => partToAnthropicBlock(part, pointer) as AnthropicBlock,
    toolResult(part, _pointer, content) {
      const blocks = content();
      const onlyText = blocks.length === 1 && blocks[0]?.type === "text";
      const block: AnthropicBlock = { type: "tool_result", tool_use_id: part.id ?? "", content: onlyText ? String(blocks[0]?.text) : blocks };
      if (part.isError) block.is_error = true;
      return block;
    },
    system: (blocks) => system.push(...blocks.map((block) => String(block.text))),
    user,
    assistantPart: (sent, pointer, _action, original) => partToAnthropicBlock(sent, pointer) ?? withoutBlock(original, ANTHROPIC),
    assistant,
    body() {
      const body: AnthropicRequest = { ...options.request, messages: turns.map(({ role, content }) => ({ role, content })) };
      if (system.length === 1) body.system = system[0] as string;
      else if (system.length > 1) body.system = system.map((text) => ({ type: "text", text }));
      return body;
    },
  };
}

/** The request for a history under Anthropic's replay rules, with a warning per part left out. */
export function encodeAnthropicRequest(history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequest & { body: AnthropicRequest } {
  return encodeHistory(history, anthropicWriter(options));
}
