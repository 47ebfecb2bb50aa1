// The public API of partwise: the canonical types (generated from spec/), part constructors, views,
// builders, equality, parsing and serialization, validation, and the error classes.
export type * from "../generated/types.js";
export {
  InvalidDocumentError,
  PartwiseError,
  ProviderApiError,
  ProviderLimitError,
  SessionError,
  StreamProtocolError,
  UnsupportedPartError,
  UsageError,
  formatLocation,
  type ErrorLocation,
} from "./errors/partwise-error.js";
export {
  mediaFromBytes,
  mediaFromUrl,
  mediaPart,
  message,
  opaquePayload,
  reasoningPart,
  textPart,
  toolCallPart,
  toolResultPart,
  unknownPart,
  type PartExtras,
} from "./parts/constructors.js";
export { mediaEqual, messagesEqual, partListsEqual, partsEqual } from "./parts/equality.js";
export { AssistantMessageBuilder, UserMessageBuilder, mutateAssistantMessage } from "./parts/message-builder.js";
export {
  FUTURE_PART_PROVIDER,
  PART_TYPES,
  PROVIDER_IDS,
  isPartType,
  isProviderId,
  unreachable,
  type PartOf,
  type ProviderId,
} from "./parts/part-kinds.js";
export { MAX_NESTING_DEPTH, parseHistory, parseMessage, parsePart, parseSessionEvent, type ParseContext } from "./parts/parse.js";
export { historyToJson, messageToJson, partToJson, serialize } from "./parts/serialize.js";
export { hasToolCalls, mediaOf, reasoningOf, textOf, toolCallsOf, toolResultText, toolResultsOf } from "./parts/views.js";
export { validateFile, type FileSummary, type ValidateFileOptions, type ValidationIssue } from "./validation/validate-file.js";
export { toolCallArguments } from "./parts/tool-arguments.js";
export {
  aggregate,
  aggregateAll,
  aggregateAllSync,
  aggregateSync,
  createEventTransform,
  liveAggregate,
  type ChunkSource,
  type LiveAggregation,
} from "./streaming/aggregate.js";
export {
  applyChunk,
  finishAggregation,
  initialAggregatorState,
  mergeResponses,
  type AggregatorOptions,
  type AggregatorState,
  type AggregatorStep,
} from "./streaming/message-aggregator.js";
export { mergeDelta } from "./streaming/merge-part-delta.js";
export { PartIndexer } from "./streaming/part-indexer.js";
export { ALWAYS, CompositeTrigger, DEFAULT_SUMMARY_PROMPT, LastTurnsStrategy, SlidingWindowStrategy, SummarizingStrategy, TokenCountTrigger, TurnCountTrigger, type CompactionStrategy, type CompactionTrigger, type CompactionView, type Summarizer, type SummaryContent, type SummaryRequest } from "./session/compaction.js";
export { EVENT_METADATA, isCompactionEvent, isMessageEvent, isSynthetic, type NewSessionEvent } from "./session/event-kinds.js";
export type { EventRow, SessionRow, StoredEventRow } from "./session/event-rows.js";
export { importLegacyHistory, isLegacyHistory, type LegacyConversation, type LegacyImport } from "./session/import-legacy.js";
export { MemorySessionRepository } from "./session/memory-session-repository.js";
export { DEFAULT_SESSION_STORE_URL, openSessionRepository, openSessionService, type OpenSessionStoreOptions } from "./session/open-session-store.js";
export { PostgresSessionRepository } from "./session/postgres-session-repository.js";
export { transcript } from "./session/render-events.js";
export { duplicateIds, sessionNotFound, versionConflict, type EventSelection, type SessionPage, type SessionRepository } from "./session/session-repository.js";
export { DEFAULT_TIME_TO_LIVE_SECONDS, SessionService, type AppendMessageOptions, type AppendResult, type SessionServiceOptions } from "./session/session-service.js";
export { SqliteSessionRepository, type SqliteSessionRepositoryOptions } from "./session/sqlite-session-repository.js";
export { MAX_ID_LENGTH } from "./session/stored-values.js";
export { estimateTokens } from "./session/turns.js";
export { anthropicCodec, AnthropicStreamDecoder, decodeAnthropicResponse, encodeAnthropicRequest } from "./providers/anthropic/index.js";
export {
  OPENAI_RESPONSES_PROFILES, OpenAiResponsesStreamDecoder, createOpenAiResponsesCodec, decodeOpenAiResponsesResponse,
  encodeOpenAiResponsesRequest, openAiResponsesCodec, type OpenAiResponsesProfile, type OpenAiResponsesProfileName,
} from "./providers/openai-responses/index.js";
export { createGoogleCodec, decodeGoogleCandidates, decodeGoogleResponse, encodeGoogleRequest, googleCodec, GoogleStreamDecoder, REPLAY_SIGNATURES_ACROSS_ENDPOINTS, type GoogleDecodeOptions, type GoogleEncodeOptions, type GoogleEndpoint } from "./providers/google/index.js";
export { bedrockCodec, BedrockStreamDecoder, decodeBedrockResponse, encodeBedrockRequest } from "./providers/bedrock/index.js";
export type { BedrockConverseRequest, BedrockConverseResponse } from "../generated/wire/bedrock.js";
export {
  OPENAI_CHAT_PROFILES, OpenAiChatStreamDecoder, createOpenAiChatCodec, customOpenAiChatProfile,
  decodeOpenAiChatResponse, encodeOpenAiChatRequest, openAiChatCodec,
  type CustomOpenAiChatProfileOptions, type OpenAiChatProfile, type OpenAiChatProfileName,
} from "./providers/openai-chat/index.js";
export {
  DEEPSEEK_RULE_VERSIONS, DeepSeekStreamDecoder, decodeDeepSeekResponse, deepSeekCodec, encodeDeepSeekRequest,
  type DeepSeekRuleVersion,
} from "./providers/deepseek/index.js";
export { codecFor, providerCodecs } from "./providers/registry.js";
export type { EncodeOptions, ProviderCodec, StreamDecoder, WireEvent } from "./providers/provider-codec.js";
export { chunkBatchesFromBytes, chunksFromJsonValues, chunksFromWireEvents, decodeStream } from "./providers/decode-stream.js";
export type { WireReader } from "./providers/provider-codec.js";
export { serverSentEventReader } from "./providers/wire-readers.js";
export { decideReplay, leftOutPartWarning, replayRules, settleReplay, type ReplayContext, type ReplayDecision } from "./providers/replay-rules.js";
export { ProviderHttpClient, type ProviderHttpClientOptions, type StreamingResponse } from "./client/provider-http-client.js";
export { type CallLimits, DEFAULT_CALL_LIMITS } from "./client/call-limits.js";
export { ChatClient, type ChatClientOptions, type ChatEvent, type ChatMemory, type ChatResult, type ChatTool, type SendOptions } from "./chat/chat-client.js";
export { SessionChat, SessionMemoryAdvisor, type SessionChatResult, type SessionTurnOptions } from "./chat/session-advisors.js";
export { toolRequestFields, type ToolDeclaration } from "./chat/tool-declarations.js";
export { providerSimulators, startSimulator, type ProviderSimulator, type RunningSimulator, type SimulatorFault, type SimulatorOptions } from "./simulators/index.js";
export { decodeOllamaResponse, encodeOllamaRequest, ollamaCodec, OllamaStreamDecoder } from "./providers/ollama/index.js";
export { decodeMistralResponse, encodeMistralRequest, mistralCodec, mistralToolCallId, MistralStreamDecoder } from "./providers/mistral/index.js";
export type { OllamaChatRequest, OllamaChatResponse } from "../generated/wire/ollama.js";
export type { MistralChatCompletionRequest, MistralChatCompletionResponse } from "../generated/wire/mistral.js";
