// Decodes a Bedrock ConverseStream into part chunks keyed by `contentBlockIndex`: text and reasoning may
// open without contentBlockStart, the signature (joined from its pieces) and redacted content go out at
// the block's stop, tool input is canonicalized there. No response id: Bedrock events carry none.
// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
import type { Part, ResponseInfo, StreamChunk } from "../../../generated/types.js";
import { base64ToBytes, bytesToBase64 } from "../../bytes/base64.js";
import { concatBytes } from "../../bytes/byte-arrays.js";
import {
  validateBedrockContentBlockDeltaEvent,
  validateBedrockContentBlockStartEvent,
  validateBedrockContentBlockStopEvent,
  validateBedrockMessageStartEvent,
  validateBedrockMessageStopEvent,
  validateBedrockMetadataEvent,
} from "../../../generated/wire/bedrock-validators.js";
import { unreachable } from "../../parts/part-kinds.js";
import { ChunkStreamDecoder } from "../chunk-stream-decoder.js";
import type { EventStreamMessage } from "../framing/aws-event-stream.js";
import { partChunk } from "../part-chunk.js";
import type { ChunkSink, WireEvent } from "../provider-codec.js";
import { checkWire, invalidWire, parseWireJson } from "../wire-validation.js";
import {
  BEDROCK,
  type BedrockCitationDelta,
  type BedrockContentBlockDeltaEvent,
  type BedrockContentBlockStartEvent,
  type BedrockContentBlockStopEvent,
  type BedrockImageDelta,
  type BedrockMessageStopEvent,
  type BedrockMetadataEvent,
  type BedrockReasoningContentBlockDelta,
  type BedrockReasoningDelta,
  type BedrockTextDelta,
  type BedrockToolResultDelta,
  type BedrockToolUseDelta,
  type BedrockToolUseStart,
  REDACTED_CONTENT,
  SIGNATURE,
  alphabetical,
  bedrockInfo,
  bedrockStreamException,
  reasoningAttributes,
} from "./bedrock-wire.js";
import { isClientToolUse, toolCallPart, unknownBlockPart } from "./map-bedrock-block.js";

/** A block between its first event and its stop, by what it turned out to be. */
type OpenBlock =
  | { readonly kind: "text" }
  | { readonly kind: "reasoning"; emitted: boolean; signature: string; readonly redacted: string[] }
  | { readonly kind: "tool_call"; readonly id: string; readonly name: string; input: string }
  /** Text following a citation: the blocking response's `citationsContent`. */
  | { readonly kind: "citations"; readonly citations: unknown[]; text: string }
  /** A server tool call, a server tool's result or an image: kept whole as an unknown part. */
  | { readonly kind: "assembled"; readonly member: string; readonly fields: Record<string, unknown>; input: string | undefined; readonly content: unknown[] | undefined };

const utf8 = new TextDecoder("utf-8", { fatal: true });

function at(position: number | undefined): { position?: number } {
  return position === undefined ? {} : { position };
}

function where(position: number | undefined): string {
  return position === undefined ? "" : ` (stream event at position ${position})`;
}

/** An event's fields without Bedrock's `p`, the random-length padding that hides token sizes. */
function withoutPadding(data: object): Record<string, unknown> {
  const { p: _padding, ...fields } = data as Record<string, unknown>;
  return fields;
}

/**
 * One message of the AWS event-stream framing as a wire event: `:event-type` names it and the payload is
 * its JSON. An exception message (`:message-type: exception`) is the event of its exception member, which
 * the decoder raises as `provider/api-error`; an error message raises it here, naming the byte offset.
 */
export function bedrockEventFromMessage(message: EventStreamMessage): WireEvent {
  const header = (name: string) => {
    const value = message.headers[name];
    return value?.type === "string" ? value.value : undefined;
  };
  const position = message.position;
  const messageType = header(":message-type");
  if (messageType === "error") {
    throw bedrockStreamException(header(":error-code") ?? "error", { message: header(":error-message") }, position);
  }
  const type = messageType === "exception" ? header(":exception-type") : header(":event-type");
  if (messageType !== "event" && messageType !== "exception") {
    throw invalidWire(BEDROCK, `event-stream message of type ${JSON.stringify(messageType ?? null)} at byte ${position}`, { position });
  }
  if (type === undefined) throw invalidWire(BEDROCK, `event-stream ${messageType} at byte ${position} has no type header`, { position });
  let text: string;
  try {
    text = utf8.decode(message.payload);
  } catch (error) {
    throw invalidWire(BEDROCK, `the payload of the ${type} at byte ${position} is not UTF-8`, { position, cause: error });
  }
  const data = parseWireJson(text, BEDROCK, position);
  // An exception of ConverseStreamOutput (`modelStreamErrorException`, ...) goes on as an event, so the
  // decoder raises it after the events read before it in the same network chunk; any other is raised here.
  if (messageType === "exception" && !type.endsWith("Exception")) throw bedrockStreamException(type, data, position);
  return { name: type, data, position };
}

/** A `--input jsonl` line `{ "<eventType>": payload }` (the AWS SDK's ConverseStreamOutput form) as a wire event. */
export function bedrockEventFromJson(value: unknown, line: number): WireEvent {
  const names = typeof value === "object" && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  if (names.length !== 1) throw invalidWire(BEDROCK, `line ${line}: expected one event as {"<eventType>": payload}`, { position: line });
  const name = names[0] as string;
  return { name, data: (value as Record<string, unknown>)[name], position: line };
}

export class BedrockStreamDecoder extends ChunkStreamDecoder {
  /** A message has begun (messageStart, or any event of it). */
  #started = false;
  #contentSeen = false;
  #stopped = false;
  #metadataSeen = false;
  #done = false;
  readonly #open = new Map<number, OpenBlock>();

  #chunk(index: number | undefined, partial: boolean, part: Part): StreamChunk {
    return partChunk(partial, part, undefined, index);
  }

  #info(info: ResponseInfo, done: boolean): StreamChunk {
    return done ? { response: info, done: true } : { response: info };
  }

  pushInto(event: WireEvent, into: ChunkSink): void {
    const { name, data, position } = event;
    switch (name) {
      case "messageStart":
        checkWire(validateBedrockMessageStartEvent, data, BEDROCK, "messageStart event", position);
        this.#messageStart(position, into);
        return;
      case "contentBlockStart":
        this.#requireContent("contentBlockStart", position);
        this.#blockStart(checkWire(validateBedrockContentBlockStartEvent, data, BEDROCK, "contentBlockStart event", position), position, into);
        return;
      case "contentBlockDelta":
        this.#requireContent("contentBlockDelta", position);
        this.#blockDelta(checkWire(validateBedrockContentBlockDeltaEvent, data, BEDROCK, "contentBlockDelta event", position), position, into);
        return;
      case "contentBlockStop": {
        this.#requireContent("contentBlockStop", position);
        const { contentBlockIndex } = checkWire<BedrockContentBlockStopEvent>(validateBedrockContentBlockStopEvent, data, BEDROCK, "contentBlockStop event", position);
        this.#blockStop(contentBlockIndex, position, into);
        return;
      }
      case "messageStop":
        this.#messageStop(checkWire(validateBedrockMessageStopEvent, data, BEDROCK, "messageStop event", position), position, into);
        return;
      case "metadata":
        this.#metadata(checkWire(validateBedrockMetadataEvent, data, BEDROCK, "metadata event", position), position, into);
        return;
      default:
        // ConverseStreamOutput's exception members: internalServer, modelStreamError, validation, throttling, serviceUnavailable.
        if (name?.endsWith("Exception")) throw bedrockStreamException(name, data, position);
        throw invalidWire(BEDROCK, `unknown stream event ${JSON.stringify(name ?? null)}${where(position)}`, at(position));
    }
  }

  end(): StreamChunk[] {
    // A stream cut before both messageStop and metadata arrived gets no `done` chunk: the aggregator
    // reports it as truncated (blocks still open are never presented as whole). A stream with no event
    // at all is no response either: it is reported as one that never finished.
    return this.#started ? [] : [this.#info({}, false)];
  }

  #messageStart(position: number | undefined, into: ChunkSink): void {
    if (this.#started && !this.#done) {
      if (this.#contentSeen || this.#stopped || this.#metadataSeen) throw invalidWire(BEDROCK, `messageStart inside a message${where(position)}`, at(position));
      // A repeated messageStart before any content adds nothing.
      return;
    }
    this.#started = true;
    this.#contentSeen = false;
    this.#stopped = false;
    this.#metadataSeen = false;
    this.#done = false;
    this.#open.clear();
    // Opens the response, so a stream cut right after it is reported truncated rather than empty.
    into.push(this.#info({}, false));
  }

  #requireContent(what: string, position: number | undefined): void {
    if (this.#done) throw invalidWire(BEDROCK, `${what} after the response ended${where(position)}`, at(position));
    if (this.#stopped) throw invalidWire(BEDROCK, `${what} after messageStop${where(position)}`, at(position));
    this.#started = true;
    this.#contentSeen = true;
  }

  #blockStart(event: BedrockContentBlockStartEvent, position: number | undefined, into: ChunkSink): void {
    const index = event.contentBlockIndex;
    if (this.#open.has(index)) throw invalidWire(BEDROCK, `contentBlockStart for block ${index}, which is already open${where(position)}`, at(position));
    // Checked by the event's generated validator: a known member has the shape of its model (spec/providers/bedrock.tsp).
    const start = event.start;
    if ("toolUse" in start) {
      const toolUse = (start as BedrockToolUseStart).toolUse;
      if (isClientToolUse(toolUse.type)) {
        this.#open.set(index, { kind: "tool_call", id: toolUse.toolUseId, name: toolUse.name, input: "" });
        into.push(this.#chunk(index, true, toolCallPart(toolUse.toolUseId, toolUse.name, "")));
        return;
      }
      // A server tool call: its input streams like a client call's, and it completes whole at its stop.
      this.#open.set(index, { kind: "assembled", member: "toolUse", fields: { ...toolUse }, input: "", content: undefined });
      return;
    }
    const [member, ...others] = Object.keys(start);
    if (member === undefined) return; // `start: {}`: a text block announcing itself.
    if ((member === "toolResult" || member === "image") && others.length === 0) {
      const fields = start[member] as Record<string, unknown>;
      this.#open.set(index, { kind: "assembled", member, fields: { ...fields }, input: undefined, content: member === "toolResult" ? [] : undefined });
      return;
    }
    // A start partwise does not know: kept, unmerged, as an unknown part after the blocks.
    into.push(this.#unmerged("contentBlockStart", event));
  }

  #unmerged(name: string, event: object): StreamChunk {
    return this.#chunk(undefined, false, unknownBlockPart(name, { [name]: withoutPadding(event) }));
  }

  #blockDelta(event: BedrockContentBlockDeltaEvent, position: number | undefined, into: ChunkSink): void {
    const index = event.contentBlockIndex;
    const delta = event.delta;
    const block = this.#open.get(index);
    // Checked by the event's generated validator: the first known member has the shape of its model.
    if ("text" in delta) {
      const { text } = delta as BedrockTextDelta;
      if (block === undefined) this.#open.set(index, { kind: "text" });
      if (block === undefined || block.kind === "text") {
        into.push(this.#chunk(index, true, { type: "text", text }));
        return;
      }
      if (block.kind === "citations") {
        block.text += text;
        return;
      }
      throw this.#mismatch("text", index, block, position);
    }
    if ("reasoningContent" in delta) {
      this.#reasoningDelta(event, (delta as BedrockReasoningDelta).reasoningContent, block, position, into);
      return;
    }
    if ("toolUse" in delta) {
      const { input } = (delta as BedrockToolUseDelta).toolUse;
      if (block?.kind === "tool_call") {
        block.input += input;
        if (input !== "") into.push(this.#chunk(index, true, toolCallPart("", "", input)));
        return;
      }
      if (block?.kind === "assembled" && block.input !== undefined) {
        block.input += input;
        return;
      }
      throw invalidWire(BEDROCK, `toolUse delta for block ${index}, which no toolUse contentBlockStart opened${where(position)}`, at(position));
    }
    if ("citation" in delta) {
      const { citation } = delta as BedrockCitationDelta;
      if (block === undefined) {
        this.#open.set(index, { kind: "citations", citations: [citation], text: "" });
        return;
      }
      if (block.kind === "citations") {
        block.citations.push(citation);
        return;
      }
      // A citation after its block's text already streamed: kept, unmerged, after the blocks.
      into.push(this.#unmerged("contentBlockDelta", event));
      return;
    }
    if (block?.kind === "assembled" && block.member === "toolResult" && "toolResult" in delta) {
      block.content?.push(...(delta as BedrockToolResultDelta).toolResult);
      return;
    }
    if (block?.kind === "assembled" && block.member === "image" && "image" in delta) {
      Object.assign(block.fields, (delta as BedrockImageDelta).image);
      return;
    }
    // A delta partwise does not know: kept, unmerged, as an unknown part after the blocks.
    into.push(this.#unmerged("contentBlockDelta", event));
  }

  #reasoningDelta(event: BedrockContentBlockDeltaEvent, reasoning: BedrockReasoningContentBlockDelta, block: OpenBlock | undefined, position: number | undefined, into: ChunkSink): void {
    const index = event.contentBlockIndex;
    const open = block ?? { kind: "reasoning", emitted: false, signature: "", redacted: [] };
    if (open.kind !== "reasoning") throw this.#mismatch("reasoningContent", index, open, position);
    this.#open.set(index, open);
    // A block is reasoning text with its signature, or redacted content: never both.
    const mixed = () => invalidWire(BEDROCK, `reasoningContent delta for block ${index} mixes redacted content with reasoning text${where(position)}`, at(position));
    // The members are typed by the event's generated validator: present means a string.
    if (reasoning.redactedContent !== undefined) {
      if (open.emitted || open.signature !== "") throw mixed();
      open.redacted.push(reasoning.redactedContent);
      return;
    }
    if (reasoning.text === undefined && reasoning.signature === undefined) {
      into.push(this.#unmerged("contentBlockDelta", event));
      return;
    }
    if (open.redacted.length > 0) throw mixed();
    // Signature fragments are joined and sent at the block's stop: a payload on a delta replaces.
    if (reasoning.signature !== undefined) open.signature += reasoning.signature;
    if (reasoning.text === undefined) return;
    const part: Part = { type: "reasoning", text: reasoning.text };
    if (!open.emitted) part.attributes = reasoningAttributes();
    open.emitted = true;
    into.push(this.#chunk(index, true, part));
  }

  #mismatch(what: string, index: number, block: OpenBlock, position: number | undefined) {
    return invalidWire(BEDROCK, `${what} delta for block ${index}, which is a ${block.kind} block${where(position)}`, at(position));
  }

  #blockStop(index: number, position: number | undefined, into: ChunkSink): void {
    const block = this.#open.get(index);
    // Starts are optional, so a stop may name a block that sent nothing: there is nothing to finish.
    if (block === undefined) return;
    this.#open.delete(index);
    switch (block.kind) {
      case "text":
        return;
      case "reasoning": {
        const attributes = block.emitted ? {} : { attributes: reasoningAttributes() };
        if (block.signature !== "") {
          into.push(this.#chunk(index, true, { type: "reasoning", text: "", payload: { provider: BEDROCK, kind: SIGNATURE, data: block.signature }, ...attributes }));
        } else if (block.redacted.length > 0) {
          into.push(this.#chunk(index, true, { type: "reasoning", payload: { provider: BEDROCK, kind: REDACTED_CONTENT, data: joinBase64(block.redacted) }, ...attributes }));
        }
        return;
      }
      case "tool_call":
        into.push(this.#chunk(index, false, toolCallPart(block.id, block.name, JSON.stringify(this.#input(block.input, index, position)))));
        return;
      case "citations":
        into.push(this.#chunk(index, false, unknownBlockPart("citationsContent", { citationsContent: { citations: block.citations, content: [{ text: block.text }] } })));
        return;
      case "assembled": {
        const fields: Record<string, unknown> = { ...block.fields };
        if (block.input !== undefined) fields.input = this.#input(block.input, index, position);
        if (block.content !== undefined) fields.content = block.content;
        into.push(this.#chunk(index, false, unknownBlockPart(block.member, { [block.member]: alphabetical(fields) })));
        return;
      }
      default:
        unreachable(block, "open block");
    }
  }

  /** The streamed input of a tool call, parsed once at its stop (`""` is a call without arguments). */
  #input(json: string, index: number, position: number | undefined): unknown {
    if (json === "") return {};
    try {
      return JSON.parse(json);
    } catch (error) {
      throw invalidWire(BEDROCK, `the streamed input of block ${index} is not valid JSON${where(position)}`, { ...at(position), cause: error });
    }
  }

  #finishAll(position: number | undefined, into: ChunkSink): void {
    for (const index of [...this.#open.keys()].sort((left, right) => left - right)) this.#blockStop(index, position, into);
  }

  /**
   * The response is done once both messageStop and metadata have arrived, in either order: AWS sends
   * metadata (usage) after messageStop, some recorded streams before it. A stream that ends after
   * messageStop without metadata is truncated: its usage never arrived.
   */
  #messageStop(event: BedrockMessageStopEvent, position: number | undefined, into: ChunkSink): void {
    if (this.#done || this.#stopped) throw invalidWire(BEDROCK, `messageStop after ${this.#done ? "the response ended" : "messageStop"}${where(position)}`, at(position));
    this.#started = true;
    // Blocks the stream never stopped are finished as if it had.
    this.#finishAll(position, into);
    this.#stopped = true;
    this.#done = this.#metadataSeen;
    into.push(this.#info(bedrockInfo({ stopReason: event.stopReason }), this.#done));
  }

  #metadata(event: BedrockMetadataEvent, position: number | undefined, into: ChunkSink): void {
    if (this.#done || this.#metadataSeen) throw invalidWire(BEDROCK, `metadata after ${this.#done ? "the response ended" : "metadata"}${where(position)}`, at(position));
    this.#started = true;
    this.#metadataSeen = true;
    this.#done = this.#stopped;
    into.push(this.#info(bedrockInfo({ usage: event.usage }), this.#done));
  }
}

/**
 * Redacted content sent in several deltas: each delta is a base64 blob (a Uint8Array in the AWS SDK), so
 * the bytes are joined, not the texts; a single delta is kept exactly as received.
 */
function joinBase64(pieces: readonly string[]): string {
  if (pieces.length === 1) return pieces[0] as string;
  return bytesToBase64(concatBytes(pieces.map(base64ToBytes)));
}
