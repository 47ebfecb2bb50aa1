// Bedrock Converse wire shapes (generated from spec/providers/bedrock.tsp) and the small facts of the wire
// that both decoders and the encoder need: the provider id, payload kinds, stop reasons, usage, errors.
import type { FinishReason, ResponseInfo, Usage } from "../../../generated/types.js";
import type { BedrockTokenUsage } from "../../../generated/wire/bedrock.js";
import type { ProviderApiError } from "../../errors/partwise-error.js";
import { providerApiError } from "../../errors/provider-error.js";
import { bedrockExceptionFacts } from "./bedrock-errors.js";

export type {
  BedrockCitationDelta,
  BedrockContentBlock,
  BedrockContentBlockDeltaEvent,
  BedrockContentBlockStartEvent,
  BedrockContentBlockStopEvent,
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockDocumentBlock,
  BedrockErrorResponse,
  BedrockImageBlock,
  BedrockImageDelta,
  BedrockMessage,
  BedrockMessageStopEvent,
  BedrockMetadataEvent,
  BedrockReasoningContentBlockDelta,
  BedrockReasoningContentMember,
  BedrockReasoningDelta,
  BedrockRequestFields,
  BedrockSystemContentBlock,
  BedrockTextBlock,
  BedrockTextDelta,
  BedrockToolResultBlock,
  BedrockToolResultContentBlock,
  BedrockToolResultDelta,
  BedrockToolUseDelta,
  BedrockToolUseMember,
  BedrockToolUseStart,
} from "../../../generated/wire/bedrock.js";

export const BEDROCK = "bedrock";

/** Payload kinds (spec/providers/bedrock.tsp). */
export const SIGNATURE = "signature";
export const REDACTED_CONTENT = "redacted_content";

/**
 * The replay flag for a Claude target: Claude models reject reasoning without a signature. The encoder
 * sets it when `modelId` names a Claude model (`anthropic.claude-...`, `us.anthropic.claude-...`, or an
 * ARN holding either); a caller using an application inference profile ARN passes it in `flags`.
 */
export const CLAUDE_MODEL = "claudeModel";

export function namesClaudeModel(modelId: unknown): boolean {
  return typeof modelId === "string" && /claude/i.test(modelId);
}

/** The attributes of every decoded reasoning part, signed or not: its producer. */
export function reasoningAttributes(): { provider: string } {
  return { provider: BEDROCK };
}

/**
 * Stop reason -> finish reason.
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax
 */
export function bedrockFinishReason(stopReason: string): FinishReason {
  switch (stopReason) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "tool_use":
      return "tool_calls";
    case "guardrail_intervened":
    case "content_filtered":
      return "content_filter";
    case "malformed_model_output":
    case "malformed_tool_use":
      return "error";
    default:
      return "other";
  }
}

/**
 * TokenUsage -> Usage. Bedrock's `inputTokens` excludes prompt-cache reads and writes; partwise's
 * inputTokens includes them, so totals compare across providers (the total is input plus output).
 */
export function bedrockUsage(usage: BedrockTokenUsage): Usage {
  const result: Usage = {};
  const cacheRead = usage.cacheReadInputTokens;
  const cacheWrite = usage.cacheWriteInputTokens;
  if (usage.inputTokens !== undefined) result.inputTokens = usage.inputTokens + (cacheRead ?? 0) + (cacheWrite ?? 0);
  if (usage.outputTokens !== undefined) result.outputTokens = usage.outputTokens;
  if (result.inputTokens !== undefined && result.outputTokens !== undefined) result.totalTokens = result.inputTokens + result.outputTokens;
  else if (usage.totalTokens !== undefined) result.totalTokens = usage.totalTokens;
  if (cacheRead !== undefined) result.cacheReadInputTokens = cacheRead;
  if (cacheWrite !== undefined) result.cacheWriteInputTokens = cacheWrite;
  return result;
}

/** Response information from a stop reason and usage (blocking body, messageStop and metadata events). */
export function bedrockInfo(fields: { stopReason?: string | undefined; usage?: BedrockTokenUsage | undefined }): ResponseInfo {
  const info: ResponseInfo = {};
  if (fields.stopReason !== undefined) {
    info.finishReason = bedrockFinishReason(fields.stopReason);
    info.rawFinishReason = fields.stopReason;
  }
  if (fields.usage !== undefined) info.usage = bedrockUsage(fields.usage);
  return info;
}

/**
 * The error for an exception Bedrock sent in a stream (`:message-type: exception`, or an
 * `{"<type>Exception": {...}}` line): throttlingException, validationException,
 * modelStreamErrorException (with the model's own status and message), ...
 */
export function bedrockStreamException(type: string, body: unknown, position: number | undefined): ProviderApiError {
  return providerApiError(BEDROCK, bedrockExceptionFacts(type, body), position === undefined ? {} : { position });
}

/**
 * A member object with its keys in alphabetical order. Bedrock writes every JSON object that way (all
 * recorded bodies and events do), so a block assembled from stream events is written as the blocking
 * response writes it and its raw JSON compares byte for byte.
 */
export function alphabetical(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
}
