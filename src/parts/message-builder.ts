// Message builders with Spring AI 2.1's legacy-order rules: without explicit parts the legacy setters give
// text, then tool calls, then media; with explicit parts each legacy setter that was called replaces the
// parts of its own type in place, leaving reasoning, unknown and tool-result parts where they are. What the
// schema rejects is refused with `schema/invalid`: an explicit part when it is added, the rest at build().
import type { Media, Message, Part, ToolCall } from "../../generated/types.js";
import { InvalidDocumentError } from "../errors/partwise-error.js";
import { checkedMessage, checkedPart, mediaPart, textPart } from "./constructors.js";
import { unreachable } from "./part-kinds.js";

type Placement = "before-calls-or-media" | "before-media" | "start" | "end";

/** Removes the parts of one type and inserts `replacement` where the rules place it. */
function replaceInPlace(
  parts: readonly Part[],
  type: Part["type"],
  replacement: readonly Part[],
  fallbacks: readonly Placement[],
): Part[] {
  const firstOfType = parts.findIndex((part) => part.type === type);
  const kept = parts.filter((part) => part.type !== type);
  let position = kept.length;
  if (firstOfType >= 0) {
    // Count the kept parts before the first removed one: that is where the replacement goes.
    position = parts.slice(0, firstOfType).filter((part) => part.type !== type).length;
  } else {
    for (const placement of fallbacks) {
      const found = placementIndex(kept, placement);
      if (found !== undefined) {
        position = found;
        break;
      }
    }
  }
  return [...kept.slice(0, position), ...replacement, ...kept.slice(position)];
}

function placementIndex(parts: readonly Part[], placement: Placement): number | undefined {
  switch (placement) {
    case "start":
      return 0;
    case "end":
      return parts.length;
    case "before-calls-or-media": {
      const index = parts.findIndex((part) => part.type === "tool_call" || part.type === "media");
      return index >= 0 ? index : undefined;
    }
    case "before-media": {
      const index = parts.findIndex((part) => part.type === "media");
      return index >= 0 ? index : undefined;
    }
    default:
      return unreachable(placement, "placement");
  }
}

function toolCallParts(calls: readonly ToolCall[]): Part[] {
  return calls.map((toolCall) => ({ type: "tool_call", toolCall: { ...toolCall } }));
}

/** What both builders share: explicit parts, in order, and metadata. */
abstract class PartsBuilder {
  protected readonly explicitParts: Part[] = [];
  protected metadataValue: Record<string, unknown> | undefined;

  /** Appends an explicit part; `schema/invalid` for a value that is not a valid part (null included). */
  part(part: Part): this {
    this.explicitParts.push(checkedPart(part));
    return this;
  }

  /** Appends explicit parts, in order; `schema/invalid` naming the index of the first invalid one, and none is added. */
  parts(parts: readonly Part[]): this {
    if (!Array.isArray(parts)) {
      throw new InvalidDocumentError("schema/invalid", "invalid parts at /: expected an array of parts", { pointer: "", details: { expected: "an array of parts" } });
    }
    this.explicitParts.push(...parts.map((part, index) => checkedPart(part, `/${index}`)));
    return this;
  }

  metadata(metadata: Record<string, unknown>): this {
    this.metadataValue = { ...metadata };
    return this;
  }

  /** The built message, checked against the schema (a legacy setter given a non-string text, a bad tool call or media). */
  protected message(role: Message["role"], parts: Part[]): Message {
    return checkedMessage(this.metadataValue === undefined ? { role, parts } : { role, parts, metadata: this.metadataValue });
  }
}

/** Builds an assistant message from explicit parts and/or the legacy setters. */
export class AssistantMessageBuilder extends PartsBuilder {
  #content: { value: string | null } | undefined;
  #toolCalls: readonly ToolCall[] | undefined;
  #media: readonly Media[] | undefined;

  /** Legacy: the text. With explicit parts it replaces every text part; null removes them. */
  content(text: string | null): this {
    this.#content = { value: text };
    return this;
  }

  /** Legacy: the tool calls. With explicit parts they replace every tool call; an empty list clears them. */
  toolCalls(calls: readonly ToolCall[]): this {
    this.#toolCalls = [...calls];
    return this;
  }

  /** Legacy: the media. With explicit parts they replace every media part; an empty list clears them. */
  media(media: readonly Media[]): this {
    this.#media = [...media];
    return this;
  }

  build(): Message {
    const text = this.#content?.value;
    let parts: Part[];
    if (this.explicitParts.length === 0) {
      parts = [
        ...(text === undefined || text === null ? [] : [textPart(text)]),
        ...toolCallParts(this.#toolCalls ?? []),
        ...(this.#media ?? []).map((media) => mediaPart(media)),
      ];
    } else {
      parts = [...this.explicitParts];
      if (this.#content !== undefined) {
        const replacement = text === null || text === undefined ? [] : [textPart(text)];
        parts = replaceInPlace(parts, "text", replacement, ["before-calls-or-media", "end"]);
      }
      if (this.#toolCalls !== undefined) {
        parts = replaceInPlace(parts, "tool_call", toolCallParts(this.#toolCalls), ["before-media", "end"]);
      }
      if (this.#media !== undefined) {
        parts = replaceInPlace(parts, "media", this.#media.map((media) => mediaPart(media)), ["end"]);
      }
    }
    return this.message("assistant", parts);
  }
}

/** Builds a user message: explicit parts may interleave text and media; the setters replace their type in place. */
export class UserMessageBuilder extends PartsBuilder {
  #text: string | undefined;
  #media: readonly Media[] | undefined;

  /** The text: replaces the text parts in place, or is prepended when there were none. */
  text(text: string): this {
    this.#text = text;
    return this;
  }

  /** The media: replaces the media parts in place, or is appended when there were none. */
  media(media: readonly Media[]): this {
    this.#media = [...media];
    return this;
  }

  build(): Message {
    let parts = [...this.explicitParts];
    if (this.#text !== undefined) parts = replaceInPlace(parts, "text", [textPart(this.#text)], ["start"]);
    if (this.#media !== undefined) {
      parts = replaceInPlace(parts, "media", this.#media.map((media) => mediaPart(media)), ["end"]);
    }
    return this.message("user", parts);
  }
}

/** A builder preloaded with an assistant message's parts and metadata, for surgical edits. */
export function mutateAssistantMessage(message: Message): AssistantMessageBuilder {
  const builder = new AssistantMessageBuilder().parts(message.parts);
  return message.metadata === undefined ? builder : builder.metadata(message.metadata);
}
