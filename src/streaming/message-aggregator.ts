// The message aggregator as a pure reducer: `applyChunk(state, chunk)` returns the next state (inputs
// are never mutated) and the live events the chunk caused. Chunks are grouped by response id so tool-loop
// rounds never merge; slots are keyed by part index; the result of each response equals, part for part,
// what the blocking decoder returns. Cost per chunk is O(slots of its response + responses).
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

/** A persistent list, newest first: O(1) push without copying, reversed once at the end. */
type Stack<T> = { readonly head: T; readonly tail: Stack<T> } | null;

function push<T>(stack: Stack<T>, value: T): Stack<T> {
  return { head: value, tail: stack };
}

function toArray<T>(stack: Stack<T>): T[] {
  const values: T[] = [];
  for (let node = stack; node; node = node.tail) values.push(node.head);
  return values.reverse();
}

interface Slot {
  readonly index: number;
  readonly part: Part;
  readonly complete: boolean;
}

/** What has arrived of one response. */
interface ResponseAccumulator {
  readonly responseId: string | undefined;
  /** Indexed parts, sorted by index. */
  readonly slots: readonly Slot[];
  readonly highestIndex: number;
  /** The index of the last part chunk, and whether that chunk completed its slot (see responseFor). */
  readonly lastIndex: number;
  readonly lastCompleted: boolean;
  /** Unindexed parts other than text and tool calls, and parts displaced in lenient mode, in arrival order. */
  readonly carried: Stack<Part>;
  /** Unindexed text, concatenated, with the last non-null payload any of it carried. */
  readonly legacyText: string | undefined;
  readonly legacyTextPayload: OpaquePayload | null | undefined;
  readonly legacyCalls: Stack<ToolCallPart>;
  readonly info: ResponseInfo;
  /** Message metadata the response chunks carried (`messageMetadata`), merged key by key. */
  readonly metadata: Readonly<Record<string, unknown>> | undefined;
  readonly done: boolean;
  readonly warnings: Stack<ErrorObject>;
}

/** The aggregator's state; create it with `initialAggregatorState`. */
export interface AggregatorState {
  readonly strict: boolean;
  /** Responses in first-seen order. */
  readonly responses: readonly ResponseAccumulator[];
  /** How many chunks were applied: the position reported with protocol errors. */
  readonly position: number;
}

export interface AggregatorOptions {
  /**
   * Strict (the default) throws StreamProtocolError on a protocol violation; lenient records it as a
   * warning on the response and keeps every part (a displaced part is carried after the slots).
   */
  readonly strict?: boolean;
}

export function initialAggregatorState(options: AggregatorOptions = {}): AggregatorState {
  return { strict: options.strict ?? true, responses: [], position: 0 };
}

function emptyResponse(responseId: string | undefined): ResponseAccumulator {
  return {
    responseId,
    slots: [],
    highestIndex: -1,
    lastIndex: -1,
    lastCompleted: false,
    carried: null,
    legacyText: undefined,
    legacyTextPayload: undefined,
    legacyCalls: null,
    info: responseId === undefined ? {} : { responseId },
    metadata: undefined,
    done: false,
    warnings: null,
  };
}

/**
 * A copy of a response with some fields changed. Every accumulator is built by this one literal, so
 * they all share one object shape and the engine keeps the hot path monomorphic. In a transient step
 * (see applyChunk) the response is changed in place instead.
 */
function update(response: ResponseAccumulator, changes: Partial<ResponseAccumulator>, transient = false): ResponseAccumulator {
  if (transient) return Object.assign(response as Mutable<ResponseAccumulator>, changes);
  return {
    responseId: response.responseId,
    slots: changes.slots ?? response.slots,
    highestIndex: changes.highestIndex ?? response.highestIndex,
    lastIndex: changes.lastIndex ?? response.lastIndex,
    lastCompleted: changes.lastCompleted ?? response.lastCompleted,
    carried: "carried" in changes ? (changes.carried as Stack<Part>) : response.carried,
    legacyText: "legacyText" in changes ? changes.legacyText : response.legacyText,
    legacyTextPayload: "legacyTextPayload" in changes ? changes.legacyTextPayload : response.legacyTextPayload,
    legacyCalls: "legacyCalls" in changes ? (changes.legacyCalls as Stack<ToolCallPart>) : response.legacyCalls,
    info: changes.info ?? response.info,
    metadata: "metadata" in changes ? changes.metadata : response.metadata,
    done: changes.done ?? response.done,
    warnings: "warnings" in changes ? (changes.warnings as Stack<ErrorObject>) : response.warnings,
  };
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

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

function withSlot(response: ResponseAccumulator, slot: Slot, transient = false): ResponseAccumulator {
  const current = response.slots;
  const position = slotPosition(current, slot.index);
  const replacing = current[position]?.index === slot.index;
  const highestIndex = Math.max(response.highestIndex, slot.index);
  if (transient) {
    if (replacing) (current as Slot[])[position] = slot;
    else (current as Slot[]).splice(position, 0, slot);
    (response as Mutable<ResponseAccumulator>).highestIndex = highestIndex;
    return response;
  }
  let slots: Slot[];
  if (replacing) {
    slots = current.slice();
    slots[position] = slot;
  } else {
    slots = current.slice(0, position);
    slots.push(slot);
    for (let rest = position; rest < current.length; rest++) slots.push(current[rest] as Slot);
  }
  return update(response, { slots, highestIndex });
}

function isPartChunk(chunk: StreamChunk): chunk is PartChunk {
  return "part" in chunk;
}

/**
 * The response a chunk belongs to. With a response id: that response, or a new one. Without (wires
 * that give none): the last response, unless it has an id, has ended, or cannot take the chunk because
 * the slot is complete or holds another part type, or the index restarted: it went below the highest
 * index to a slot never opened, or below the last chunk's index right after that chunk completed its
 * slot (a tool call, a whole part: the round is over). A delta that goes back to an open slot while the
 * last part is still growing stays (Ollama's thinking after content, a reasoning payload at the end).
 */
function responseFor(responses: readonly ResponseAccumulator[], chunk: StreamChunk): number {
  const id = chunk.responseId === "" ? undefined : chunk.responseId;
  if (id !== undefined) {
    for (let position = responses.length - 1; position >= 0; position--) {
      if (responses[position]?.responseId === id) return position;
    }
    return -1;
  }
  const last = responses.at(-1);
  if (!last || last.responseId !== undefined || last.done) return -1;
  if (isPartChunk(chunk) && chunk.index !== undefined) {
    const slot = findSlot(last, chunk.index);
    if (!slot) return chunk.index < last.highestIndex ? -1 : responses.length - 1;
    if (slot.complete || slot.part.type !== chunk.part.type) return -1;
    if (chunk.index < last.lastIndex && last.lastCompleted) return -1;
  }
  return responses.length - 1;
}

/**
 * A later usage counter replaces the earlier one. Decoders report usage as totals, accumulated as their
 * provider documents it (Anthropic's message_delta counters are cumulative and may be lower than
 * message_start's, a gateway's input count for one), so the last report of a counter is its value.
 */
function mergeUsage(current: Usage | undefined, next: Usage | undefined): Usage | undefined {
  if (!next) return current;
  const merged: Usage = { ...current };
  for (const [key, value] of Object.entries(next) as [keyof Usage, number | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** Later values of a field replace earlier ones (empty strings do not), usage counters too. */
function mergeInfo(current: ResponseInfo, next: ResponseInfo): ResponseInfo {
  const merged: ResponseInfo = { ...current };
  for (const key of ["responseId", "model", "finishReason", "rawFinishReason"] as const) {
    const value = next[key];
    if (value !== undefined && value !== "") (merged as Record<string, unknown>)[key] = value;
  }
  const usage = mergeUsage(current.usage, next.usage);
  if (usage) merged.usage = usage;
  return merged;
}

/** One step of the reducer: the next state and the live events the chunk caused. */
export interface AggregatorStep {
  readonly state: AggregatorState;
  readonly events: readonly StreamEvent[];
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

export interface ApplyOptions {
  /** Build the live events of the step (default true); plain aggregation turns them off. */
  readonly events?: boolean;
  /**
   * The caller owns `state` and every state it came from, and will never read them again: the step may
   * update them in place. The aggregate wrappers, which never expose an intermediate state, use it.
   */
  readonly transient?: boolean;
}

/** The events of every step that builds none: one shared empty list rather than one per chunk. */
const noEvents: readonly StreamEvent[] = Object.freeze([]);

/**
 * A protocol violation at `position`: strict mode throws it, lenient mode returns the response with it
 * recorded as a warning. A module function, not a closure, so the per-chunk path allocates none.
 */
function violation(strict: boolean, response: ResponseAccumulator, position: number, message: string, index: number | undefined, transient: boolean): ResponseAccumulator {
  const details: Record<string, unknown> = {};
  if (response.responseId !== undefined) details.responseId = response.responseId;
  if (index !== undefined) details.index = index;
  const error = new StreamProtocolError("stream/out-of-order", `chunk ${position}: ${message}`, { position, details });
  if (strict) throw error;
  return update(response, { warnings: push(response.warnings, error.toJSON()) }, transient);
}

/** Applies one chunk. */
export function applyChunk(state: AggregatorState, chunk: StreamChunk, options: ApplyOptions = {}): AggregatorStep {
  const events: StreamEvent[] | undefined = (options.events ?? true) ? [] : undefined;
  const transient = options.transient ?? false;
  const { strict, position } = state;
  let responses = state.responses;
  let target = responseFor(responses, chunk);
  if (target < 0) {
    const id = chunk.responseId === "" ? undefined : chunk.responseId;
    if (transient) (responses as ResponseAccumulator[]).push(emptyResponse(id));
    else responses = [...responses, emptyResponse(id)];
    target = responses.length - 1;
  }
  let response = responses[target] as ResponseAccumulator;
  const responseId = response.responseId;

  if (response.done) response = violation(strict, response, position, `a chunk arrived after response ${responseId ?? "(no id)"} ended`, undefined, transient);

  if (isPartChunk(chunk)) {
    const { part, partial, index } = chunk;
    if (index === undefined) {
      response = applyUnindexed(response, part, events, transient);
    } else {
      const slot = findSlot(response, index);
      if (!slot) {
        response = withSlot(response, { index, part, complete: !partial }, transient);
        if (events) {
          events.push(startedEvent(part, responseId, index));
          if (!partial) events.push(completedEvent(part, responseId, index));
        }
      } else if (slot.part.type !== part.type) {
        response = violation(strict, response, position, `part type changed from ${slot.part.type} to ${part.type} at ${slot.complete ? "completed" : "open"} slot ${index}`, index, transient);
        // Lenient: keep the displaced part, carried after the slots, and start the slot afresh.
        response = withSlot(update(response, { carried: push(response.carried, slot.part) }, transient), { index, part, complete: !partial }, transient);
        events?.push(startedEvent(part, responseId, index));
      } else if (partial) {
        if (slot.complete) response = violation(strict, response, position, `a delta arrived for completed slot ${index}`, index, transient);
        // The hot path of every stream: a transient step replaces the slot's part in place.
        if (transient) (slot as Mutable<Slot>).part = mergeDelta(slot.part, part);
        else response = withSlot(response, { index, part: mergeDelta(slot.part, part), complete: slot.complete });
        events?.push(deltaEvent(part, responseId, index));
      } else {
        response = withSlot(response, { index, part, complete: true }, transient);
        events?.push(completedEvent(part, responseId, index));
      }
    }
    response = lastChunkAt(response, index, !partial, transient);
  } else {
    response = applyResponseChunk(response, chunk, events, transient);
  }

  if (transient) {
    (responses as ResponseAccumulator[])[target] = response;
    (state as Mutable<AggregatorState>).responses = responses;
    (state as Mutable<AggregatorState>).position = position + 1;
    return { state, events: events ?? noEvents };
  }
  const nextResponses = [...responses];
  nextResponses[target] = response;
  return { state: { strict, responses: nextResponses, position: position + 1 }, events: events ?? noEvents };
}

/** Records the index of the part chunk just applied and whether it completed its slot. */
function lastChunkAt(response: ResponseAccumulator, index: number | undefined, completed: boolean, transient: boolean): ResponseAccumulator {
  if (index === undefined || (response.lastIndex === index && response.lastCompleted === completed)) return response;
  return update(response, { lastIndex: index, lastCompleted: completed }, transient);
}

/** Pre-index rules: text concatenated, tool calls appended, everything else carried in order (media too). */
function applyUnindexed(response: ResponseAccumulator, part: Part, events: StreamEvent[] | undefined, transient: boolean): ResponseAccumulator {
  const responseId = response.responseId;
  if (part.type === "text") {
    events?.push(response.legacyText === undefined ? startedEvent(part, responseId, undefined) : deltaEvent(part, responseId, undefined));
    const payload = part.payload !== undefined && part.payload !== null ? part.payload : response.legacyTextPayload ?? part.payload;
    return update(response, { legacyText: (response.legacyText ?? "") + part.text, legacyTextPayload: payload }, transient);
  }
  events?.push(startedEvent(part, responseId, undefined), completedEvent(part, responseId, undefined));
  if (part.type === "tool_call") return update(response, { legacyCalls: push(response.legacyCalls, part) }, transient);
  return update(response, { carried: push(response.carried, part) }, transient);
}

function applyResponseChunk(response: ResponseAccumulator, chunk: ResponseChunk, events: StreamEvent[] | undefined, transient: boolean): ResponseAccumulator {
  const info = mergeInfo(response.info, chunk.response);
  const changes: Partial<ResponseAccumulator> = chunk.messageMetadata === undefined ? { info } : { info, metadata: { ...response.metadata, ...chunk.messageMetadata } };
  let next = update(response, changes, transient);
  if (chunk.done) {
    if (events) {
      for (const slot of next.slots) if (!slot.complete) events.push(completedEvent(slot.part, next.responseId, slot.index));
      const legacy = legacyTextPart(next);
      if (legacy) events.push(completedEvent(legacy, next.responseId, undefined));
    }
    next = update(next, { done: true, slots: next.slots.map((slot) => (slot.complete ? slot : { ...slot, complete: true })) }, transient);
    events?.push({ type: "response_completed", response: responseResult(next) });
  }
  return next;
}

function legacyTextPart(response: ResponseAccumulator): Part | undefined {
  const text = response.legacyText;
  // The empty unindexed text many wires attach to their last chunk adds nothing next to indexed parts.
  if (text === undefined || (text === "" && response.slots.length > 0 && !response.legacyTextPayload)) return undefined;
  return response.legacyTextPayload === undefined ? { type: "text", text } : { type: "text", text, payload: response.legacyTextPayload };
}

/** The aggregated form of one response as it stands. */
function responseResult(response: ResponseAccumulator): AggregatedResponse {
  const parts: Part[] = [];
  const incompleteToolCalls: ToolCallPart[] = [];
  for (const slot of response.slots) {
    // A tool call still receiving arguments when the stream ended is never presented as a call.
    if (!response.done && !slot.complete && slot.part.type === "tool_call") incompleteToolCalls.push(slot.part);
    else parts.push(slot.part);
  }
  parts.push(...toArray(response.carried));
  const legacy = legacyTextPart(response);
  if (legacy) parts.push(legacy);
  parts.push(...toArray(response.legacyCalls));
  const warnings = toArray(response.warnings);
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

/**
 * An error the stream's source raised part way (a provider's error event, an error chunk after
 * `finish_reason`, wire data that does not decode), with what arrived before it: the responses so far,
 * as plain JSON in `details.partial` (the form a truncated stream reports them in). The error keeps its
 * type and code; errors of the aggregator itself, and errors that already carry a partial, are returned
 * as they are.
 */
export function withPartialResponses(error: unknown, state: AggregatorState): unknown {
  if (!PartwiseError.isPartwiseError(error) || error.code.startsWith("stream/") || error.details?.partial !== undefined) return error;
  Object.assign(error, { details: { ...error.details, partial: state.responses.map(responseResult) } });
  return error;
}

/**
 * The aggregated responses once the stream has ended. A response that never got its `done` chunk, or a
 * stream without any response, is truncated: strict mode throws StreamProtocolError (`stream/truncated`, the partial responses in
 * `details.partial`); lenient mode returns it with `complete: false` and a warning.
 */
export function finishAggregation(state: AggregatorState): AggregatedResponse[] {
  // A stream that ended before any response began (no bytes, only pings, cut inside its first event)
  // is as truncated as one cut later: it is one empty response that never got its `done` chunk.
  const results = (state.responses.length > 0 ? state.responses : [emptyResponse(undefined)]).map(responseResult);
  const truncated = results.find((result) => !result.complete);
  if (truncated && state.strict) {
    throw new StreamProtocolError("stream/truncated", `the stream ended before response ${truncated.responseId ?? "(no id)"} did: the message is not whole`, {
      position: state.position,
      details: { partial: results },
    });
  }
  return results;
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
