// One mapping per Anthropic content block type, shared by the blocking and the streaming decoder, and
// its inverse for the encoder. Blocks with no part of their own become unknown parts holding the block
// exactly as received, replayed to Anthropic only.
import type { Part, UnknownPart } from "../../../generated/types.js";
import { unreachable } from "../../parts/part-kinds.js";
import { ownValue, setOwnValue } from "../../json/own-property.js";
import { type LazyPointer, lazyAppend } from "../../json/json-location.js";
import { parsePartObject, parseToolArguments } from "../wire-validation.js";
import {
  ANTHROPIC,
  type AnthropicBlock,
  type AnthropicRedactedThinkingBlock,
  type AnthropicRequestBlock,
  type AnthropicTextBlock,
  type AnthropicThinkingBlock,
  type AnthropicToolUseBlock,
  BLOCK_FIELDS,
  REDACTED_THINKING,
  SIGNATURE,
} from "./anthropic-wire.js";

/** The fields each mapped block keeps in its part; any other non-null field travels as `block_fields`. */
const MAPPED_FIELDS: Record<string, readonly string[]> = {
  text: ["type", "text"],
  tool_use: ["type", "id", "name", "input"],
};

/**
 * The fields of a text or tool_use block that have no place in the part, as a payload. Null fields and
 * an empty `citations` list say nothing and are left out (a streamed text block starts with `[]`).
 */
function blockFieldsPayload(block: AnthropicBlock) {
  const mapped = ownValue(MAPPED_FIELDS, block.type) ?? [];
  // Built only when a field is left over: most blocks have none, and every stream completes its blocks.
  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(block)) {
    const value = (block as Record<string, unknown>)[key];
    if (mapped.includes(key) || value === null || value === undefined || (key === "citations" && Array.isArray(value) && value.length === 0)) continue;
    // A field named __proto__ stays a field (assignment would set the prototype and lose it).
    setOwnValue((extra ??= {}), key, value);
  }
  return extra === undefined ? undefined : { provider: ANTHROPIC, kind: BLOCK_FIELDS, data: JSON.stringify(extra) };
}

/**
 * A whole response block as a part. The block has passed the generated `AnthropicContentBlock` validator
 * (spec/providers/anthropic.tsp), so a block with a known tag has every field of its model, typed.
 */
export function anthropicBlockToPart(block: AnthropicBlock): Part {
  switch (block.type) {
    case "text": {
      const { text } = block as AnthropicTextBlock;
      const payload = blockFieldsPayload(block);
      return payload ? { type: "text", text, payload } : { type: "text", text };
    }
    case "thinking": {
      const { thinking, signature } = block as AnthropicThinkingBlock;
      return { type: "reasoning", text: thinking, payload: { provider: ANTHROPIC, kind: SIGNATURE, data: signature } };
    }
    case "redacted_thinking":
      return { type: "reasoning", payload: { provider: ANTHROPIC, kind: REDACTED_THINKING, data: (block as AnthropicRedactedThinkingBlock).data } };
    case "tool_use": {
      const call = block as AnthropicToolUseBlock;
      const toolCall = { id: call.id, type: "function" as const, name: call.name, arguments: JSON.stringify(call.input) };
      const payload = blockFieldsPayload(block);
      return payload ? { type: "tool_call", toolCall, payload } : { type: "tool_call", toolCall };
    }
    default:
      // server_tool_use, *_tool_result, mcp_*, container_upload, compaction, future block types.
      return { type: "unknown", provider: ANTHROPIC, kind: block.type, rawJson: JSON.stringify(block) };
  }
}

/** The fields a block-fields payload adds to the block; undefined (the usual case) when the part has none, so no empty object is spread. */
function extraFields(part: Part, pointer: LazyPointer): Record<string, unknown> | undefined {
  if (part.payload?.provider !== ANTHROPIC || part.payload.kind !== BLOCK_FIELDS) return undefined;
  return parsePartObject(ANTHROPIC, part.payload.data, lazyAppend(pointer, "payload", "data"), `the ${BLOCK_FIELDS} payload`);
}

/**
 * The block an unknown part holds, replayed as received. It is a block Anthropic sent (the replay and
 * content rules send only Anthropic's own unknown parts), so it is one of the API's request blocks; the
 * request type lists the blocks partwise builds (AnthropicRequestBlock in spec/providers/anthropic.tsp says why).
 */
export function replayedAnthropicBlock(part: UnknownPart, pointer: LazyPointer): AnthropicRequestBlock {
  return parsePartObject(ANTHROPIC, part.rawJson, pointer, "the raw block", { typed: true }) as unknown as AnthropicRequestBlock;
}

/**
 * The request block of an assistant part the replay rules let through, or undefined when the part has
 * no block (an empty text, a reasoning part whose payload is not Anthropic's).
 */
export function partToAnthropicBlock(part: Part, pointer: LazyPointer): AnthropicRequestBlock | undefined {
  switch (part.type) {
    case "text": {
      // The API rejects empty text blocks; an empty text carries nothing to replay.
      if (part.text === "") return undefined;
      const extra = extraFields(part, pointer);
      return extra === undefined ? { type: "text", text: part.text } : { type: "text", text: part.text, ...extra };
    }
    case "reasoning": {
      const payload = part.payload;
      if (payload?.provider !== ANTHROPIC) return undefined;
      if (payload.kind === REDACTED_THINKING) return { type: "redacted_thinking", data: payload.data };
      // Omitted thinking (display: "omitted") has empty text and a real signature: it still goes back.
      if (payload.kind === SIGNATURE) return { type: "thinking", thinking: part.text ?? "", signature: payload.data };
      return undefined;
    }
    case "tool_call": {
      const block: AnthropicRequestBlock = { type: "tool_use", id: part.toolCall.id, name: part.toolCall.name, input: parseToolArguments(ANTHROPIC, part.toolCall.arguments, pointer, "tool_use.input") };
      const extra = extraFields(part, pointer);
      return extra === undefined ? block : { ...block, ...extra };
    }
    case "unknown":
      return replayedAnthropicBlock(part, pointer);
    case "tool_result":
    case "media":
      return undefined;
    default:
      return unreachable(part, "part");
  }
}
