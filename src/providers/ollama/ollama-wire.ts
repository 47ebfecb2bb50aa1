// Ollama /api/chat wire shapes (generated from spec/providers/ollama.tsp) and the small facts of the
// wire that both decoders and the encoder need: the provider id, the message fields partwise models,
// done reasons and usage.
import type { FinishReason, ResponseInfo, Usage } from "../../../generated/types.js";
import type { OllamaChatRequest } from "../../../generated/wire/ollama.js";
import { tokenCount } from "../wire-validation.js";

export type {
  OllamaChatRequest,
  OllamaChatResponse,
  OllamaError,
  OllamaMessage,
  OllamaRequestFields,
  OllamaRequestMessage,
  OllamaRequestToolCall,
  OllamaToolCall,
} from "../../../generated/wire/ollama.js";

/**
 * What the encoder writes into a request body: the messages. Picked from the wire request, so it has no
 * index signature and the body's type is the given fields beside it (provider-codec.ts RequestBody).
 */
export type OllamaEncoded = Pick<OllamaChatRequest, "messages">;

export const OLLAMA = "ollama";

/** Message fields with a part of their own or a role on the wire; any other non-null field is an unknown part. */
export const MODELED_MESSAGE_FIELDS: ReadonlySet<string> = new Set(["role", "content", "thinking", "images", "tool_calls", "tool_name", "tool_call_id"]);

/**
 * done_reason -> finish reason. Ollama has no tool-call reason: a tool turn ends with `stop` and
 * non-empty `tool_calls` (docs/api.md, Chat request (No streaming, with tools)); `load` and `unload`
 * answer empty load requests.
 */
export function ollamaFinishReason(doneReason: unknown, hasToolCalls: boolean): FinishReason | undefined {
  switch (doneReason) {
    case "stop":
      return hasToolCalls ? "tool_calls" : "stop";
    case "length":
      return "length";
    case null:
    case undefined:
      return undefined;
    default:
      return "other";
  }
}

/** The final line's counts -> Usage: `prompt_eval_count` input, `eval_count` output (thinking included). */
export function ollamaUsage(fields: { prompt_eval_count?: unknown; eval_count?: unknown }): Usage | undefined {
  const input = tokenCount(fields.prompt_eval_count);
  const output = tokenCount(fields.eval_count);
  if (input === undefined && output === undefined) return undefined;
  const usage: Usage = {};
  if (input !== undefined) usage.inputTokens = input;
  if (output !== undefined) usage.outputTokens = output;
  if (input !== undefined && output !== undefined) usage.totalTokens = input + output;
  return usage;
}

/** Response information of a final line or a blocking response. */
export function ollamaInfo(fields: { model?: unknown; done_reason?: unknown; prompt_eval_count?: unknown; eval_count?: unknown }, hasToolCalls: boolean): ResponseInfo {
  const info: ResponseInfo = {};
  if (typeof fields.model === "string") info.model = fields.model;
  const finishReason = ollamaFinishReason(fields.done_reason, hasToolCalls);
  if (finishReason !== undefined) info.finishReason = finishReason;
  if (typeof fields.done_reason === "string") info.rawFinishReason = fields.done_reason;
  const usage = ollamaUsage(fields);
  if (usage !== undefined) info.usage = usage;
  return info;
}
