// Where an Anthropic content block sits in a Messages response, its stream and a request, for the
// mapping conformance cases (src/providers/block-placement.ts). https://platform.claude.com/docs/en/api/messages
import type { Part } from "../../../generated/types.js";
import type { BlockPlacement, BlockTurn } from "../block-placement.js";
import { ownValue } from "../../json/own-property.js";

type Block = Record<string, unknown>;

/** The blocks only a request carries (tool results, the media of a user turn): their turn and the part they are written from. */
const REQUEST_BLOCKS: Readonly<Record<string, { turn: BlockTurn; part(block: Block): Part }>> = {
  tool_result: {
    turn: "tool",
    part: (block) => ({ type: "tool_result", id: String(block["tool_use_id"]), content: [{ type: "text", text: String(block["content"]) }], isError: block["is_error"] === true }),
  },
  image: { turn: "user", part: (block) => ({ type: "media", media: mediaOf(block["source"] as Block) }) },
  document: { turn: "user", part: (block) => ({ type: "media", media: { ...mediaOf(block["source"] as Block), name: String(block["title"]) } }) },
};

function mediaOf(source: Block) {
  return { mimeType: String(source["media_type"]), data: String(source["data"]), dataKind: "bytes" as const };
}

const MESSAGE = { id: "msg_01XFDUDYJgAACzvnptvVoYEL", type: "message", role: "assistant", model: "claude-sonnet-4-5" };
const USAGE = { input_tokens: 412, output_tokens: 96 };

/** The streamed form of a block: its skeleton at content_block_start, then the deltas that fill it. */
function blockEvents(block: Block): unknown[] {
  const index = 0;
  switch (block["type"]) {
    case "text":
      return [
        { type: "content_block_start", index, content_block: { ...block, text: "" } },
        { type: "content_block_delta", index, delta: { type: "text_delta", text: block["text"] } },
      ];
    case "thinking":
      return [
        { type: "content_block_start", index, content_block: { ...block, thinking: "", signature: "" } },
        { type: "content_block_delta", index, delta: { type: "thinking_delta", thinking: block["thinking"] } },
        { type: "content_block_delta", index, delta: { type: "signature_delta", signature: block["signature"] } },
      ];
    case "tool_use":
      return [
        { type: "content_block_start", index, content_block: { ...block, input: {} } },
        { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(block["input"]) } },
      ];
    default:
      // redacted_thinking and server blocks arrive whole at their start.
      return [{ type: "content_block_start", index, content_block: block }];
  }
}

export const placeAnthropicBlock: BlockPlacement = (block, example) => {
  const content = example as Block;
  const requestBlock = block.wireType === undefined ? undefined : ownValue(REQUEST_BLOCKS, block.wireType);
  if (requestBlock) {
    return { turn: requestBlock.turn, part: requestBlock.part(content), request: requestBlock.turn === "tool" ? "/messages/2/content/0" : "/messages/0/content/0" };
  }
  return {
    turn: "assistant",
    response: { ...MESSAGE, content: [content], stop_reason: "end_turn", stop_sequence: null, usage: USAGE },
    stream: [
      { type: "message_start", message: { ...MESSAGE, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 412, output_tokens: 1 } } },
      ...blockEvents(content),
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 96 } },
      { type: "message_stop" },
    ],
    request: "/messages/1/content/0",
  };
};
