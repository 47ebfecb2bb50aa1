// A user's own provider written with `partwise/provider-kit` and tested with `partwise/testing`: the codec
// of "echo", a Chat Completions-like server, with its encoder on the shared driver, validated decoding, an
// SSE reader, its errors and endpoint, registered with its compiled description. Type-checked, never run,
// by test/package/consumer-types.test.ts (docs/scaffold-a-provider.md, docs/custom-providers.md).
import {
  AssistantMessageBuilder, isKnownProviderId, textPart, unreachable, unregisterProvider,
  type DecodedResponse, type ErrorObject, type FinishReason, type History, type Message, type Part, type ProviderDescription,
  type StreamChunk, type Usage,
} from "partwise";
import {
  ChunkStreamDecoder, NewlineDelimitedJsonDecoder, OwnMessage, PartIndexer, ROLE_OF_PLACE, ServerSentEventDecoder, Skip, alternatingTurns,
  assistantLeftOutWarning, bearerAuthHeaders, bodyRecord, bodyText, checkWire, contentJudge, contentRules, contentSupport,
  encodeHistory, forEachRun, historyMessages, invalidWire, joinUrl, namedTool, normalizedMediaType, openAiStyleErrors,
  parsePartJson, parsePartObject, parseToolArguments, parseWireJson, registerProvider, replayContext, retryableType,
  framedWireReader, jsonLinesBeforeFailure, serverSentEventsBeforeFailure, settleContent, tokenCount, typedEncoder,
  wireEventsBeforeFailure, withoutBlock, withoutForeignPayload, type CompletedBeforeFailure, type FramingDecoder, type JsonLine,
  type ContentJudge, type ContentPlace, type ContentSupport, type EncodeOptions, type Encoder,
  type ErrorFacts, type ProviderCodec, type ProviderEndpoint, type ProviderErrors, type ServerSentEvent,
  type ChunkSink, type StandaloneValidator, type StreamDecoder, type ToolDeclaration, type TurnWriter, type WireEvent, type WireReader,
} from "partwise/provider-kit";
import {
  bearerAuthorized, chatCompletionAnswer, chatCompletionsRoute, chatErrorAnswer, chatMessages, chatScriptTurns,
  chatToolNames, scriptReply, startSimulatorServer, weatherTools,
  type ChatDialect, type ProviderSimulator, type RunningSimulator, type ScriptReply,
} from "partwise/testing";

const ECHO = "echo";

// --- The wire ----------------------------------------------------------------------------------------------

type EchoContent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image_url"; readonly image_url: { readonly url: string } }
  | { readonly type: "raw"; readonly value: unknown };
type EchoToolCall = { readonly id: string; readonly type: "function"; readonly function: { readonly name: string; readonly arguments: string } };
type EchoToolResult = { readonly role: "tool"; readonly tool_call_id: string; readonly content: string };
/** A block of a turn: content, a tool call (assistant turns), or a tool result, which is a message of its own. */
type EchoBlock = EchoContent | { readonly type: "tool_call"; readonly call: EchoToolCall };
type EchoMessage =
  | { readonly role: "system"; readonly content: string }
  | { readonly role: "user"; readonly content: EchoContent[] }
  | { readonly role: "assistant"; readonly content: EchoContent[]; readonly tool_calls?: EchoToolCall[] }
  | EchoToolResult;
/** What the encoder writes (a type alias: the driver's body is a JSON object). */
type EchoEncoded = { messages: EchoMessage[] };
/** The request fields echo takes besides the messages. */
interface EchoRequestFields {
  readonly model: string;
  readonly stream?: boolean;
  readonly temperature?: number;
  readonly tools?: readonly Record<string, unknown>[];
}
/** A completion, in Chat Completions' shape (what the simulator below answers). */
interface EchoResponse {
  readonly id: string;
  readonly model: string;
  readonly choices: readonly { readonly message: { readonly content: string | null; readonly tool_calls?: EchoToolCall[] } }[];
  readonly usage?: unknown;
}
interface EchoChunk {
  readonly id: string;
  readonly choices: readonly { readonly delta: { readonly content?: string | null }; readonly finish_reason?: string | null }[];
  readonly usage?: unknown;
}

/** The validators `partwise generate --provider echo.tsp` writes for the wire. */
export interface EchoValidators {
  readonly response: StandaloneValidator;
  readonly chunk: StandaloneValidator;
}

// --- Encoding: a TurnWriter on the shared driver ---------------------------------------------------------------

const isContent = (block: EchoBlock | OwnMessage<EchoToolResult>): block is EchoContent => !(block instanceof OwnMessage) && block.type !== "tool_call";

/** Echo takes alternating turns: consecutive user content joins one user turn, assistant content one assistant turn; each tool result is a message of its own. */
function echoWriter(options: EncodeOptions, warnings: ErrorObject[]): TurnWriter<EchoBlock | OwnMessage<EchoToolResult>, EchoEncoded> {
  const context = replayContext(ECHO, options);
  const system: string[] = [];
  const turns = alternatingTurns<"user" | "assistant" | "tool", EchoBlock | OwnMessage<EchoToolResult>>("user", "assistant");
  return {
    context,
    // The writer reports an assistant message it sends nothing of itself, in assistant() below.
    reportsAssistantLeftOut: false,
    // Echo matches results to calls by id: the driver derives one where a call (and its result) has none.
    derivesToolCallIds: true,
    misplaced: (part, place) => `echo takes no ${part.type} part in ${ROLE_OF_PLACE[place]} content`,
    text: (part) => (part.text === "" ? undefined : { type: "text", text: part.text }),
    media: (part, place) =>
      part.media.dataKind === "url" && normalizedMediaType(part.media.mimeType).startsWith("image/")
        ? { type: "image_url", image_url: { url: part.media.data } }
        : new Skip(`echo takes images by URL in ${ROLE_OF_PLACE[place]} content, not ${part.media.dataKind} ${part.media.mimeType}`),
    unknown: (part, _place, pointer) => ({ type: "raw", value: parsePartJson(ECHO, part.rawJson, pointer, "raw block") }),
    toolResult: (part, _pointer, content) =>
      new OwnMessage({ role: "tool", tool_call_id: part.id ?? "", content: content().filter(isContent).map((block) => (block.type === "text" ? block.text : "")).join("") }),
    system: (blocks) => system.push(...blocks.filter(isContent).map((block) => (block.type === "text" ? block.text : ""))),
    user: (blocks) => forEachRun(blocks, turns.user, (result) => turns.turns.push({ role: "tool", content: [new OwnMessage(result)] })),
    assistantPart(sent, pointer) {
      switch (sent.type) {
        case "text": return sent.text === "" ? withoutBlock(sent, ECHO) : { type: "text", text: sent.text };
        case "tool_call": {
          // Echo takes the arguments as a JSON object's text: a bad text is this request's error.
          const input = parseToolArguments(ECHO, sent.toolCall.arguments, () => `${pointer()}/toolCall/arguments`, "function.arguments");
          return { type: "tool_call", call: { id: sent.toolCall.id, type: "function", function: { name: sent.toolCall.name, arguments: JSON.stringify(input) } } };
        }
        case "unknown": return { type: "raw", value: parsePartObject(ECHO, sent.rawJson, pointer, "raw block", { typed: true }) };
        case "reasoning": case "media": case "tool_result": return withoutBlock(sent, ECHO);
        default: return unreachable(sent, "part");
      }
    },
    assistant(blocks, pointer) {
      if (blocks.length === 0) warnings.push(assistantLeftOutWarning(pointer(), ECHO));
      return turns.assistant(blocks);
    },
    body: () => ({ ...options.request, messages: [...(system.length > 0 ? [{ role: "system" as const, content: system.join("\n") }] : []), ...turns.turns.flatMap(wireMessages)] }),
  };
}

/** A turn as echo's messages: a tool turn is its results, one message each. */
function wireMessages(turn: { readonly role: "user" | "assistant" | "tool"; readonly content: (EchoBlock | OwnMessage<EchoToolResult>)[] }): EchoMessage[] {
  const content = turn.content.filter(isContent);
  switch (turn.role) {
    case "tool": return turn.content.flatMap((block) => (block instanceof OwnMessage ? [block.wire] : []));
    case "user": return [{ role: "user", content }];
    case "assistant": {
      const calls = turn.content.flatMap((block) => (!(block instanceof OwnMessage) && block.type === "tool_call" ? [block.call] : []));
      return [calls.length > 0 ? { role: "assistant", content, tool_calls: calls } : { role: "assistant", content }];
    }
    default: return unreachable(turn.role, "role");
  }
}

export const encodeEchoRequest: Encoder<EchoEncoded, EchoRequestFields> = typedEncoder<EchoEncoded, EchoRequestFields>((history, options = {}) => {
  const warnings: ErrorObject[] = [];
  return encodeHistory(history, echoWriter(options, warnings), warnings);
});

// --- Decoding: validated wire, an SSE reader, a stream decoder ---------------------------------------------------

function decodedMessage(message: EchoResponse["choices"][number]["message"] | undefined): Message {
  const calls = (message?.tool_calls ?? []).map((call) => ({ id: call.id, type: "function" as const, name: call.function.name, arguments: call.function.arguments }));
  return new AssistantMessageBuilder().content(message?.content ?? "").toolCalls(calls).build();
}

function usageOf(usage: unknown): Usage {
  const record = bodyRecord(usage);
  const inputTokens = tokenCount(record?.prompt_tokens);
  const outputTokens = tokenCount(record?.completion_tokens);
  return { ...(inputTokens === undefined ? {} : { inputTokens }), ...(outputTokens === undefined ? {} : { outputTokens }) };
}

class EchoStreamDecoder extends ChunkStreamDecoder {
  readonly #validators: EchoValidators;
  #indexer: PartIndexer | undefined;
  constructor(validators: EchoValidators) {
    super();
    this.#validators = validators;
  }
  pushInto(event: WireEvent, into: ChunkSink): void {
    const chunk = checkWire<EchoChunk>(this.#validators.chunk, event.data, ECHO, "stream chunk", event.position);
    this.#indexer ??= new PartIndexer(chunk.id);
    const [choice] = chunk.choices;
    if (choice === undefined) {
      if (chunk.usage === undefined) throw invalidWire(ECHO, "a stream chunk with neither a choice nor usage", event.position === undefined ? {} : { position: event.position });
      into.push({ responseId: chunk.id, response: { usage: usageOf(chunk.usage) } });
      return;
    }
    if (choice.delta.content) into.push(this.#indexer.next(textPart(choice.delta.content)));
    if (!choice.finish_reason) return;
    const finishReason: FinishReason = choice.finish_reason === "tool_calls" ? "tool_calls" : "stop";
    into.push({ responseId: chunk.id, response: { finishReason, usage: usageOf(chunk.usage) }, done: true });
  }
  end(): StreamChunk[] { return []; }
}

/** Any decoder, the kit's base or not, is a StreamDecoder. */
const echoDecoder = (validators: EchoValidators): StreamDecoder => new EchoStreamDecoder(validators);

/**
 * Echo's SSE: named events whose data is JSON, then `data: [DONE]`. On the kit's framed reader, so the
 * events a corrupt chunk completed before its error still reach the decoder.
 */
function echoWireReader(): WireReader {
  return framedWireReader(new ServerSentEventDecoder(ECHO), serverSentEventsBeforeFailure, wireEvent);
}

function wireEvent(event: ServerSentEvent): WireEvent | undefined {
  if (event.data === "[DONE]") return undefined;
  const data = parseWireJson(event.data, ECHO);
  return event.event === undefined ? { data } : { name: event.event, data };
}

// --- Errors, endpoint, tools -------------------------------------------------------------------------------------

const ECHO_ERROR_TYPES: Readonly<Record<string, boolean>> = { overloaded: true, rate_limited: true, invalid_request: false };
const openAiEnvelope: ProviderErrors = openAiStyleErrors(ECHO_ERROR_TYPES);

/** Echo answers `{"fault": "...", "detail": "..."}` on its own routes and OpenAI's envelope on /v1. */
const echoErrors: ProviderErrors = {
  errorFacts(body: unknown, headers?: Headers): ErrorFacts {
    const record = bodyRecord(body);
    const fault = bodyText(record?.fault);
    if (fault === undefined) return openAiEnvelope.errorFacts(body, headers);
    const message = bodyText(record?.detail);
    const retryable = retryableType(ECHO_ERROR_TYPES, fault);
    return { errorType: fault, ...(message === undefined ? {} : { message }), ...(retryable === undefined ? {} : { retryable }) };
  },
};

const echoEndpoint: ProviderEndpoint = {
  defaultBaseUrl: "http://127.0.0.1:11500",
  baseUrlEnv: ["ECHO_BASE_URL"],
  apiKeyEnv: ["ECHO_API_KEY"],
  authHeaders: bearerAuthHeaders,
  requestUrl: (baseUrl) => joinUrl(baseUrl, "/v1/chat/completions"),
  modelInBody: true,
  streamInBody: true,
  requestIdHeaders: ["x-request-id"],
};

function declareTools(tools: readonly ToolDeclaration[]): Record<string, unknown> {
  return { tools: tools.map((tool) => ({ type: "function", function: { ...namedTool(tool), parameters: tool.parameters } })) };
}

export function createEchoCodec(validators: EchoValidators): ProviderCodec<EchoEncoded, EchoRequestFields> {
  return {
    id: ECHO,
    framing: "server-sent-events",
    decodeResponse(body: unknown): DecodedResponse {
      const response = checkWire<EchoResponse>(validators.response, body, ECHO, "response");
      return { message: decodedMessage(response.choices[0]?.message), info: { responseId: response.id, model: response.model, usage: usageOf(response.usage) } };
    },
    createStreamDecoder: () => echoDecoder(validators),
    createWireReader: echoWireReader,
    wireEventFromJson: (value, line) => ({ data: value, position: line }),
    encodeRequest: encodeEchoRequest,
    endpoint: echoEndpoint,
    declareTools,
    reasoningRequest: { model: "echo-think", request: {} },
    errors: echoErrors,
  };
}

// --- Registration and content checks --------------------------------------------------------------------------

/** Registers echo with its description (as `partwise generate --provider echo.tsp` compiles it), runs `use`, then removes it again. */
export async function withEcho<T>(validators: EchoValidators, description: ProviderDescription, use: (codec: ProviderCodec<EchoEncoded, EchoRequestFields>) => Promise<T>): Promise<T> {
  const codec = createEchoCodec(validators);
  registerProvider({ codec, description });
  try {
    if (!isKnownProviderId(ECHO)) throw new Error("echo is not registered");
    return await use(codec);
  } finally {
    unregisterProvider(ECHO);
  }
}

/**
 * Before a history goes to echo: payloads other providers issued are dropped, and the user and system parts
 * echo's content rules do not take are left out with a warning each (or throw where the rules reject them).
 */
export function echoReady(history: History | readonly Message[], warnings: ErrorObject[]): Message[] {
  const judge: ContentJudge = contentJudge(ECHO);
  const { messages, base } = historyMessages(history);
  return messages.map((message, index) => {
    const place: ContentPlace | undefined = message.role === "system" ? "system" : message.role === "assistant" ? undefined : "user";
    const parts: Part[] = message.parts.map((part) => withoutForeignPayload(part, ECHO));
    if (place === undefined) return { ...message, parts };
    const taken = parts.filter((part, partIndex) => settleContent(part, `${base}/${index}/parts/${partIndex}`, place, { provider: ECHO }, warnings, judge(part, place)));
    return { ...message, parts: taken };
  });
}

/** Why echo would leave an attachment out of a user message, for a UI that greys it out before sending; undefined when taken. */
export function attachmentRefusal(part: Part): string | undefined {
  const support: ContentSupport = contentSupport(ECHO, "user", part);
  if (support.taken) return undefined;
  const userRules = contentRules(ECHO).filter((rule) => rule.places.includes("user"));
  return `${support.reason}; echo takes ${userRules.flatMap((rule) => rule.parts).join(", ") || "nothing"} in user messages`;
}

/**
 * A recorded stream (one wire event's JSON per line) decoded as echo's chunks; on a corrupt line, the chunks of
 * the lines before it (what the framing completed before its error) and the error.
 */
export function recordedChunks(validators: EchoValidators, bytes: Uint8Array): { chunks: StreamChunk[]; error?: unknown } {
  const codec = createEchoCodec(validators);
  const lines: FramingDecoder<JsonLine> = new NewlineDelimitedJsonDecoder(ECHO);
  const linesBeforeFailure: CompletedBeforeFailure<JsonLine> = jsonLinesBeforeFailure;
  const reader = framedWireReader(lines, linesBeforeFailure, (line) => codec.wireEventFromJson(line.value, line.line));
  const decoder = codec.createStreamDecoder();
  const decode = (events: readonly WireEvent[]): StreamChunk[] => events.flatMap((event) => decoder.push(event));
  try {
    return { chunks: [...decode(reader.push(bytes)), ...decode(reader.end()), ...decoder.end()] };
  } catch (error) {
    const before: readonly WireEvent[] = wireEventsBeforeFailure.of(error);
    return { chunks: decode(before), error };
  }
}

// --- A simulator of echo from the testing helpers ---------------------------------------------------------------

const echoDialect: ChatDialect = { reasoningField: "reasoning", toolCallId: (context) => context.nextId("call_", 24) };

export const echoSimulator: ProviderSimulator = {
  provider: ECHO,
  route: chatCompletionsRoute,
  authorized: bearerAuthorized,
  handle(request, context) {
    const reply: ScriptReply = scriptReply(chatScriptTurns(chatMessages(request.body)), chatToolNames(request.body));
    return chatCompletionAnswer(request, reply, echoDialect, context);
  },
  errorAnswer: (status, type, message) => chatErrorAnswer(status, type, message),
};

/** One turn of the weather conversation against the simulator on loopback, as a test of the codec does it. */
export async function simulateEcho(validators: EchoValidators, description: ProviderDescription): Promise<string> {
  const simulator: RunningSimulator = await startSimulatorServer(echoSimulator, { port: 0, apiKey: "test-key" });
  try {
    return await withEcho(validators, description, async (codec) => {
      const tools = declareTools(weatherTools);
      const { body } = codec.encodeRequest([{ role: "user", parts: [textPart("What is the weather in Oslo?")] }], { request: { model: "echo-1", ...tools } });
      const answer = await fetch(codec.endpoint.requestUrl(simulator.url, body.model, false), {
        method: "POST",
        headers: { "content-type": "application/json", ...codec.endpoint.authHeaders("test-key") },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`echo answered ${answer.status}: ${JSON.stringify(codec.errors.errorFacts(await answer.json(), answer.headers))}`);
      return codec.decodeResponse(await answer.json()).message.parts.map((part) => part.type).join(", ");
    });
  } finally {
    await simulator.close();
  }
}
