// Type-level checks against the official Anthropic SDK (`tsc` in npm test): the decoders accept the SDK's
// response and event types, and partwise's wire blocks for what it replays are the SDK's param blocks.
import type Anthropic from "@anthropic-ai/sdk";
import type {
  AnthropicRedactedThinkingBlock,
  AnthropicTextBlock,
  AnthropicThinkingBlock,
  AnthropicToolUseBlock,
} from "../../generated/wire/anthropic.js";
import { anthropicCodec, decodeAnthropicResponse } from "../../src/providers/anthropic/index.js";

export function decodesSdkValues(message: Anthropic.Message, event: Anthropic.RawMessageStreamEvent) {
  decodeAnthropicResponse(message);
  return anthropicCodec.createStreamDecoder().push({ data: event });
}

export function replayedBlocksAreSdkParams(
  thinking: AnthropicThinkingBlock,
  redacted: AnthropicRedactedThinkingBlock,
  text: AnthropicTextBlock,
  toolUse: AnthropicToolUseBlock,
): Anthropic.ContentBlockParam[] {
  const thinkingParam: Anthropic.ThinkingBlockParam = thinking;
  const redactedParam: Anthropic.RedactedThinkingBlockParam = redacted;
  const toolUseParam: Anthropic.ToolUseBlockParam = { type: toolUse.type, id: toolUse.id, name: toolUse.name, input: toolUse.input };
  const textParam: Anthropic.TextBlockParam = { type: text.type, text: text.text };
  return [thinkingParam, redactedParam, toolUseParam, textParam];
}
