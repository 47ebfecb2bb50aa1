// Encodes a history into an /api/chat request: each assistant message goes back as one message with its
// thinking, content, images and tool calls together, each tool result as a `role: "tool"` message with
// `tool_name` and `tool_call_id`, under the replay rules of spec/providers/ollama.tsp. The walk is
// encode-driver.ts. https://github.com/ollama/ollama/blob/main/docs/capabilities/tool-calling.mdx#tool-calling-with-streaming
import type { History, Message } from "../../../generated/types.js";
import { OwnMessage, ROLE_OF_PLACE, Skip, type TurnWriter, encodeHistory, forEachRun, replayContext } from "../encode-driver.js";
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

/** A piece of system, user or tool-result content: text joins the message's `content`, an image its `images`. */
type ContentBlock = { readonly text: string } | { readonly image: string };

/** The text and images of a message's content blocks. */
function contentOf(blocks: readonly (ContentBlock | OwnMessage<OllamaRequestMessage>)[]): { content: string; images: string[] } {
  let content = "";
  const images: string[] = [];
  for (const block of blocks as readonly ContentBlock[]) {
    if ("text" in block) content += block.text;
    else images.push(block.image);
  }
  return { content, images };
}

function userMessage(role: "system" | "user", body: { content: string; images: string[] }): OllamaRequestMessage {
  return body.images.length > 0 ? { role, content: body.content, images: body.images } : { role, content: body.content };
}

/** What an assistant message collects from the parts the rules let through. */
interface AssistantFields {
  readonly thinking: string[];
  readonly content: string[];
  readonly images: string[];
  readonly toolCalls: OllamaRequestToolCall[];
  readonly otherFields: Record<string, unknown>;
}

const noFields = (): AssistantFields => ({ thinking: [], content: [], images: [], toolCalls: [], otherFields: {} });

/** Ollama messages: each tool result a tool message of its own; an assistant message's parts folded into its fields. */
function ollamaWriter(options: EncodeOptions): TurnWriter<ContentBlock | OwnMessage<OllamaRequestMessage>, OllamaEncoded> {
  const context = replayContext(OLLAMA, options);
  const messages: OllamaRequestMessage[] = [];
  /** Tool names by call id, for results that do not name their tool (Ollama matches results by `tool_name`). */
  const toolNames = new Map<string, string>();
  let fields = noFields();
  return {
    context,
    misplaced: (part, place) => `a ${part.type} part has no place in ${ROLE_OF_PLACE[place]} content`,
    text: (part) => ({ text: part.text }),
    media: (part, place) => {
      const image = mediaToOllamaImage(part.media);
      return image === undefined ? new Skip(`Ollama takes base64 images on ${ROLE_OF_PLACE[place]} messages, not ${part.media.dataKind} ${part.media.mimeType}`) : { image };
    },
    toolResult(part, _pointer, content) {
      const body = contentOf(content());
      const tool: OllamaRequestMessage = { role: "tool", content: body.content };
      if (body.images.length > 0) tool.images = body.images;
      const name = part.name ?? (part.id ? toolNames.get(part.id) : undefined);
      if (name) tool.tool_name = name;
      if (part.id) tool.tool_call_id = part.id;
      return new OwnMessage(tool);
    },
    system: (blocks) => messages.push(userMessage("system", contentOf(blocks))),
    // A message whose parts were all left out is not sent as an empty one.
    user: (blocks) => forEachRun(blocks, (run) => messages.push(userMessage("user", contentOf(run))), (tool) => messages.push(tool)),
    // Ollama's wire carries no payload of any kind: every part goes out without one.
    assistantPart(sent, pointer) {
      switch (sent.type) {
        case "text":
          fields.content.push(sent.text);
          return undefined;
        case "reasoning":
          if (sent.text) fields.thinking.push(sent.text);
          return undefined;
        case "tool_call":
          fields.toolCalls.push(partToOllamaToolCall(sent.toolCall, fields.toolCalls.length, pointer));
          if (sent.toolCall.id !== "") toolNames.set(sent.toolCall.id, sent.toolCall.name);
          return undefined;
        case "media": {
          const image = mediaToOllamaImage(sent.media);
          if (image === undefined) return new Skip(`Ollama takes base64 images, not ${sent.media.dataKind} ${sent.media.mimeType}`);
          fields.images.push(image);
          return undefined;
        }
        case "unknown": {
          const other = ollamaOtherFields(sent.rawJson, pointer);
          if (Object.keys(other).some((field) => MODELED_MESSAGE_FIELDS.has(field))) return new Skip("its fields would overwrite fields partwise writes");
          Object.assign(fields.otherFields, other);
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
      const { thinking, content, images, toolCalls, otherFields } = fields;
      fields = noFields();
      if (thinking.length + content.length + images.length + toolCalls.length + Object.keys(otherFields).length === 0) return false;
      const encoded: OllamaRequestMessage = { role: "assistant", content: content.join("") };
      if (thinking.length > 0) encoded.thinking = thinking.join("");
      if (images.length > 0) encoded.images = images;
      if (toolCalls.length > 0) encoded.tool_calls = toolCalls;
      messages.push(Object.assign(encoded, otherFields));
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
