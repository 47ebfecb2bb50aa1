// Where an Ollama message field, tool call or tool message sits in a chat response, its NDJSON stream and
// a request, for the mapping conformance cases (src/providers/block-placement.ts).
// https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
import type { Part } from "../../../generated/types.js";
import type { BlockPlacement, BlockTurn } from "../block-placement.js";
import { ownValue } from "../../json/own-property.js";

type Value = Record<string, unknown>;

/** The assistant message fields a response block fills, and where the block sits in a request. */
interface ResponseSlot {
  fields(example: Value): Value;
  readonly request: string;
}

/** A block only requests carry: its turn, its pointer and the part the encoder writes it from. */
interface RequestSlot {
  readonly turn: Exclude<BlockTurn, "assistant">;
  readonly request: string;
  part(example: Value): Part;
}

const CALL_ID = "call_k3x9w2pq";

const RESPONSE_SLOTS: Readonly<Record<string, ResponseSlot>> = {
  OllamaThinkingField: { fields: (example) => example, request: "/messages/1" },
  OllamaContentField: { fields: (example) => example, request: "/messages/1" },
  OllamaOtherField: { fields: (example) => example, request: "/messages/1" },
  OllamaToolCall: { fields: (example) => ({ tool_calls: [example] }), request: "/messages/1/tool_calls/0" },
  OllamaToolCallFunction: { fields: (example) => ({ tool_calls: [{ id: CALL_ID, function: example }] }), request: "/messages/1/tool_calls/0/function" },
};

const REQUEST_SLOTS: Readonly<Record<string, RequestSlot>> = {
  OllamaImagesField: {
    turn: "user",
    request: "/messages/0",
    part: (example) => ({ type: "media", media: { mimeType: "image/png", data: String((example["images"] as string[])[0]), dataKind: "bytes" } }),
  },
  OllamaToolMessage: {
    turn: "tool",
    request: "/messages/2",
    part: (example) => ({ type: "tool_result", id: String(example["tool_call_id"]), name: String(example["tool_name"]), content: [{ type: "text", text: String(example["content"]) }], isError: false }),
  },
};

const HEAD = { model: "qwen3", created_at: "2026-01-01T10:00:00.000Z" };
const DONE = { done: true, done_reason: "stop", total_duration: 3244883583, prompt_eval_count: 169, eval_count: 18 };

export const placeOllamaBlock: BlockPlacement = (block, example) => {
  const value = example as Value;
  const requestSlot = ownValue(REQUEST_SLOTS, block.wireModel);
  if (requestSlot) return { turn: requestSlot.turn, part: requestSlot.part(value), request: requestSlot.request };
  const slot = ownValue(RESPONSE_SLOTS, block.wireModel);
  if (!slot) return undefined;
  const message = { role: "assistant", ...slot.fields(value) };
  return {
    turn: "assistant",
    response: { ...HEAD, message, ...DONE },
    stream: [{ ...HEAD, message, done: false }, { ...HEAD, message: { role: "assistant", content: "" }, ...DONE }],
    request: slot.request,
  };
};
