// OpenAI Responses wire shapes (generated from spec/providers/openai-responses.tsp) and the small facts
// of the wire that both decoders and the encoder need: the provider id, payload kinds, attribute names,
// finish reasons, usage and response information.
import type { FinishReason, ResponseInfo, Usage } from "../../../generated/types.js";
import type { OpenAiResponsesOutputItem, OpenAiResponsesRequest, OpenAiResponsesResponse } from "../../../generated/wire/openai.responses.js";
import { tokenCount } from "../wire-validation.js";

export type {
  OpenAiResponsesArgumentsDeltaEvent,
  OpenAiResponsesContentDeltaEvent,
  OpenAiResponsesContentPart,
  OpenAiResponsesContentPartAddedEvent,
  OpenAiResponsesError,
  OpenAiResponsesErrorBody,
  OpenAiResponsesErrorEvent,
  OpenAiResponsesFunctionCallItem,
  OpenAiResponsesFunctionCallOutputItem,
  OpenAiResponsesImageGenerationCallItem,
  OpenAiResponsesIncludable,
  OpenAiResponsesInputFile,
  OpenAiResponsesInputImage,
  OpenAiResponsesInputMessage,
  OpenAiResponsesInputText,
  OpenAiResponsesMessageItem,
  OpenAiResponsesOutputItem,
  OpenAiResponsesOutputItemEvent,
  OpenAiResponsesOutputText,
  OpenAiResponsesReasoningItem,
  OpenAiResponsesRefusal,
  OpenAiResponsesRequest,
  OpenAiResponsesRequestFields,
  OpenAiResponsesResponse,
  OpenAiResponsesResponseEvent,
  OpenAiResponsesStreamEvent,
  OpenAiResponsesSummaryEvent,
} from "../../../generated/wire/openai.responses.js";

export const OPENAI_RESPONSES = "openai.responses";

/** What the Responses encoder writes into a body: the input, `store: false`, `include` and the instructions (the request fields go beside them as given). */
export type OpenAiResponsesEncoded = Pick<OpenAiResponsesRequest, "input" | "store" | "include" | "instructions">;

/** Payload kinds (spec/providers/openai-responses.tsp). */
export const ENCRYPTED_CONTENT = "encrypted_content";
export const ITEM_FIELDS = "item_fields";

/** Attribute names: the output item's id, status and phase, and the part boundaries of a reasoning item. */
export const ITEM_ID = "itemId";
export const ITEM_STATUS = "itemStatus";
export const PHASE = "phase";
export const SUMMARY_PART_LENGTHS = "summaryPartLengths";
export const TEXT_PART_LENGTHS = "textPartLengths";

/** What joins the summaries (and the reasoning texts) of one reasoning item into one string. */
export const REASONING_PART_SEPARATOR = "\n\n";

/** Whether an item is a function call (the model waits for its output) or carries a refusal. */
function itemFacts(items: readonly OpenAiResponsesOutputItem[]): { functionCall: boolean; refusal: boolean } {
  let functionCall = false;
  let refusal = false;
  for (const item of items) {
    if (item.type === "function_call") functionCall = true;
    else if (item.type === "message" && Array.isArray(item.content)) {
      refusal ||= item.content.some((content) => (content as { type?: unknown } | null)?.type === "refusal");
    }
  }
  return { functionCall, refusal };
}

/**
 * Response status (+ incomplete reason) -> finish reason. A completed response that asks for a function
 * call is `tool_calls`; one whose message is a refusal is `content_filter`.
 * https://platform.openai.com/docs/api-reference/responses/object#responses/object-status
 */
function openAiResponsesFinishReason(
  status: string | undefined,
  incompleteReason: string | undefined,
  items: readonly OpenAiResponsesOutputItem[],
): FinishReason | undefined {
  switch (status) {
    case "completed": {
      const facts = itemFacts(items);
      if (facts.functionCall) return "tool_calls";
      return facts.refusal ? "content_filter" : "stop";
    }
    case "incomplete":
      if (incompleteReason === "max_output_tokens") return "length";
      return incompleteReason === "content_filter" ? "content_filter" : "other";
    case "failed":
      return "error";
    case "cancelled":
      return "other";
    default:
      // in_progress and queued (background responses) have not stopped yet.
      return undefined;
  }
}

function details(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * Responses usage -> Usage. `input_tokens` already includes cached tokens. Compatible servers may omit
 * the details objects: then there are no cache or reasoning counts rather than an error.
 * https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage
 */
function openAiResponsesUsage(usage: unknown): Usage | undefined {
  if (typeof usage !== "object" || usage === null) return undefined;
  const fields = usage as Record<string, unknown>;
  const input = details(fields.input_tokens_details);
  const output = details(fields.output_tokens_details);
  const result: Usage = {};
  const entries: [keyof Usage, number | undefined][] = [
    ["inputTokens", tokenCount(fields.input_tokens)],
    ["outputTokens", tokenCount(fields.output_tokens)],
    ["totalTokens", tokenCount(fields.total_tokens)],
    ["cacheReadInputTokens", tokenCount(input.cached_tokens)],
    ["cacheWriteInputTokens", tokenCount(input.cache_write_tokens)],
    ["reasoningTokens", tokenCount(output.reasoning_tokens)],
  ];
  for (const [key, value] of entries) if (value !== undefined) result[key] = value;
  return result;
}

/**
 * Response information from a response object. `items` are the items the finish reason looks at: the
 * response's own output, or the streamed items when a server ends the stream with an empty `output`.
 */
export function openAiResponsesInfo(response: OpenAiResponsesResponse, items: readonly OpenAiResponsesOutputItem[] = response.output): ResponseInfo {
  const info: ResponseInfo = { responseId: response.id };
  if (typeof response.model === "string" && response.model !== "") info.model = response.model;
  const incompleteReason = response.incomplete_details?.reason ?? undefined;
  const finishReason = openAiResponsesFinishReason(response.status, incompleteReason, items);
  if (finishReason !== undefined) info.finishReason = finishReason;
  const rawFinishReason = response.status === "incomplete" && incompleteReason ? incompleteReason : response.status;
  if (finishReason !== undefined && rawFinishReason !== undefined) info.rawFinishReason = rawFinishReason;
  const usage = openAiResponsesUsage(response.usage);
  if (usage !== undefined) info.usage = usage;
  return info;
}
