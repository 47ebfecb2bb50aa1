// Gemini wire shapes (generated from spec/providers/google.tsp) and the small facts of the wire that both
// decoders and the encoder need: the provider id, the payload kind, endpoints, finish reasons and usage.
import type { FinishReason, ResponseInfo, Usage } from "../../../generated/types.js";
import type { GoogleErrorResponse, GoogleUsageMetadata } from "../../../generated/wire/google.js";
import type { ProviderApiError } from "../../errors/partwise-error.js";
import { providerApiError } from "../../errors/provider-error.js";
import { tokenCount } from "../wire-validation.js";
import { googleErrors } from "./google-errors.js";

export type {
  GoogleBlob,
  GoogleCandidate,
  GoogleContent,
  GoogleErrorResponse,
  GoogleFileData,
  GoogleFunctionCall,
  GoogleFunctionCallPart,
  GoogleFunctionResponse,
  GoogleGenerateContentResponse,
  GoogleInlineDataPart,
  GooglePart,
  GooglePartialArg,
  GoogleRequest,
  GoogleRequestFields,
  GoogleGenerationConfig,
  GoogleTextOrThoughtPart,
  GoogleUsageMetadata,
} from "../../../generated/wire/google.js";

export const GOOGLE = "google";

/** The payload kind (spec/providers/google.tsp). */
export const THOUGHT_SIGNATURE = "thought_signature";

/**
 * Where a signature was issued. Gemini API and Vertex AI signatures are not interchangeable
 * (https://docs.cloud.google.com/vertex-ai/generative-ai/docs/thought-signatures), so every decoded part
 * records its endpoint in `attributes.endpoint`.
 */
export type GoogleEndpoint = "gemini-api" | "vertex-ai";
export const ENDPOINT_ATTRIBUTE = "endpoint";

/** The per-part fact the encoder sets for a signature another endpoint issued (a `when` flag of the rules). */
export const SIGNATURE_FROM_OTHER_ENDPOINT = "signatureFromOtherEndpoint";
/** The option that sends such signatures anyway. */
export const REPLAY_SIGNATURES_ACROSS_ENDPOINTS = "replaySignaturesAcrossEndpoints";

/**
 * The candidate fields a message keeps in `metadata.google`, as received: the grounding of the answer in
 * Google Search (queries, sources, supports, the search entry point) and the URL-context tool's retrievals.
 * They are what a user renders as citations, so they persist with the message in sessions; being metadata,
 * no encoder sends them back, which the API would reject. https://ai.google.dev/gemini-api/docs/google-search
 */
export const CANDIDATE_METADATA_FIELDS = ["groundingMetadata", "urlContextMetadata"] as const;

/** The `metadata` of the message decoded from a candidate, or undefined when it has none of those fields (an empty object says nothing). */
export function candidateMetadata(candidate: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  const kept: Record<string, unknown> = {};
  for (const field of CANDIDATE_METADATA_FIELDS) {
    const value = candidate?.[field];
    if (typeof value === "object" && value !== null && Object.keys(value).length > 0) kept[field] = value;
  }
  return Object.keys(kept).length === 0 ? undefined : { [GOOGLE]: kept };
}

/** The attributes of every part the codec decodes: its producer and the endpoint that answered. */
export function decodedAttributes(endpoint: GoogleEndpoint): { provider: string; endpoint: GoogleEndpoint } {
  return { provider: GOOGLE, endpoint };
}

/**
 * The `provider/api-error` for an error body, `{"error":{"code","message","status","details"}}`: in place
 * of a response, in place of the event stream, or as a chunk of its own after HTTP 200.
 */
export function googleApiError(body: GoogleErrorResponse, position?: number): ProviderApiError {
  return providerApiError(GOOGLE, googleErrors.errorFacts(body), position === undefined ? {} : { position });
}

/**
 * Finish reason -> finish reason. Gemini ends a function-call turn with `STOP`, so a `STOP` with calls is
 * `tool_calls`. https://ai.google.dev/api/generate-content#FinishReason
 */
function googleFinishReason(finishReason: string, hasToolCalls: boolean): FinishReason {
  switch (finishReason) {
    case "STOP":
      return hasToolCalls ? "tool_calls" : "stop";
    case "MAX_TOKENS":
      return "length";
    case "SAFETY":
    case "RECITATION":
    case "BLOCKLIST":
    case "PROHIBITED_CONTENT":
    case "SPII":
    case "IMAGE_SAFETY":
    case "IMAGE_PROHIBITED_CONTENT":
    case "IMAGE_RECITATION":
      return "content_filter";
    case "MALFORMED_FUNCTION_CALL":
    case "UNEXPECTED_TOOL_CALL":
    case "TOO_MANY_TOOL_CALLS":
      return "error";
    default:
      return "other";
  }
}

/**
 * usageMetadata -> Usage. `promptTokenCount` already includes cached content; tokens of server tool
 * results are input too, and thought tokens are output, so the totals add up to `totalTokenCount`.
 * https://ai.google.dev/api/generate-content#UsageMetadata
 */
function googleUsage(usage: GoogleUsageMetadata | undefined): Usage | undefined {
  if (!usage) return undefined;
  const result: Usage = {};
  const prompt = tokenCount(usage.promptTokenCount);
  const toolUse = tokenCount(usage.toolUsePromptTokenCount);
  if (prompt !== undefined || toolUse !== undefined) result.inputTokens = (prompt ?? 0) + (toolUse ?? 0);
  const candidates = tokenCount(usage.candidatesTokenCount);
  const thoughts = tokenCount(usage.thoughtsTokenCount);
  if (candidates !== undefined || thoughts !== undefined) result.outputTokens = (candidates ?? 0) + (thoughts ?? 0);
  const total = tokenCount(usage.totalTokenCount);
  if (total !== undefined) result.totalTokens = total;
  const cached = tokenCount(usage.cachedContentTokenCount);
  if (cached !== undefined) result.cacheReadInputTokens = cached;
  if (thoughts !== undefined) result.reasoningTokens = thoughts;
  return Object.keys(result).length === 0 ? undefined : result;
}

/**
 * Response information from one response or chunk, and the finish of the candidate decoded (if it
 * finished), or of the prompt blocked before any candidate (`promptFeedback.blockReason`).
 */
export function googleInfo(fields: {
  responseId?: string | undefined;
  modelVersion?: string | undefined;
  usageMetadata?: GoogleUsageMetadata | undefined;
  finishReason?: string | undefined;
  blockReason?: string | undefined;
  hasToolCalls: boolean;
}): ResponseInfo {
  const info: ResponseInfo = {};
  if (fields.responseId !== undefined) info.responseId = fields.responseId;
  if (fields.modelVersion !== undefined) info.model = fields.modelVersion;
  if (fields.blockReason !== undefined) {
    info.finishReason = "content_filter";
    info.rawFinishReason = fields.blockReason;
  } else if (fields.finishReason !== undefined) {
    info.finishReason = googleFinishReason(fields.finishReason, fields.hasToolCalls);
    info.rawFinishReason = fields.finishReason;
  }
  const usage = googleUsage(fields.usageMetadata);
  if (usage !== undefined) info.usage = usage;
  return info;
}
