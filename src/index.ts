// The public API of partwise: the canonical types (generated from spec/), part constructors, views,
// builders, equality, parsing and serialization, validation, and the error classes.
export type * from "../generated/types.js";
export {
  InvalidDocumentError,
  PartwiseError,
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
export { parseHistory, parseMessage, parsePart, parseSessionEvent, type ParseContext } from "./parts/parse.js";
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
