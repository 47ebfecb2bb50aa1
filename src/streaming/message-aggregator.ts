// The message aggregator: one mutable accumulator per stream. `push` applies a chunk in place and reports
// the live events it caused, `snapshot` gives the responses as they stand, `finish` the final ones; each
// response equals, part for part, what the blocking decoder returns (DESIGN.md, Streaming). The pure
// reducer `applyChunk` is a thin wrapper at the end of this file: it copies the accumulator, then pushes.
import type {
  AggregatedResponse,
  ErrorObject,
  OpaquePayload,
  Part,
  PartChunk,
  ResponseChunk,
  ResponseInfo,
  StreamChunk,
  StreamEvent,
  ToolCallPart,
  Usage,
} from "../../generated/types.js";
import { PartwiseError, StreamProtocolError } from "../errors/partwise-error.js";
import { toolCallArguments } from "../parts/tool-arguments.js";
import { mergeDelta } from "./merge-part-delta.js";

/**
 * One indexed part. Its `part` is replaced, never changed, so a snapshot can share it. Plain text deltas
 * (text, or reasoning text or summary, and nothing else) wait in `pending` (a reasoning summary's in
 * `pendingSummary`) and are merged as one delta, every
 * PENDING_PIECES of them and whenever the part is read (settledPart): a delta's string then dies young
 * instead of living on as one node of a rope as long as the message, which the young-generation
 * collector copies and promotes (the growth in per-byte cost of long streams).
 */
interface Slot {
  readonly index: number;
  part: Part;
  complete: boolean;
  pending: string[] | undefined;
  pendingSummary: string[] | undefined;
}

const PENDING_PIECES = 512;

function joined(pieces: string[]): string {
  const text = pieces.length === 1 ? (pieces[0] as string) : pieces.join("");
  pieces.length = 0;
  return text;
}

/** The slot's part with its pending text merged in (text and summary are separate fields, so the order between them does not matter). */
function settledPart(slot: Slot): Part {
  const pending = slot.pending;
  const pendingSummary = slot.pendingSummary;
  const hasText = pending !== undefined && pending.length > 0;
  if (hasText || (pendingSummary !== undefined && pendingSummary.length > 0)) {
    const part = slot.part;
    if (part.type === "text") {
      slot.part = mergeDelta(part, { type: "text", text: joined(pending as string[]) });
    } else {
      const delta: Part = { type: "reasoning" };
      if (hasText) delta.text = joined(pending as string[]);
      if (pendingSummary !== undefined && pendingSummary.length > 0) delta.summary = joined(pendingSummary);
      slot.part = mergeDelta(part, delta);
    }
  }
  return slot.part;
}

function discardPending(slot: Slot): void {
  if (slot.pending !== undefined) slot.pending.length = 0;
  if (slot.pendingSummary !== undefined) slot.pendingSummary.length = 0;
}

/**
 * Queues a delta that only appends text to one field of a part of its type (all mergeDelta does with
 * it); false, queuing nothing, for any other delta.
 */
function queuedPlainDelta(slot: Slot, delta: Part): boolean {
  if (delta.payload !== undefined || delta.attributes !== undefined) return false;
  let pieces: string[];
  let text: string;
  if (delta.type === "text") {
    text = delta.text;
    pieces = slot.pending ??= [];
  } else if (delta.type === "reasoning") {
    if (typeof delta.text === "string" && delta.summary === undefined) {
      text = delta.text;
      pieces = slot.pending ??= [];
    } else if (typeof delta.summary === "string" && delta.text === undefined) {
      text = delta.summary;
      pieces = slot.pendingSummary ??= [];
    } else return false;
  } else return false;
  if (pieces.push(text) >= PENDING_PIECES) settledPart(slot);
  return true;
}

/** What has arrived of one response. */
interface ResponseAccumulator {
  readonly responseId: string | undefined;
  /** Indexed parts, sorted by index. */
  slots: Slot[];
  highestIndex: number;
  /** The index of the last part chunk, and whether that chunk completed its slot (see responseFor). */
  lastIndex: number;
  lastCompleted: boolean;
  /** Unindexed parts other than text and tool calls, and parts displaced in lenient mode, in arrival order. */
  carried: Part[];
  /** Unindexed text, concatenated, with the last non-null payload any of it carried. */
  legacyText: string | undefined;
  legacyTextPayload: OpaquePayload | null | undefined;
  legacyCalls: ToolCallPart[];
  /** Replaced, never changed, on each response chunk (see mergeInfo), so a snapshot can share it. */
  info: ResponseInfo;
  /** Message metadata the response chunks carried (`messageMetadata`), merged key by key. */
  metadata: Readonly<Record<string, unknown>> | undefined;
  done: boolean;
  warnings: ErrorObject[];
}

/**
 * Every accumulator comes from this one literal, not a class: V8 keeps a literal's object shape alive
 * with the literal, so a full garbage collection between streams does not drop it and deoptimize push.
 */
function emptyResponse(responseId: string | undefined): ResponseAccumulator {
  return {
    responseId,
    slots: [],
    highestIndex: -1,
    lastIndex: -1,
    lastCompleted: false,
    carried: [],
    legacyText: undefined,
    legacyTextPayload: undefined,
    legacyCalls: [],
    info: responseId === undefined ? {} : { responseId },
    metadata: undefined,
    done: false,
    warnings: [],
  };
}

/** A copy later pushes to either one leave the other as it was. */
function copyResponse(response: ResponseAccumulator): ResponseAccumulator {
  const copy = emptyResponse(response.responseId);
  copy.slots = response.slots.map((slot) => ({ index: slot.index, part: settledPart(slot), complete: slot.complete, pending: undefined, pendingSummary: undefined }));
  copy.highestIndex = response.highestIndex;
  copy.lastIndex = response.lastIndex;
  copy.lastCompleted = response.lastCompleted;
  copy.carried = response.carried.slice();
  copy.legacyText = response.legacyText;
  copy.legacyTextPayload = response.legacyTextPayload;
  copy.legacyCalls = response.legacyCalls.slice();
  copy.info = response.info;
  copy.metadata = response.metadata;
  copy.done = response.done;
  copy.warnings = response.warnings.slice();
  return copy;
}

export interface AggregatorOptions {
  /**
   * Strict (the default) throws StreamProtocolError on a protocol violation; lenient records it as a
   * warning on the response and keeps every part (a displaced part is carried after the slots).
   */
  readonly strict?: boolean;
}

function slotPosition(slots: readonly Slot[], index: number): number {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((slots[middle] as Slot).index < index) low = middle + 1;
    else high = middle;
  }
  return low;
}

function findSlot(response: ResponseAccumulator, index: number): Slot | undefined {
  const slot = response.slots[slotPosition(response.slots, index)];
  return slot?.index === index ? slot : undefined;
}

function isPartChunk(chunk: StreamChunk): chunk is PartChunk {
  return "part" in chunk;
}

/**
 * A later usage counter replaces the earlier one. Decoders report usage as totals, accumulated as their
 * provider documents it (Anthropic's message_delta counters are cumulative and may be lower than
 * message_start's, a gateway's input count for one), so the last report of a counter is its value.
 */
function mergeUsage(current: Usage | undefined, next: Usage | undefined): Usage | undefined {
  if (!next) return current;
  const merged: Usage = { ...current };
  // for-in over the plain usage object: no entries array per response chunk.
  for (const key in next) {
    const value = next[key as keyof Usage];
    if (value !== undefined) merged[key as keyof Usage] = value;
  }
  return merged;
}

/** A fact that replaces the one before: one given and not empty. */
function given(value: string | undefined): value is string {
  return value !== undefined && value !== "";
}

/**
 * Later values of a field replace earlier ones (empty strings do not), usage counters too. Each fact is
 * stored by name, not through a loop over key names: a store by computed key is megamorphic here.
 */
function mergeInfo(current: ResponseInfo, next: ResponseInfo): ResponseInfo {
  const merged: ResponseInfo = { ...current };
  if (given(next.responseId)) merged.responseId = next.responseId;
  if (given(next.model)) merged.model = next.model;
  if (given(next.finishReason)) merged.finishReason = next.finishReason;
  if (given(next.rawFinishReason)) merged.rawFinishReason = next.rawFinishReason;
  const usage = mergeUsage(current.usage, next.usage);
  if (usage) merged.usage = usage;
  return merged;
}

/**
 * Tool-call arguments parsed once, when the call completes, for the part_completed event. The parse goes
 * through toolCallArguments, which remembers it, so a tool loop reading the call later does not parse again.
 */
function completedEvent(part: Part, responseId: string | undefined, index: number | undefined): StreamEvent {
  const event: Extract<StreamEvent, { type: "part_completed" }> = { type: "part_completed", part };
  if (responseId !== undefined) event.responseId = responseId;
  if (index !== undefined) event.index = index;
  if (part.type === "tool_call") {
    try {
      event.arguments = toolCallArguments(part.toolCall);
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
      event.argumentsError = `${error instanceof Error ? error.message : String(error)}${cause}`;
    }
  }
  return event;
}

function startedEvent(part: Part, responseId: string | undefined, index: number | undefined): StreamEvent {
  const event: Extract<StreamEvent, { type: "part_started" }> = { type: "part_started", part };
  if (responseId !== undefined) event.responseId = responseId;
  if (index !== undefined) event.index = index;
  return event;
}

function deltaEvent(delta: Part, responseId: string | undefined, index: number | undefined): StreamEvent {
  const event: Extract<StreamEvent, { type: "part_delta" }> = { type: "part_delta", delta };
  if (responseId !== undefined) event.responseId = responseId;
  if (index !== undefined) event.index = index;
  return event;
}

/** Aggregators that are never collected (see the static block of MessageAggregator). */
const shapeAnchors: MessageAggregator[] = [];

/**
 * Accumulates the chunks of one stream into one response per response id (tool-loop rounds never merge;
 * slots are keyed by part index). A push costs O(log slots) for a delta and O(slots) for a new part,
 * plus the responses' count for finding its response. Shaped like the SDKs' stream accumulators (openai-node, pydantic-ai's parts
 * manager): the state is changed in place, and `snapshot` is how the state is read while it grows.
 */
export class MessageAggregator {
  readonly strict: boolean;
  /** Responses in first-seen order. */
  #responses: ResponseAccumulator[] = [];
  #position = 0;

  constructor(options: AggregatorOptions = {}) {
    this.strict = options.strict ?? true;
  }

  static {
    // V8 drops the object shape of a class's instances at a full garbage collection when none is alive,
    // and deoptimizes every function that handled them: a server collecting between streams would run
    // each stream's first chunks unoptimized. One instance that is never collected keeps the shape.
    shapeAnchors.push(new MessageAggregator());
  }

  /** How many chunks were applied: the position reported with protocol errors. */
  get position(): number {
    return this.#position;
  }

  /**
   * Applies one chunk, appending the live events it caused to `events` when given (plain aggregation
   * passes none and builds none). A protocol violation in strict mode throws before anything changes.
   */
  push(chunk: StreamChunk, events?: StreamEvent[]): void {
    const response = this.#responseFor(chunk);
    const responseId = response.responseId;
    if (response.done) this.#violation(response, `a chunk arrived after response ${responseId ?? "(no id)"} ended`, undefined);
    if (!isPartChunk(chunk)) {
      applyResponseChunk(response, chunk, events);
    } else if (chunk.index === undefined) {
      applyUnindexed(response, chunk.part, events);
    } else {
      const { part, partial, index } = chunk;
      const slots = response.slots;
      const position = slotPosition(slots, index);
      const slot = slots[position];
      if (slot?.index !== index) {
        slots.splice(position, 0, { index, part, complete: !partial, pending: undefined, pendingSummary: undefined });
        if (index > response.highestIndex) response.highestIndex = index;
        if (events) {
          events.push(startedEvent(part, responseId, index));
          if (!partial) events.push(completedEvent(part, responseId, index));
        }
      } else if (slot.part.type !== part.type) {
        this.#violation(response, `part type changed from ${slot.part.type} to ${part.type} at ${slot.complete ? "completed" : "open"} slot ${index}`, index);
        // Lenient: keep the displaced part, carried after the slots, and start the slot afresh.
        response.carried.push(settledPart(slot));
        slot.part = part;
        slot.complete = !partial;
        events?.push(startedEvent(part, responseId, index));
      } else if (partial) {
        if (slot.complete) this.#violation(response, `a delta arrived for completed slot ${index}`, index);
        // The hot path of every stream.
        if (!queuedPlainDelta(slot, part)) slot.part = mergeDelta(settledPart(slot), part);
        events?.push(deltaEvent(part, responseId, index));
      } else {
        slot.part = part;
        discardPending(slot);
        slot.complete = true;
        events?.push(completedEvent(part, responseId, index));
      }
      response.lastIndex = index;
      response.lastCompleted = !partial;
    }
    this.#position++;
  }

  /** The responses as they stand, in first-seen order; later pushes do not change them. */
  snapshot(): AggregatedResponse[] {
    return this.#responses.map(responseResult);
  }

  /**
   * The aggregated responses once the stream has ended. A response that never got its `done` chunk, or a
   * stream without any response, is truncated: strict mode throws StreamProtocolError (`stream/truncated`,
   * the partial responses in `details.partial`); lenient mode returns it with `complete: false` and a warning.
   */
  finish(): AggregatedResponse[] {
    // A stream that ended before any response began (no bytes, only pings, cut inside its first event)
    // is as truncated as one cut later: it is one empty response that never got its `done` chunk.
    const results = this.#responses.length > 0 ? this.snapshot() : [responseResult(emptyResponse(undefined))];
    const truncated = results.find((result) => !result.complete);
    if (truncated && this.strict) {
      throw new StreamProtocolError("stream/truncated", `the stream ended before response ${truncated.responseId ?? "(no id)"} did: the message is not whole`, {
        position: this.#position,
        details: { partial: results },
      });
    }
    return results;
  }

  /**
   * An error the stream's source raised part way (a provider's error event, an error chunk after
   * `finish_reason`, wire data that does not decode), with what arrived before it: the responses so far,
   * as plain JSON in `details.partial` (the form a truncated stream reports them in). The error keeps its
   * type and code; errors of the aggregator itself, and errors that already carry a partial, are returned
   * as they are.
   */
  withPartialResponses(error: unknown): unknown {
    if (!PartwiseError.isPartwiseError(error) || error.code.startsWith("stream/") || error.details?.partial !== undefined) return error;
    Object.assign(error, { details: { ...error.details, partial: this.snapshot() } });
    return error;
  }

  /** An aggregator with the same state; pushing to either leaves the other as it was. */
  copy(): MessageAggregator {
    const copy = new MessageAggregator({ strict: this.strict });
    copy.#responses = this.#responses.map(copyResponse);
    copy.#position = this.#position;
    return copy;
  }

  /**
   * The response a chunk belongs to, created when it is new. With a response id: that response. Without
   * (wires that give none): the last response, unless it has an id, has ended, or cannot take the chunk
   * because the slot is complete or holds another part type, or the index restarted: it went below the
   * highest index to a slot never opened, or below the last chunk's index right after that chunk completed
   * its slot (a tool call, a whole part: the round is over). A delta that goes back to an open slot while
   * the last part is still growing stays (Ollama's thinking after content, a reasoning payload at the end).
   */
  #responseFor(chunk: StreamChunk): ResponseAccumulator {
    const responses = this.#responses;
    const id = chunk.responseId === "" ? undefined : chunk.responseId;
    if (id !== undefined) {
      for (let position = responses.length - 1; position >= 0; position--) {
        const response = responses[position] as ResponseAccumulator;
        if (response.responseId === id) return response;
      }
    } else {
      const last = responses.at(-1);
      if (last && last.responseId === undefined && !last.done && takesChunk(last, chunk)) return last;
    }
    const response = emptyResponse(id);
    responses.push(response);
    return response;
  }

  /** A protocol violation at the current position: strict mode throws it, lenient mode records it on the response. */
  #violation(response: ResponseAccumulator, message: string, index: number | undefined): void {
    const details: Record<string, unknown> = {};
    if (response.responseId !== undefined) details.responseId = response.responseId;
    if (index !== undefined) details.index = index;
    const error = new StreamProtocolError("stream/out-of-order", `chunk ${this.#position}: ${message}`, { position: this.#position, details });
    if (this.strict) throw error;
    response.warnings.push(error.toJSON());
  }
}

/** Whether the last response, which has no id and has not ended, can take a chunk without id (see responseFor). */
function takesChunk(last: ResponseAccumulator, chunk: StreamChunk): boolean {
  if (!isPartChunk(chunk) || chunk.index === undefined) return true;
  const slot = findSlot(last, chunk.index);
  if (!slot) return chunk.index >= last.highestIndex;
  if (slot.complete || slot.part.type !== chunk.part.type) return false;
  return !(chunk.index < last.lastIndex && last.lastCompleted);
}

/** Pre-index rules: text concatenated, tool calls appended, everything else carried in order (media too). */
function applyUnindexed(response: ResponseAccumulator, part: Part, events: StreamEvent[] | undefined): void {
  const responseId = response.responseId;
  if (part.type === "text") {
    events?.push(response.legacyText === undefined ? startedEvent(part, responseId, undefined) : deltaEvent(part, responseId, undefined));
    if (part.payload !== undefined && part.payload !== null) response.legacyTextPayload = part.payload;
    else response.legacyTextPayload ??= part.payload;
    response.legacyText = (response.legacyText ?? "") + part.text;
    return;
  }
  events?.push(startedEvent(part, responseId, undefined), completedEvent(part, responseId, undefined));
  if (part.type === "tool_call") response.legacyCalls.push(part);
  else response.carried.push(part);
}

function applyResponseChunk(response: ResponseAccumulator, chunk: ResponseChunk, events: StreamEvent[] | undefined): void {
  response.info = mergeInfo(response.info, chunk.response);
  if (chunk.messageMetadata !== undefined) response.metadata = { ...response.metadata, ...chunk.messageMetadata };
  if (!chunk.done) return;
  if (events) {
    for (const slot of response.slots) if (!slot.complete) events.push(completedEvent(settledPart(slot), response.responseId, slot.index));
    const legacy = legacyTextPart(response);
    if (legacy) events.push(completedEvent(legacy, response.responseId, undefined));
  }
  response.done = true;
  for (const slot of response.slots) slot.complete = true;
  events?.push({ type: "response_completed", response: responseResult(response) });
}

function legacyTextPart(response: ResponseAccumulator): Part | undefined {
  const text = response.legacyText;
  // The empty unindexed text many wires attach to their last chunk adds nothing next to indexed parts.
  if (text === undefined || (text === "" && response.slots.length > 0 && !response.legacyTextPayload)) return undefined;
  return response.legacyTextPayload === undefined ? { type: "text", text } : { type: "text", text, payload: response.legacyTextPayload };
}

/** The aggregated form of one response as it stands: new lists, so later pushes leave it as it is. */
function responseResult(response: ResponseAccumulator): AggregatedResponse {
  const parts: Part[] = [];
  const incompleteToolCalls: ToolCallPart[] = [];
  for (const slot of response.slots) {
    settledPart(slot);
    // A tool call still receiving arguments when the stream ended is never presented as a call.
    if (!response.done && !slot.complete && slot.part.type === "tool_call") incompleteToolCalls.push(slot.part);
    else parts.push(slot.part);
  }
  parts.push(...response.carried);
  const legacy = legacyTextPart(response);
  if (legacy) parts.push(legacy);
  parts.push(...response.legacyCalls);
  const warnings = response.warnings.slice();
  if (!response.done) {
    warnings.push(new StreamProtocolError("stream/truncated", `the stream ended before response ${response.responseId ?? "(no id)"} did: the message is not whole`, {
      details: response.responseId === undefined ? {} : { responseId: response.responseId },
    }).toJSON());
  }
  const result: AggregatedResponse = {
    message: response.metadata === undefined ? { role: "assistant", parts } : { role: "assistant", parts, metadata: { ...response.metadata } },
    info: response.info,
    complete: response.done,
    incompleteToolCalls,
    warnings,
  };
  if (response.responseId !== undefined) result.responseId = response.responseId;
  return result;
}

/** One result for a whole stream: the responses' parts in order, usage summed, metadata merged, the last response's facts. */
export function mergeResponses(results: readonly AggregatedResponse[]): AggregatedResponse {
  const info: ResponseInfo = {};
  let usage: Usage | undefined;
  for (const result of results) {
    const { usage: _usage, ...facts } = result.info;
    Object.assign(info, mergeInfo(info, facts));
    if (result.info.usage) {
      usage ??= {};
      for (const [key, value] of Object.entries(result.info.usage) as [keyof Usage, number | undefined][]) {
        if (value !== undefined) usage[key] = (usage[key] ?? 0) + value;
      }
    }
  }
  if (usage) info.usage = usage;
  delete info.responseId;
  const last = results.at(-1);
  const metadata = results.reduce<Record<string, unknown> | undefined>((kept, result) => (result.message.metadata === undefined ? kept : { ...kept, ...result.message.metadata }), undefined);
  const parts = results.flatMap((result) => result.message.parts);
  const merged: AggregatedResponse = {
    message: metadata === undefined ? { role: "assistant", parts } : { role: "assistant", parts, metadata },
    info: last?.responseId === undefined ? info : { ...info, responseId: last.responseId },
    // No response at all is no whole message.
    complete: results.length > 0 && results.every((result) => result.complete),
    incompleteToolCalls: results.flatMap((result) => result.incompleteToolCalls),
    warnings: results.flatMap((result) => result.warnings),
  };
  if (last?.responseId !== undefined) merged.responseId = last.responseId;
  return merged;
}

/**
 * A state of the pure reducer: an aggregator that applyChunk never pushes to again, so a caller can keep
 * every state it saw (undo, a framework store). Read it with `snapshot()`; create the first with
 * initialAggregatorState.
 */
export type AggregatorState = MessageAggregator;

/** One step of the reducer: the next state and the live events the chunk caused. */
export interface AggregatorStep {
  readonly state: AggregatorState;
  readonly events: readonly StreamEvent[];
}

export function initialAggregatorState(options: AggregatorOptions = {}): AggregatorState {
  return new MessageAggregator(options);
}

/**
 * Applies one chunk without changing `state`: the step copies the state (O(parts so far)) and pushes the
 * chunk to the copy. A stream read once is cheaper with MessageAggregator, which does not copy.
 */
export function applyChunk(state: AggregatorState, chunk: StreamChunk): AggregatorStep {
  const next = state.copy();
  const events: StreamEvent[] = [];
  next.push(chunk, events);
  return { state: next, events };
}

/** The aggregated responses of the last state (see MessageAggregator.finish). */
export function finishAggregation(state: AggregatorState): AggregatedResponse[] {
  return state.finish();
}
