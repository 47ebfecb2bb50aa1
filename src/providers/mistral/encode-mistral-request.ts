// Encodes a history into a chat-completions request: each assistant message goes back whole, its chunks
// in order (thinking chunks with their signature and nested chunks) and its tool calls, each tool result
// as a `role: "tool"` message, under the replay rules of spec/providers/mistral.tsp. The walk is
// encode-driver.ts. https://github.com/mistralai/client-ts/blob/main/examples/src/reasoning_multi_turn.ts
import { sha256Words } from "../../bytes/sha256.js";
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
/** One encoder for every id: TextEncoder is stateless, and ids are derived once per call of a history. */
const UTF8 = new TextEncoder();

/** Where an id's UTF-8 bytes are written for its digest: one list, grown for a longer id, rather than one per id. */
let idBytes = new Uint8Array(64);

/**
 * Writes the UTF-8 bytes of an id into `idBytes` and returns how many there are: an ASCII id (every
 * provider's ids are) is its char codes, copied by hand, since TextEncoder's call into the runtime cost
 * a Mistral request as much as the digests themselves.
 */
function writeUtf8(id: string): number {
  // Three bytes per UTF-16 unit at most (a surrogate pair is two units and four bytes).
  if (idBytes.length < id.length * 3) idBytes = new Uint8Array(id.length * 3);
  for (let index = 0; index < id.length; index++) {
    const code = id.charCodeAt(index);
    if (code >= 0x80) return UTF8.encodeInto(id, idBytes).written;
    idBytes[index] = code;
  }
  return id.length;
}

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
  if (MISTRAL_TOOL_CALL_ID.test(id)) return id;
  // The length first: writing may replace idBytes with a longer list.
  const length = writeUtf8(id);
  const words = sha256Words(idBytes, length);
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

/** How many derived tool-call ids a writer keeps at most (a turn's parallel calls fit many times over). */
const RECENT_TOOL_CALL_IDS = 256;

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
   * Derived Mistral ids of the calls seen last, by original id: a result mostly follows its call closely,
   * and one that does not derives the same id again, so the table is emptied at RECENT_TOOL_CALL_IDS
   * entries rather than grown with the history (at 10,000 calls its growth cost more than the digests).
   */
  const recentToolCallIds = new Map<string, string>();
  const encodedToolCallId = (id: string): string => {
    let encoded = recentToolCallIds.get(id);
    if (encoded === undefined) {
      encoded = mistralToolCallId(id);
      if (recentToolCallIds.size >= RECENT_TOOL_CALL_IDS) recentToolCallIds.clear();
      recentToolCallIds.set(id, encoded);
    }
    return encoded;
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
      if (part.id) tool.tool_call_id = encodedToolCallId(part.id);
      const name = part.name ?? (part.id ? toolNameOf(encodedToolCallId(part.id)) : undefined);
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
        const id = encodedToolCallId(sent.toolCall.id);
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
