// Mistral chat-completions wire shapes (generated from spec/providers/mistral.tsp) and the small facts of
// the wire that both decoders and the encoder need: the provider id, payload and attribute names, finish
// reasons, usage and error bodies.
import type { FinishReason, ResponseInfo, Usage } from "../../../generated/types.js";
import { validateMistralError, validateMistralValidationError } from "../../../generated/wire/mistral-validators.js";
import { tokenCount } from "../wire-validation.js";
import type { ProviderApiError } from "../../errors/partwise-error.js";
import { providerApiError } from "../../errors/provider-error.js";
import { mistralErrors } from "./mistral-errors.js";

export type {
  MistralChatCompletionRequest,
  MistralChatCompletionResponse,
  MistralChunk,
  MistralCompletionChunk,
  MistralError,
  MistralMessage,
  MistralRequestFields,
  MistralRequestMessage,
  MistralRequestToolCall,
  MistralStreamChoice,
  MistralTextChunk,
  MistralThinkChunk,
  MistralToolCall,
  MistralUsage,
} from "../../../generated/wire/mistral.js";

export const MISTRAL = "mistral";

/** Payload kind (spec/providers/mistral.tsp). */
export const SIGNATURE = "signature";

/**
 * The attribute holding, as a JSON object text, the fields of a text or thinking chunk that have no place
 * in the part (`closed`, a nested list that is not one text chunk, fields of later API versions).
 */
export const CHUNK_FIELDS = "chunkFields";

/**
 * finish_reason -> finish reason (ChatCompletionChoice.finishReason in @mistralai/mistralai:
 * stop, length, model_length, error, tool_calls).
 */
export function mistralFinishReason(finishReason: unknown): FinishReason | undefined {
  switch (finishReason) {
    case "stop":
      return "stop";
    case "length":
    case "model_length":
      return "length";
    case "tool_calls":
      return "tool_calls";
    case "error":
      return "error";
    case null:
    case undefined:
      return undefined;
    default:
      return "other";
  }
}

/** Mistral usage -> Usage (cached prompt tokens and reasoning tokens where the server reports them). */
export function mistralUsage(usage: unknown): Usage | undefined {
  if (typeof usage !== "object" || usage === null) return undefined;
  const fields = usage as Record<string, unknown>;
  const result: Usage = {};
  const input = tokenCount(fields.prompt_tokens);
  if (input !== undefined) result.inputTokens = input;
  const output = tokenCount(fields.completion_tokens);
  if (output !== undefined) result.outputTokens = output;
  const total = tokenCount(fields.total_tokens);
  if (total !== undefined) result.totalTokens = total;
  const cached = tokenCount((fields.prompt_tokens_details as Record<string, unknown> | null | undefined)?.cached_tokens);
  if (cached !== undefined) result.cacheReadInputTokens = cached;
  const reasoning = tokenCount((fields.completion_tokens_details as Record<string, unknown> | null | undefined)?.reasoning_tokens);
  if (reasoning !== undefined) result.reasoningTokens = reasoning;
  return Object.keys(result).length === 0 ? undefined : result;
}

/** Response information from response or chunk fields. */
export function mistralInfo(fields: { id?: unknown; model?: unknown; finishReason?: unknown; usage?: unknown }): ResponseInfo {
  const info: ResponseInfo = {};
  if (typeof fields.id === "string") info.responseId = fields.id;
  if (typeof fields.model === "string") info.model = fields.model;
  const finishReason = mistralFinishReason(fields.finishReason);
  if (finishReason !== undefined) info.finishReason = finishReason;
  if (typeof fields.finishReason === "string") info.rawFinishReason = fields.finishReason;
  const usage = mistralUsage(fields.usage);
  if (usage !== undefined) info.usage = usage;
  return info;
}

/**
 * The provider/api-error for an error body in place of a response or an event:
 * `{"object": "error", "message", "type", ...}`, or `{"detail": ...}` for a request validation error (HTTP 422).
 */
export function mistralApiError(value: unknown, position?: number): ProviderApiError | undefined {
  const isError = validateMistralError(value) || (validateMistralValidationError(value) && !("choices" in (value as object)));
  return isError ? providerApiError(MISTRAL, mistralErrors.errorFacts(value), position === undefined ? {} : { position }) : undefined;
}
