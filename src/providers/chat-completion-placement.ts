// The block placement of the Chat Completions-shaped wires (OpenAI Chat, DeepSeek, Mistral and scaffolded
// providers): where a declared message field, tool call or content chunk sits in a completion, its chunk
// stream and a request (src/providers/block-placement.ts). https://platform.openai.com/docs/api-reference/chat
import type { Part } from "../../generated/types.js";
import type { BlockPlacement, BlockTurn } from "./block-placement.js";
import type { CodecChoice } from "./registry.js";
import { ownValue } from "../json/own-property.js";

type Value = Record<string, unknown>;

/**
 * Where a block sits: `message` (fields of the assistant message, or the value of its `member`),
 * `tool_calls` (an entry of its calls), `function` (the function of its first call), `content` (an entry
 * of its content array), or only in a request, with the turn, the block's pointer in the request and the
 * part the encoder writes it from.
 */
export type ChatCompletionSlot =
  | (ResponseSlot & { readonly in: "message"; readonly member?: string })
  | (ResponseSlot & { readonly in: "tool_calls" | "function" | "content" })
  | { readonly in: "request"; readonly turn: Exclude<BlockTurn, "assistant">; readonly request: string; part(example: Value): Part };

/** What a block of a response may add: the server it needs, and its request form where that differs (with its pointer). */
interface ResponseSlot {
  server?(example: Value): CodecChoice;
  requestBlock?(example: Value): unknown;
  readonly request?: string;
}

const CALL_ID = "call_Zk3m9QpR5tV7";

/** The assistant message fields holding the block, and the same as one stream delta. */
function messageFields(slot: Exclude<ChatCompletionSlot, { in: "request" }>, example: Value): { fields: Value; delta: Value; request: string } {
  switch (slot.in) {
    case "tool_calls":
      return { fields: { tool_calls: [example] }, delta: { tool_calls: [{ index: 0, ...example }] }, request: "/messages/1/tool_calls/0" };
    case "function": {
      const call = { id: CALL_ID, type: "function", function: example };
      return { fields: { tool_calls: [call] }, delta: { tool_calls: [{ index: 0, ...call }] }, request: "/messages/1/tool_calls/0/function" };
    }
    case "content":
      return { fields: { content: [example] }, delta: { content: [example] }, request: "/messages/1/content/0" };
    case "message": {
      const fields = slot.member === undefined ? example : { [slot.member]: example };
      return { fields, delta: fields, request: slot.member === undefined ? "/messages/1" : `/messages/1/${slot.member}` };
    }
  }
}

/** A placement from a table of slots by wire model name. */
export function chatCompletionPlacement(slots: Readonly<Record<string, ChatCompletionSlot>>, model: string): BlockPlacement {
  return (block, example) => {
    const slot = ownValue(slots, block.wireModel);
    if (!slot) return undefined;
    const value = example as Value;
    if (slot.in === "request") return { turn: slot.turn, part: slot.part(value), request: slot.request };
    const { fields, delta, request } = messageFields(slot, value);
    const finish = slot.in === "message" || slot.in === "content" ? "stop" : "tool_calls";
    const head = { id: "chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG", created: 1767000100, model };
    const usage = { prompt_tokens: 412, completion_tokens: 96, total_tokens: 508 };
    return {
      turn: "assistant",
      ...(slot.server ? { server: slot.server(value) } : {}),
      ...(slot.requestBlock ? { requestBlock: slot.requestBlock(value) } : {}),
      response: { ...head, object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", ...fields }, finish_reason: finish }], usage },
      stream: [
        { ...head, object: "chat.completion.chunk", choices: [{ index: 0, delta: { role: "assistant", ...delta }, finish_reason: null }] },
        { ...head, object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: finish }], usage },
      ],
      request: slot.request ?? request,
    };
  };
}
