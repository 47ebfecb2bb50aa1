// Encodes a history into a Messages API request: system messages into `system`, tool results into user
// turns, assistant turns block by block under the replay rules (signed thinking back unmodified and in
// order, foreign reasoning never), consecutive turns of one role merged.
// https://platform.claude.com/docs/build-with-claude/thinking-tool-workflows
import type { EncodedRequest, ErrorObject, History, Media, Message, Part } from "../../../generated/types.js";
import { InvalidDocumentError } from "../../errors/partwise-error.js";
import { appendPointer } from "../../json/json-location.js";
import { unreachable } from "../../parts/part-kinds.js";
import { withDerivedToolCallIds } from "../derived-tool-call-ids.js";
import { appendTurn, historyMessages, replayContext, replayedBlocks, systemTexts } from "../history-encoding.js";
import type { EncodeOptions } from "../provider-codec.js";
import { type ReplayContext, leftOutPartWarning } from "../replay-rules.js";
import { ANTHROPIC, type AnthropicBlock, type AnthropicMessageParam, type AnthropicRequest } from "./anthropic-wire.js";
import { partToAnthropicBlock } from "./map-anthropic-block.js";

type Role = AnthropicMessageParam["role"];

interface Encoding {
  readonly context: ReplayContext;
  readonly warnings: ErrorObject[];
  readonly system: string[];
  readonly turns: { role: Role; content: AnthropicBlock[] }[];
}

function skip(encoding: Encoding, part: Part, pointer: string, reason: string): void {
  encoding.warnings.push(leftOutPartWarning(part, pointer, encoding.context, reason));
}

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

/** Blocks of a user message or of a tool result's content: text, images and documents, results. */
function userBlocks(encoding: Encoding, parts: readonly Part[], pointer: string): AnthropicBlock[] {
  const blocks: AnthropicBlock[] = [];
  parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, index);
    switch (part.type) {
      case "text":
        if (part.text !== "") blocks.push({ type: "text", text: part.text });
        return;
      case "media": {
        const block = mediaBlock(part.media);
        if (block) blocks.push(block);
        else skip(encoding, part, partPointer, `Anthropic takes images and PDF or plain-text documents, not ${part.media.mimeType}`);
        return;
      }
      case "tool_result": {
        const content = userBlocks(encoding, part.content, appendPointer(partPointer, "content"));
        const onlyText = content.length === 1 && content[0]?.type === "text";
        const block: AnthropicBlock = { type: "tool_result", tool_use_id: part.id ?? "", content: onlyText ? String(content[0]?.text) : content };
        if (part.isError) block.is_error = true;
        blocks.push(block);
        return;
      }
      case "unknown":
        if (part.provider === ANTHROPIC) blocks.push(partToAnthropicBlock(part, partPointer) as AnthropicBlock);
        else skip(encoding, part, partPointer, "a block from another provider means nothing to Anthropic");
        return;
      case "reasoning":
      case "tool_call":
        skip(encoding, part, partPointer, `a ${part.type} part belongs in an assistant turn`);
        return;
      default:
        unreachable(part, "part");
    }
  });
  return blocks;
}

/** The request for a history under Anthropic's replay rules, with a warning per part left out. */
export function encodeAnthropicRequest(history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequest & { body: AnthropicRequest } {
  const { messages: given, base } = historyMessages(history);
  // Both APIs require an id on every tool call; calls decoded without one get a derived one.
  const messages = withDerivedToolCallIds(given);
  const encoding: Encoding = {
    context: replayContext(ANTHROPIC, options),
    warnings: [],
    system: [],
    turns: [],
  };
  messages.forEach((message, index) => {
    const pointer = appendPointer(base, index);
    switch (message.role) {
      case "system":
        encoding.system.push(...systemTexts(message, pointer, encoding.context, encoding.warnings));
        return;
      case "user":
      case "tool":
        // The API takes alternating turns: a user message after tool results joins their turn.
        appendTurn(encoding.turns, "user", userBlocks(encoding, message.parts, appendPointer(pointer, "parts")));
        return;
      case "assistant":
        appendTurn(encoding.turns, "assistant", replayedBlocks(message, pointer, encoding.context, encoding.warnings, partToAnthropicBlock));
        return;
      default:
        throw new InvalidDocumentError("schema/invalid", `unknown role at ${pointer}`, { pointer });
    }
  });
  const body: AnthropicRequest = { ...options.request, messages: encoding.turns.map(({ role, content }) => ({ role, content })) };
  if (encoding.system.length === 1) body.system = encoding.system[0] as string;
  else if (encoding.system.length > 1) body.system = encoding.system.map((text) => ({ type: "text", text }));
  return { provider: ANTHROPIC, body, warnings: encoding.warnings };
}
