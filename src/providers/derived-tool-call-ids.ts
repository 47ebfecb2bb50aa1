// Tool calls without an id (Ollama, older Gemini models, some compatible servers) for providers that require
// one (Anthropic `tool_use.id`, Bedrock `toolUseId`): each such call gets an id derived from where it sits
// in the history, the same on every encode, and the results without an id that answer it get the same one.
import type { Message, Part } from "../../generated/types.js";

/** A call waiting for its result: the id it was given and its tool name. */
interface PendingCall {
  readonly id: string;
  readonly name: string;
}

/** The id of the call at `parts[partIndex]` of message `messageIndex`: letters, digits, `_` and `-` (both APIs' id pattern). */
function derivedId(messageIndex: number, partIndex: number): string {
  return `partwise_call_${messageIndex}_${partIndex}`;
}

/** The pending call a result without an id answers: the first of its tool name (Ollama results name it), else the first. */
function takeAnswered(pending: PendingCall[], name: string | null | undefined): PendingCall | undefined {
  const position = name ? pending.findIndex((call) => call.name === name) : -1;
  return pending.splice(position < 0 ? 0 : position, 1)[0];
}

/** Whether an assistant message has a tool call without an id: results only get ids after such a call. */
function hasCallWithoutId(message: Message): boolean {
  if (message.role !== "assistant") return false;
  for (const part of message.parts) if (part.type === "tool_call" && part.toolCall.id === "") return true;
  return false;
}

/**
 * The messages with an id on every tool call that has none, and on the results without an id that answer
 * those calls (in order, by tool name where the result names it). Messages and parts left unchanged are
 * the same objects; nothing is changed when every call has an id.
 */
export function withDerivedToolCallIds(messages: readonly Message[]): readonly Message[] {
  // Most histories have an id on every call: one plain scan finds that without copying anything.
  if (!messages.some(hasCallWithoutId)) return messages;
  const pending: PendingCall[] = [];
  let changed = false;
  const result = messages.map((message, messageIndex) => {
    let parts: Part[] | undefined;
    message.parts.forEach((part, partIndex) => {
      let replacement: Part | undefined;
      if (message.role === "assistant" && part.type === "tool_call" && part.toolCall.id === "") {
        const id = derivedId(messageIndex, partIndex);
        pending.push({ id, name: part.toolCall.name });
        replacement = { ...part, toolCall: { ...part.toolCall, id } };
      } else if (message.role !== "assistant" && part.type === "tool_result" && !part.id && pending.length > 0) {
        const call = takeAnswered(pending, part.name);
        if (call) replacement = { ...part, id: call.id };
      }
      if (replacement === undefined) return;
      parts ??= [...message.parts];
      parts[partIndex] = replacement;
    });
    if (parts === undefined) return message;
    changed = true;
    return { ...message, parts };
  });
  return changed ? result : messages;
}
