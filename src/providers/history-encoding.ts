// The steps of encoding a history that do not depend on the provider's blocks: the messages and the pointer
// base of their warnings, the replay context of the options, an assistant message's parts under the replay
// rules, and turns of one role merged (the APIs take alternating turns).
import type { ErrorObject, History, Message, Part } from "../../generated/types.js";
import { appendPointer } from "../json/json-location.js";
import type { EncodeOptions } from "./provider-codec.js";
import { type ReplayContext, callerFlags, leftOutPartWarning, settleReplay, withoutForeignPayload } from "./replay-rules.js";

/** A history's messages, and the pointer their indexes extend: `/messages` in a document, `` for a bare list. */
export function historyMessages(history: History | readonly Message[]): { readonly messages: readonly Message[]; readonly base: string } {
  return Array.isArray(history) ? { messages: history as readonly Message[], base: "" } : { messages: (history as History).messages, base: "/messages" };
}

/** Parts with their pointers in the history: `pointer` is that of the list holding them. */
export function located(parts: readonly Part[], pointer: string): (readonly [Part, string])[] {
  return parts.map((part, index) => [part, appendPointer(pointer, index)] as const);
}

/** The replay context of encode options, with the facts the encoder adds itself (e.g. what the target model is). */
export function replayContext(provider: string, options: EncodeOptions, facts: readonly string[] = []): ReplayContext {
  const flags = callerFlags(provider, options.flags);
  for (const fact of facts) flags.add(fact);
  return { provider, ...(options.variant === undefined ? {} : { variant: options.variant }), flags };
}

/**
 * The blocks of an assistant message: each part the rules let through (without its foreign payload for
 * `send-without-payload`) mapped by `toBlock`. A part with no block is reported, except an empty text,
 * which carries nothing; so is a message none of whose parts is sent, since it is left out whole.
 */
export function replayedBlocks<Block>(
  message: Message,
  pointer: string,
  context: ReplayContext,
  warnings: ErrorObject[],
  toBlock: (part: Part, pointer: string) => Block | undefined,
): Block[] {
  const blocks: Block[] = [];
  message.parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, "parts", index);
    const action = settleReplay(part, partPointer, context, warnings);
    if (action === undefined) return;
    const block = toBlock(action === "send" ? part : withoutForeignPayload(part, context.provider), partPointer);
    if (block !== undefined) blocks.push(block);
    else if (!(part.type === "text" && part.text === "")) {
      const payload = part.payload ? `a ${part.payload.kind} payload` : "no text";
      warnings.push(leftOutPartWarning(part, partPointer, context, `a ${part.type} part with ${payload} has no ${context.provider} block`));
    }
  });
  if (blocks.length === 0 && message.parts.length > 0) warnings.push(assistantLeftOutWarning(pointer, context.provider));
  return blocks;
}

/** The warning for the assistant message at `pointer`, left out whole because none of its parts can be replayed to `provider`. */
export function assistantLeftOutWarning(pointer: string, provider: string): ErrorObject {
  return { name: "ReplayWarning", code: "provider/part-skipped", message: `assistant message left out: none of its parts can be replayed to ${provider}`, pointer, provider };
}

/** Adds content as a turn of `role`, joined to the last turn when that has the same role; no content adds nothing. */
export function appendTurn<Role, Block>(turns: { role: Role; content: Block[] }[], role: Role, content: Block[]): void {
  if (content.length === 0) return;
  const last = turns.at(-1);
  if (last?.role === role) last.content.push(...content);
  else turns.push({ role, content });
}

/** The texts of a system message; any other part is reported, since a system prompt takes text only. */
export function systemTexts(message: Message, pointer: string, context: ReplayContext, warnings: ErrorObject[]): string[] {
  const texts: string[] = [];
  message.parts.forEach((part, index) => {
    if (part.type !== "text") warnings.push(leftOutPartWarning(part, appendPointer(pointer, "parts", index), context, "the system prompt takes text only"));
    else if (part.text !== "") texts.push(part.text);
  });
  return texts;
}
