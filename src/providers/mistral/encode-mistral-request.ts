// Encodes a history into a chat-completions request: each assistant message goes back whole, its chunks
// in order (thinking chunks with their signature and nested chunks) and its tool calls, each tool result
// as a `role: "tool"` message, under the replay rules of spec/providers/mistral.tsp. The walk is
// encode-driver.ts. https://github.com/mistralai/client-ts/blob/main/examples/src/reasoning_multi_turn.ts
import { sha256AsciiWords, sha256Words } from "../../bytes/sha256.js";
import type { Media } from "../../../generated/types.js";
import { OwnMessage, ROLE_OF_PLACE, Skip, type TurnWriter, appended, encodeHistory, forEachRun, replayContext } from "../encode-driver.js";
import { typedEncoder, type EncodeOptions } from "../provider-codec.js";
import {
  MISTRAL,
  type MistralChatCompletionRequest,
  type MistralChunk,
  type MistralRequestFields,
  type MistralRequestMessage,
  type MistralRequestToolCall,
} from "./mistral-wire.js";
import { isPlainText, partToMistralChunk } from "./map-mistral-chunk.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const MISTRAL_TOOL_CALL_ID = /^[A-Za-z0-9]{9}$/;
/** One encoder for the ids that are not ASCII (sha256AsciiWords): TextEncoder is stateless. */
const UTF8 = new TextEncoder();

/** The base-62 character of byte `index` of a digest given as its words (sha256Words). */
function base62At(words: Int32Array, index: number): number {
  const byte = ((words[index >> 2] as number) >>> (24 - 8 * (index & 3))) & 0xff;
  return BASE62.charCodeAt(byte % 62);
}

/**
 * A tool-call id Mistral takes: its own ids as they are; any other (another provider's `toolu_...`,
 * `call_...`) derived from it the same way every time, so a call and its result keep matching.
 * Mistral rejects others: "Tool call id was call_search but must be a-z, A-Z, 0-9, with a length of 9".
 */
export function mistralToolCallId(id: string): string {
  // The length first: other providers' ids are longer, and most ids a request derives are theirs.
  if (id.length === 9 && MISTRAL_TOOL_CALL_ID.test(id)) return id;
  // Every provider's ids are ASCII, hashed from their char codes; any other is hashed from its UTF-8 bytes.
  let words = sha256AsciiWords(id);
  if (words === undefined) {
    const bytes = UTF8.encode(id);
    words = sha256Words(bytes, bytes.length);
  }
  // Nine characters made in one call, not nine strings each one longer than the last.
  return String.fromCharCode(base62At(words, 0), base62At(words, 1), base62At(words, 2), base62At(words, 3), base62At(words, 4), base62At(words, 5), base62At(words, 6), base62At(words, 7), base62At(words, 8));
}

/** An image (bytes as a `data:` URL, or a URL) or a document given by URL, as a user chunk. */
function mediaChunk(media: Media): MistralChunk | undefined {
  if (media.mimeType.startsWith("image/")) {
    if (media.dataKind === "bytes") return { type: "image_url", image_url: `data:${media.mimeType};base64,${media.data}` };
    if (media.dataKind === "url") return { type: "image_url", image_url: media.data };
    return undefined;
  }
  if (media.dataKind === "url" && media.mimeType === "application/pdf") {
    return media.name ? { type: "document_url", document_url: media.data, document_name: media.name } : { type: "document_url", document_url: media.data };
  }
  return undefined;
}

/** A string when the chunks are one plain text chunk, as Mistral's own answers without reasoning are; else the chunks. */
function contentValue(chunks: MistralChunk[]): string | MistralChunk[] {
  const [only] = chunks;
  // The driver makes the chunks' list for this message alone, so the body takes it as it is.
  return chunks.length === 1 && only !== undefined && isPlainText(only) ? String(only.text) : chunks;
}

/** A tool message's content: its text when its chunks are text only (joined as they are read, no lists in between), else the chunks. */
function toolContent(chunks: MistralChunk[]): string | MistralChunk[] {
  let text = "";
  for (const chunk of chunks) {
    if (chunk.type !== "text") return chunks;
    text += String(chunk.text);
  }
  return text;
}

type Block = MistralChunk | OwnMessage<MistralRequestMessage>;

/** How many calls' derived ids a writer remembers for their results (a turn's parallel calls fit many times over). */
const RECENT_TOOL_CALLS = 32;

/** Mistral messages: each tool result a tool message of its own, the other parts of a user message user messages around it. */
function mistralWriter(options: EncodeOptions): TurnWriter<Block, MistralChatCompletionRequest> {
  const messages: MistralRequestMessage[] = [];
  /**
   * Tool names by (Mistral) call id, for results that do not name their tool: made from the calls written
   * so far at the first such result, and kept up to date from then on. Most results name their tool, and a
   * table of every call would only be garbage (and work) for them.
   */
  let toolNames: Map<string, string> | undefined;
  const toolNameOf = (id: string): string | undefined => {
    if (toolNames === undefined) {
      toolNames = new Map();
      for (const message of messages) for (const call of message.tool_calls ?? []) toolNames.set(call.id ?? "", call.function.name);
    }
    return toolNames.get(id);
  };
  /**
   * The original and derived ids of the calls written last, in a ring whose newest entry is before
   * `nextRecent`: a result mostly answers a call a message or two before it, found there at the first or
   * second comparison, and one that is not derives the same id again. A table of every call's id cost more
   * to look up and grow than the digests it saved.
   */
  const recentCallIds: string[] = new Array<string>(RECENT_TOOL_CALLS).fill("");
  const recentDerivedIds: string[] = new Array<string>(RECENT_TOOL_CALLS).fill("");
  let nextRecent = 0;
  const callIdOf = (id: string): string => {
    const derived = mistralToolCallId(id);
    recentCallIds[nextRecent] = id;
    recentDerivedIds[nextRecent] = derived;
    nextRecent = (nextRecent + 1) % RECENT_TOOL_CALLS;
    return derived;
  };
  const resultIdOf = (id: string): string => {
    for (let back = 1; back <= RECENT_TOOL_CALLS; back++) {
      const slot = (nextRecent - back + RECENT_TOOL_CALLS) % RECENT_TOOL_CALLS;
      if (recentCallIds[slot] === id) return recentDerivedIds[slot] as string;
    }
    return mistralToolCallId(id);
  };
  /** The tool calls of the assistant message being written, a list made by its first call. */
  let toolCalls: MistralRequestToolCall[] | undefined;
  // Made once per encode, not per user message.
  const userRun = (chunks: Block[]): number => messages.push({ role: "user", content: contentValue(chunks as MistralChunk[]) });
  const ownMessage = (message: MistralRequestMessage): number => messages.push(message);
  return {
    context: replayContext(MISTRAL, options),
    misplaced: (part, place) => `a ${part.type} part has no place in ${ROLE_OF_PLACE[place]} content`,
    text: (part) => ({ type: "text", text: part.text }),
    media: (part, place) => mediaChunk(part.media) ?? new Skip(`Mistral takes images, and PDF documents by URL, on ${ROLE_OF_PLACE[place]} messages, not ${part.media.dataKind} ${part.media.mimeType}`),
    toolResult(part, _pointer, content) {
      const tool: MistralRequestMessage = { role: "tool", content: toolContent(content() as MistralChunk[]) };
      const id = part.id ? resultIdOf(part.id) : undefined;
      if (id !== undefined) tool.tool_call_id = id;
      const name = part.name ?? (id !== undefined ? toolNameOf(id) : undefined);
      if (name) tool.name = name;
      return new OwnMessage(tool);
    },
    system(blocks) {
      if (blocks.length > 0) messages.push({ role: "system", content: contentValue(blocks as MistralChunk[]) });
    },
    // A message whose parts were all left out is not sent as an empty one.
    user: (blocks) => forEachRun(blocks, userRun, ownMessage),
    assistantPart(sent, pointer) {
      if (sent.type === "tool_call") {
        const id = callIdOf(sent.toolCall.id);
        toolCalls = appended(toolCalls, { id, type: "function", function: { name: sent.toolCall.name, arguments: sent.toolCall.arguments } });
        toolNames?.set(id, sent.toolCall.name);
        return undefined;
      }
      // A payload goes out only as the signature of a Mistral thinking chunk (partToMistralChunk checks its provider).
      return partToMistralChunk(sent, pointer);
    },
    assistant(blocks) {
      const calls = toolCalls;
      toolCalls = undefined;
      if (blocks.length === 0 && calls === undefined) return false;
      const encoded: MistralRequestMessage = { role: "assistant" };
      if (blocks.length > 0) encoded.content = contentValue(blocks as MistralChunk[]);
      if (calls !== undefined) encoded.tool_calls = calls;
      messages.push(encoded);
      return true;
    },
    body: () => ({ ...options.request, messages }),
  };
}

/** What the encoder writes into the body: the messages (the rest is the request fields). */
export type MistralEncoded = Pick<MistralChatCompletionRequest, "messages">;

/**
 * The request for a history under Mistral's replay rules, with a warning per part left out. With request
 * fields (`model` required) the body is typed as them plus the messages (see `Encoder` in provider-codec.ts).
 */
export const encodeMistralRequest = typedEncoder<MistralEncoded, MistralRequestFields>((history, options = {}) => encodeHistory(history, mistralWriter(options)));
