// Encodes a history into an /api/chat request: each assistant message goes back as one message with its
// thinking, content, images and tool calls together, each tool result as a `role: "tool"` message with
// `tool_name` and `tool_call_id`, under the replay rules of spec/providers/ollama.tsp.
// https://github.com/ollama/ollama/blob/main/docs/capabilities/tool-calling.mdx#tool-calling-with-streaming
import type { EncodedRequest, ErrorObject, History, Message, Part } from "../../../generated/types.js";
import { InvalidDocumentError } from "../../errors/partwise-error.js";
import { appendPointer } from "../../json/json-location.js";
import { unreachable } from "../../parts/part-kinds.js";
import { assistantLeftOutWarning, historyMessages, located, replayContext } from "../history-encoding.js";
import type { EncodeOptions } from "../provider-codec.js";
import { type ReplayContext, decideReplay, leftOutPartWarning, rejectedPartError, settleReplay } from "../replay-rules.js";
import { MODELED_MESSAGE_FIELDS, OLLAMA, type OllamaChatRequest, type OllamaRequestMessage, type OllamaRequestToolCall } from "./ollama-wire.js";
import { mediaToOllamaImage, ollamaOtherFields, partToOllamaToolCall } from "./map-ollama-message.js";

interface Encoding {
  readonly context: ReplayContext;
  readonly warnings: ErrorObject[];
  readonly messages: OllamaRequestMessage[];
  /** Tool names by call id, for results that do not name their tool (Ollama matches results by `tool_name`). */
  readonly toolNames: Map<string, string>;
}

function skip(encoding: Encoding, part: Part, pointer: string, reason: string): void {
  encoding.warnings.push(leftOutPartWarning(part, pointer, encoding.context, reason));
}

/** The text and images of user, system or tool-result content; what has no place there is reported. */
function contentOf(encoding: Encoding, parts: readonly (readonly [Part, string])[], role: string): { content: string; images: string[] } {
  let content = "";
  const images: string[] = [];
  for (const [part, pointer] of parts) {
    switch (part.type) {
      case "text":
        content += part.text;
        break;
      case "media": {
        const image = role === "system" ? undefined : mediaToOllamaImage(part.media);
        if (image === undefined) skip(encoding, part, pointer, `Ollama takes base64 images on ${role} messages, not ${part.media.dataKind} ${part.media.mimeType}`);
        else images.push(image);
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
  return { content, images };
}

function userMessage(role: "system" | "user", body: { content: string; images: string[] }): OllamaRequestMessage {
  return body.images.length > 0 ? { role, content: body.content, images: body.images } : { role, content: body.content };
}

/** A user or tool message: each tool result becomes a tool message, the other parts user messages, in order. */
function userTurn(encoding: Encoding, message: Message, pointer: string): void {
  let pending: (readonly [Part, string])[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const body = contentOf(encoding, pending, "user");
    // A message whose parts were all left out is not sent as an empty one.
    if (body.images.length > 0 || pending.some(([part]) => part.type === "text")) encoding.messages.push(userMessage("user", body));
    pending = [];
  };
  message.parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, "parts", index);
    if (part.type !== "tool_result") {
      pending.push([part, partPointer]);
      return;
    }
    flush();
    const body = contentOf(encoding, located(part.content, appendPointer(partPointer, "content")), "tool");
    const tool: OllamaRequestMessage = { role: "tool", content: body.content };
    if (body.images.length > 0) tool.images = body.images;
    const name = part.name ?? (part.id ? encoding.toolNames.get(part.id) : undefined);
    if (name) tool.tool_name = name;
    if (part.id) tool.tool_call_id = part.id;
    encoding.messages.push(tool);
  });
  flush();
}

function assistantMessage(encoding: Encoding, message: Message, pointer: string): void {
  const thinking: string[] = [];
  const content: string[] = [];
  const images: string[] = [];
  const toolCalls: OllamaRequestToolCall[] = [];
  const otherFields: Record<string, unknown> = {};
  message.parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, "parts", index);
    const decision = decideReplay(part, encoding.context);
    if (settleReplay(part, partPointer, encoding.context, encoding.warnings, decision) === undefined) return;
    // Ollama's wire carries no payload of any kind: every part goes out without one.
    switch (part.type) {
      case "text":
        content.push(part.text);
        return;
      case "reasoning":
        if (part.text) thinking.push(part.text);
        return;
      case "tool_call":
        toolCalls.push(partToOllamaToolCall(part.toolCall, toolCalls.length, partPointer));
        if (part.toolCall.id !== "") encoding.toolNames.set(part.toolCall.id, part.toolCall.name);
        return;
      case "media": {
        const image = mediaToOllamaImage(part.media);
        if (image === undefined) skip(encoding, part, partPointer, `Ollama takes base64 images, not ${part.media.dataKind} ${part.media.mimeType}`);
        else images.push(image);
        return;
      }
      case "unknown": {
        const fields = ollamaOtherFields(part.rawJson, partPointer);
        if (Object.keys(fields).some((field) => MODELED_MESSAGE_FIELDS.has(field))) {
          skip(encoding, part, partPointer, "its fields would overwrite fields partwise writes");
        } else {
          Object.assign(otherFields, fields);
        }
        return;
      }
      case "tool_result":
        // The rules reject a tool result in an assistant message before it gets here.
        throw rejectedPartError(part, partPointer, encoding.context, decision);
      default:
        unreachable(part, "part");
    }
  });
  if (thinking.length + content.length + images.length + toolCalls.length + Object.keys(otherFields).length === 0) {
    if (message.parts.length > 0) encoding.warnings.push(assistantLeftOutWarning(pointer, OLLAMA));
    return;
  }
  const encoded: OllamaRequestMessage = { role: "assistant", content: content.join("") };
  if (thinking.length > 0) encoded.thinking = thinking.join("");
  if (images.length > 0) encoded.images = images;
  if (toolCalls.length > 0) encoded.tool_calls = toolCalls;
  encoding.messages.push(Object.assign(encoded, otherFields));
}

/** The request for a history under Ollama's replay rules, with a warning per part left out. */
export function encodeOllamaRequest(history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequest & { body: OllamaChatRequest } {
  const { messages, base } = historyMessages(history);
  const encoding: Encoding = {
    context: replayContext(OLLAMA, options),
    warnings: [],
    messages: [],
    toolNames: new Map(),
  };
  messages.forEach((message, index) => {
    const pointer = appendPointer(base, index);
    switch (message.role) {
      case "system":
        encoding.messages.push(userMessage("system", contentOf(encoding, located(message.parts, appendPointer(pointer, "parts")), "system")));
        return;
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
  return { provider: OLLAMA, body: { ...options.request, messages: encoding.messages }, warnings: encoding.warnings };
}
