// Encodes a history into an /api/chat request: each assistant message goes back as one message with its
// thinking, content, images and tool calls together, each tool result as a `role: "tool"` message with
// `tool_name` and `tool_call_id`, under the replay rules of spec/providers/ollama.tsp. The walk is
// encode-driver.ts. https://github.com/ollama/ollama/blob/main/docs/capabilities/tool-calling.mdx#tool-calling-with-streaming
import type { History, Message } from "../../../generated/types.js";
import { OwnMessage, ROLE_OF_PLACE, Skip, type TurnWriter, appended, encodeHistory, forEachRun, replayContext } from "../encode-driver.js";
import { type EncodedRequestOf, type EncodeOptions, type Encoder, typedEncoder } from "../provider-codec.js";
import { unreachable } from "../../parts/part-kinds.js";
import { decideReplay, rejectedPartError } from "../replay-rules.js";
import {
  MODELED_MESSAGE_FIELDS,
  OLLAMA,
  type OllamaEncoded,
  type OllamaRequestFields,
  type OllamaRequestMessage,
  type OllamaRequestToolCall,
} from "./ollama-wire.js";
import { mediaToOllamaImage, ollamaOtherFields, partToOllamaToolCall } from "./map-ollama-message.js";

/** A piece of system, user or tool-result content: a text (the string itself, no object around it) joins the message's `content`, an image its `images`. */
type ContentBlock = string | { readonly image: string };

/**
 * The message of content blocks: their text joined as `content`, their images as `images` when there are
 * any. Written straight into the message, with no images array for a message without images.
 */
function contentMessage(role: "system" | "user" | "tool", blocks: readonly (ContentBlock | OwnMessage<OllamaRequestMessage>)[]): OllamaRequestMessage {
  let content = "";
  let images: string[] | undefined;
  for (const block of blocks as readonly ContentBlock[]) {
    if (typeof block === "string") content += block;
    else images = appended(images, block.image);
  }
  return images === undefined ? { role, content } : { role, content, images };
}

/** What an assistant message collects from the parts the rules let through; a list is made by its first entry. */
interface AssistantFields {
  /** How many parts went into the message: one whose parts all had nothing to say still goes out. */
  parts: number;
  thinking: string;
  content: string;
  images: string[] | undefined;
  toolCalls: OllamaRequestToolCall[] | undefined;
  otherFields: Record<string, unknown> | undefined;
}

const noFields = (): AssistantFields => ({ parts: 0, thinking: "", content: "", images: undefined, toolCalls: undefined, otherFields: undefined });

/** Empties the fields for the next message (one fields object serves a writer). */
function clearFields(fields: AssistantFields): void {
  fields.parts = 0;
  fields.thinking = "";
  fields.content = "";
  fields.images = undefined;
  fields.toolCalls = undefined;
  fields.otherFields = undefined;
}

/** Ollama messages: each tool result a tool message of its own; an assistant message's parts folded into its fields. */
function ollamaWriter(options: EncodeOptions): TurnWriter<ContentBlock | OwnMessage<OllamaRequestMessage>, OllamaEncoded> {
  const context = replayContext(OLLAMA, options);
  const messages: OllamaRequestMessage[] = [];
  /**
   * Tool names by call id, for results that do not name their tool (Ollama matches results by
   * `tool_name`): made from the calls written so far at the first such result, and kept up to date from
   * then on. Most results name their tool, and a table of every call would only be garbage for them.
   */
  let toolNames: Map<string, string> | undefined;
  const toolNameOf = (id: string): string | undefined => {
    if (toolNames === undefined) {
      toolNames = new Map();
      for (const message of messages) for (const call of message.tool_calls ?? []) if (call.id !== undefined && call.id !== "") toolNames.set(call.id, call.function.name);
    }
    return toolNames.get(id);
  };
  const fields = noFields();
  // Made once per encode, not per user message.
  const userRun = (run: ContentBlock[]): number => messages.push(contentMessage("user", run));
  const ownMessage = (message: OllamaRequestMessage): number => messages.push(message);
  return {
    context,
    misplaced: (part, place) => `a ${part.type} part has no place in ${ROLE_OF_PLACE[place]} content`,
    text: (part) => part.text,
    media: (part, place) => {
      const image = mediaToOllamaImage(part.media);
      return image === undefined ? new Skip(`Ollama takes base64 images on ${ROLE_OF_PLACE[place]} messages, not ${part.media.dataKind} ${part.media.mimeType}`) : { image };
    },
    toolResult(part, _pointer, content) {
      const tool = contentMessage("tool", content());
      const name = part.name ?? (part.id ? toolNameOf(part.id) : undefined);
      if (name) tool.tool_name = name;
      if (part.id) tool.tool_call_id = part.id;
      return new OwnMessage(tool);
    },
    system: (blocks) => messages.push(contentMessage("system", blocks)),
    // A message whose parts were all left out is not sent as an empty one.
    user: (blocks) => forEachRun(blocks, userRun, ownMessage),
    // Ollama's wire carries no payload of any kind: every part goes out without one.
    assistantPart(sent, pointer) {
      switch (sent.type) {
        case "text":
          fields.content += sent.text;
          fields.parts++;
          return undefined;
        case "reasoning":
          if (sent.text) {
            fields.thinking += sent.text;
            fields.parts++;
          }
          return undefined;
        case "tool_call": {
          fields.toolCalls = appended(fields.toolCalls, partToOllamaToolCall(sent.toolCall, fields.toolCalls?.length ?? 0, pointer));
          fields.parts++;
          if (sent.toolCall.id !== "") toolNames?.set(sent.toolCall.id, sent.toolCall.name);
          return undefined;
        }
        case "media": {
          const image = mediaToOllamaImage(sent.media);
          if (image === undefined) return new Skip(`Ollama takes base64 images, not ${sent.media.dataKind} ${sent.media.mimeType}`);
          fields.images = appended(fields.images, image);
          fields.parts++;
          return undefined;
        }
        case "unknown": {
          const other = ollamaOtherFields(sent.rawJson, pointer);
          if (Object.keys(other).some((field) => MODELED_MESSAGE_FIELDS.has(field))) return new Skip("its fields would overwrite fields partwise writes");
          // An empty object adds nothing, as before: only fields count.
          if (Object.keys(other).length > 0) fields.parts++;
          Object.assign((fields.otherFields ??= {}), other);
          return undefined;
        }
        case "tool_result":
          // The rules reject a tool result in an assistant message before it gets here.
          throw rejectedPartError(sent, pointer(), context, decideReplay(sent, context));
        default:
          return unreachable(sent, "part");
      }
    },
    assistant() {
      const { parts, thinking, content, images, toolCalls, otherFields } = fields;
      if (parts === 0) return false;
      clearFields(fields);
      const encoded: OllamaRequestMessage = { role: "assistant", content };
      if (thinking !== "") encoded.thinking = thinking;
      if (images !== undefined) encoded.images = images;
      if (toolCalls !== undefined) encoded.tool_calls = toolCalls;
      messages.push(otherFields === undefined ? encoded : Object.assign(encoded, otherFields));
      return true;
    },
    body: () => ({ ...options.request, messages }),
  };
}

/**
 * The request for a history under Ollama's replay rules, with a warning per part left out. Given request
 * fields (`model` required), the body is the Ollama client's `ChatRequest`.
 */
export const encodeOllamaRequest: Encoder<OllamaEncoded, OllamaRequestFields> = typedEncoder(
  (history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequestOf<OllamaEncoded> => encodeHistory(history, ollamaWriter(options)),
);
