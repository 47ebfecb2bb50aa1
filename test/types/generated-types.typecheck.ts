// Type-level tests of the generated types, checked by `tsc` (strict + exactOptionalPropertyTypes) as
// part of `npm test`: an exhaustive switch over the part union compiles, wrong shapes do not.
import type { History, Message, Part, SessionEvent } from "../../generated/types.js";
import { unreachable } from "../../src/parts/part-kinds.js";

export function describePart(part: Part): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "reasoning":
      return part.text ?? part.summary ?? "(redacted)";
    case "tool_call":
      return `${part.toolCall.name}(${part.toolCall.arguments})`;
    case "tool_result":
      return `${part.id ?? "?"}: ${part.content.map(describePart).join("")}`;
    case "media":
      return part.media.mimeType;
    case "unknown":
      return `${part.provider}/${part.kind}`;
    default:
      return unreachable(part, "part");
  }
}

export const history: History = {
  format: "partwise.history",
  version: 1,
  messages: [{ role: "assistant", parts: [{ type: "reasoning", text: null, payload: { provider: "anthropic", kind: "redacted_thinking", data: "x" } }] }],
};

// @ts-expect-error a tool_call part needs its toolCall
export const missingCall: Part = { type: "tool_call" };

// @ts-expect-error the role is a closed set
export const wrongRole: Message = { role: "robot", parts: [] };

// @ts-expect-error exactOptionalPropertyTypes: an optional field is absent or a value, not undefined
export const undefinedPayload: Part = { type: "text", text: "a", payload: undefined };

// @ts-expect-error a payload has provider, kind and data
export const incompletePayload: Part = { type: "text", text: "a", payload: { provider: "google", kind: "thought_signature" } };

export function eventMessage(event: SessionEvent): Message | undefined {
  return event.type === "MESSAGE" && "message" in event ? event.message : undefined;
}
