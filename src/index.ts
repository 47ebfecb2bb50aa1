// The core of partwise (the `partwise` root export): the canonical types (generated from spec/), part
// constructors, views, builders, equality, parsing, serialization, validation, errors, the eight codecs,
// the aggregator and stream decoding. Web APIs only, so it runs in Node, browsers and workers (DESIGN.md).
export type * from "../generated/types.js";
// Every provider's wire types (generated from spec/providers/), for code that holds or builds wire values.
export type * from "../generated/wire/anthropic.js";
export type * from "../generated/wire/bedrock.js";
export type * from "../generated/wire/deepseek.js";
export type * from "../generated/wire/google.js";
export type * from "../generated/wire/mistral.js";
export type * from "../generated/wire/ollama.js";
export type * from "../generated/wire/openai.chat.js";
export type * from "../generated/wire/openai.responses.js";
export {
  InternalError,
  InvalidDocumentError,
  MissingDependencyError,
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
export { isTransientStatus, providerApiError, type ErrorFacts, type ProviderErrorContext, type ProviderErrors } from "./errors/provider-error.js";
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
export { validateHistory, validateMessages, type ValidateHistoryOptions } from "./validation/validate-history.js";
export { lintHistory, type LintOptions } from "./lint/lint-history.js";
export { REASONING_AS_TEXT_FLAG, fixHistory, type FixedHistory } from "./lint/fix-history.js";
export { messagePointer, messageSent, sentParts, type LintCause, type LintCheck, type LintSubject, type ProviderLint, type SentPart } from "./lint/lint-check.js";
export { hasToolCalls, mediaOf, reasoningOf, textOf, toolCallsOf, toolResultText, toolResultsOf } from "./parts/views.js";
export { toolCallArguments } from "./parts/tool-arguments.js";
export {
  aggregate,
  aggregateAll,
  aggregateAllSync,
  aggregateSync,
  createEventTransform,
  liveAggregate,
  type ChunkSource,
  type EventTransform,
  type LiveAggregation,
} from "./streaming/aggregate.js";
export {
  applyChunk,
  finishAggregation,
  initialAggregatorState,
  MessageAggregator,
  mergeResponses,
  type AggregatorOptions,
  type AggregatorState,
  type AggregatorStep,
} from "./streaming/message-aggregator.js";
export { mergeDelta } from "./streaming/merge-part-delta.js";
export { PartIndexer } from "./providers/part-indexer.js";
export { anthropicCodec, AnthropicStreamDecoder, decodeAnthropicResponse, encodeAnthropicRequest } from "./providers/anthropic/index.js";
export {
  OPENAI_RESPONSES_PROFILES, OpenAiResponsesStreamDecoder, createOpenAiResponsesCodec, decodeOpenAiResponsesResponse,
  encodeOpenAiResponsesRequest, openAiResponsesCodec, type OpenAiResponsesProfile, type OpenAiResponsesProfileName,
} from "./providers/openai-responses/index.js";
export { createGoogleCodec, decodeGoogleCandidates, decodeGoogleResponse, encodeGoogleRequest, googleCodec, GoogleStreamDecoder, REPLAY_SIGNATURES_ACROSS_ENDPOINTS, type GoogleDecodeOptions, type GoogleEncodeOptions, type GoogleEndpoint } from "./providers/google/index.js";
// The Gemini body as @google/genai's generateContent parameters.
export { googleGenerateContentParameters, type GoogleBodyFields, type GoogleEncoded, type GoogleSdkConfig, type GoogleSdkParameters } from "./providers/google/index.js";
export {
  bedrockCodec, bedrockConverseInput, bedrockEventsFromSdk, bedrockResponseFromSdk, BedrockStreamDecoder, decodeBedrockResponse, encodeBedrockRequest,
  type BedrockEncoded, type BedrockSdkContentBlock, type BedrockSdkDocument, type BedrockSdkInput, type BedrockSdkMessage,
} from "./providers/bedrock/index.js";
export {
  OPENAI_CHAT_PROFILES, OpenAiChatStreamDecoder, createOpenAiChatCodec, customOpenAiChatProfile,
  decodeOpenAiChatResponse, encodeOpenAiChatRequest, openAiChatCodec,
  type CustomOpenAiChatProfileOptions, type OpenAiChatProfile, type OpenAiChatProfileName,
} from "./providers/openai-chat/index.js";
export {
  DEEPSEEK_RULE_VERSIONS, DeepSeekStreamDecoder, decodeDeepSeekResponse, deepSeekCodec, encodeDeepSeekRequest,
  type DeepSeekRuleVersion,
} from "./providers/deepseek/index.js";
export { codecFor, listProviders, providerCodecs, registerProvider, unregisterProvider, type BuiltInCodecOf, type BuiltInCodecs, type ProviderListing, type ProviderRegistration } from "./providers/registry.js";
export { isKnownProviderId } from "./providers/known-providers.js";
export { typedEncoder, type EncodedRequestOf, type EncodeOptions, type Encoder, type ProviderCodec, type RequestBody, type StreamDecoder, type WireEvent } from "./providers/provider-codec.js";
// What a codec implemented outside partwise supplies besides decoding and encoding.
export type { ProviderEndpoint } from "./providers/provider-endpoint.js";
export type { ToolDeclaration } from "./providers/tool-declarations.js";
export { chunkBatchesFromBytes, chunksFromJsonValues, chunksFromWireEvents, decodeEventStream, decodeStream } from "./providers/decode-stream.js";
export type { WireReader } from "./providers/provider-codec.js";
export { serverSentEventReader } from "./providers/wire-readers.js";
export { decideReplay, leftOutPartWarning, replayRules, settleReplay, type ReplayContext, type ReplayDecision } from "./providers/replay-rules.js";
export { contentSupport, settleContent, type ContentSupport } from "./providers/content-rules.js";
export { decodeOllamaResponse, encodeOllamaRequest, ollamaCodec, OllamaStreamDecoder } from "./providers/ollama/index.js";
export { decodeMistralResponse, encodeMistralRequest, mistralCodec, mistralToolCallId, MistralStreamDecoder } from "./providers/mistral/index.js";
// The Mistral wire in @mistralai/mistralai's camelCase shapes, both ways.
export {
  mistralChunkFromSdk, mistralEventsFromSdk, mistralResponseFromSdk, mistralSdkRequest,
  type MistralEncoded, type MistralSdkChunk, type MistralSdkMessage, type MistralSdkRequest, type MistralSdkThinkChunk,
} from "./providers/mistral/index.js";
