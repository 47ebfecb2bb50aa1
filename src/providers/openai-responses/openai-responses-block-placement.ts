// Where an OpenAI Responses item or input content sits in a response, its stream and a request, for the
// mapping conformance cases (src/providers/block-placement.ts). https://platform.openai.com/docs/api-reference/responses
import type { Part } from "../../../generated/types.js";
import type { BlockPlacement, BlockTurn } from "../block-placement.js";
import { ownValue } from "../../json/own-property.js";

type Value = Record<string, unknown>;

/** The blocks only a request carries: their turn, pointer in the request and the part the encoder writes them from. */
const REQUEST_SLOTS: Readonly<Record<string, { turn: Exclude<BlockTurn, "assistant">; request: string; part(example: Value): Part; requestBlock?(example: Value): unknown }>> = {
  // A user turn of text alone goes as a content string, which the API takes as well as input_text entries.
  OpenAiResponsesInputText: {
    turn: "user",
    request: "/input/0/content",
    part: (example) => ({ type: "text", text: String(example["text"]) }),
    requestBlock: (example) => example["text"],
  },
  OpenAiResponsesInputImage: { turn: "user", request: "/input/0/content/0", part: (example) => ({ type: "media", media: dataUrlMedia(String(example["image_url"])) }) },
  OpenAiResponsesInputFile: {
    turn: "user",
    request: "/input/0/content/0",
    part: (example) => ({ type: "media", media: { ...dataUrlMedia(String(example["file_data"])), name: String(example["filename"]) } }),
  },
  OpenAiResponsesFunctionCallOutputItem: {
    turn: "tool",
    request: "/input/2",
    part: (example) => ({ type: "tool_result", id: String(example["call_id"]), content: [{ type: "text", text: String(example["output"]) }], isError: false }),
  },
};

/** The media of a `data:<type>;base64,<bytes>` URL. */
function dataUrlMedia(url: string) {
  const [, mimeType = "", data = ""] = /^data:([^;]+);base64,(.*)$/.exec(url) ?? [];
  return { mimeType, data, dataKind: "bytes" as const };
}

const HEAD = { id: "resp_68af402f8a248193a1b2c3d4e5f6a7b8", object: "response", created_at: 1767000100, model: "gpt-5.2" };
const ANSWER = { type: "message", id: "msg_68af4034c5d08193", status: "completed", role: "assistant", content: [{ type: "output_text", text: "It is 7 °C in Oslo.", annotations: [] }] };
const USAGE = { input_tokens: 412, output_tokens: 96, total_tokens: 508 };

export const placeOpenAiResponsesBlock: BlockPlacement = (block, example) => {
  const item = example as Value;
  const requestSlot = ownValue(REQUEST_SLOTS, block.wireModel);
  if (requestSlot) {
    return {
      turn: requestSlot.turn,
      part: requestSlot.part(item),
      request: requestSlot.request,
      ...(requestSlot.requestBlock ? { requestBlock: requestSlot.requestBlock(item) } : {}),
    };
  }
  // A reasoning item is never replayed without the item it led to (a 400 otherwise): an answer follows it.
  const output = item["type"] === "reasoning" ? [item, ANSWER] : [item];
  const completed = { ...HEAD, status: "completed", output, usage: USAGE };
  return {
    turn: "assistant",
    response: completed,
    stream: [
      { type: "response.created", sequence_number: 0, response: { ...HEAD, status: "in_progress", output: [] } },
      ...output.flatMap((entry, index) => [
        { type: "response.output_item.added", sequence_number: 1 + 2 * index, output_index: index, item: entry },
        { type: "response.output_item.done", sequence_number: 2 + 2 * index, output_index: index, item: entry },
      ]),
      { type: "response.completed", sequence_number: 1 + 2 * output.length, response: completed },
    ],
    request: "/input/1",
    ...(output.length > 1 ? { partIndex: 0 } : {}),
    // Raw reasoning text without `encrypted_content` is what gpt-oss servers give, and take back.
    ...(item["type"] === "reasoning" && item["encrypted_content"] === undefined ? { server: { profile: "gpt-oss" } } : {}),
  };
};
