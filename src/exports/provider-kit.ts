// `partwise/provider-kit`: what a codec written outside partwise needs besides the core, the pieces the
// built-in codecs are made of (the encoder driver, the content and replay rules, wire validation and
// readers, endpoint and error helpers). Web APIs only, like the core. Guide: docs/scaffold-a-provider.md.

/**
 * The codec contract: what a codec supplies, what its stream decoder and wire reader do; `typedEncoder`
 * types an encoder by what it writes and the request fields it takes. `registerProvider` makes a codec and
 * its compiled description (`partwise generate --provider`) known to partwise (docs/custom-providers.md).
 */
export {
  typedEncoder,
  type ChunkSink,
  type EncodedRequestOf,
  type EncodeOptions,
  type Encoder,
  type ProviderCodec,
  type RequestBody,
  type StreamDecoder,
  type WireEvent,
  type WireReader,
} from "../providers/provider-codec.js";
export { registerProvider, type ProviderRegistration } from "../providers/registry.js";
/** The base of the built-in stream decoders: a decoder writes `pushInto(event, into)` and gets `push`, and the stream drivers make no array per event. */
export { ChunkStreamDecoder } from "../providers/chunk-stream-decoder.js";

/**
 * The shared encoder driver: `encodeHistory(history, writer)` walks the roles, asks the provider's content
 * and replay rules what is sent and reports every part left out; a codec's `TurnWriter` only says how a
 * sent part looks on its wire. `Skip` leaves a part out with a reason, `OwnMessage` makes a block a wire
 * message of its own (a tool message), `forEachRun` and `alternatingTurns` group blocks into wire messages,
 * `replayContext` is the context a writer holds, `historyMessages` the messages of a history or list.
 * A writer's methods get the `Pointer` of what they write: a function spelling it, for warnings and errors.
 */
export {
  OwnMessage,
  ROLE_OF_PLACE,
  Skip,
  alternatingTurns,
  assistantLeftOutWarning,
  encodeHistory,
  forEachRun,
  historyMessages,
  replayContext,
  withoutBlock,
  type AssistantOnlyPart,
  type ContentPart,
  type ContentPlace,
  type MediaPart,
  type Pointer,
  type SendAction,
  type TextPart,
  type ToolResultPart,
  type TurnWriter,
  type UnknownPart,
} from "../providers/encode-driver.js";

/**
 * The replay rules of a provider's spec (`@replay`): what the encoder does with each assistant part.
 * `settleReplay` carries a decision out as the driver does (a warning for a skipped part, an error for a rejected one).
 */
export {
  decideReplay,
  leftOutPartWarning,
  replayRules,
  settleReplay,
  withoutForeignPayload,
  type ReplayContext,
  type ReplayDecision,
} from "../providers/replay-rules.js";

/**
 * The content rules of a provider's spec (`@content`): which parts a user or system message or a tool
 * result's content takes. `contentJudge` remembers verdicts for one encode; `settleContent` carries one out.
 */
export {
  contentJudge,
  contentRules,
  contentSupport,
  normalizedMediaType,
  settleContent,
  type ContentJudge,
  type ContentSubject,
  type ContentSupport,
  type MediaDescriptor,
} from "../providers/content-rules.js";

/**
 * Wire validation: `checkWire(validator, value, provider, what)` returns the value typed when the
 * validator (one of the standalone validators `partwise generate --provider` writes) accepts it, and
 * throws `provider/invalid-wire` with the pointer of the first mismatch when it does not. The parse
 * helpers read JSON text a part holds (raw blocks, tool arguments) for a request.
 */
export {
  checkWire,
  invalidWire,
  parsePartJson,
  parsePartObject,
  parseToolArguments,
  parseWireJson,
  tokenCount,
} from "../providers/wire-validation.js";
/** The shape of a generated standalone validator, as `checkWire` takes it. */
export type { StandaloneValidator, ValidationError } from "../../generated/validators.js";

/** Stream indexes for wires without a block index: consecutive text or reasoning share one (DESIGN.md, Streaming). */
export { PartIndexer } from "../providers/part-indexer.js";

/**
 * Wire readers: SSE (`data:` payloads as JSON, sentinels such as `[DONE]` passed through or dropped) and NDJSON lines.
 * `framedWireReader` makes a reader over a framing decoder that hands on the events a corrupt chunk completed
 * before its error (`wireEventsBeforeFailure`), so they reach the partial response.
 */
export { framedWireReader, serverSentEventReader, wireEventsBeforeFailure, type FramingDecoder, type ServerSentEventReaderOptions } from "../providers/wire-readers.js";
export { CompletedBeforeFailure } from "../providers/framing/completed-before-failure.js";
export { jsonLinesBeforeFailure, NewlineDelimitedJsonDecoder, type JsonLine, type NewlineDelimitedJsonDecoderOptions } from "../providers/framing/newline-delimited-json.js";
export { ServerSentEventDecoder, serverSentEventsBeforeFailure, type ServerSentEvent, type ServerSentEventDecoderOptions } from "../providers/framing/server-sent-events.js";

/** A provider's HTTP API as the HTTP client and the CLI read it, and the helpers most endpoints use. */
export { bearerAuthHeaders, joinUrl, type ProviderEndpoint } from "../providers/provider-endpoint.js";

/**
 * Provider errors: `providerApiError(provider, facts)` makes the `ProviderApiError` of an error body from
 * the facts a codec's `errors.errorFacts` reads out of it; `openAiStyleErrors(table)` reads the
 * `{"error": {"message", "type", "code"}}` envelope many APIs copy, with a table of retryable error types.
 */
export {
  bodyRecord,
  bodyText,
  errorFacts,
  isTransientStatus,
  providerApiError,
  retryableType,
  type ErrorFacts,
  type ProviderErrorContext,
  type ProviderErrors,
} from "../errors/provider-error.js";
export { openAiStyleErrors } from "../providers/openai-chat/openai-chat-errors.js";

/** Function tools as `ChatClient` hands them to a codec's `declareTools`, and the name and description every wire shares. */
export { namedTool, type ToolDeclaration } from "../providers/tool-declarations.js";
