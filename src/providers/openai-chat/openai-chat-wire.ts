// Chat Completions wire shapes (generated from spec/providers/openai-chat.tsp) and the facts of the wire
// that the decoders and the encoder share: who is speaking (provider, server profile, reasoning field,
// validators), payload and unknown-part kinds, finish reasons and usage.
import type { FinishReason, ResponseInfo, Usage } from "../../../generated/types.js";
import type { StandaloneValidator } from "../../../generated/validators.js";
import type { OpenAiChatRequest } from "../../../generated/wire/openai.chat.js";
import type { ProviderErrors } from "../../errors/provider-error.js";
import { tokenCount } from "../wire-validation.js";

export type {
  OpenAiChatAssistantMessage,
  OpenAiChatAssistantMessageParam,
  OpenAiChatChoice,
  OpenAiChatCompletion,
  OpenAiChatCompletionChunk,
  OpenAiChatContentPart,
  OpenAiChatDelta,
  OpenAiChatErrorBody,
  OpenAiChatFunctionToolCall,
  OpenAiChatFunctionToolCallParam,
  OpenAiChatRequest,
  OpenAiChatRequestFields,
  OpenAiChatSystemMessageParam,
  OpenAiChatTextContentPart,
  OpenAiChatTextPartParam,
  OpenAiChatToolCall,
  OpenAiChatToolCallDelta,
  OpenAiChatToolMessageParam,
  OpenAiChatUserMessageParam,
} from "../../../generated/wire/openai.chat.js";

export const OPENAI_CHAT = "openai.chat";

/** What the Chat Completions encoder writes into a body: the messages (the request fields go beside them as given). */
export type OpenAiChatEncoded = Pick<OpenAiChatRequest, "messages">;

/** Payload kinds (spec/providers/openai-chat.tsp). */
export const TOOL_CALL_FIELDS = "tool_call_fields";
export const REASONING_DETAILS = "reasoning_details";

/** Kinds of the unknown parts a Chat Completions message decodes to (a non-function call is `<type>_tool_call`). */
export const REFUSAL = "refusal";
export const MESSAGE_FIELDS = "message_fields";
export const CONTENT_PART = "content_part";

/** The message field a server puts reasoning in (and takes it back in). */
export type ReasoningField = "reasoning_content" | "reasoning";

/**
 * The server a codec speaks to: the provider id its parts are tagged with, the profile that names the
 * server among OpenAI-compatible ones (`attributes.profile`; none for a provider of its own such as
 * DeepSeek), its reasoning field, how it counts reasoning tokens, and the wire validators of its spec.
 */
/**
 * How a server's stream chunk ids behave: `per-response`, every chunk of a response repeats its id (OpenAI,
 * so a new id starts the next response); `per-chunk`, every chunk has an id of its own (Groq's compound
 * models, whose last chunk's id is even `"stub"`), so only `[DONE]` or the end of the bytes ends a response.
 */
export type StreamIds = "per-response" | "per-chunk";

export interface ChatCompletionsServer {
  readonly provider: string;
  readonly profile?: string;
  readonly reasoningField: ReasoningField;
  /** False where `completion_tokens` leaves reasoning out (xAI: total = prompt + completion + reasoning). */
  readonly completionTokensIncludeReasoning: boolean;
  /** How the chunk ids of a stream behave (default `per-response`). */
  readonly streamIds?: StreamIds;
  /** How the server's error bodies and error events read, and which of its errors are worth retrying. */
  readonly errors: ProviderErrors;
  readonly validators: {
    readonly completion: StandaloneValidator;
    readonly chunk: StandaloneValidator;
    readonly errorBody: StandaloneValidator;
    /** A tool call as it sits in `tool_calls` (the union of the spec), for a streamed call once its fragments are joined. */
    readonly toolCall: StandaloneValidator;
  };
}

/**
 * finish_reason -> finish reason. `insufficient_system_resource` is DeepSeek's (the server cut the
 * answer short). https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
export function chatFinishReason(finishReason: unknown): FinishReason | undefined {
  switch (finishReason) {
    case "stop":
      return "stop";
    case "length":
      return "length";
    case "tool_calls":
    case "function_call":
      return "tool_calls";
    case "content_filter":
      return "content_filter";
    case "insufficient_system_resource":
      return "error";
    case null:
    case undefined:
      return undefined;
    default:
      return "other";
  }
}

function field(object: unknown, key: string): unknown {
  return typeof object === "object" && object !== null ? (object as Record<string, unknown>)[key] : undefined;
}

/**
 * Chat Completions usage -> Usage. `prompt_tokens` includes cached tokens (OpenAI
 * `prompt_tokens_details.cached_tokens`, DeepSeek `prompt_cache_hit_tokens`, Kimi top-level
 * `cached_tokens`); reasoning tokens sit in `completion_tokens_details` (top-level on some servers).
 */
export function chatUsage(usage: unknown, server: ChatCompletionsServer): Usage | undefined {
  if (typeof usage !== "object" || usage === null) return undefined;
  const result: Usage = {};
  const input = tokenCount(field(usage, "prompt_tokens"));
  if (input !== undefined) result.inputTokens = input;
  const reasoning = tokenCount(field(field(usage, "completion_tokens_details"), "reasoning_tokens")) ?? tokenCount(field(usage, "reasoning_tokens"));
  const completion = tokenCount(field(usage, "completion_tokens"));
  if (completion !== undefined) result.outputTokens = server.completionTokensIncludeReasoning ? completion : completion + (reasoning ?? 0);
  const total = tokenCount(field(usage, "total_tokens"));
  if (total !== undefined) result.totalTokens = total;
  const cached = tokenCount(field(field(usage, "prompt_tokens_details"), "cached_tokens")) ?? tokenCount(field(usage, "prompt_cache_hit_tokens")) ?? tokenCount(field(usage, "cached_tokens"));
  if (cached !== undefined) result.cacheReadInputTokens = cached;
  if (reasoning !== undefined) result.reasoningTokens = reasoning;
  return Object.keys(result).length === 0 ? undefined : result;
}

/** Response information from completion or chunk fields; empty strings say nothing. */
export function chatInfo(fields: { id?: unknown; model?: unknown; finishReason?: unknown; usage?: unknown }, server: ChatCompletionsServer): ResponseInfo {
  const info: ResponseInfo = {};
  if (typeof fields.id === "string" && fields.id !== "") info.responseId = fields.id;
  if (typeof fields.model === "string" && fields.model !== "") info.model = fields.model;
  const finishReason = chatFinishReason(fields.finishReason);
  if (finishReason !== undefined) info.finishReason = finishReason;
  if (typeof fields.finishReason === "string") info.rawFinishReason = fields.finishReason;
  const usage = chatUsage(fields.usage, server);
  if (usage !== undefined) info.usage = usage;
  return info;
}
