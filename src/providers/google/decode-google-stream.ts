// Decodes a Gemini stream (streamGenerateContent?alt=sse: each SSE event a partial GenerateContentResponse)
// into part chunks. Chunks carry no block index, so a PartIndexer synthesizes one for the decoded
// candidate: consecutive thought or answer text shares a slot, and a trailing empty text with a signature
// lands on the answer it closes (after a thought it is a text part of its own), which is how the stream
// equals the blocking response. Vertex AI streamed call arguments (`partialArgs`) are assembled by JSON
// path and the call completes once, canonical; grounding metadata goes with the response's last chunk.
// The response is done at the chunk where the candidate has a `finishReason`, or where the prompt was
// blocked (`promptFeedback` without candidates); a stream that stops before is reported truncated.
// https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
import type { Attributes, OpaquePayload, Part, PartChunk, ResponseInfo, StreamChunk } from "../../../generated/types.js";
import { validateGoogleErrorResponse, validateGoogleGenerateContentResponse } from "../../../generated/wire/google-validators.js";
import { ChunkStreamDecoder } from "../chunk-stream-decoder.js";
import { PartIndexer } from "../part-indexer.js";
import { partChunk } from "../part-chunk.js";
import type { ChunkSink, WireEvent } from "../provider-codec.js";
import { checkWire, invalidWire } from "../wire-validation.js";
import {
  GOOGLE,
  type GoogleErrorResponse,
  type GoogleFunctionCall,
  type GoogleFunctionCallPart,
  type GoogleGenerateContentResponse,
  type GooglePart,
  type GoogleUsageMetadata,
  candidateMetadata,
  decodedAttributes,
  googleApiError,
  googleInfo,
} from "./google-wire.js";
import { functionCallToPart, googlePartToPart, isObject, signaturePayload } from "./map-google-part.js";
import type { GoogleDecodeOptions } from "./google-decode-options.js";
import { type ArgumentsInProgress, applyPartialArg } from "./partial-args.js";

/**
 * A PartIndexer that also keeps two signatures apart: two parts that both carry a signature must never be
 * combined (https://docs.cloud.google.com/vertex-ai/generative-ai/docs/thought-signatures), so a text or
 * thought bringing a second, different signature to a run ends the run and opens a new slot instead of
 * replacing the first.
 */
class CandidateIndexer {
  readonly #indexer: PartIndexer;
  #lastIndex = -1;
  #runSignature: string | undefined;

  constructor(responseId: string | undefined) {
    this.#indexer = new PartIndexer(responseId);
  }

  next(part: Part): PartChunk {
    const signature = part.type === "text" || part.type === "reasoning" ? part.payload?.data : undefined;
    const run = this.#indexer.run;
    if (signature !== undefined && run === part.type && this.#runSignature !== undefined && signature !== this.#runSignature) this.#indexer.endRun();
    const chunk = this.#indexer.next(part);
    if (chunk.index === undefined) return chunk;
    if (chunk.index !== this.#lastIndex) {
      this.#lastIndex = chunk.index;
      this.#runSignature = undefined;
    }
    if (signature !== undefined) this.#runSignature = signature;
    return chunk;
  }
}

/** A Vertex AI function call whose arguments are still streaming. */
interface OpenCall extends ArgumentsInProgress {
  readonly index: number;
  readonly name: string;
  id: string;
  payload: OpaquePayload | undefined;
}

export class GoogleStreamDecoder extends ChunkStreamDecoder {
  readonly #attributes: Attributes;
  readonly #candidate: number;
  #responseId: string | undefined;
  #indexer = new CandidateIndexer(undefined);
  #call: OpenCall | undefined;
  #hasToolCalls = false;
  #usage: GoogleUsageMetadata | undefined;
  #model: string | undefined;
  /** The candidate's grounding and URL-context metadata: the last non-empty value of each (earlier chunks carry `{}`). */
  #metadata: Record<string, unknown> = {};
  /**
   * Where the current response is: no chunk of the stream yet, chunks arrived and no `done` chunk was sent
   * yet, or its `done` chunk sent.
   */
  #state: "none" | "open" | "done" = "none";

  constructor(options: GoogleDecodeOptions = {}) {
    super();
    this.#attributes = decodedAttributes(options.endpoint ?? "gemini-api");
    this.#candidate = options.candidate ?? 0;
  }

  pushInto(event: WireEvent, into: ChunkSink): void {
    const { data, position } = event;
    // An error after HTTP 200 arrives as a chunk of its own.
    if (isObject(data) && "error" in data && validateGoogleErrorResponse(data)) throw googleApiError(data as unknown as GoogleErrorResponse, position);
    const response = checkWire<GoogleGenerateContentResponse>(validateGoogleGenerateContentResponse, data, GOOGLE, "stream chunk", position);
    if (response.responseId !== undefined && response.responseId !== this.#responseId) {
      this.#flushPending(into);
      this.#startResponse(response.responseId);
    }
    const candidates = response.candidates ?? [];
    const candidate = candidates.find((entry) => (entry.index ?? 0) === this.#candidate);
    for (const part of candidate?.content?.parts ?? []) this.#part(part, into, position);
    Object.assign(this.#metadata, candidateMetadata(candidate)?.[GOOGLE]);
    // usageMetadata and modelVersion repeat on every chunk, the final values on the last: they are kept
    // and reported once, when the response is done (or the bytes end), not as a chunk per event.
    if (response.usageMetadata !== undefined) this.#usage = response.usageMetadata;
    if (response.modelVersion !== undefined) this.#model = response.modelVersion;
    const finishReason = candidate?.finishReason;
    const blockReason = candidates.length === 0 ? response.promptFeedback?.blockReason : undefined;
    if (finishReason === undefined && blockReason === undefined) {
      // Chunks of other candidates may follow the end of this one; they add nothing to its message.
      if (this.#state !== "done") this.#state = "open";
      return;
    }
    // A call whose closing fragment never came ends with its candidate.
    this.#closeCall(into);
    into.push(this.#infoChunk(this.#info(finishReason, blockReason), true));
    this.#state = "done";
  }

  end(): StreamChunk[] {
    // No finishReason before the bytes ended: no `done` chunk, so the aggregator reports truncation (with
    // the information seen so far), and a call still streaming its arguments is never presented as whole.
    // A stream with no chunk at all is no response either: it is reported as one that never finished.
    if (this.#state === "none") return [{ response: {} }];
    const chunks: StreamChunk[] = [];
    this.#flushPending(chunks);
    return chunks;
  }

  #info(finishReason: string | undefined, blockReason?: string): ResponseInfo {
    return googleInfo({ responseId: this.#responseId, modelVersion: this.#model, usageMetadata: this.#usage, finishReason, blockReason, hasToolCalls: this.#hasToolCalls });
  }

  #infoChunk(info: ResponseInfo, done: boolean): StreamChunk {
    const chunk: StreamChunk = done ? { response: info, done: true } : { response: info };
    if (this.#responseId !== undefined) chunk.responseId = this.#responseId;
    const metadata = candidateMetadata(this.#metadata);
    if (metadata !== undefined) chunk.messageMetadata = metadata;
    return chunk;
  }

  /** The information of a response that ended without its finish reason. */
  #flushPending(into: ChunkSink): void {
    if (this.#state === "open") into.push(this.#infoChunk(this.#info(undefined), false));
  }

  #startResponse(responseId: string): void {
    this.#responseId = responseId;
    this.#indexer = new CandidateIndexer(responseId);
    this.#call = undefined;
    this.#hasToolCalls = false;
    this.#usage = undefined;
    this.#model = undefined;
    this.#metadata = {};
    this.#state = "none";
  }

  #part(part: GooglePart, into: ChunkSink, position: number | undefined): void {
    // A part with only a functionCall (and its signature) was checked as a GoogleFunctionCallPart with the
    // chunk, fragments included, before any of their pieces are assembled.
    if ("functionCall" in part && Object.keys(part).every((key) => key === "functionCall" || key === "thoughtSignature")) {
      if (this.#callFragment(part, (part as GoogleFunctionCallPart).functionCall, into, position)) return;
    }
    // Any other part (an empty text, a thought) may come between a streamed call's fragments: the call
    // stays open, so the fragments after it still continue it rather than opening a nameless call.
    const decoded = googlePartToPart(part, this.#attributes);
    if (!decoded) return;
    if (decoded.type === "tool_call") this.#hasToolCalls = true;
    into.push(this.#indexer.next(decoded));
  }

  /** Handles a function-call part that opens, continues or closes a streamed call; false for a whole call. */
  #callFragment(part: GooglePart, call: GoogleFunctionCall, into: ChunkSink, position: number | undefined): boolean {
    const named = call.name !== undefined && call.name !== "";
    const open = this.#call;
    if (open && !named) {
      if (call.id !== undefined && call.id !== "") open.id = call.id;
      open.payload ??= signaturePayload(part);
      for (const argument of call.partialArgs ?? []) applyPartialArg(open, argument, open.name, position);
      if (call.willContinue !== true) this.#closeCall(into);
      return true;
    }
    // A named call while another is open: the open one lost its closing fragment.
    this.#closeCall(into);
    if (!named && call.partialArgs !== undefined) {
      throw invalidWire(GOOGLE, "streamed call arguments with no call open (no fragment naming the call before them)", position === undefined ? {} : { position });
    }
    if (named && (call.willContinue === true || call.partialArgs !== undefined)) {
      this.#openCall(part, call, into, position);
      return true;
    }
    // `{"functionCall":{}}` or a keep-alive with no call open: a fragment with nothing left to close or continue.
    return Object.keys(call).length === 0 || (!named && call.willContinue === true && Object.keys(call).length === 1);
  }

  #openCall(part: GooglePart, call: GoogleFunctionCall, into: ChunkSink, position: number | undefined): void {
    const name = call.name ?? "";
    const start: Part = { type: "tool_call", toolCall: { id: call.id ?? "", type: "function", name, arguments: "" }, attributes: { ...this.#attributes } };
    const chunk = this.#indexer.next(start);
    // Open until its arguments are whole: a stream cut here leaves an incomplete call, never a call.
    chunk.partial = true;
    into.push(chunk);
    this.#hasToolCalls = true;
    const open: OpenCall = {
      index: chunk.index ?? 0,
      name,
      id: call.id ?? "",
      payload: signaturePayload(part),
      args: call.args === undefined ? {} : structuredClone(call.args),
      continuing: new Set(),
    };
    this.#call = open;
    for (const argument of call.partialArgs ?? []) applyPartialArg(open, argument, name, position);
    if (call.willContinue !== true) this.#closeCall(into);
  }

  #closeCall(into: ChunkSink): void {
    const open = this.#call;
    if (!open) return;
    this.#call = undefined;
    const call: GoogleFunctionCall = open.id === "" ? { name: open.name, args: open.args } : { id: open.id, name: open.name, args: open.args };
    into.push(partChunk(false, functionCallToPart(call, open.payload, this.#attributes), this.#responseId, open.index));
  }
}
