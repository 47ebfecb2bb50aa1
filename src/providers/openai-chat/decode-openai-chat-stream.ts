// Decodes a Chat Completions SSE stream into part chunks. The wire has no block indices: reasoning and
// text deltas take indices from a PartIndexer per choice; tool-call fragments are buffered by their
// `index` (which may start above 0; a later fragment may repeat the type or send an empty name) and each
// call is emitted whole when its response ends, after any refusal and generated audio, so the aggregate
// equals the blocking decode. A response ends at `data: [DONE]`, at the end of the bytes, or when the
// next response's id appears (where the profile says ids name responses, not chunks); it is complete only
// when every choice sent a finish_reason, and usage may still follow in a chunk with empty `choices`.
// https://platform.openai.com/docs/api-reference/chat-streaming
import type { Part, PartChunk, ResponseInfo, StreamChunk } from "../../../generated/types.js";
import { jsonNesting } from "../../json/json-nesting.js";
import { ChunkStreamDecoder } from "../chunk-stream-decoder.js";
import { PartIndexer } from "../part-indexer.js";
import type { ChunkSink, WireEvent, WireReader } from "../provider-codec.js";
import { serverSentEventReader } from "../wire-readers.js";
import { checkWire } from "../wire-validation.js";
import { chatApiError } from "./decode-openai-chat-response.js";
import { OPENAI_CHAT_PROFILES, type OpenAiChatProfile, openAiChatServer } from "./openai-chat-profiles.js";
import {
  audioPart,
  choiceAttributes,
  contentItemPart,
  contentItemText,
  nonEmptyArray,
  otherFieldsPart,
  otherMessageFields,
  producerAttributes,
  readReasoning,
  refusalPart,
  toolCallPart,
} from "./map-openai-chat-message.js";
import {
  type ChatCompletionsServer,
  type OpenAiChatCompletionChunk,
  type OpenAiChatDelta,
  type OpenAiChatErrorBody,
  type OpenAiChatToolCall,
  type OpenAiChatToolCallDelta,
  REASONING_DETAILS,
  chatFinishReason,
  chatUsage,
} from "./openai-chat-wire.js";

/** The SSE data that ends a stream (also accepted as a JSON string line with `--input jsonl`). */
const DONE = "[DONE]";

/** Index distance between the choices of one response (`n` > 1), so their parts never share a slot. */
const CHOICE_STRIDE = 1 << 20;

/** The reasoning detail types whose text OpenRouter streams in fragments (same `type` and `index`). */
const FRAGMENTED_DETAILS: ReadonlySet<unknown> = new Set(["reasoning.text", "reasoning.summary"]);

/**
 * Adds a streamed OpenRouter reasoning detail: a fragment of the text or summary item before it (same
 * type and index) is joined to it, its text appended and a signature or other field filled in; any other
 * item (encrypted reasoning arrives whole) is added as received.
 */
function appendReasoningDetail(details: unknown[], detail: unknown): void {
  const last = details.at(-1) as Record<string, unknown> | undefined;
  const fragment = detail as Record<string, unknown>;
  const joins = last !== undefined && typeof fragment === "object" && fragment !== null && FRAGMENTED_DETAILS.has(fragment.type) && last.type === fragment.type && last.index === fragment.index;
  if (!joins) {
    details.push(typeof detail === "object" && detail !== null ? { ...detail } : detail);
    return;
  }
  for (const key in fragment) {
    const value = fragment[key];
    if ((key === "text" || key === "summary") && typeof value === "string") last[key] = String(last[key] ?? "") + value;
    else if (value !== null && value !== undefined && value !== "") last[key] = value;
  }
}

/** A tool call while its fragments arrive. */
interface BufferedCall {
  readonly key: number;
  /** Where its first fragment sat, for the error when the joined call is not a valid tool call. */
  readonly pointer: string;
  readonly position: number | undefined;
  /** `id`, `type` and extra fields: a non-empty value replaces the earlier one (the SDK accumulator's rule). */
  readonly fields: Record<string, unknown>;
  name: string;
  arguments: string;
  functionExtra: Record<string, unknown> | undefined;
}

/** Where a tool-call fragment sits: its event's stream position, its choice's and its own place in the lists. */
interface FragmentLocation {
  readonly position: number | undefined;
  readonly choice: number;
  readonly index: number;
}

/** What has arrived of one choice. */
class ChoiceStream {
  readonly #server: ChatCompletionsServer;
  readonly #choice: number;
  readonly #offset: number;
  readonly #indexer: PartIndexer;
  #lastIndex = -1;
  #reasoningIndex = -1;
  #details: unknown[] | undefined;
  #refusal = "";
  #audio: Record<string, unknown> | undefined;
  /** Every call in the order it opened. */
  readonly #calls: BufferedCall[] = [];
  /** The call each wire `index` currently continues. */
  readonly #callAtIndex = new Map<number, BufferedCall>();
  #lastCall: BufferedCall | undefined;
  #nextKey = 0;
  #other: Record<string, unknown> | undefined;
  finished = false;

  constructor(server: ChatCompletionsServer, responseId: string | undefined, choice: number) {
    this.#server = server;
    this.#choice = choice;
    this.#offset = choice * CHOICE_STRIDE;
    this.#indexer = new PartIndexer(responseId);
  }

  /** A delta (text, reasoning) or a whole part through the indexer; the first chunk of a slot carries the attributes. */
  #next(part: Part, attributes: () => Part["attributes"]): PartChunk {
    const chunk = this.#indexer.next(part);
    if (this.#offset !== 0) chunk.index = (chunk.index as number) + this.#offset;
    if (chunk.index !== this.#lastIndex) {
      this.#lastIndex = chunk.index as number;
      const value = attributes();
      if (value && !part.attributes) part.attributes = value;
    }
    return chunk;
  }

  #reasoning(text: string | undefined): PartChunk {
    const part: Part = text === undefined ? { type: "reasoning" } : { type: "reasoning", text };
    const chunk = this.#next(part, () => producerAttributes(this.#server, this.#choice, true));
    if (this.#reasoningIndex < 0) this.#reasoningIndex = chunk.index as number;
    return chunk;
  }

  #text(text: string): PartChunk {
    return this.#next({ type: "text", text }, () => choiceAttributes(this.#choice));
  }

  #whole(part: Part): PartChunk {
    return this.#next(part, () => undefined);
  }

  /** A choice's delta, from the event at stream `position` whose `choices` hold it at `choicePosition`. */
  delta(delta: OpenAiChatDelta, into: ChunkSink, position: number | undefined, choicePosition: number): void {
    const reasoning = readReasoning(delta, this.#server);
    if (reasoning !== undefined) into.push(this.#reasoning(reasoning));
    const details = nonEmptyArray(delta.reasoning_details);
    if (details) {
      // OpenRouter's items become the reasoning part's payload at the end; the part takes its slot now.
      if (this.#reasoningIndex < 0) into.push(this.#reasoning(undefined));
      const accumulated = (this.#details ??= []);
      for (const detail of details) appendReasoningDetail(accumulated, detail);
    }
    const content = delta.content;
    if (typeof content === "string") {
      if (content !== "") into.push(this.#text(content));
    } else if (Array.isArray(content)) {
      for (const item of content) {
        const text = contentItemText(item);
        if (text === undefined) into.push(this.#whole(contentItemPart(item, this.#server, this.#choice)));
        else if (text !== "") into.push(this.#text(text));
      }
    }
    if (typeof delta.refusal === "string") this.#refusal += delta.refusal;
    if (typeof delta.audio === "object" && delta.audio !== null) this.#audioFragment(delta.audio);
    if (Array.isArray(delta.tool_calls)) delta.tool_calls.forEach((fragment, index) => fragment && this.#callFragment(fragment, { position, choice: choicePosition, index }));
    const other = otherMessageFields(delta);
    if (other) Object.assign((this.#other ??= {}), other);
  }

  /** Audio fragments: the id first, data and transcript in pieces, `expires_at` last (as the SDK accumulates them). */
  #audioFragment(fragment: Record<string, unknown>): void {
    const audio = (this.#audio ??= {});
    for (const key in fragment) {
      const value = fragment[key];
      if (value === null || value === undefined) continue;
      if ((key === "data" || key === "transcript") && typeof value === "string") audio[key] = String(audio[key] ?? "") + value;
      else audio[key] = value;
    }
  }

  #callFragment(fragment: OpenAiChatToolCallDelta, at: FragmentLocation): void {
    let call: BufferedCall | undefined;
    const opensCall = (existing: BufferedCall | undefined) =>
      typeof fragment.id === "string" && fragment.id !== "" && existing?.fields.id !== undefined && fragment.id !== existing.fields.id;
    if (typeof fragment.index === "number") {
      // A call's id comes once, in its first fragment: a new id at a used index is a new call (servers
      // that reuse index 0 for every call), never a rename of the one before.
      const existing = this.#callAtIndex.get(fragment.index);
      call = existing && !opensCall(existing) ? existing : this.#newCall(existing ? this.#nextKey : fragment.index, at);
      this.#callAtIndex.set(fragment.index, call);
    }
    // Without an index (off-spec servers), a new id opens a new call and anything else continues the last.
    else if (typeof fragment.id === "string" && fragment.id !== "" && fragment.id !== this.#lastCall?.fields.id) call = this.#newCall(this.#nextKey, at);
    else call = this.#lastCall ?? this.#newCall(this.#nextKey, at);
    this.#lastCall = call;
    for (const key in fragment) {
      const value = fragment[key];
      if (key === "index" || value === null || value === undefined || value === "") continue;
      if (key === "function" && typeof value === "object") this.#functionFragment(call, value as Record<string, unknown>);
      else call.fields[key] = value;
    }
  }

  #functionFragment(call: BufferedCall, fragment: Record<string, unknown>): void {
    for (const key in fragment) {
      const value = fragment[key];
      if (key === "arguments") {
        if (typeof value === "string") call.arguments += value;
      } else if (key === "name") {
        // A later fragment may send `name: ""`; an empty name never replaces the one seen.
        if (typeof value === "string" && value !== "") call.name = value;
      } else if (value !== null && value !== undefined) {
        (call.functionExtra ??= {})[key] = value;
      }
    }
  }

  #newCall(key: number, at: FragmentLocation): BufferedCall {
    const pointer = `/choices/${at.choice}/delta/tool_calls/${at.index}`;
    const call: BufferedCall = { key, pointer, position: at.position, fields: {}, name: "", arguments: "", functionExtra: undefined };
    this.#calls.push(call);
    this.#nextKey = Math.max(this.#nextKey, key + 1);
    return call;
  }

  /**
   * Whether a call's arguments were cut mid-JSON, stopping inside a string, object or array (a
   * `finish_reason` of `length` does that). Merely malformed arguments (`{"city": Oslo}`) are whole and
   * kept verbatim, as the blocking decoder keeps them. A cut call is incomplete, as a cut Anthropic,
   * Bedrock or Mistral call is, so the response it is in is not whole.
   */
  get hasCutCall(): boolean {
    return this.#calls.some((call) => (call.fields.type ?? "function") === "function" && jsonNesting(call.arguments).unclosed);
  }

  /**
   * The parts held back until the response ended: the reasoning payload, refusal, audio, tool calls in
   * index order, other fields. In a response that did not finish, the tool calls stay partial, so they are
   * reported as incomplete rather than presented as calls.
   */
  flush(responseId: string | undefined, complete: boolean, into: ChunkSink): void {
    if (this.#details) {
      const payload = { provider: this.#server.provider, kind: REASONING_DETAILS, data: JSON.stringify(this.#details) };
      const chunk: PartChunk = { index: this.#reasoningIndex, partial: true, part: { type: "reasoning", payload } };
      if (responseId !== undefined) chunk.responseId = responseId;
      into.push(chunk);
    }
    if (this.#refusal !== "") into.push(this.#whole(refusalPart(this.#refusal, this.#server, this.#choice)));
    if (this.#audio) into.push(this.#whole(audioPart(this.#audio, this.#server, this.#choice)));
    for (const call of [...this.#calls].sort((left, right) => left.key - right.key)) {
      // A whole call is checked as the blocking decoder's schema checks a call in `tool_calls`; a cut one
      // may lack what its lost fragments held, and is reported as incomplete instead.
      const joined = this.#wireCall(call);
      const wire = complete ? checkWire<OpenAiChatToolCall>(this.#server.validators.toolCall, joined, this.#server.provider, "streamed tool call", call.position, call.pointer) : joined;
      const chunk = this.#whole(toolCallPart(wire, this.#server, this.#choice));
      if (!complete && chunk.part.type === "tool_call") chunk.partial = true;
      into.push(chunk);
    }
    if (this.#other) into.push(this.#whole(otherFieldsPart(this.#other, this.#server, this.#choice)));
  }

  /** A buffered call in the shape of a blocking response's tool call, for the shared mapper. */
  #wireCall(call: BufferedCall): OpenAiChatToolCall {
    const type = call.fields.type ?? "function";
    if (type !== "function") return call.fields as OpenAiChatToolCall;
    return { ...call.fields, function: { name: call.name, arguments: call.arguments, ...call.functionExtra } } as OpenAiChatToolCall;
  }
}

/** One response of the stream. */
interface ResponseStream {
  readonly id: string | undefined;
  model: string | undefined;
  readonly choices: Map<number, ChoiceStream>;
}

export class ChatCompletionsStreamDecoder extends ChunkStreamDecoder {
  readonly #server: ChatCompletionsServer;
  #response: ResponseStream | undefined;

  constructor(server: ChatCompletionsServer) {
    super();
    this.#server = server;
  }

  pushInto(event: WireEvent, into: ChunkSink): void {
    const data = event.data;
    if (data === DONE) {
      this.#close(into);
      return;
    }
    const server = this.#server;
    const position = event.position;
    // An error after HTTP 200 arrives as a data event `{"error": {...}}`.
    if (server.validators.errorBody(data)) throw chatApiError(data as OpenAiChatErrorBody, server, position);
    const chunk = checkWire<OpenAiChatCompletionChunk>(server.validators.chunk, data, server.provider, "stream chunk", position);
    const id = chunk.id === "" ? undefined : chunk.id;
    // A new id starts the next response, on servers whose ids name responses (not Groq compound's, one per chunk).
    const idsNameResponses = server.streamIds !== "per-chunk";
    if (idsNameResponses && this.#response && id !== undefined && this.#response.id !== undefined && id !== this.#response.id) this.#close(into);
    // A leading chunk with no id and nothing in it (Azure's prompt_filter_results) opens no response.
    if (!this.#response && id === undefined && chunk.choices.length === 0 && !chunk.usage) return;
    const response = (this.#response ??= { id, model: undefined, choices: new Map() });
    let info: ResponseInfo | undefined;
    if (typeof chunk.model === "string" && chunk.model !== "" && chunk.model !== response.model) {
      response.model = chunk.model;
      info = { model: chunk.model };
    }
    const usage = chatUsage(chunk.usage, server);
    if (usage) (info ??= {}).usage = usage;
    for (let choicePosition = 0; choicePosition < chunk.choices.length; choicePosition++) {
      const choice = chunk.choices[choicePosition] as OpenAiChatCompletionChunk["choices"][number];
      const index = choice.index ?? 0;
      let state = response.choices.get(index);
      if (!state) {
        state = new ChoiceStream(server, response.id, index);
        response.choices.set(index, state);
      }
      if (choice.delta) state.delta(choice.delta, into, position, choicePosition);
      if (typeof choice.finish_reason === "string" && choice.finish_reason !== "") {
        state.finished = true;
        if (index === 0) {
          info ??= {};
          const finishReason = chatFinishReason(choice.finish_reason);
          if (finishReason !== undefined) info.finishReason = finishReason;
          info.rawFinishReason = choice.finish_reason;
        }
      }
    }
    if (info) into.push(response.id === undefined ? { response: info } : { responseId: response.id, response: info });
  }

  end(): StreamChunk[] {
    const chunks: StreamChunk[] = [];
    this.#close(chunks);
    return chunks;
  }

  /** Ends the current response: held-back parts, then `done` when every choice finished (else it aggregates as truncated). */
  #close(into: ChunkSink): void {
    const response = this.#response;
    if (!response) return;
    this.#response = undefined;
    const choices = [...response.choices.entries()].sort(([left], [right]) => left - right).map(([, state]) => state);
    const complete = choices.length > 0 && choices.every((state) => state.finished && !state.hasCutCall);
    for (const state of choices) state.flush(response.id, complete, into);
    if (complete) into.push(response.id === undefined ? { response: {}, done: true } : { responseId: response.id, response: {}, done: true });
  }
}

/** The stream decoder for the server a profile describes (OpenAI by default). */
export class OpenAiChatStreamDecoder extends ChatCompletionsStreamDecoder {
  constructor(profile: OpenAiChatProfile = OPENAI_CHAT_PROFILES.openai) {
    super(openAiChatServer(profile));
  }
}

/** A reader of raw SSE bytes into wire events: each `data:` JSON, and `[DONE]` as the string itself. */
export function chatCompletionsWireReader(provider: string): WireReader {
  return serverSentEventReader(provider, { passThrough: [DONE] });
}
