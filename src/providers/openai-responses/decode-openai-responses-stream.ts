// Decodes a Responses API SSE stream into part chunks keyed by `output_index` (never by item id: some
// servers rotate item ids on every event). Text, refusal, reasoning and summary deltas are partial chunks;
// `response.output_item.done` gives each item its final form (the reasoning payload, item facts, whole
// calls and hosted tool items) and wins where the deltas fell short of it, as in openai-node's
// accumulator; the terminal response is the blocking result, and its copy of an item wins in turn.
// https://platform.openai.com/docs/api-reference/responses-streaming
import type { Part, ResponseInfo, StreamChunk } from "../../../generated/types.js";
import { validateOpenAiResponsesStreamEvent } from "../../../generated/wire/openai.responses-validators.js";
import { sameJsonText } from "../../json/same-json-text.js";
import { TextBuilder } from "../../streaming/text-builder.js";
import { ChunkStreamDecoder } from "../chunk-stream-decoder.js";
import { partChunk } from "../part-chunk.js";
import type { ChunkSink, WireEvent } from "../provider-codec.js";
import { checkWire, invalidWire } from "../wire-validation.js";
import { failedResponseError, openAiResponsesApiError } from "./decode-openai-responses-response.js";
import { isAssistantMessage, openAiResponsesItemToPart } from "./map-openai-responses-item.js";
import { OPENAI_RESPONSES_PROFILES, type OpenAiResponsesProfile, decodedProfile } from "./openai-responses-profiles.js";
import {
  OPENAI_RESPONSES,
  type OpenAiResponsesArgumentsDeltaEvent,
  type OpenAiResponsesContentDeltaEvent,
  type OpenAiResponsesContentPartAddedEvent,
  type OpenAiResponsesErrorEvent,
  type OpenAiResponsesFunctionCallItem,
  type OpenAiResponsesOutputItem,
  type OpenAiResponsesOutputItemEvent,
  type OpenAiResponsesResponse,
  type OpenAiResponsesResponseEvent,
  type OpenAiResponsesStreamEvent,
  type OpenAiResponsesSummaryEvent,
  REASONING_PART_SEPARATOR,
  openAiResponsesInfo,
} from "./openai-responses-wire.js";

/** What has arrived of one output item. */
interface ItemState {
  /** The item type, from its added or done event (or implied by its first delta). */
  type: string;
  /** The part type its slot holds. */
  partType?: Part["type"];
  /** What the deltas built of the part's text and summary, to check against the item's final form. */
  text?: TextBuilder;
  summary?: TextBuilder;
  /** How many summaries, and reasoning texts, of a reasoning item have opened. */
  summariesOpened: number;
  textsOpened: number;
  /** The item's final form, from `response.output_item.done`. */
  done?: OpenAiResponsesOutputItem;
}

/** The separators due before part `index` opens when `opened` parts are open; undefined when it is already open. */
function separatorsBefore(index: number, opened: number): string | undefined {
  if (index < opened) return undefined;
  return REASONING_PART_SEPARATOR.repeat(index - Math.max(opened - 1, 0));
}

export class OpenAiResponsesStreamDecoder extends ChunkStreamDecoder {
  /** The `attributes.profile` of the reasoning this server produces (none for OpenAI's own). */
  readonly #profile: string | undefined;
  #responseId: string | undefined;
  #ended = false;
  readonly #items = new Map<number, ItemState>();

  /** A decoder for the stream of the server `profile` describes (OpenAI by default). */
  constructor(profile: OpenAiResponsesProfile = OPENAI_RESPONSES_PROFILES.openai) {
    super();
    this.#profile = decodedProfile(profile);
  }

  #chunk(index: number, partial: boolean, part: Part): StreamChunk {
    return partChunk(partial, part, this.#responseId, index);
  }

  #info(info: ResponseInfo, done: boolean): StreamChunk {
    const chunk: StreamChunk = done ? { response: info, done: true } : { response: info };
    if (this.#responseId !== undefined) chunk.responseId = this.#responseId;
    return chunk;
  }

  pushInto(event: WireEvent, into: ChunkSink): void {
    const position = event.position;
    // One union validator for every event (spec: OpenAiResponsesStreamEvent): a known tag is checked
    // against its model, nested items and content parts included; any other tag passes as it is.
    const data = checkWire<OpenAiResponsesStreamEvent>(validateOpenAiResponsesStreamEvent, event.data, OPENAI_RESPONSES, "stream event", position);
    // The casts below name the model the validator already checked for the tag.
    switch (data.type) {
      case "response.created":
      case "response.queued":
      case "response.in_progress":
        this.#started(data as OpenAiResponsesResponseEvent, into);
        return;
      case "response.completed":
      case "response.incomplete":
        this.#finished((data as OpenAiResponsesResponseEvent).response, into);
        return;
      case "response.failed":
        throw failedResponseError((data as OpenAiResponsesResponseEvent).response, position);
      case "error": {
        const error = data as OpenAiResponsesErrorEvent;
        // The SDK type has the fields flat; recorded streams nest them under `error`.
        throw openAiResponsesApiError(error.error ?? { code: error.code ?? null, message: error.message ?? "" }, position);
      }
      case "response.output_item.added":
        this.#itemAdded(data as OpenAiResponsesOutputItemEvent, into);
        return;
      case "response.output_item.done":
        this.#itemDone(data as OpenAiResponsesOutputItemEvent, into);
        return;
      case "response.content_part.added":
        this.#contentPartAdded(data as OpenAiResponsesContentPartAddedEvent, into);
        return;
      case "response.output_text.delta":
      case "response.refusal.delta":
      case "response.reasoning_text.delta":
        this.#contentDelta(data as OpenAiResponsesContentDeltaEvent, into);
        return;
      case "response.reasoning_summary_part.added":
      case "response.reasoning_summary_text.delta":
        this.#summary(data as OpenAiResponsesSummaryEvent, into);
        return;
      case "response.function_call_arguments.delta": {
        const delta = data as OpenAiResponsesArgumentsDeltaEvent;
        this.#state(delta.output_index, "function_call");
        into.push(this.#chunk(delta.output_index, true, { type: "tool_call", toolCall: { id: "", type: "function", name: "", arguments: delta.delta } }));
        return;
      }
      case "keepalive":
        return;
      default:
        // `.done` events repeat what the deltas built, and hosted-tool progress events (web_search_call.*,
        // image_generation_call.partial_image, shell_call_command.*, ...) carry nothing the item's own
        // `output_item.done` does not: the final form of every item arrives there.
        if (data.type.startsWith("response.")) return;
        throw invalidWire(OPENAI_RESPONSES, `unknown stream event ${JSON.stringify(data.type)}`, position === undefined ? {} : { position });
    }
  }

  end(): StreamChunk[] {
    // A stream cut before response.completed gets no `done` chunk: the aggregator reports it as truncated.
    return [];
  }

  #started({ type, response }: OpenAiResponsesResponseEvent, into: ChunkSink): void {
    // response.in_progress and .queued repeat the response of response.created (with a new id, on servers
    // that rotate ids), and so does a repeated response.created.
    const active = this.#responseId !== undefined && !this.#ended;
    if (active && (type !== "response.created" || response.id === this.#responseId)) return;
    this.#responseId = response.id;
    this.#ended = false;
    this.#items.clear();
    const info: ResponseInfo = { responseId: response.id };
    if (typeof response.model === "string" && response.model !== "") info.model = response.model;
    into.push(this.#info(info, false));
  }

  #state(index: number, type: string): ItemState {
    let state = this.#items.get(index);
    if (!state) {
      state = { type, summariesOpened: 0, textsOpened: 0 };
      this.#items.set(index, state);
    }
    return state;
  }

  #opened(state: ItemState, index: number, part: Part): StreamChunk {
    state.partType = part.type;
    return this.#chunk(index, true, part);
  }

  #itemAdded(event: OpenAiResponsesOutputItemEvent, into: ChunkSink): void {
    const { item, output_index: index } = event;
    const state = this.#state(index, item.type);
    state.type = item.type;
    // Only the item's shape counts here: the `.added` copy of a reasoning item's encrypted content may be incomplete.
    switch (item.type) {
      case "reasoning":
        into.push(this.#opened(state, index, { type: "reasoning" }));
        return;
      case "message":
        // Another role's message (compacted output) arrives whole at output_item.done, as an unknown part.
        if (!isAssistantMessage(item)) return;
        state.text ??= new TextBuilder();
        into.push(this.#opened(state, index, { type: "text", text: "" }));
        return;
      case "function_call": {
        // The event's schema requires the call's id and name, as the blocking decoder's does.
        const call = item as OpenAiResponsesFunctionCallItem;
        into.push(this.#opened(state, index, { type: "tool_call", toolCall: { id: call.call_id, type: "function", name: call.name, arguments: "" } }));
        return;
      }
      default:
      // Hosted tool items and the rest arrive whole at output_item.done: nothing to send yet.
    }
  }

  #contentPartAdded(event: OpenAiResponsesContentPartAddedEvent, into: ChunkSink): void {
    if (event.part.type === "reasoning_text") into.push(this.#reasoningText(event.output_index, event.content_index, ""));
  }

  #contentDelta(event: OpenAiResponsesContentDeltaEvent, into: ChunkSink): void {
    if (event.type === "response.reasoning_text.delta") {
      into.push(this.#reasoningText(event.output_index, event.content_index, event.delta));
      return;
    }
    const state = this.#state(event.output_index, "message");
    (state.text ??= new TextBuilder()).append(event.delta);
    // The output texts and refusals of a message are concatenated, as in the blocking decode.
    into.push(this.#opened(state, event.output_index, { type: "text", text: event.delta }));
  }

  #reasoningText(index: number, contentIndex: number, delta: string): StreamChunk {
    const state = this.#state(index, "reasoning");
    const separators = separatorsBefore(contentIndex, state.textsOpened);
    if (separators !== undefined) state.textsOpened = contentIndex + 1;
    const text = (separators ?? "") + delta;
    (state.text ??= new TextBuilder()).append(text);
    return this.#opened(state, index, { type: "reasoning", text });
  }

  #summary(event: OpenAiResponsesSummaryEvent, into: ChunkSink): void {
    const state = this.#state(event.output_index, "reasoning");
    const separators = separatorsBefore(event.summary_index, state.summariesOpened);
    if (separators !== undefined) state.summariesOpened = event.summary_index + 1;
    const summary = (separators ?? "") + (event.delta ?? "");
    // A summary part opening with nothing to add still makes the summary "" rather than absent.
    if (separators === undefined && summary === "") return;
    (state.summary ??= new TextBuilder()).append(summary);
    into.push(this.#opened(state, event.output_index, { type: "reasoning", summary }));
  }

  /**
   * The final form of an item. Text and reasoning whose deltas built exactly the item's text and summary
   * get only what deltas cannot carry (the encrypted content, item id, status, phase, kept content);
   * anything else arrives whole, and replaces what the deltas built.
   */
  #itemDone(event: OpenAiResponsesOutputItemEvent, into: ChunkSink): void {
    const { item, output_index: index } = event;
    const state = this.#state(index, item.type);
    state.type = item.type;
    state.done = item;
    const whole = openAiResponsesItemToPart(item, this.#profile);
    if (whole.type === "text" && state.partType === "text" && state.text?.toString() === whole.text) {
      into.push(this.#opened(state, index, { ...whole, text: "" }));
      return;
    }
    if (whole.type === "reasoning" && state.partType === "reasoning" && state.text?.toString() === (whole.text ?? undefined) && state.summary?.toString() === (whole.summary ?? undefined)) {
      const { text: _text, summary: _summary, ...rest } = whole;
      into.push(this.#opened(state, index, rest));
      return;
    }
    state.partType = whole.type;
    into.push(this.#chunk(index, false, whole));
  }

  /**
   * The terminal response is what a blocking call returns, so its copy of an item wins where it differs
   * from the streamed one (the encrypted content of reasoning and compaction items is re-encrypted for
   * it). Its items align with the streamed ones by position; when nothing was streamed it gives them all.
   */
  #reconcile(output: readonly OpenAiResponsesOutputItem[], into: ChunkSink): void {
    const indices = [...this.#items.keys()].sort((left, right) => left - right);
    if (indices.length > 0 && indices.length !== output.length) return;
    output.forEach((item, outputPosition) => {
      const index = indices.length === 0 ? outputPosition : (indices[outputPosition] as number);
      const state = this.#items.get(index);
      if (state && (state.type !== item.type || (state.done && sameJsonText(state.done, item)))) return;
      const part = openAiResponsesItemToPart(item, this.#profile);
      if (state?.partType !== undefined && state.partType !== part.type) return;
      into.push(this.#chunk(index, false, part));
    });
  }

  #finished(response: OpenAiResponsesResponse, into: ChunkSink): void {
    this.#reconcile(response.output, into);
    // Some servers end the stream with an empty `output`; the finish reason then looks at the streamed items.
    const streamed = [...this.#items.values()].flatMap((state) => (state.done ? [state.done] : []));
    const items = response.output.length > 0 ? response.output : streamed;
    into.push(this.#info(openAiResponsesInfo(response, items), true));
    this.#ended = true;
  }
}
