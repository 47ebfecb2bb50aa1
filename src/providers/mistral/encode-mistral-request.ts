// Encodes a history into a chat-completions request: each assistant message goes back whole, its chunks
// in order (thinking chunks with their signature and nested chunks) and its tool calls, each tool result
// as a `role: "tool"` message, under the replay rules of spec/providers/mistral.tsp.
// https://github.com/mistralai/client-ts/blob/main/examples/src/reasoning_multi_turn.ts
import { sha256 } from "../../bytes/sha256.js";
import type { EncodedRequest, ErrorObject, History, Media, Message, Part } from "../../../generated/types.js";
import { InvalidDocumentError } from "../../errors/partwise-error.js";
import { appendPointer } from "../../json/json-location.js";
import { unreachable } from "../../parts/part-kinds.js";
import { assistantLeftOutWarning, historyMessages, located, replayContext } from "../history-encoding.js";
import type { EncodeOptions } from "../provider-codec.js";
import { type ReplayContext, leftOutPartWarning, settleReplay } from "../replay-rules.js";
import { MISTRAL, type MistralChatCompletionRequest, type MistralChunk, type MistralRequestMessage, type MistralRequestToolCall } from "./mistral-wire.js";
import { isPlainText, partToMistralChunk } from "./map-mistral-chunk.js";

interface Encoding {
  readonly context: ReplayContext;
  readonly warnings: ErrorObject[];
  readonly messages: MistralRequestMessage[];
  /** Tool names by call id, for results that do not name their tool. */
  readonly toolNames: Map<string, string>;
  /** Derived Mistral ids by original id: a call and its result need the same one, derived once. */
  readonly toolCallIds: Map<string, string>;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const MISTRAL_TOOL_CALL_ID = /^[A-Za-z0-9]{9}$/;

/**
 * A tool-call id Mistral takes: its own ids as they are; any other (another provider's `toolu_...`,
 * `call_...`) derived from it the same way every time, so a call and its result keep matching.
 * Mistral rejects others: "Tool call id was call_search but must be a-z, A-Z, 0-9, with a length of 9".
 */
export function mistralToolCallId(id: string): string {
  if (MISTRAL_TOOL_CALL_ID.test(id)) return id;
  const digest = sha256(new TextEncoder().encode(id));
  let derived = "";
  for (let index = 0; index < 9; index++) derived += BASE62[(digest[index] as number) % 62];
  return derived;
}

function encodedToolCallId(encoding: Encoding, id: string): string {
  let encoded = encoding.toolCallIds.get(id);
  if (encoded === undefined) {
    encoded = mistralToolCallId(id);
    encoding.toolCallIds.set(id, encoded);
  }
  return encoded;
}

function skip(encoding: Encoding, part: Part, pointer: string, reason: string): void {
  encoding.warnings.push(leftOutPartWarning(part, pointer, encoding.context, reason));
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
function contentValue(chunks: readonly MistralChunk[]): string | MistralChunk[] {
  const [only] = chunks;
  return chunks.length === 1 && only !== undefined && isPlainText(only) ? String(only.text) : [...chunks];
}

/** The chunks of user, system or tool-result content; what has no place there is reported. */
function contentChunks(encoding: Encoding, parts: readonly (readonly [Part, string])[], role: string): MistralChunk[] {
  const chunks: MistralChunk[] = [];
  for (const [part, pointer] of parts) {
    switch (part.type) {
      case "text":
        chunks.push({ type: "text", text: part.text });
        break;
      case "media": {
        const chunk = role === "system" ? undefined : mediaChunk(part.media);
        if (chunk) chunks.push(chunk);
        else skip(encoding, part, pointer, `Mistral takes images, and PDF documents by URL, on ${role} messages, not ${part.media.dataKind} ${part.media.mimeType}`);
        break;
      }
      case "reasoning":
      case "tool_call":
      case "tool_result":
      case "unknown":
        skip(encoding, part, pointer, `a ${part.type} part has no place in ${role} content`);
        break;
      default:
        unreachable(part, "part");
    }
  }
  return chunks;
}

/** A user or tool message: each tool result becomes a tool message, the other parts user messages, in order. */
function userTurn(encoding: Encoding, message: Message, pointer: string): void {
  let pending: (readonly [Part, string])[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const chunks = contentChunks(encoding, pending, "user");
    // A message whose parts were all left out is not sent as an empty one.
    if (chunks.length > 0) encoding.messages.push({ role: "user", content: contentValue(chunks) });
    pending = [];
  };
  message.parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, "parts", index);
    if (part.type !== "tool_result") {
      pending.push([part, partPointer]);
      return;
    }
    flush();
    const chunks = contentChunks(encoding, located(part.content, appendPointer(partPointer, "content")), "tool");
    const onlyText = chunks.every((chunk) => chunk.type === "text");
    const tool: MistralRequestMessage = { role: "tool", content: onlyText ? chunks.map((chunk) => String(chunk.text)).join("") : chunks };
    if (part.id) tool.tool_call_id = encodedToolCallId(encoding, part.id);
    const name = part.name ?? (part.id ? encoding.toolNames.get(encodedToolCallId(encoding, part.id)) : undefined);
    if (name) tool.name = name;
    encoding.messages.push(tool);
  });
  flush();
}

function assistantMessage(encoding: Encoding, message: Message, pointer: string): void {
  const chunks: MistralChunk[] = [];
  const toolCalls: MistralRequestToolCall[] = [];
  message.parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, "parts", index);
    if (settleReplay(part, partPointer, encoding.context, encoding.warnings) === undefined) return;
    if (part.type === "tool_call") {
      const id = encodedToolCallId(encoding, part.toolCall.id);
      toolCalls.push({ id, type: "function", function: { name: part.toolCall.name, arguments: part.toolCall.arguments } });
      encoding.toolNames.set(id, part.toolCall.name);
      return;
    }
    // A payload goes out only as the signature of a Mistral thinking chunk (partToMistralChunk checks its provider).
    const chunk = partToMistralChunk(part, partPointer);
    if (chunk) chunks.push(chunk);
  });
  if (chunks.length === 0 && toolCalls.length === 0) {
    if (message.parts.length > 0) encoding.warnings.push(assistantLeftOutWarning(pointer, MISTRAL));
    return;
  }
  const encoded: MistralRequestMessage = { role: "assistant" };
  if (chunks.length > 0) encoded.content = contentValue(chunks);
  if (toolCalls.length > 0) encoded.tool_calls = toolCalls;
  encoding.messages.push(encoded);
}

/** The request for a history under Mistral's replay rules, with a warning per part left out. */
export function encodeMistralRequest(history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequest & { body: MistralChatCompletionRequest } {
  const { messages, base } = historyMessages(history);
  const encoding: Encoding = {
    context: replayContext(MISTRAL, options),
    warnings: [],
    messages: [],
    toolNames: new Map(),
    toolCallIds: new Map(),
  };
  messages.forEach((message, index) => {
    const pointer = appendPointer(base, index);
    switch (message.role) {
      case "system": {
        const chunks = contentChunks(encoding, located(message.parts, appendPointer(pointer, "parts")), "system");
        if (chunks.length > 0) encoding.messages.push({ role: "system", content: contentValue(chunks) });
        return;
      }
      case "user":
      case "tool":
        userTurn(encoding, message, pointer);
        return;
      case "assistant":
        assistantMessage(encoding, message, pointer);
        return;
      default:
        throw new InvalidDocumentError("schema/invalid", `unknown role at ${pointer}`, { pointer });
    }
  });
  return { provider: MISTRAL, body: { ...options.request, messages: encoding.messages }, warnings: encoding.warnings };
}
