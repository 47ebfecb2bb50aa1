// Decodes an Ollama NDJSON chat stream (one ChatResponse per line, docs/api/streaming.mdx) into part
// chunks. The wire has no block index: the PartIndexer gives thinking and content their slots, and since
// the blocking answer concatenates each field, a field that resumes later continues its first slot.
// Images, tool calls (which arrive whole) and other fields are held until `done: true`, so the parts
// come in the blocking order; an `{"error": ...}` line after HTTP 200 is a provider/api-error.
import type { Part, StreamChunk } from "../../../generated/types.js";
import { validateOllamaChatResponse, validateOllamaError } from "../../../generated/wire/ollama-validators.js";
import { providerApiError } from "../../errors/provider-error.js";
import { ChunkStreamDecoder } from "../chunk-stream-decoder.js";
import { PartIndexer } from "../part-indexer.js";
import type { ChunkSink, WireEvent } from "../provider-codec.js";
import { checkWire } from "../wire-validation.js";
import { OLLAMA, type OllamaChatResponse, type OllamaMessage, ollamaInfo } from "./ollama-wire.js";
import { ollamaErrors } from "./ollama-errors.js";
import { ollamaImagePart, ollamaOtherFieldPart, ollamaTextPart, ollamaThinkingPart, ollamaToolCallToPart, otherMessageFields } from "./map-ollama-message.js";

/** A wire event of a line-oriented framing: NDJSON lines know their line number as well as their byte offset. */
export interface OllamaWireEvent extends WireEvent {
  /** The 1-based line of the event. */
  readonly line?: number;
}

/** What has arrived of the response in progress. */
interface ResponseState {
  readonly indexer: PartIndexer;
  reasoningIndex: number | undefined;
  textIndex: number | undefined;
  emptyTextSent: boolean;
  readonly images: Part[];
  readonly toolCalls: Part[];
  /** Other message fields, last value wins (a later line may repeat a field). */
  readonly otherFields: Map<string, unknown>;
}

function newResponse(): ResponseState {
  return { indexer: new PartIndexer(), reasoningIndex: undefined, textIndex: undefined, emptyTextSent: false, images: [], toolCalls: [], otherFields: new Map() };
}

export class OllamaStreamDecoder extends ChunkStreamDecoder {
  #response: ResponseState = newResponse();

  pushInto(wireEvent: WireEvent, into: ChunkSink): void {
    // Ollama's wire readers add the line number (OllamaWireEvent); an event built elsewhere simply has none.
    const event = wireEvent as OllamaWireEvent;
    const position = event.position;
    if (validateOllamaError(event.data)) {
      throw providerApiError(OLLAMA, ollamaErrors.errorFacts(event.data), {
        ...(event.line === undefined ? {} : { line: event.line }),
        ...(event.position === undefined ? {} : { position: event.position }),
      });
    }
    const line = checkWire<OllamaChatResponse>(validateOllamaChatResponse, event.data, OLLAMA, `stream line${event.line === undefined ? "" : ` ${event.line}`}`, position);
    if (line.message) this.#message(line.message, into);
    if (line.done) this.#done(line, into);
  }

  end(): StreamChunk[] {
    // A stream cut before its `done: true` line gets no `done` chunk: the aggregator reports it as truncated,
    // and the tool calls held back are never presented.
    return [];
  }

  /** The chunks of one line's message fragment: thinking, then content, as the blocking answer orders them. */
  #message(message: OllamaMessage, into: ChunkSink): void {
    const response = this.#response;
    if (message.thinking) {
      if (response.reasoningIndex === undefined) {
        const chunk = response.indexer.next(ollamaThinkingPart(message.thinking));
        response.reasoningIndex = chunk.index;
        into.push(chunk);
      } else {
        into.push({ index: response.reasoningIndex, partial: true, part: { type: "reasoning", text: message.thinking } });
      }
    }
    if (message.content) {
      if (response.textIndex === undefined) {
        const chunk = response.indexer.next(ollamaTextPart(message.content));
        response.textIndex = chunk.index;
        into.push(chunk);
      } else {
        into.push({ index: response.textIndex, partial: true, part: ollamaTextPart(message.content) });
      }
    } else if (message.content === "" && !response.emptyTextSent) {
      // Unindexed: an answer that is only "" keeps its empty text, one with parts drops it (as the blocking decoder does).
      response.emptyTextSent = true;
      into.push(response.indexer.next(ollamaTextPart("")));
    }
    if (message.images) for (const image of message.images) response.images.push(ollamaImagePart(image));
    if (message.tool_calls) for (const call of message.tool_calls) response.toolCalls.push(ollamaToolCallToPart(call));
    for (const [field, value] of otherMessageFields(message)) response.otherFields.set(field, value);
  }

  /** The final line: the parts held back, then the response information, and the next line starts a new response. */
  #done(line: OllamaChatResponse, into: ChunkSink): void {
    const response = this.#response;
    this.#response = newResponse();
    for (const image of response.images) into.push(response.indexer.next(image));
    for (const call of response.toolCalls) into.push(response.indexer.next(call));
    for (const [field, value] of response.otherFields) into.push(response.indexer.next(ollamaOtherFieldPart(field, value)));
    into.push({ response: ollamaInfo(line, response.toolCalls.length > 0), done: true });
  }
}
