// The contract every provider codec fulfils: decode a blocking response, decode a stream (from raw bytes
// in the provider's framing, or from one decoded event per JSON line), and encode a history into a
// request under the provider's replay rules; and the provider's HTTP endpoint and tool declarations. The CLI,
// the chat client, the HTTP client and the tests use only this.
import type { ProviderLint } from "../lint/lint-check.js";
import type { DecodedResponse, EncodedRequest, History, Message, StreamChunk } from "../../generated/types.js";
import type { ProviderEndpoint } from "./provider-endpoint.js";
import type { ToolDeclaration } from "./tool-declarations.js";
import type { ProviderErrors } from "../errors/provider-error.js";

/** One decoded event of a provider's stream: the SSE data JSON, an NDJSON line, an event-stream message. */
export interface WireEvent {
  /** The event's name where the framing carries one (SSE `event:`, Bedrock `:event-type`). */
  readonly name?: string;
  /** The event's JSON. */
  readonly data: unknown;
  /** Byte offset (raw input) or line number (JSONL input) of the event, for errors. */
  readonly position?: number;
}

/**
 * Reads a provider's byte framing incrementally: the wire events each chunk of bytes completes. It is
 * synchronous, so a whole network chunk is framed, decoded and aggregated between two awaits. When a
 * chunk is corrupt part-way, the error is thrown and the events the chunk completed before it are in
 * `wireEventsBeforeFailure.of(error)` (built-in readers, and any made with `framedWireReader`).
 */
export interface WireReader {
  push(bytes: Uint8Array): WireEvent[];
  /** The events left when the bytes end; throws when the framing itself is cut (e.g. inside a binary frame). */
  end(): WireEvent[];
}

/** Turns one response's wire events into part chunks; one decoder per stream. */
export interface StreamDecoder {
  push(event: WireEvent): StreamChunk[];
  /** Called when the bytes end; a stream that ended early yields no `done` chunk, so it aggregates as truncated. */
  end(): StreamChunk[];
  /**
   * As `push`, the chunks handed to `into` instead of returned in a new array; the stream drivers use it
   * when a decoder has it (every built-in one: ChunkStreamDecoder), so a stream makes no array per event.
   * When it throws, the drivers drop what it handed over for that event, as `push` returns nothing then.
   */
  pushInto?(event: WireEvent, into: ChunkSink): void;
}

/** What takes a decoder's chunks one by one: an array, or the stream driver's buffer for one event. */
export interface ChunkSink {
  push(chunk: StreamChunk): unknown;
}

/** How to encode: the request fields besides the messages, the rule variant, and the options rules test. */
export interface EncodeOptions<Fields extends object = Record<string, unknown>> {
  /** Request fields (model, max_tokens, tools, ...) placed in the body next to the encoded messages. */
  readonly request?: Fields;
  /** The replay-rule variant (a server profile or a rule version). */
  readonly variant?: string;
  /** Options that replay rules test with `when` (e.g. `replayForeignReasoning`). */
  readonly flags?: readonly string[];
}

/** An encoded request whose body has the provider's type (EncodedRequest types it as any JSON object). */
export type EncodedRequestOf<Body> = Omit<EncodedRequest, "body"> & { body: Body };

/**
 * The body of a request encoded with the request fields `Given`: the fields as given (so `stream: true`
 * stays `true` and an SDK's own params type stays itself) beside what the encoder writes (`Encoded`:
 * the messages, and for some providers the system prompt), which wins where both name a field.
 */
export type RequestBody<Encoded extends object, Given extends object> = Omit<Given, keyof Encoded> & Encoded;

/**
 * A provider's encoder, typed: without request fields the body holds only what the encoder writes; with
 * them, the fields must be the provider's request fields (a missing required field such as Anthropic's
 * `max_tokens` does not compile) and the body's type is theirs plus the encoded messages, so it is
 * assignable to the provider SDK's request type where that type is the wire. An untyped codec
 * (`ProviderCodec` with its defaults) has a JSON object body. `Encoded` must have no index signature
 * (a `Pick` of the wire request, not the open wire model), or it would hide the given fields.
 */
export interface Encoder<Encoded extends object = Record<string, unknown>, Fields extends object = Record<string, unknown>> {
  (history: History | readonly Message[], options?: EncodeOptions<never>): EncodedRequestOf<Encoded>;
  <Given extends Fields>(history: History | readonly Message[], options: EncodeOptions<Given>): EncodedRequestOf<Record<string, unknown> extends Encoded ? Record<string, unknown> : RequestBody<Encoded, Given>>;
}

/**
 * Types an encoder implementation. The one cast is sound because every encoder builds its body as the
 * given request fields spread first, then what it encodes (the encoder driver's `TurnWriter.body`), which
 * is what `RequestBody` says; TypeScript cannot follow a spread of a generic through to the overloads.
 */
export function typedEncoder<Encoded extends object, Fields extends object>(
  encode: (history: History | readonly Message[], options?: EncodeOptions<Record<string, unknown>>) => EncodedRequestOf<Encoded>,
): Encoder<Encoded, Fields> {
  return encode as Encoder<Encoded, Fields>;
}

/**
 * A provider codec. `Encoded` is the type of what its encoder writes into the body and `Fields` the
 * request fields it takes (see `Encoder`); the defaults type neither, which is what the registry holds.
 */
export interface ProviderCodec<Encoded extends object = Record<string, unknown>, Fields extends object = Record<string, unknown>> {
  /** The provider id (also the payload provider of what it decodes). */
  readonly id: string;
  /** The byte framing of the provider's streams. */
  readonly framing: "server-sent-events" | "newline-delimited-json" | "aws-event-stream";
  /** Decodes a blocking response body (parsed JSON). */
  decodeResponse(body: unknown): DecodedResponse;
  /** A decoder for one stream. */
  createStreamDecoder(): StreamDecoder;
  /** A reader of the provider's byte framing, for one stream. */
  createWireReader(): WireReader;
  /** One wire event from a JSON line (`--input jsonl`: for Bedrock `{ "<eventType>": payload }`). */
  wireEventFromJson(value: unknown, line: number): WireEvent;
  /** Encodes a history (or its messages) into a request body under the replay rules. */
  readonly encodeRequest: Encoder<Encoded, Fields>;
  /** The provider's HTTP API: URLs, authentication, stream media type, request-id headers, error bodies. */
  readonly endpoint: ProviderEndpoint;
  /** The request fields that declare `tools` (at least one) in the provider's shape, beside the encoded messages. */
  declareTools(tools: readonly ToolDeclaration[]): Record<string, unknown>;
  /** A reasoning model of the provider and the request fields that turn its reasoning on (and make it visible): what `partwise chat` and `demo` send. */
  readonly reasoningRequest: { readonly model: string; readonly request: Readonly<Record<string, unknown>> };
  /** How the provider's error bodies and error events read and which of its errors are worth retrying (its *-errors.ts). */
  readonly errors: ProviderErrors;
  /** The request facts its request rules test and the lint checks only it needs (its *-lint.ts); absent for a provider without request rules of its own. */
  readonly lint?: ProviderLint;
}
