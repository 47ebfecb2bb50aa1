// Read-only views of a message derived from its parts (Spring AI 2.1's getText/getReasoning/getToolCalls/
// getMedia): nothing is stored twice, so a view can never disagree with the parts.
import type {
  Media,
  Message,
  Part,
  ReasoningPart,
  ToolCall,
  ToolResultPart,
} from "../../generated/types.js";

type PartsHolder = Pick<Message, "parts">;

/**
 * The text of a message: the concatenation of its text parts with no separator, `""` when it has none
 * (no parts at all included), so `textOf(reply).trim()` never throws. Spring AI's getText() gives null
 * for a message without parts; a string every time is what callers of a view expect.
 */
export function textOf(message: PartsHolder): string {
  let text = "";
  for (const part of message.parts) if (part.type === "text") text += part.text;
  return text;
}

/** The reasoning parts, in order. */
export function reasoningOf(message: PartsHolder): ReasoningPart[] {
  return message.parts.filter((part): part is ReasoningPart => part.type === "reasoning");
}

/** The tool calls, in order. */
export function toolCallsOf(message: PartsHolder): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const part of message.parts) if (part.type === "tool_call") calls.push(part.toolCall);
  return calls;
}

/** True when the message asks for at least one tool call. */
export function hasToolCalls(message: PartsHolder): boolean {
  return message.parts.some((part) => part.type === "tool_call");
}

/** The media items, in order. */
export function mediaOf(message: PartsHolder): Media[] {
  const media: Media[] = [];
  for (const part of message.parts) if (part.type === "media") media.push(part.media);
  return media;
}

/** The tool results, in order. */
export function toolResultsOf(message: PartsHolder): ToolResultPart[] {
  return message.parts.filter((part): part is ToolResultPart => part.type === "tool_result");
}

/** The text of a tool result: its text parts joined, or null when it has none (Spring's toToolResponse). */
export function toolResultText(result: ToolResultPart): string | null {
  const texts = result.content.filter((part): part is Extract<Part, { type: "text" }> => part.type === "text");
  return texts.length === 0 ? null : texts.map((part) => part.text).join("");
}
