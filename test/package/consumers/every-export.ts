// A Node app that uses every public export of every partwise entry point, as a user writes it; it is
// type-checked (never run) against the packed package by test/package/consumer-types.test.ts, which also
// requires each name an entry point exports at run time to appear in a consumer file.
import { Cluster, Redis } from "ioredis";
import pg from "pg";
import {
  AnthropicStreamDecoder, AssistantMessageBuilder, BedrockStreamDecoder, DEEPSEEK_RULE_VERSIONS, DeepSeekStreamDecoder,
  FUTURE_PART_PROVIDER, GoogleStreamDecoder, InternalError, InvalidDocumentError, MAX_NESTING_DEPTH, MessageAggregator,
  MissingDependencyError, MistralStreamDecoder, OPENAI_CHAT_PROFILES, OPENAI_RESPONSES_PROFILES, OllamaStreamDecoder,
  OpenAiChatStreamDecoder, OpenAiResponsesStreamDecoder, PART_TYPES, PROVIDER_IDS, PartIndexer, PartwiseError,
  ProviderApiError, ProviderLimitError, REPLAY_SIGNATURES_ACROSS_ENDPOINTS, SessionError, StreamProtocolError,
  UnsupportedPartError, UsageError, UserMessageBuilder, aggregate, aggregateAll, aggregateAllSync, aggregateSync,
  anthropicCodec, applyChunk, bedrockCodec, chunkBatchesFromBytes, chunksFromJsonValues, chunksFromWireEvents, codecFor,
  createEventTransform, createGoogleCodec, createOpenAiChatCodec, createOpenAiResponsesCodec, customOpenAiChatProfile,
  decideReplay, decodeAnthropicResponse, decodeBedrockResponse, decodeDeepSeekResponse, decodeGoogleCandidates,
  decodeGoogleResponse, decodeMistralResponse, decodeOllamaResponse, decodeOpenAiChatResponse, decodeOpenAiResponsesResponse,
  decodeStream, deepSeekCodec, encodeAnthropicRequest, encodeBedrockRequest, encodeDeepSeekRequest, encodeGoogleRequest,
  encodeMistralRequest, encodeOllamaRequest, encodeOpenAiChatRequest, encodeOpenAiResponsesRequest, finishAggregation,
  formatLocation, googleCodec, hasToolCalls, historyToJson, initialAggregatorState, isPartType, isProviderId,
  isKnownProviderId, isTransientStatus, leftOutPartWarning, listProviders, liveAggregate, mediaEqual, mediaFromBytes,
  mediaFromUrl, mediaOf, mediaPart, mergeDelta, mergeResponses, message, messageToJson, messagesEqual, mistralChunkFromSdk,
  mistralCodec, mistralToolCallId,
  mutateAssistantMessage, ollamaCodec, opaquePayload, openAiChatCodec, openAiResponsesCodec, parseHistory, parseMessage,
  parsePart, parseSessionEvent, partListsEqual, partToJson, partsEqual, providerApiError, providerCodecs, reasoningOf,
  reasoningPart, replayRules, serialize, serverSentEventReader, settleReplay, textOf, textPart, toolCallArguments,
  toolCallPart, toolCallsOf, toolResultPart, toolResultText, toolResultsOf, unknownPart, unreachable, validateHistory,
  validateMessages, messagePointer, messageSent, sentParts,
  type LintCause, type LintCheck, type LintSubject, type ProviderLint, type SentPart,
  type AggregatedResponse, type AggregatorOptions, type AggregatorState, type AggregatorStep, type AnthropicRequestFields, type Attributes,
  type BedrockConverseRequest, type BedrockConverseResponse, type BlockMapping, type ChunkSource, type CompactionBoundary,
  type CompactionEvent, type CompactionResult, type CompactionSkipReason, type ContentPlace, type ContentRule,
  type CreateSessionRequest, type CustomEvent, type CustomOpenAiChatProfileOptions, type DecodedResponse,
  type DeepSeekRuleVersion, type EncodeOptions, type EncodedRequest, type ErrorCode, type ErrorFacts, type ErrorLocation,
  type ErrorObject, type EventFilter, type EventMetadata, type EventTransform, type EventView, type FinishReason,
  type FuturePart, type GoogleDecodeOptions, type GoogleEncodeOptions, type GoogleEndpoint, type History, type KnownPart,
  type LegacyFindingKind, type LegacyImportFinding, type LiveAggregation, type Media, type MediaDataKind, type MediaPart,
  type Message, type MessageEvent, type MistralChatCompletionRequest, type MistralChatCompletionResponse, type MistralCompletionChunk,
  type NonMessageEvent, type OllamaChatRequest, type OllamaChatResponse, type OpaquePayload, type OpenAiChatProfile,
  type OpenAiChatProfileName, type OpenAiResponsesProfile, type OpenAiResponsesProfileName, type ParseContext, type Part,
  type PartChunk, type PartCompletedEvent, type PartDeltaEvent, type PartExtras, type PartOf, type PartStartedEvent,
  type PartType, type PayloadKindDescription, type ProviderCodec, type ProviderDescription, type ProviderEndpoint,
  type ProviderErrorContext, type ProviderErrors, type ProviderId, type ProvidersDocument, type ReasoningPart,
  type RecordArrayContentRule, type RecordArrayReplayRule, type RecordString, type RecordUnknown, type ReplayContext,
  type ReplayDecision, type ReplayRule, type ResponseChunk, type ResponseCompletedEvent, type ResponseInfo, type Role,
  type Session, type SessionEvent, type SessionExportHeader, type SessionMetadata, type StreamChunk, type StreamDecoder,
  type StreamEvent, type TextPart, type ToolCall, type ToolCallPart, type ToolDeclaration, type ToolResultPart,
  type UnknownPart, type Usage, type ValidateHistoryOptions, type ValidationReport, type WireEvent,
  type WireReader, type ProviderListing,
} from "partwise";
import { REASONING_AS_TEXT_FLAG, fixHistory, lintHistory, type FixedHistory, type LintFixReport, type LintOptions, type LintReport } from "partwise";
import {
  ChatClient, DEFAULT_CALL_LIMITS, ProviderHttpClient, SessionChat, SessionMemoryAdvisor, toolRequestFields,
  type CallLimits, type ChatClientOptions, type ChatEvent, type ChatMemory, type ChatResult, type ChatTool,
  type ProviderHttpClientOptions, type SendOptions, type SessionChatResult, type SessionTurnOptions, type StreamingResponse,
} from "partwise/chat";
import {
  aiSdkFormat, fromModelMessages, fromUIMessages, toModelMessages, toUIMessages, uiMessageFormat,
  type AiSdkModelMessage, type AiSdkWrittenMessage, type FromModelMessagesOptions, type ToModelMessagesOptions, type ToUiMessagesOptions, type UiMessage, type UiMessagePart, type WrittenUiMessage } from "partwise/ai-sdk";
import { validateFile, type FileSummary, type ValidateFileOptions, type ValidationIssue } from "partwise/files";
import {
  fromPydanticAiMessages, pydanticAiFormat, toPydanticAiMessages,
  type Converted, type MessageFormat, type PydanticAiModelMessage, type PydanticAiThinkingPart,
} from "partwise/pydantic-ai";
import {
  PostgresSessionRepository,
  type PostgresPool, type PostgresPoolConnection, type PostgresQuery, type PostgresQueryable, type PostgresQueryResult,
} from "partwise/postgres";
import {
  RedisSessionRepository, isRedisUrl, parseRedisUrl,
  type RedisClient, type RedisPipeline, type RedisSessionRepositoryOptions, type RedisStoreSettings, type RedisTarget, type ReplicaWait,
} from "partwise/redis";
import {
  ALWAYS, CompositeTrigger, DEFAULT_SESSION_STORE_URL, DEFAULT_SUMMARY_PROMPT, DEFAULT_TIME_TO_LIVE_SECONDS, EVENT_METADATA,
  LastTurnsStrategy, MAX_ID_LENGTH, MemorySessionRepository, SessionService, SlidingWindowStrategy, SummarizingStrategy,
  TokenCountTrigger, TurnCountTrigger, duplicateIds, estimateTokens, importLegacyHistory, isCompactionEvent,
  isLegacyHistory, isMessageEvent, isSynthetic, openSessionRepository, openSessionService, sessionNotFound, transcript,
  versionConflict,
  type AppendMessageOptions, type AppendResult, type CompactionStrategy, type CompactionTrigger, type CompactionView,
  type EventRow, type EventSelection, type LegacyConversation, type LegacyImport, type NewSessionEvent,
  type OpenSessionStoreOptions, type SessionPage, type SessionRepository, type SessionRow, type SessionServiceOptions,
  type StoredEventRow, type Summarizer, type SummaryContent, type SummaryRequest,
} from "partwise/session";
import { SqliteSessionRepository, type SqliteSessionRepositoryOptions } from "partwise/sqlite";
import {
  chatSpanObserver, instrumentChatClient, otelFinishReason, otelFormat, otelProviderName, toOtelMessages,
  type ChatTelemetryOptions, type OtelMessageOptions, type OtelMessages, type OtelPartOptions,
} from "partwise/otel";
import { trace } from "@opentelemetry/api";
import {
  providerSimulators, startSimulator,
  type ProviderSimulator, type RunningSimulator, type SimulatorFault, type SimulatorOptions, type StartSimulatorOptions,
} from "partwise/testing";

// --- Parts, messages and histories --------------------------------------------------------------------

const signature: OpaquePayload = opaquePayload("anthropic", "thinking_signature", "c2lnbmVk");
const attributes: Attributes = { source: "consumer" };
const extras: PartExtras = { payload: signature, attributes };
const text: TextPart = textPart("What is the weather in Paris?");
const thinking: ReasoningPart = reasoningPart({ text: "The user wants the weather.", ...extras });
const call: ToolCallPart = toolCallPart({ id: "call_1", name: "weather", arguments: { city: "Paris" } });
const result: ToolResultPart = toolResultPart({ id: "call_1", name: "weather", content: "18 °C, clear" });
const picture: Media = mediaFromBytes("image/png", new Uint8Array([137, 80, 78, 71]), { name: "map.png" });
const linked: Media = mediaFromUrl("image/png", "https://example.com/map.png");
const linkedKind: MediaDataKind = linked.dataKind;
const media: MediaPart = mediaPart(picture);
const unknown: UnknownPart = unknownPart({ provider: "anthropic", kind: "server_tool_use", rawJson: "{}" });
const future: FuturePart = { type: "hologram", provider: FUTURE_PART_PROVIDER };
const known: KnownPart = text;
const role: Role = "user";
const questionMetadata: RecordUnknown = { dataKind: linkedKind };
const question: Message = message(role, [text, media], questionMetadata);
const answer: Message = new AssistantMessageBuilder().part(thinking).content("Let me check.").toolCalls([call.toolCall]).build();
const followUp: Message = new UserMessageBuilder().text("And tomorrow?").media([linked]).metadata({ turn: 2 }).build();
const tools: Message = message("tool", [result, unknown]);
const edited: Message = mutateAssistantMessage(answer).content("Checking the forecast.").build();
const history: History = { format: "partwise.history", version: 1, messages: [question, answer, tools, followUp] };

export function inspectParts(part: Part): string {
  const type: PartType = part.type;
  if (!isPartType(type) || !PART_TYPES.includes(type)) return "not a part";
  switch (part.type) {
    case "text": return part.text;
    case "reasoning": return part.text ?? part.summary ?? "";
    case "tool_call": return JSON.stringify(toolCallArguments(part.toolCall));
    case "tool_result": return toolResultText(part) ?? "";
    case "media": return part.media.mimeType;
    case "unknown": return part.rawJson;
    default: return unreachable(part, "part");
  }
}

export function views(): string[] {
  const calls: ToolCall[] = toolCallsOf(answer);
  const reasoning: ReasoningPart[] = reasoningOf(answer);
  const pictures: Media[] = mediaOf(question);
  const results: ToolResultPart[] = toolResultsOf(tools);
  const onlyText: PartOf<"text">[] = question.parts.filter((part): part is PartOf<"text"> => part.type === "text");
  const same = messagesEqual(answer, edited) || partsEqual(text, known) || partListsEqual(question.parts, followUp.parts) || mediaEqual(picture, linked);
  const provider: ProviderId | undefined = isProviderId("anthropic") ? "anthropic" : undefined;
  return [textOf(answer), String(hasToolCalls(answer)), String(calls.length + reasoning.length + pictures.length + results.length + onlyText.length), String(same), provider ?? "", future.type, String(PROVIDER_IDS.length)];
}

export function parseAndSerialize(json: unknown): string {
  const context: ParseContext = { file: "history.json", pointer: "" };
  const location: ErrorLocation = { file: "history.json", line: 1 };
  if (JSON.stringify(json).length > MAX_NESTING_DEPTH * 1000) return formatLocation(location);
  const parsed: History = parseHistory(json, context);
  const first: Message = parseMessage(messageToJson(question));
  const part: Part = parsePart(partToJson(text));
  const event: SessionEvent = parseSessionEvent({ id: "e1", sessionId: "s1", timestamp: "2026-01-01T00:00:00Z", type: "MESSAGE", message: first });
  return serialize(parsed, { indent: 2 }) + JSON.stringify(historyToJson(parsed.messages)) + inspectParts(part) + event.type;
}


/** A lint of one's own: the parts of the first message a target receives, as a check a registered provider declares. */
export const firstMessageParts: LintCheck = function* (subject: LintSubject): Iterable<LintCause> {
  if (!messageSent(subject, 0)) return;
  for (const sent of sentParts(subject, 0) satisfies SentPart[]) yield { pointer: sent.pointer, values: { at: messagePointer(subject, 0) } };
};

/** The lint member of a registered provider's codec. */
export const customLint: ProviderLint = { facts: (request) => (request.stream === true ? ["stream"] : []), checks: { "first-message-parts": firstMessageParts } };

// --- Validation and the known providers -------------------------------------------------------------------

/** What `partwise validate` would say of a stored history and of one conversation's messages, one line per problem. */
export function validateStored(stored: unknown, conversation: readonly unknown[]): string[] {
  const validateOptions: ValidateHistoryOptions = { strict: true, maxProblems: 20, target: { provider: "anthropic" } };
  const reports: ValidationReport[] = [validateHistory(stored, validateOptions), validateMessages(conversation, { maxProblems: 5 })];
  return reports.flatMap((report) => [
    `${report.valid ? "valid" : "invalid"}: ${report.errorCount} errors, ${report.warningCount} warnings${report.truncated ? " (not all listed)" : ""}`,
    ...report.problems.map((problem: ErrorObject) => `${problem.name} ${problem.pointer ?? ""} ${problem.code}: ${problem.message}`),
  ]);
}

/** The provider a user asked for, or the choices when partwise does not know it (built-in and registered ones). */
export function providerChoices(requested: unknown): string[] {
  if (isKnownProviderId(requested)) return [requested];
  const listings: ProviderListing[] = listProviders();
  return listings.map((listing) => `${listing.id}: ${listing.displayName}${listing.builtIn ? "" : " (registered)"}, payloads ${listing.payloadKinds.join(", ")}`);
}

/** What Anthropic will reject in a stored history, and the history it will accept (reasoning of other providers kept as text). */
export function lintForAnthropic(stored: History): { report: LintReport; fixed: FixedHistory<History>; fixReport: LintFixReport } {
  const options: LintOptions = { target: ["anthropic"], request: { model: "claude-sonnet-4-5", max_tokens: 1024 }, flags: [REASONING_AS_TEXT_FLAG] };
  const fixed = fixHistory(stored, options);
  return { report: lintHistory(stored, options), fixed, fixReport: { accepted: fixed.accepted, changes: fixed.changes, unfixed: fixed.unfixed } };
}

// --- Errors ---------------------------------------------------------------------------------------------

export function describeError(error: unknown): ErrorObject | undefined {
  if (error instanceof ProviderApiError) return error.retryable && isTransientStatus(error.status ?? 0) ? error.toJSON() : undefined;
  if (error instanceof InvalidDocumentError || error instanceof StreamProtocolError || error instanceof UnsupportedPartError) return error.toJSON();
  if (error instanceof SessionError || error instanceof MissingDependencyError || error instanceof InternalError) return error.toJSON();
  if (error instanceof ProviderLimitError || error instanceof UsageError) return error.toJSON();
  if (PartwiseError.isPartwiseError(error)) {
    const code: ErrorCode = error.code;
    return { name: error.name, code, message: error.message };
  }
  return undefined;
}

export function providerErrors(): PartwiseError[] {
  const facts: ErrorFacts = { errorType: "overloaded_error", message: "Overloaded", retryable: true };
  const context: ProviderErrorContext = { status: 529, requestId: "req_1" };
  const errors: ProviderErrors = anthropicCodec.errors;
  return [
    providerApiError("anthropic", facts, context),
    providerApiError("anthropic", errors.errorFacts({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } })),
    new ProviderLimitError("provider/timeout", "anthropic", "no first byte in 10 s", { phase: "first-byte" }),
    new UsageError("unknown flag --colour"),
    new PartwiseError("history/invalid", "a part without a type", { pointer: "/messages/0/parts/0" }),
  ];
}

// --- The eight codecs --------------------------------------------------------------------------------------

const flags: readonly string[] = [];
const options: EncodeOptions<AnthropicRequestFields> = { request: { model: "claude-sonnet-4-5", max_tokens: 1024 }, flags };
const googleOptions: GoogleEncodeOptions = { endpoint: "vertex-ai" satisfies GoogleEndpoint };
const decodeOptions: GoogleDecodeOptions = { endpoint: "gemini-api", candidate: 0 };

export function encodeEverywhere(): EncodedRequest[] {
  const bedrock: BedrockConverseRequest = encodeBedrockRequest(history, { request: { modelId: "anthropic.claude-sonnet-4-5" }, flags }).body;
  const ollama: OllamaChatRequest = encodeOllamaRequest(history.messages, { request: { model: "qwen3", think: true } }).body;
  const mistral: MistralChatCompletionRequest = encodeMistralRequest(history, { request: { model: "magistral-medium-latest" }, flags }).body;
  const responsesProfile: OpenAiResponsesProfile = OPENAI_RESPONSES_PROFILES.openai;
  const chatProfile: OpenAiChatProfile = OPENAI_CHAT_PROFILES.vllm;
  const chatProfileName: OpenAiChatProfileName = "groq";
  const responsesProfileName: OpenAiResponsesProfileName = "gpt-oss";
  const custom: CustomOpenAiChatProfileOptions = { id: "local", replayReasoning: true };
  const deepSeekVersion: DeepSeekRuleVersion = DEEPSEEK_RULE_VERSIONS["v3.2"];
  return [
    encodeAnthropicRequest(history, options),
    encodeOpenAiResponsesRequest(history, { request: { model: "gpt-5" }, flags }),
    encodeOpenAiChatRequest(history, { request: { model: "gpt-4.1" } }),
    createOpenAiResponsesCodec(responsesProfile).encodeRequest(history, { request: { model: "gpt-5", stream: false } }),
    createOpenAiChatCodec(customOpenAiChatProfile(custom)).encodeRequest(history, { request: { model: "local-model" }, flags }),
    encodeGoogleRequest(history, googleOptions),
    encodeDeepSeekRequest(history, { request: { model: "deepseek-reasoner" }, variant: deepSeekVersion.variant }),
    createOpenAiChatCodec(chatProfileName).encodeRequest(history),
    createOpenAiChatCodec(chatProfile).encodeRequest(history),
    createOpenAiResponsesCodec(responsesProfileName).encodeRequest(history),
    { provider: "bedrock", body: { ...bedrock }, warnings: [] },
    { provider: "ollama", body: { ...ollama }, warnings: [] },
    { provider: "mistral", body: { ...mistral, messages: mistral.messages.map((entry) => ({ ...entry, tool_call_id: mistralToolCallId("call_1") })) }, warnings: [] },
  ];
}

export function decodeEverywhere(bodies: { bedrock: BedrockConverseResponse; ollama: OllamaChatResponse; mistral: MistralChatCompletionResponse; other: unknown }): DecodedResponse[] {
  return [
    decodeAnthropicResponse(bodies.other),
    decodeOpenAiResponsesResponse(bodies.other),
    decodeOpenAiChatResponse(bodies.other, OPENAI_CHAT_PROFILES.openrouter),
    decodeGoogleResponse(bodies.other, decodeOptions),
    ...decodeGoogleCandidates(bodies.other, { endpoint: "gemini-api" }),
    decodeBedrockResponse(bodies.bedrock),
    decodeDeepSeekResponse(bodies.other),
    decodeOllamaResponse(bodies.ollama),
    decodeMistralResponse(bodies.mistral),
    createGoogleCodec({ endpoint: "vertex-ai" }).decodeResponse(bodies.other),
  ];
}

export function codecs(): ProviderCodec[] {
  const named: ProviderCodec[] = [anthropicCodec, openAiResponsesCodec, googleCodec, openAiChatCodec, ollamaCodec, bedrockCodec, deepSeekCodec, mistralCodec];
  const endpoint: ProviderEndpoint = googleCodec.endpoint;
  const declared: ToolDeclaration = { name: "weather", description: "The weather in a city", parameters: { type: "object", properties: { city: { type: "string" } } } };
  const flags = [REPLAY_SIGNATURES_ACROSS_ENDPOINTS];
  const withFlags = codecFor("google").encodeRequest(history, { flags, request: { ...named[0]?.declareTools([declared]) } });
  return [...named, ...Object.values(providerCodecs), codecFor("openai.chat", { profile: "xai" })].filter((codec) => endpoint.modelInBody || withFlags.warnings.length >= 0 || codec.id !== "");
}

export function streamDecoders(events: readonly WireEvent[]): StreamChunk[] {
  const decoders: StreamDecoder[] = [
    new AnthropicStreamDecoder(), new OpenAiResponsesStreamDecoder(OPENAI_RESPONSES_PROFILES.deepseek), new GoogleStreamDecoder(decodeOptions),
    new BedrockStreamDecoder(), new OpenAiChatStreamDecoder(OPENAI_CHAT_PROFILES.kimi), new DeepSeekStreamDecoder(),
    new OllamaStreamDecoder(), new MistralStreamDecoder(),
  ];
  return decoders.flatMap((decoder) => [...events.flatMap((event) => decoder.push(event)), ...decoder.end()]);
}

/** One event of @mistralai/mistralai's stream (`{ data: CompletionChunk }`) as the wire chunk the Mistral decoder reads. */
export function mistralSdkEvent(decoder: StreamDecoder, event: { readonly data: object }): StreamChunk[] {
  const chunk: MistralCompletionChunk = mistralChunkFromSdk(event);
  return decoder.push({ data: chunk });
}

// --- Replay rules -------------------------------------------------------------------------------------------

export function replay(part: Part): ErrorObject[] {
  const context: ReplayContext = { provider: "anthropic", flags: new Set<string>() };
  const decision: ReplayDecision = decideReplay(part, context);
  const rules: readonly ReplayRule[] = replayRules("anthropic");
  const warnings: ErrorObject[] = [];
  const action = settleReplay(part, "/messages/0/parts/0", context, warnings, decision);
  if (action === undefined) warnings.push(leftOutPartWarning(part, "/messages/0/parts/0", context, `no rule of ${rules.length} sends it`));
  return warnings;
}

export function describeProviders(document: ProvidersDocument): string[] {
  return document.providers.flatMap((provider: ProviderDescription) => {
    const kinds: PayloadKindDescription[] = provider.payloadKinds;
    const blocks: BlockMapping[] = provider.blocks;
    const replayTable: RecordArrayReplayRule = provider.replay;
    const contentTable: RecordArrayContentRule = provider.content;
    const fields: RecordString = blocks[0]?.fields ?? {};
    const places: ContentPlace[] = Object.values(contentTable).flat().flatMap((rule: ContentRule) => rule.places);
    return [provider.id, ...kinds.map((kind) => kind.kind), ...Object.keys(replayTable), ...Object.keys(fields), ...places];
  });
}

// --- Streams and aggregation ----------------------------------------------------------------------------------

function describeEvent(event: StreamEvent): string {
  switch (event.type) {
    case "part_started": { const started: PartStartedEvent = event; return started.part.type; }
    case "part_delta": { const delta: PartDeltaEvent = event; return delta.delta.type; }
    case "part_completed": { const completed: PartCompletedEvent = event; return completed.argumentsError ?? completed.part.type; }
    case "response_completed": { const done: ResponseCompletedEvent = event; return textOf(done.response.message); }
    default: return unreachable(event, "stream event");
  }
}

export async function streams(bytes: AsyncIterable<Uint8Array>, values: readonly unknown[]): Promise<string[]> {
  const codec = ollamaCodec;
  const reader: WireReader = codec.createWireReader();
  const sse: WireReader = serverSentEventReader("anthropic", { ignore: ["ping"] });
  const events: WireEvent[] = [...reader.push(new TextEncoder().encode("{}\n")), ...reader.end(), ...sse.end()];
  const chunks: StreamChunk[] = [...chunksFromWireEvents(codec, events), ...chunksFromJsonValues(codec, values)];
  const batches: StreamChunk[][] = [];
  for await (const batch of chunkBatchesFromBytes(codec, bytes)) batches.push(batch);
  const aggregatorOptions: AggregatorOptions = { strict: true };
  const source: ChunkSource = batches;
  const [decoded]: AggregatedResponse[] = await decodeStream(codec, bytes, aggregatorOptions);
  const all: AggregatedResponse[] = [...await aggregateAll(source), ...aggregateAllSync(chunks)];
  const one: AggregatedResponse = mergeResponses([await aggregate(chunks), aggregateSync(chunks)]);
  const live: LiveAggregation = liveAggregate(chunks);
  const described: string[] = [];
  for await (const event of live) described.push(describeEvent(event));
  const transform: EventTransform = createEventTransform();
  const aggregator = new MessageAggregator(aggregatorOptions);
  for (const chunk of chunks) aggregator.push(chunk);
  let state: AggregatorState = initialAggregatorState();
  for (const chunk of chunks) {
    const step: AggregatorStep = applyChunk(state, chunk);
    state = step.state;
    described.push(...step.events.map(describeEvent));
  }
  const finished = [...finishAggregation(state), ...aggregator.finish(), ...(await live.result), ...transform.snapshot()];
  return [...described, textOf(one.message), String(all.length + finished.length), decoded?.complete ? "complete" : "cut"];
}

export function chunkTypes(): StreamChunk[] {
  const indexer = new PartIndexer("resp_1");
  const info: ResponseInfo = { model: "m", finishReason: "stop" satisfies FinishReason, usage: { inputTokens: 3, outputTokens: 5 } satisfies Usage };
  const partChunk: PartChunk = indexer.next(textPart("Hel"));
  const merged: Part = mergeDelta(partChunk.part, textPart("lo"));
  const responseChunk: ResponseChunk = { responseId: "resp_1", response: info, done: true };
  return [partChunk, { partial: false, part: merged.type === "text" ? merged : textPart("") }, responseChunk];
}

// --- Sessions -------------------------------------------------------------------------------------------------------

class EchoSummarizer implements Summarizer {
  async summarize(request: SummaryRequest): Promise<SummaryContent> {
    return `${DEFAULT_SUMMARY_PROMPT} ${transcript(request.covered)}`;
  }
}

class EveryTurnStrategy implements CompactionStrategy {
  readonly description = "covers every turn but the last";
  turnsToCover(view: CompactionView): number {
    return Math.max(0, view.turnStarts.length - 1);
  }
}

export async function sessions(): Promise<string[]> {
  const serviceOptions: SessionServiceOptions = { defaultTimeToLiveSeconds: DEFAULT_TIME_TO_LIVE_SECONDS, clock: () => new Date() };
  const repository: SessionRepository = new MemorySessionRepository();
  const service = new SessionService(repository, serviceOptions);
  const metadata: SessionMetadata = { principalName: "ada", agentName: "consumer" };
  const request: CreateSessionRequest = { id: "s1".padEnd(Math.min(MAX_ID_LENGTH, 2)), metadata, timeToLiveSeconds: 3600 };
  const session: Session = await service.findOrCreate({ ...request, id: "s1" });
  const appendOptions: AppendMessageOptions = { metadata: { [EVENT_METADATA.synthetic]: false } satisfies EventMetadata };
  const appended: MessageEvent = await service.appendMessage(session.id, question, appendOptions);
  const custom: NewSessionEvent = { type: "NOTE", payload: { note: "checked" } };
  const result: AppendResult = await service.appendEvents(session.id, [custom]);
  const filter: EventFilter = { view: "active" satisfies EventView, roles: ["user"], lastN: 10 };
  const events: SessionEvent[] = await service.getEvents(session.id, filter);
  const messages: Message[] = events.filter(isMessageEvent).map((event) => event.message);
  const others: NonMessageEvent[] = events.filter((event): event is NonMessageEvent => !isMessageEvent(event));
  const customEvents: CustomEvent[] = others.filter((event): event is CustomEvent => !isCompactionEvent(event));
  const trigger: CompactionTrigger = CompositeTrigger.anyOf(new TurnCountTrigger(20), new TokenCountTrigger(8000), ALWAYS);
  const strategies: CompactionStrategy[] = [new LastTurnsStrategy(4), new SlidingWindowStrategy(50), new EveryTurnStrategy()];
  const strategy = new SummarizingStrategy({ window: strategies[0] ?? new LastTurnsStrategy(4), summarizer: new EchoSummarizer() });
  const compaction: CompactionResult = await service.compact(session.id, CompositeTrigger.allOf(trigger), strategy);
  const reason: CompactionSkipReason | undefined = compaction.reason;
  const boundary: CompactionEvent | undefined = compaction.boundary;
  const covered: CompactionBoundary | undefined = boundary?.payload;
  const header: SessionExportHeader = { format: "partwise.session", version: 1, session };
  const active: Message[] = await service.getActiveMessages(session.id);
  await service.close();
  return [
    appended.id, String(result.version), String(messages.length + customEvents.length + active.length), reason ?? "",
    String(covered?.coveredEventIds.length ?? 0), header.format, String(estimateTokens(question)), String(isSynthetic(appended)),
    ...strategies.map((entry) => entry.description),
  ];
}

/** A store of the app's own, written against the repository contract the built-in stores implement. */
export class LoggingRepository implements SessionRepository {
  readonly #inner: SessionRepository;
  readonly log: string[] = [];
  constructor(inner: SessionRepository) { this.#inner = inner; }
  createSession(session: SessionRow, attributeKeys: readonly string[], events: readonly EventRow[]): Promise<void> { this.log.push(`create ${session.id}`); return this.#inner.createSession(session, attributeKeys, events); }
  findSession(id: string): Promise<SessionRow | undefined> { return this.#inner.findSession(id); }
  findSessionsByAttribute(attributeKey: string): Promise<SessionRow[]> { return this.#inner.findSessionsByAttribute(attributeKey); }
  listSessions(page: SessionPage): Promise<SessionRow[]> { return this.#inner.listSessions(page); }
  deleteSession(id: string): Promise<boolean> { return this.#inner.deleteSession(id); }
  deleteExpiredSessions(now: number): Promise<string[]> { return this.#inner.deleteExpiredSessions(now); }
  appendEvents(sessionId: string, rows: readonly EventRow[], expectedVersion: number | undefined): Promise<number> {
    if (expectedVersion !== undefined && expectedVersion < 0) throw versionConflict(sessionId, expectedVersion, 0);
    if (new Set(rows.map((row) => row.id)).size < rows.length) throw duplicateIds("event", rows.map((row) => row.id));
    return this.#inner.appendEvents(sessionId, rows, expectedVersion);
  }
  async readEvents(sessionId: string, selection: EventSelection): Promise<StoredEventRow[]> {
    if (!(await this.#inner.findSession(sessionId))) throw sessionNotFound(sessionId);
    return this.#inner.readEvents(sessionId, selection);
  }
  readMessageBodies(sessionId: string, bodyFormat: string): Promise<(string | null)[]> { return this.#inner.readMessageBodies(sessionId, bodyFormat); }
  readLastEvent(sessionId: string, type: string): Promise<StoredEventRow | undefined> { return this.#inner.readLastEvent(sessionId, type); }
  readView(sessionId: string, afterSeq: number, ids: readonly string[]): Promise<StoredEventRow[]> { return this.#inner.readView(sessionId, afterSeq, ids); }
  close(): Promise<void> { return this.#inner.close(); }
}

export async function stores(postgresUrl: string): Promise<SessionRepository[]> {
  const storeOptions: OpenSessionStoreOptions = { create: true };
  const sqliteOptions: SqliteSessionRepositoryOptions = { busyTimeoutMilliseconds: 5000 };
  const pool = new pg.Pool({ connectionString: postgresUrl });
  const structural: PostgresPool = pool;
  const connection: PostgresPoolConnection = await structural.connect();
  const queryable: PostgresQueryable = connection;
  const rows: PostgresQueryResult = await queryable.query("SELECT 1 AS one");
  connection.release();
  const statement: PostgresQuery = { name: "one", text: "SELECT $1::int AS one", values: [rows.rowCount], rowMode: "array" };
  await structural.query(statement);
  const wait: ReplicaWait = { replicas: 1, timeoutMilliseconds: 100 };
  const settings: RedisStoreSettings = { keyPrefix: "app:", expireKeys: true, waitForReplicas: wait };
  const redisOptions: RedisSessionRepositoryOptions = { keyPrefix: settings.keyPrefix, expireKeys: settings.expireKeys };
  const url = "redis://127.0.0.1:6379/0";
  const target: RedisTarget | undefined = isRedisUrl(url) ? parseRedisUrl(url) : undefined;
  const server: RedisClient = new Redis({ host: target?.nodes[0]?.host ?? "127.0.0.1", lazyConnect: true });
  const cluster: RedisClient = new Cluster([{ host: "127.0.0.1", port: 7000 }], { lazyConnect: true });
  const pipeline: RedisPipeline = server.pipeline();
  pipeline.call("PING", []);
  await pipeline.exec();
  return [
    await openSessionRepository(DEFAULT_SESSION_STORE_URL, storeOptions),
    (await openSessionService("memory:", { ...storeOptions, generateId: () => "id" })) && new MemorySessionRepository(),
    new SqliteSessionRepository(":memory:", sqliteOptions),
    await PostgresSessionRepository.open(pool),
    await PostgresSessionRepository.open(postgresUrl),
    await RedisSessionRepository.open(server, redisOptions),
    await RedisSessionRepository.open(cluster),
    await RedisSessionRepository.open(url),
    new LoggingRepository(new MemorySessionRepository()),
  ];
}

export function legacy(value: unknown): string[] {
  if (!isLegacyHistory(value)) return [];
  const imported: LegacyImport = importLegacyHistory(value, { file: "legacy.json" });
  const conversations: LegacyConversation[] = imported.conversations;
  const findings: LegacyImportFinding[] = imported.findings;
  const kinds: LegacyFindingKind[] = findings.map((finding) => finding.kind);
  return [...conversations.map((conversation) => conversation.conversationId ?? ""), ...kinds];
}

// --- Chat: the tool loop, the HTTP client, session advisors ---------------------------------------------------------------

const weatherTool: ChatTool = {
  name: "weather",
  description: "The weather in a city",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  execute: async (input, context) => ({ city: (input as { city: string }).city, call: context.call.id, celsius: 18 }),
};

export async function chat(apiKey: string): Promise<string[]> {
  const limits: CallLimits = { ...DEFAULT_CALL_LIMITS, totalTimeoutMs: 60_000 };
  const httpOptions: ProviderHttpClientOptions = { provider: "anthropic", model: "claude-sonnet-4-5", apiKey, ...limits, maxRetries: 2 };
  const transport = new ProviderHttpClient(httpOptions);
  const streaming: StreamingResponse = await transport.stream({ model: "claude-sonnet-4-5", max_tokens: 64, messages: [] });
  const clientOptions: ChatClientOptions = { codec: anthropicCodec, transport, tools: [weatherTool], request: { max_tokens: 1024, ...toolRequestFields("anthropic", [weatherTool]) } };
  const client = new ChatClient(clientOptions);
  const seen: ChatEvent[] = [];
  const memory: ChatMemory = { load: async () => history.messages, record: async () => {} };
  const sendOptions: SendOptions = { memory, onEvent: (event) => seen.push(event) };
  const reply: ChatResult = await client.send("What is the weather in Paris?", sendOptions);
  const service = new SessionService(new MemorySessionRepository());
  const advisor: ChatMemory = new SessionMemoryAdvisor(service, "s1");
  const turnOptions: SessionTurnOptions = { create: { metadata: { agentName: "consumer" } }, compaction: { trigger: new TurnCountTrigger(10), strategy: new LastTurnsStrategy(4) } };
  const sessionReply: SessionChatResult = await new SessionChat(client, service, turnOptions).send("s1", followUp);
  return [textOf(reply.message), reply.stoppedBy, String(seen.length), String((await advisor.load()).length), sessionReply.compaction?.unchanged ? "kept" : "compacted", streaming.requestId ?? ""];
}

export async function telemetry(apiKey: string): Promise<string[]> {
  const partOptions: OtelPartOptions = { includeMediaBytes: false };
  const messageOptions: OtelMessageOptions = { ...partOptions, output: "final-assistant", response: { finishReason: "stop" } };
  const exported: OtelMessages = toOtelMessages(history, messageOptions);
  const spans: ChatTelemetryOptions = { tracer: trace.getTracer("consumer"), captureMessages: true };
  const transport = new ProviderHttpClient({ provider: "anthropic", model: "claude-sonnet-4-5", apiKey });
  const client: ChatClient = instrumentChatClient({ codec: anthropicCodec, transport, request: { max_tokens: 64 } }, spans);
  const observed = new ChatClient({ codec: anthropicCodec, transport, observer: chatSpanObserver({ provider: "anthropic", model: "claude-sonnet-4-5" }, spans) });
  const reply = await client.send("Hello");
  await observed.send("Hello");
  const document = otelFormat.write(history.messages).document;
  return [JSON.stringify(exported.outputMessages), otelFinishReason({ finishReason: "tool_calls" }) ?? "", otelProviderName("bedrock"), JSON.stringify(document), textOf(reply.message)];
}

// --- Files and testing ------------------------------------------------------------------------------------------------

export async function validate(path: string): Promise<FileSummary> {
  const issues: ValidationIssue[] = [];
  const fileOptions: ValidateFileOptions = { onIssue: (issue) => issues.push(issue), maxLineBytes: 1 << 20 };
  const summary = await validateFile(path, fileOptions);
  if (issues.some((issue) => issue.severity === "error")) throw new InvalidDocumentError("schema/invalid", `${summary.errors} errors in ${summary.file}`);
  return summary;
}

export async function simulate(): Promise<string> {
  const simulatorOptions: SimulatorOptions = { port: 0, apiKey: "test-key" };
  const startOptions: StartSimulatorOptions = { ...simulatorOptions, profile: "openai" };
  const fault: SimulatorFault = { kind: "status", status: 529, retryAfterSeconds: 1 };
  const simulator: RunningSimulator = await startSimulator("anthropic", startOptions);
  simulator.injectFault(fault);
  const factory = providerSimulators["ollama"];
  const created: ProviderSimulator | undefined = factory?.(simulatorOptions);
  await simulator.close();
  return `${simulator.url} ${simulator.requestCount} ${created?.provider ?? ""}`;
}

// --- Pydantic AI message history ---------------------------------------------------------------------

export function pydanticAiRoundTrip(json: unknown): PydanticAiModelMessage[] {
  const read: Converted<Message> = fromPydanticAiMessages(json);
  const format: MessageFormat = pydanticAiFormat;
  const written: Converted<PydanticAiModelMessage> = toPydanticAiMessages(read.messages);
  const thinking: PydanticAiThinkingPart = { part_kind: "thinking", content: "", signature: "c2lnbmVk", provider_name: "anthropic" };
  return format.id === "pydantic-ai" ? written.messages : [{ kind: "response", parts: [thinking] }];
}

// --- Converters -------------------------------------------------------------------------------------------------------

export function convertUiMessages(history: readonly Message[]): [WrittenUiMessage[], Converted<Message>, string] {
  const options: ToUiMessagesOptions = { generateId: (index) => `m${index}` };
  const written: Converted<WrittenUiMessage> = toUIMessages(history, options);
  const stored: UiMessage[] = written.messages;
  const firstParts: UiMessagePart[] = stored[0]?.parts ?? [];
  const format: MessageFormat = uiMessageFormat;
  return [written.messages, fromUIMessages(stored), `${format.id} ${firstParts.length}`];
}

export function convertAiSdk(history: Message[]): string {
  const options: ToModelMessagesOptions & FromModelMessagesOptions = { providerKeys: { google: "vertex" } };
  const written: Converted<AiSdkWrittenMessage> = toModelMessages(history, options);
  const read: AiSdkModelMessage[] = written.messages;
  return `${aiSdkFormat.id} ${fromModelMessages(read, options).messages.length} ${written.warnings.length}`;
}
