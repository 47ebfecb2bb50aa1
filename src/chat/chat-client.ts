// The tool loop: call the model, run the tools it asks for, send the results, until it stops or a round
// limit is reached. Blocking or streaming (live events for the caller, the aggregated message for the
// loop); a memory (the session advisor) supplies the conversation and records every round as it happens.
import type { AggregatedResponse, Message, Part, ResponseInfo, StreamEvent, ToolCall, ToolResultPart } from "../../generated/types.js";
import { type ProviderHttpClient, type StreamingResponse, sleep } from "../client/provider-http-client.js";
import { ProviderApiError, StreamProtocolError } from "../errors/partwise-error.js";
import { toolCallArguments } from "../parts/tool-arguments.js";
import { toolCallsOf } from "../parts/views.js";
import { chunkBatchesFromBytes } from "../providers/decode-stream.js";
import type { EncodeOptions, ProviderCodec } from "../providers/provider-codec.js";
import { liveAggregate } from "../streaming/aggregate.js";
import { mergeResponses } from "../streaming/message-aggregator.js";
import { type ToolDeclaration, codecToolFields } from "./tool-declarations.js";

/** A tool the loop can run. */
export interface ChatTool extends ToolDeclaration {
  /** Runs the tool; the returned value (text, or JSON) becomes the result; a thrown error an error result. */
  execute(input: unknown, context: { readonly call: ToolCall; readonly signal?: AbortSignal }): unknown | Promise<unknown>;
}

/**
 * Where the conversation lives between calls: the session memory advisor. `load` gives the active view
 * before a call; `record` appends messages as they happen (one batch per step, so a failed step leaves
 * the log as it was).
 */
export interface ChatMemory {
  load(): Promise<Message[]>;
  record(messages: readonly Message[]): Promise<void>;
}

/** What the caller sees while the loop runs. */
export type ChatEvent =
  | { readonly type: "round_started"; readonly round: number }
  /** The round's answer failed with a retryable provider error inside a 200 answer; its stream events so far are void and the call is sent again. */
  | { readonly type: "round_retried"; readonly round: number; readonly error: ProviderApiError }
  | { readonly type: "stream"; readonly round: number; readonly event: StreamEvent }
  | { readonly type: "assistant_message"; readonly round: number; readonly message: Message; readonly info: ResponseInfo }
  | { readonly type: "tool_results"; readonly round: number; readonly message: Message };

/**
 * Watches a loop's provider calls and tool runs, each from its start to its end (partwise/otel's spans,
 * docs/convert-otel.md). Called synchronously; what it throws is not caught.
 */
export interface ChatObserver {
  /** A provider call is about to go out with this conversation (once per attempt: a retried round is a new call). */
  callStarted(call: { readonly round: number; readonly conversation: readonly Message[]; readonly stream: boolean }): {
    succeeded(response: { readonly message: Message; readonly info: ResponseInfo }): void;
    failed(error: unknown): void;
  };
  /** A tool is about to run; `finished` hears its result (an error result when it threw or is unknown). */
  toolStarted(call: ToolCall): { finished(result: ToolResultPart): void };
}

export interface ChatClientOptions {
  readonly codec: ProviderCodec;
  /**
   * The HTTP calls, which retry failed answers themselves; with `retryDelay`, errors inside a 200 answer (an
   * error body, a mid-stream overloaded error) are retried under the same policy, without one never.
   */
  readonly transport: Pick<ProviderHttpClient, "complete" | "stream"> & Partial<Pick<ProviderHttpClient, "retryDelay">>;
  readonly tools?: readonly ChatTool[];
  /** Model calls per `send` at most (default 8); the tools of the last call still run and are recorded. */
  readonly maxRounds?: number;
  /** Stream responses (live events) instead of blocking calls. */
  readonly stream?: boolean;
  /** Request fields besides messages and tools (max_tokens, thinking, ...). */
  readonly request?: Readonly<Record<string, unknown>>;
  /** Replay-rule variant and flags for the codec. */
  readonly encode?: Pick<EncodeOptions, "variant" | "flags">;
  /** Told when each provider call and tool run starts and ends (tracing). */
  readonly observer?: ChatObserver;
}

export interface SendOptions {
  readonly memory?: ChatMemory;
  /** The conversation so far when there is no memory. */
  readonly history?: readonly Message[];
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: ChatEvent) => void;
}

export interface ChatResult {
  /** The last assistant message. */
  readonly message: Message;
  /** Every message this call added, in order: the user message, assistant messages, tool results. */
  readonly added: readonly Message[];
  readonly rounds: number;
  /** Why the loop stopped: the model finished, or the round limit was reached with tools still requested. */
  readonly stoppedBy: "model" | "round-limit";
  readonly info: ResponseInfo;
}

function resultText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value ?? null);
}

export class ChatClient {
  readonly #options: ChatClientOptions;
  readonly #tools: ReadonlyMap<string, ChatTool>;

  constructor(options: ChatClientOptions) {
    this.#options = options;
    this.#tools = new Map((options.tools ?? []).map((tool) => [tool.name, tool]));
  }

  /**
   * Sends a user message and runs the tool loop to its end. Without input it continues the stored
   * conversation (after a round limit, or a restart between a tool result and the next model call).
   */
  async send(input: string | Message | undefined, options: SendOptions = {}): Promise<ChatResult> {
    const conversation = options.memory ? await options.memory.load() : [...(options.history ?? [])];
    const user: Message | undefined = typeof input === "string" ? { role: "user", parts: [{ type: "text", text: input }] } : input;
    // The user message is recorded together with the first answer: a call that fails leaves no trace.
    let pending: Message[] = user ? [user] : [];
    const added: Message[] = [...pending];
    if (user) conversation.push(user);
    const maxRounds = this.#options.maxRounds ?? 8;
    for (let round = 1; ; round++) {
      options.onEvent?.({ type: "round_started", round });
      const response = await this.#call(conversation, round, options);
      conversation.push(response.message);
      added.push(response.message);
      options.onEvent?.({ type: "assistant_message", round, message: response.message, info: response.info });
      await options.memory?.record([...pending, response.message]);
      pending = [];
      const calls = toolCallsOf(response.message);
      if (calls.length === 0) return { message: response.message, added, rounds: round, stoppedBy: "model", info: response.info };
      // Tools run even on the last round, so the stored conversation can be continued from their results.
      const results: Message = { role: "tool", parts: await this.#runTools(calls, options.signal) };
      conversation.push(results);
      added.push(results);
      options.onEvent?.({ type: "tool_results", round, message: results });
      await options.memory?.record([results]);
      if (round >= maxRounds) return { message: response.message, added, rounds: round, stoppedBy: "round-limit", info: response.info };
    }
  }

  async #call(conversation: readonly Message[], round: number, options: SendOptions): Promise<{ message: Message; info: ResponseInfo }> {
    const { codec, transport } = this.#options;
    // A ChatTool is a ToolDeclaration; the codec's declareTools reads only the declaration fields.
    const request = { ...this.#options.request, ...codecToolFields(codec, [...this.#tools.values()]) };
    const encoded = codec.encodeRequest(conversation, { request, ...this.#options.encode });
    const call = options.signal ? { signal: options.signal } : {};
    for (let attempt = 0; ; attempt++) {
      const observed = this.#options.observer?.callStarted({ round, conversation, stream: this.#options.stream ?? false });
      try {
        // Only the decoding is retried here: a failed HTTP answer was already retried by the transport.
        const answer = this.#options.stream ? await transport.stream(encoded.body, call) : await transport.complete(encoded.body, call);
        const response = await this.#decode(answer, round, options);
        observed?.succeeded(response);
        return response;
      } catch (error) {
        observed?.failed(error);
        if (!(error instanceof ProviderApiError)) throw error;
        const wait = transport.retryDelay?.(error, attempt);
        if (wait === undefined) throw error;
        options.onEvent?.({ type: "round_retried", round, error });
        await sleep(wait, options.signal);
      }
    }
  }

  /** The answer of one call as the round's message: a blocking body, or a stream aggregated while its events go out. */
  async #decode(answer: unknown, round: number, options: SendOptions): Promise<{ message: Message; info: ResponseInfo }> {
    const { codec } = this.#options;
    if (!this.#options.stream) {
      const decoded = codec.decodeResponse(answer);
      return { message: decoded.message, info: decoded.info };
    }
    const { bytes } = answer as StreamingResponse;
    const live = liveAggregate(chunkBatchesFromBytes(codec, bytes));
    for await (const event of live) options.onEvent?.({ type: "stream", round, event });
    const response: AggregatedResponse = mergeResponses(await live.result);
    if (!response.complete) throw new StreamProtocolError("stream/truncated", `${codec.id}: the stream ended before the response did`);
    return { message: response.message, info: response.info };
  }

  async #runTools(calls: readonly ToolCall[], signal: AbortSignal | undefined): Promise<Part[]> {
    return Promise.all(calls.map(async (call): Promise<ToolResultPart> => {
      const observed = this.#options.observer?.toolStarted(call);
      const result = await this.#runTool(call, signal);
      observed?.finished(result);
      return result;
    }));
  }

  async #runTool(call: ToolCall, signal: AbortSignal | undefined): Promise<ToolResultPart> {
    const result = (text: string, isError: boolean): ToolResultPart => ({ type: "tool_result", id: call.id, name: call.name, content: [{ type: "text", text }], isError });
    const tool = this.#tools.get(call.name);
    if (!tool) return result(`unknown tool "${call.name}"`, true);
    try {
      return result(resultText(await tool.execute(toolCallArguments(call), signal ? { call, signal } : { call })), false);
    } catch (error) {
      return result(error instanceof Error ? error.message : String(error), true);
    }
  }
}
