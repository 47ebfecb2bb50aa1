// Decodes an Anthropic Messages SSE stream into part chunks keyed by the content-block index. Text,
// thinking and signatures arrive as deltas (the signature replaces, never appends); tool calls stream
// their arguments live and complete at content_block_stop with the same JSON text the blocking decoder
// gives; server tool blocks and other blocks complete whole, a compaction block with the value of its
// compaction_delta. https://platform.claude.com/docs/en/build-with-claude/streaming
import type { Part, ResponseInfo, StreamChunk } from "../../../generated/types.js";
import {
  validateAnthropicContentBlock,
  validateAnthropicContentBlockDeltaEvent,
  validateAnthropicContentBlockStartEvent,
  validateAnthropicContentBlockStopEvent,
  validateAnthropicErrorEvent,
  validateAnthropicMessageDeltaEvent,
  validateAnthropicMessageStartEvent,
} from "../../../generated/wire/anthropic-validators.js";
import { providerApiError } from "../../errors/provider-error.js";
import { ChunkStreamDecoder } from "../chunk-stream-decoder.js";
import type { ChunkSink, WireEvent } from "../provider-codec.js";
import { partChunk } from "../part-chunk.js";
import { checkWire, invalidWire } from "../wire-validation.js";
import {
  ANTHROPIC,
  type AnthropicBlock,
  type AnthropicCitationsDelta,
  type AnthropicContentBlockDeltaEvent,
  type AnthropicContentBlockStartEvent,
  type AnthropicContentBlockStopEvent,
  type AnthropicErrorEvent,
  type AnthropicInputJsonDelta,
  type AnthropicMessageDeltaEvent,
  type AnthropicMessageStartEvent,
  type AnthropicSignatureDelta,
  type AnthropicTextBlock,
  type AnthropicTextDelta,
  type AnthropicThinkingBlock,
  type AnthropicThinkingDelta,
  type AnthropicToolUseBlock,
  SIGNATURE,
  anthropicInfo,
} from "./anthropic-wire.js";
import { anthropicErrors } from "./anthropic-errors.js";
import { anthropicBlockToPart } from "./map-anthropic-block.js";

/** A block between its start and stop events. */
interface OpenBlock {
  readonly start: AnthropicBlock;
  /** The concatenated `input_json_delta` fragments (tool_use, server_tool_use). */
  inputJson: string;
  /** Citations gathered from `citations_delta` events. */
  citations: unknown[];
  /** A thinking block's signature arrived (non-empty at its start, or a signature_delta). */
  signed: boolean;
  /** Fields a `compaction_delta` set on the block: its final value, never a piece to append. */
  assigned: Record<string, unknown>;
}

export class AnthropicStreamDecoder extends ChunkStreamDecoder {
  #responseId: string | undefined;
  /**
   * The wire usage so far: message_start's, then each message_delta's non-null counters over it (they are
   * cumulative totals, output_tokens included), so the reported usage is what the blocking reply states.
   * https://platform.claude.com/docs/en/build-with-claude/streaming#event-types
   */
  #usage: Record<string, unknown> = {};
  #stopped = false;
  readonly #open = new Map<number, OpenBlock>();

  #chunk(index: number | undefined, partial: boolean, part: Part): StreamChunk {
    return partChunk(partial, part, this.#responseId, index);
  }

  pushInto(event: WireEvent, into: ChunkSink): void {
    const data = event.data as { type?: unknown } | null;
    const type = typeof data === "object" && data !== null ? data.type : undefined;
    const position = event.position;
    // The tag picks the event's generated validator (spec/providers/anthropic.tsp), which checks the event
    // with its block or delta union: a dispatch in code, as cheap as the schema's own would be, and the
    // one place an unknown event type is reported.
    switch (type) {
      case "message_start":
        this.#messageStart(checkWire(validateAnthropicMessageStartEvent, data, ANTHROPIC, "message_start event", position), into);
        return;
      case "content_block_start":
        this.#blockStart(checkWire(validateAnthropicContentBlockStartEvent, data, ANTHROPIC, "content_block_start event", position), position, into);
        return;
      case "content_block_delta":
        this.#blockDelta(checkWire(validateAnthropicContentBlockDeltaEvent, data, ANTHROPIC, "content_block_delta event", position), position, into);
        return;
      case "content_block_stop":
        this.#blockStop(checkWire<AnthropicContentBlockStopEvent>(validateAnthropicContentBlockStopEvent, data, ANTHROPIC, "content_block_stop event", position).index, position, into);
        return;
      case "message_delta": {
        const delta = checkWire<AnthropicMessageDeltaEvent>(validateAnthropicMessageDeltaEvent, data, ANTHROPIC, "message_delta event", position);
        const usage = delta.usage as Record<string, unknown> | undefined;
        // for-in over the plain usage object: no entries array per message_delta.
        if (usage) for (const key in usage) if (Object.hasOwn(usage, key) && usage[key] !== null && usage[key] !== undefined) this.#usage[key] = usage[key];
        into.push(this.#info(anthropicInfo({ stop_reason: delta.delta.stop_reason, usage: this.#usage }), false));
        return;
      }
      case "message_stop":
        this.#messageStop(position, into);
        return;
      case "ping":
        return;
      case "error": {
        // The data is the body of an HTTP error answer: the same error, the same verdict on retrying.
        checkWire<AnthropicErrorEvent>(validateAnthropicErrorEvent, data, ANTHROPIC, "error event", position);
        throw providerApiError(ANTHROPIC, anthropicErrors.errorFacts(data), position === undefined ? {} : { position });
      }
      default:
        throw invalidWire(ANTHROPIC, `unknown stream event ${JSON.stringify(type ?? event.name ?? null)}`, position === undefined ? {} : { position });
    }
  }

  end(): StreamChunk[] {
    // A stream cut before message_stop gets no `done` chunk: the aggregator reports it as truncated.
    return [];
  }

  #info(info: ResponseInfo, done: boolean): StreamChunk {
    const chunk: StreamChunk = done ? { response: info, done: true } : { response: info };
    if (this.#responseId !== undefined) chunk.responseId = this.#responseId;
    return chunk;
  }

  #messageStart(event: AnthropicMessageStartEvent, into: ChunkSink): void {
    // A repeated message_start of the same message (seen from some proxies) adds nothing.
    if (this.#responseId === event.message.id && !this.#stopped) return;
    this.#responseId = event.message.id;
    this.#stopped = false;
    this.#open.clear();
    const usage = event.message.usage;
    this.#usage = typeof usage === "object" && usage !== null ? { ...(usage as Record<string, unknown>) } : {};
    into.push(this.#info(anthropicInfo(event.message), false));
  }

  #requireStarted(what: string, position: number | undefined): void {
    if (this.#responseId === undefined || this.#stopped) {
      throw invalidWire(ANTHROPIC, `${what} outside a message (no message_start before it)`, position === undefined ? {} : { position });
    }
  }

  #blockStart(event: AnthropicContentBlockStartEvent, position: number | undefined, into: ChunkSink): void {
    this.#requireStarted("content_block_start", position);
    // The event passed its generated validator, so the skeleton of a known block carries every required
    // field of its model (empty text, thinking and signature).
    const block = event.content_block;
    const index = event.index;
    const open: OpenBlock = { start: block, inputJson: "", citations: [], signed: false, assigned: {} };
    this.#open.set(index, open);
    switch (block.type) {
      case "text":
        into.push(this.#chunk(index, true, { type: "text", text: (block as AnthropicTextBlock).text }));
        return;
      case "thinking": {
        const { thinking, signature } = block as AnthropicThinkingBlock;
        const part: Part = { type: "reasoning", text: thinking };
        if (signature !== "") {
          part.payload = { provider: ANTHROPIC, kind: SIGNATURE, data: signature };
          open.signed = true;
        }
        into.push(this.#chunk(index, true, part));
        return;
      }
      case "tool_use": {
        const { id, name } = block as AnthropicToolUseBlock;
        into.push(this.#chunk(index, true, { type: "tool_call", toolCall: { id, type: "function", name, arguments: "" } }));
        return;
      }
      case "redacted_thinking":
        // Arrives whole, with no deltas.
        into.push(this.#chunk(index, false, anthropicBlockToPart(block)));
        return;
      default:
      // Server tool use (input streams like tool_use), results and other blocks complete at their stop:
      // nothing to send yet.
    }
  }

  #blockDelta(event: AnthropicContentBlockDeltaEvent, position: number | undefined, into: ChunkSink): void {
    const block = this.#open.get(event.index);
    if (!block) throw invalidWire(ANTHROPIC, `content_block_delta for block ${event.index}, which is not open`, position === undefined ? {} : { position });
    // Checked by the event's generated validator: a known delta has its field, typed (spec/providers/anthropic.tsp).
    const delta = event.delta;
    switch (delta.type) {
      case "text_delta":
        into.push(this.#chunk(event.index, true, { type: "text", text: (delta as AnthropicTextDelta).text }));
        return;
      case "thinking_delta":
        into.push(this.#chunk(event.index, true, { type: "reasoning", text: (delta as AnthropicThinkingDelta).thinking }));
        return;
      case "signature_delta":
        // The signature replaces any earlier one: a non-null payload on a delta replaces the stored one.
        block.signed = true;
        into.push(this.#chunk(event.index, true, { type: "reasoning", payload: { provider: ANTHROPIC, kind: SIGNATURE, data: (delta as AnthropicSignatureDelta).signature } }));
        return;
      case "input_json_delta": {
        const fragment = (delta as AnthropicInputJsonDelta).partial_json;
        block.inputJson += fragment;
        if (block.start.type === "tool_use" && fragment !== "") into.push(this.#chunk(event.index, true, { type: "tool_call", toolCall: { id: "", type: "function", name: "", arguments: fragment } }));
        return;
      }
      case "citations_delta":
        block.citations.push((delta as AnthropicCitationsDelta).citation);
        return;
      case "compaction_delta": {
        // The delta carries the compaction block's final content (null when compaction failed) and its
        // opaque encrypted_content, as the SDK's stream accumulator assigns them; every field but the tag
        // goes on the block, so the block completes as the blocking reply has it and is replayed as received.
        const { type: _type, ...fields } = delta;
        Object.assign(block.assigned, fields);
        return;
      }
      default:
        // A delta type partwise does not know: kept, unmerged, as an unknown part after the blocks.
        into.push(this.#chunk(undefined, false, { type: "unknown", provider: ANTHROPIC, kind: "content_block_delta", rawJson: JSON.stringify(event) }));
    }
  }

  #blockStop(index: number, position: number | undefined, into: ChunkSink): void {
    const block = this.#open.get(index);
    if (!block) throw invalidWire(ANTHROPIC, `content_block_stop for block ${index}, which is not open`, position === undefined ? {} : { position });
    this.#open.delete(index);
    const start = block.start;
    switch (start.type) {
      case "text": {
        const citations = [...((start as AnthropicTextBlock).citations ?? []), ...block.citations];
        const whole = anthropicBlockToPart({ ...start, text: "", citations });
        if (whole.payload) into.push(this.#chunk(index, true, { type: "text", text: "", payload: whole.payload }));
        return;
      }
      case "thinking":
        // The blocking reply's thinking block always has its signature; one that never came is not reasoning to replay.
        if (!block.signed) throw invalidWire(ANTHROPIC, `thinking block ${index} ended without a signature`, { pointer: "/content_block/signature", ...(position === undefined ? {} : { position }) });
        return;
      case "redacted_thinking":
        return;
      default: {
        const assigned = { ...start, ...block.assigned };
        const whole = block.inputJson === "" ? assigned : { ...assigned, input: this.#input(block.inputJson, index, position) };
        // The assembled block is checked like a blocking reply's (a tool_use input that is not an object is invalid wire).
        const checked = checkWire<AnthropicBlock>(validateAnthropicContentBlock, whole, ANTHROPIC, "content block", position, "/content_block");
        into.push(this.#chunk(index, false, anthropicBlockToPart(checked)));
      }
    }
  }

  #input(json: string, index: number, position: number | undefined): unknown {
    try {
      return JSON.parse(json);
    } catch (error) {
      throw invalidWire(ANTHROPIC, `the streamed input of block ${index} is not valid JSON`, { ...(position === undefined ? {} : { position }), cause: error });
    }
  }

  #messageStop(position: number | undefined, into: ChunkSink): void {
    this.#requireStarted("message_stop", position);
    // Blocks the stream never stopped are finished as if it had.
    for (const index of [...this.#open.keys()]) this.#blockStop(index, position, into);
    this.#stopped = true;
    into.push(this.#info({}, true));
  }
}
