// One mapping per Bedrock content block, shared by the blocking and the streaming decoder, and its inverse
// for the encoder. Blocks with no part of their own become unknown parts holding the block exactly as
// received, replayed to Bedrock only. https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlock.html
import type { Part } from "../../../generated/types.js";
import { unreachable } from "../../parts/part-kinds.js";
import { invalidWire, parsePartObject, parseToolArguments } from "../wire-validation.js";
import type { LazyPointer } from "../../json/json-location.js";
import {
  BEDROCK,
  type BedrockContentBlock,
  type BedrockReasoningContentMember,
  type BedrockTextBlock,
  type BedrockToolUseMember,
  REDACTED_CONTENT,
  SIGNATURE,
  reasoningAttributes,
} from "./bedrock-wire.js";

/**
 * A `reasoningText` as a part. An empty signature signs nothing, so it is read as no signature (the
 * reasoning is unsigned, and goes back with the field omitted).
 */
export function reasoningTextPart(text: string, signature: string | undefined): Part {
  return signature
    ? { type: "reasoning", text, payload: { provider: BEDROCK, kind: SIGNATURE, data: signature }, attributes: reasoningAttributes() }
    : { type: "reasoning", text, attributes: reasoningAttributes() };
}

/** A `redactedContent` (base64) as a part: reasoning with no text, the encrypted bytes as payload. */
export function redactedReasoningPart(data: string): Part {
  return { type: "reasoning", payload: { provider: BEDROCK, kind: REDACTED_CONTENT, data }, attributes: reasoningAttributes() };
}

/**
 * Whether a `toolUse` with this `type` is a call for the client to run. Untagged calls are; so are calls
 * tagged `tool_use`, which replies that also carry server tool use (code execution) put on client calls.
 * Only a server tag (`server_tool_use`, or one partwise does not know) marks a tool the server ran.
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolUseBlock.html
 */
export function isClientToolUse(type: string | undefined): boolean {
  return type === undefined || type === "tool_use";
}

/** A client tool call; `argumentsText` is the input as compact JSON text. */
export function toolCallPart(id: string, name: string, argumentsText: string): Part {
  return { type: "tool_call", toolCall: { id, type: "function", name, arguments: argumentsText } };
}

/** A block kept as received; its kind is the member naming it (`citationsContent`, `toolResult`, ...). */
export function unknownBlockPart(kind: string, block: unknown): Part {
  return { type: "unknown", provider: BEDROCK, kind, rawJson: JSON.stringify(block) };
}

/**
 * A response block as a part. The block has passed the generated `BedrockContentBlock` validator
 * (spec/providers/bedrock.tsp), so its first known member has the shape of its model. Keys beside the
 * block's member are not Converse (a block is a one-key union) and are dropped, as the AWS SDK's
 * deserializer drops them.
 */
export function bedrockBlockToPart(block: BedrockContentBlock, pointer: string): Part {
  if ("text" in block) return { type: "text", text: (block as BedrockTextBlock).text };
  if ("reasoningContent" in block) {
    const reasoning = (block as BedrockReasoningContentMember).reasoningContent;
    if (reasoning.reasoningText !== undefined) return reasoningTextPart(reasoning.reasoningText.text, reasoning.reasoningText.signature);
    if (reasoning.redactedContent !== undefined) return redactedReasoningPart(reasoning.redactedContent);
    // A reasoning member partwise does not know (e.g. the non-SDK `redactedReasoning`).
    return unknownBlockPart("reasoningContent", block);
  }
  if ("toolUse" in block) {
    const toolUse = (block as BedrockToolUseMember).toolUse;
    // A server toolUse (`server_tool_use`) ran on the server: never a call for the client to run.
    if (isClientToolUse(toolUse.type)) return toolCallPart(toolUse.toolUseId, toolUse.name, JSON.stringify(toolUse.input ?? {}));
    return unknownBlockPart("toolUse", block);
  }
  const [kind] = Object.keys(block);
  if (kind === undefined) throw invalidWire(BEDROCK, `empty content block at ${pointer}`, { pointer });
  return unknownBlockPart(kind, block);
}

/**
 * The request block of an assistant part the replay rules let through, or undefined when the part has no
 * block: an empty text, reasoning with no text and no signature, a bedrock payload of an unknown kind.
 */
export function partToBedrockBlock(part: Part, pointer: LazyPointer): BedrockContentBlock | undefined {
  switch (part.type) {
    case "text":
      return part.text === "" ? undefined : { text: part.text };
    case "reasoning": {
      const payload = part.payload;
      if (payload?.provider === BEDROCK) {
        // Signed text goes back untrimmed: the signature covers the exact text.
        if (payload.kind === SIGNATURE) return { reasoningContent: { reasoningText: { text: part.text ?? "", signature: payload.data } } };
        if (payload.kind === REDACTED_CONTENT) return { reasoningContent: { redactedContent: payload.data } };
        return undefined;
      }
      return part.text ? { reasoningContent: { reasoningText: { text: part.text } } } : undefined;
    }
    case "tool_call":
      // `input` is a JSON document: any JSON value, not only an object.
      return { toolUse: { toolUseId: part.toolCall.id, name: part.toolCall.name, input: parseToolArguments(BEDROCK, part.toolCall.arguments, pointer) } };
    case "unknown":
      return parsePartObject(BEDROCK, part.rawJson, pointer, "the raw block") as BedrockContentBlock;
    case "tool_result":
    case "media":
      return undefined;
    default:
      return unreachable(part, "part");
  }
}
