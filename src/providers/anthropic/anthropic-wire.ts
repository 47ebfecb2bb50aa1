// Anthropic Messages wire shapes (generated from spec/providers/anthropic.tsp) and the small facts of
// the wire that both decoders and the encoder need: the provider id, payload kinds, stop reasons.
import type { FinishReason, ResponseInfo, Usage } from "../../../generated/types.js";
import type { AnthropicRequest } from "../../../generated/wire/anthropic.js";
import { tokenCount } from "../wire-validation.js";

export type {
  AnthropicBase64ImageSource,
  AnthropicCitationsDelta,
  AnthropicContentBlockDeltaEvent,
  AnthropicContentBlockStartEvent,
  AnthropicContentBlockStopEvent,
  AnthropicErrorEvent,
  AnthropicInputJsonDelta,
  AnthropicMessage,
  AnthropicMessageDeltaEvent,
  AnthropicMessageParam,
  AnthropicMessageStartEvent,
  AnthropicRedactedThinkingBlock,
  AnthropicRequest,
  AnthropicRequestBlock,
  AnthropicRequestFields,
  AnthropicSignatureDelta,
  AnthropicTextBlock,
  AnthropicTextDelta,
  AnthropicThinkingBlock,
  AnthropicThinkingDelta,
  AnthropicToolResultContentBlock,
  AnthropicToolUseBlock,
} from "../../../generated/wire/anthropic.js";

export const ANTHROPIC = "anthropic";

/** Payload kinds (spec/providers/anthropic.tsp). */
export const SIGNATURE = "signature";
export const REDACTED_THINKING = "redacted_thinking";
export const BLOCK_FIELDS = "block_fields";

/** A content block as JSON: a known block of its model, or any other tag with its fields (the spec's union). */
export type { AnthropicContentBlock as AnthropicBlock } from "../../../generated/wire/anthropic.js";

/**
 * What the encoder writes into a request body: the messages, and `system` when the history has system
 * messages (it replaces a `system` given in the request fields). Picked from the wire request, so it has
 * no index signature and the body's type is the given fields beside it (provider-codec.ts RequestBody).
 */
export type AnthropicEncoded = Pick<AnthropicRequest, "messages" | "system">;

/**
 * Stop reason -> finish reason.
 * https://platform.claude.com/docs/en/api/messages#response-stop-reason
 */
export function anthropicFinishReason(stopReason: unknown): FinishReason | undefined {
  switch (stopReason) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "tool_use":
      return "tool_calls";
    case "refusal":
      return "content_filter";
    case null:
    case undefined:
      return undefined;
    default:
      return "other";
  }
}

/**
 * Anthropic usage -> Usage. Anthropic's `input_tokens` excludes cache reads and writes; partwise's
 * inputTokens includes them, so totals compare across providers.
 */
export function anthropicUsage(usage: unknown): Usage | undefined {
  if (typeof usage !== "object" || usage === null) return undefined;
  const fields = usage as Record<string, unknown>;
  const result: Usage = {};
  const input = tokenCount(fields.input_tokens);
  const cacheRead = tokenCount(fields.cache_read_input_tokens);
  const cacheWrite = tokenCount(fields.cache_creation_input_tokens);
  if (input !== undefined) result.inputTokens = input + (cacheRead ?? 0) + (cacheWrite ?? 0);
  const output = tokenCount(fields.output_tokens);
  if (output !== undefined) result.outputTokens = output;
  if (result.inputTokens !== undefined && output !== undefined) result.totalTokens = result.inputTokens + output;
  if (cacheRead !== undefined) result.cacheReadInputTokens = cacheRead;
  if (cacheWrite !== undefined) result.cacheWriteInputTokens = cacheWrite;
  const thinking = tokenCount((fields.output_tokens_details as Record<string, unknown> | undefined)?.thinking_tokens);
  if (thinking !== undefined) result.reasoningTokens = thinking;
  return result;
}

/** Response information from message fields (blocking body or stream events). */
export function anthropicInfo(fields: { id?: unknown; model?: unknown; stop_reason?: unknown; usage?: unknown }): ResponseInfo {
  const info: ResponseInfo = {};
  if (typeof fields.id === "string") info.responseId = fields.id;
  if (typeof fields.model === "string") info.model = fields.model;
  const finishReason = anthropicFinishReason(fields.stop_reason);
  if (finishReason !== undefined) info.finishReason = finishReason;
  if (typeof fields.stop_reason === "string") info.rawFinishReason = fields.stop_reason;
  const usage = anthropicUsage(fields.usage);
  if (usage !== undefined) info.usage = usage;
  return info;
}
