// Decodes a Mistral chat-completions SSE stream (data-only events, `data: [DONE]` last) into part chunks.
// The wire has no block index: the PartIndexer gives each run of text or thinking its slot, so the
// chunk order of the blocking answer comes out; a chunk of another type is whole and ends the run.
// Tool calls arrive whole or in pieces keyed by id or `index`, and are emitted once complete, with
// their arguments text checked, when the choice finishes. https://docs.mistral.ai/capabilities/completion/#streaming
import type { Part, PartChunk, StreamChunk } from "../../../generated/types.js";
import { validateMistralCompletionChunk } from "../../../generated/wire/mistral-validators.js";
import { appendPointer } from "../../json/json-location.js";
import { ChunkStreamDecoder } from "../chunk-stream-decoder.js";
import { PartIndexer } from "../part-indexer.js";
import type { ChunkSink, WireEvent } from "../provider-codec.js";
import { checkWire, invalidWire } from "../wire-validation.js";
import {
  MISTRAL,
  type MistralChunk,
  type MistralCompletionChunk,
  type MistralStreamChoice,
  type MistralTextChunk,
  type MistralThinkChunk,
  type MistralToolCall,
  mistralApiError,
  mistralInfo,
} from "./mistral-wire.js";
import {
  TEXT_FIELDS,
  THINKING_FIELDS,
  type WireLocation,
  chunkAttributes,
  isPlainText,
  mistralToolCallToPart,
  nestedText,
  otherChunkFields,
  otherChunkToPart,
  signaturePayload,
} from "./map-mistral-chunk.js";

/** The data of the event that ends a stream. */
export const STREAM_END = "[DONE]";

/** Where a value of a choice sits in an event. */
function at(position: number | undefined, choiceIndex: number, ...segments: (string | number)[]): WireLocation {
  return { pointer: appendPointer("/choices", choiceIndex, ...segments), ...(position === undefined ? {} : { position }) };
}

/** The text or thinking chunk being streamed: its slot, and what the part's text does not say. */
interface Run {
  readonly type: "text" | "reasoning";
  readonly index: number;
  readonly otherFields: Record<string, unknown>;
  /** Thinking only: the nested chunks so far, text fragments as strings. */
  readonly nested: (string | MistralChunk)[];
}

/** A tool call being assembled from its pieces. */
interface PendingCall {
  readonly id: string;
  name: string;
  readonly fragments: string[];
  objectArguments: unknown;
  readonly location: WireLocation;
}

/** What has arrived of one completion. */
interface Completion {
  readonly id: string;
  readonly indexer: PartIndexer;
  run: Run | undefined;
  readonly calls: PendingCall[];
  readonly callsById: Map<string, PendingCall>;
  readonly callsByIndex: Map<number, PendingCall>;
  latestCall: PendingCall | undefined;
  emptyTextSent: boolean;
  finished: boolean;
  closed: boolean;
}

/** The nested chunks of a streamed thinking chunk: consecutive text fragments joined into one text chunk. */
function joinNested(nested: readonly (string | MistralChunk)[]): MistralChunk[] {
  const chunks: MistralChunk[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.length > 0) chunks.push({ type: "text", text: text.join("") });
    text = [];
  };
  for (const item of nested) {
    if (typeof item === "string") {
      text.push(item);
    } else {
      flush();
      chunks.push(item);
    }
  }
  flush();
  return chunks;
}

export class MistralStreamDecoder extends ChunkStreamDecoder {
  #completion: Completion | undefined;

  pushInto(event: WireEvent, into: ChunkSink): void {
    const position = event.position;
    if (event.data === STREAM_END) {
      this.#close(into);
      return;
    }
    if (!validateMistralCompletionChunk(event.data)) {
      // An error event after HTTP 200, or an event that is not a completion chunk.
      throw mistralApiError(event.data, position) ?? checkWire(validateMistralCompletionChunk, event.data, MISTRAL, "stream event", position);
    }
    const data = event.data as MistralCompletionChunk;
    let completion = this.#completion;
    if (!completion || completion.id !== data.id || completion.closed) {
      // A completion that never finished stays without `done`: the aggregator reports it as truncated.
      completion = this.#start(data.id);
      into.push({ responseId: data.id, response: mistralInfo({ id: data.id, model: data.model }) });
    }
    for (let choiceIndex = 0; choiceIndex < data.choices.length; choiceIndex++) {
      const choice = data.choices[choiceIndex] as MistralStreamChoice;
      if (choice.index !== 0) {
        throw invalidWire(MISTRAL, `stream carries choice ${choice.index}; partwise decodes one completion per response (request n = 1)`, at(position, choiceIndex, "index"));
      }
      const content = choice.delta.content;
      if (typeof content === "string") {
        this.#text(completion, content, undefined, into);
      } else if (content) {
        for (const chunk of content) this.#contentChunk(completion, chunk, into);
      }
      choice.delta.tool_calls?.forEach((call, index) => this.#toolCallPiece(completion, call, at(position, choiceIndex, "delta", "tool_calls", index, "function", "arguments")));
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) this.#finish(completion, into);
    }
    const finishReason = data.choices.find((choice) => choice.finish_reason)?.finish_reason;
    if (finishReason || data.usage) into.push({ responseId: data.id, response: mistralInfo({ finishReason, usage: data.usage }) });
  }

  end(): StreamChunk[] {
    // A completion that finished but whose `[DONE]` was not seen is whole; one that did not finish is truncated.
    const completion = this.#completion;
    const chunks: StreamChunk[] = [];
    if (completion?.finished && !completion.closed) this.#close(chunks);
    return chunks;
  }

  #start(id: string): Completion {
    this.#completion = {
      id,
      indexer: new PartIndexer(id),
      run: undefined,
      calls: [],
      callsById: new Map(),
      callsByIndex: new Map(),
      latestCall: undefined,
      emptyTextSent: false,
      finished: false,
      closed: false,
    };
    return this.#completion;
  }

  #delta(completion: Completion, run: Run, part: Part): PartChunk {
    return { responseId: completion.id, index: run.index, partial: true, part };
  }

  /** A content chunk of a delta, as the event's validator checked it (MistralChunk): the casts name the model checked for the tag. */
  #contentChunk(completion: Completion, chunk: MistralChunk, into: ChunkSink): void {
    switch (chunk.type) {
      case "text":
        this.#text(completion, (chunk as MistralTextChunk).text, otherChunkFields(chunk, TEXT_FIELDS), into);
        return;
      case "thinking":
        this.#thinking(completion, chunk as MistralThinkChunk, into);
        return;
      default:
        // A reference, media or future chunk arrives whole and ends the run.
        this.#endRun(completion, into);
        into.push(completion.indexer.next(otherChunkToPart(chunk)));
    }
  }

  #text(completion: Completion, text: string, otherFields: Record<string, unknown> | undefined, into: ChunkSink): void {
    const run = completion.run;
    if (run?.type === "text") {
      if (otherFields) Object.assign(run.otherFields, otherFields);
      if (text !== "") into.push(this.#delta(completion, run, { type: "text", text }));
      return;
    }
    if (text === "") {
      // Unindexed: an answer that is only "" keeps its empty text, one with parts drops it (as the blocking decoder does).
      if (completion.emptyTextSent) return;
      completion.emptyTextSent = true;
      into.push(completion.indexer.next({ type: "text", text: "" }));
      return;
    }
    this.#endRun(completion, into);
    const chunk = completion.indexer.next({ type: "text", text });
    completion.run = { type: "text", index: chunk.index ?? 0, otherFields: { ...otherFields }, nested: [] };
    into.push(chunk);
  }

  #thinking(completion: Completion, thinking: MistralThinkChunk, into: ChunkSink): void {
    const part: Part = { type: "reasoning", text: nestedText(thinking.thinking) };
    const payload = signaturePayload(thinking);
    if (payload) part.payload = payload;
    let run = completion.run;
    if (run?.type === "reasoning") {
      into.push(this.#delta(completion, run, part));
    } else {
      this.#endRun(completion, into);
      part.attributes = { provider: MISTRAL };
      const chunk = completion.indexer.next(part);
      run = { type: "reasoning", index: chunk.index ?? 0, otherFields: {}, nested: [] };
      completion.run = run;
      into.push(chunk);
    }
    const otherFields = otherChunkFields(thinking, THINKING_FIELDS);
    if (otherFields) Object.assign(run.otherFields, otherFields);
    for (const nested of thinking.thinking) run.nested.push(isPlainText(nested) ? nested.text : nested);
  }

  /** Ends the text or thinking run: what its chunks held beyond the text goes into the part's chunkFields. */
  #endRun(completion: Completion, into: ChunkSink): void {
    const run = completion.run;
    if (!run) return;
    completion.run = undefined;
    const nested = run.type === "reasoning" ? joinNested(run.nested) : undefined;
    const plain = nested === undefined || (nested.length === 1 && isPlainText(nested[0] as MistralChunk));
    const attributes = chunkAttributes(false, run.otherFields, plain ? undefined : nested);
    if (Object.keys(attributes).length > 0) into.push(this.#delta(completion, run, run.type === "text" ? { type: "text", text: "", attributes } : { type: "reasoning", text: "", attributes }));
  }

  /** One piece of a tool call: the call it continues is found by id, else by `index`, else it is the latest. */
  #toolCallPiece(completion: Completion, call: MistralToolCall, location: WireLocation): void {
    const id = call.id ?? "";
    let pending = id !== "" ? completion.callsById.get(id) : typeof call.index === "number" ? completion.callsByIndex.get(call.index) : completion.latestCall;
    if (!pending) {
      pending = { id, name: call.function.name ?? "", fragments: [], objectArguments: undefined, location };
      completion.calls.push(pending);
      if (id !== "") completion.callsById.set(id, pending);
    } else if (pending.name === "" && call.function.name) {
      pending.name = call.function.name;
    }
    const fragment = call.function.arguments;
    if (typeof fragment === "string") pending.fragments.push(fragment);
    else if (fragment !== null && fragment !== undefined) pending.objectArguments = fragment;
    if (typeof call.index === "number") completion.callsByIndex.set(call.index, pending);
    completion.latestCall = pending;
  }

  /** The choice finished: the run ends and the tool calls, now whole, follow the content as in the blocking answer. */
  #finish(completion: Completion, into: ChunkSink): void {
    this.#endRun(completion, into);
    for (const call of completion.calls) {
      const argumentsValue = call.objectArguments ?? call.fragments.join("");
      into.push(completion.indexer.next(mistralToolCallToPart({ id: call.id, name: call.name, arguments: argumentsValue }, call.location)));
    }
    completion.calls.length = 0;
    completion.callsById.clear();
    completion.callsByIndex.clear();
    completion.latestCall = undefined;
    completion.finished = true;
  }

  #close(into: ChunkSink): void {
    const completion = this.#completion;
    if (!completion || completion.closed) return;
    // `[DONE]` ends the stream normally even when no finish_reason came first.
    if (!completion.finished) this.#finish(completion, into);
    completion.closed = true;
    into.push({ responseId: completion.id, response: {}, done: true });
  }
}
