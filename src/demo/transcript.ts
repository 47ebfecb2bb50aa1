// Renders messages for people: one line per part, opaque payloads abbreviated to their kind and size.
import type { Message, Part } from "../../generated/types.js";
import { unreachable } from "../parts/part-kinds.js";

function shorten(text: string, length = 72): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1)}…`;
}

function payloadLabel(part: Part): string {
  if (!part.payload) return "";
  const { provider, kind, data } = part.payload;
  return ` [${provider} ${kind}: ${data.slice(0, 10)}… ${data.length} chars]`;
}

/** One line describing a part. */
export function describePart(part: Part): string {
  switch (part.type) {
    case "text":
      return `text "${shorten(part.text)}"${payloadLabel(part)}`;
    case "reasoning":
      return `reasoning "${shorten(part.text ?? part.summary ?? "(redacted)")}"${payloadLabel(part)}`;
    case "tool_call":
      return `tool_call ${part.toolCall.name}(${shorten(part.toolCall.arguments, 40)})${payloadLabel(part)}`;
    case "tool_result":
      return `tool_result ${part.name ?? part.id ?? ""}${part.isError ? " (error)" : ""}: ${shorten(part.content.map((content) => (content.type === "text" ? content.text : content.type)).join(" "))}`;
    case "media":
      return `media ${part.media.mimeType}${payloadLabel(part)}`;
    case "unknown":
      return `unknown ${part.provider}/${part.kind}${payloadLabel(part)}`;
    default:
      return unreachable(part, "part");
  }
}

/** The lines of a message: its role, then its parts indented. */
export function describeMessage(message: Message): string[] {
  return [`${message.role}:`, ...message.parts.map((part) => `  ${describePart(part)}`)];
}
