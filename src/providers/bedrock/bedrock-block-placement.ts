// Where a Bedrock Converse content block sits in a response, its ConverseStream events and a request, for
// the mapping conformance cases (src/providers/block-placement.ts).
// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlock.html
import type { Part } from "../../../generated/types.js";
import type { BlockPlacement, BlockTurn } from "../block-placement.js";
import { ownValue } from "../../json/own-property.js";

type Value = Record<string, unknown>;

interface Slot {
  /** The member of the content block holding the model's value, when the model is not the block itself. */
  readonly member?: readonly string[];
  readonly turn: BlockTurn;
  /** The stream's content events for the block, when it streams. */
  readonly deltas?: (example: Value) => Value[];
  /** For a block only requests carry: the part the encoder writes it from. */
  readonly part?: (example: Value) => Part;
}

const index = 0;
const delta = (value: Value) => ({ contentBlockDelta: { contentBlockIndex: index, delta: value } });

const SLOTS: Readonly<Record<string, Slot>> = {
  BedrockTextBlock: { turn: "assistant", deltas: (example) => [delta({ text: example["text"] })] },
  BedrockReasoningTextBlock: {
    member: ["reasoningContent", "reasoningText"],
    turn: "assistant",
    deltas: (example) => [delta({ reasoningContent: { text: example["text"] } }), delta({ reasoningContent: { signature: example["signature"] } })],
  },
  BedrockReasoningContent: { member: ["reasoningContent"], turn: "assistant", deltas: (example) => [delta({ reasoningContent: example })] },
  BedrockToolUseBlock: {
    member: ["toolUse"],
    turn: "assistant",
    deltas: (example) => [
      { contentBlockStart: { contentBlockIndex: index, start: { toolUse: { toolUseId: example["toolUseId"], name: example["name"] } } } },
      delta({ toolUse: { input: JSON.stringify(example["input"]) } }),
    ],
  },
  BedrockToolResultBlock: {
    member: ["toolResult"],
    turn: "tool",
    part: (example) => ({
      type: "tool_result",
      id: String(example["toolUseId"]),
      content: (example["content"] as Value[]).map((entry) => ({ type: "text" as const, text: String(entry["text"]) })),
      isError: example["status"] === "error",
    }),
  },
  BedrockImageBlock: { member: ["image"], turn: "user", part: (example) => ({ type: "media", media: sourceMedia(example, `image/${String(example["format"])}`) }) },
  BedrockDocumentBlock: {
    member: ["document"],
    turn: "user",
    part: (example) => ({ type: "media", media: { ...sourceMedia(example, "application/pdf"), name: String(example["name"]) } }),
  },
  BedrockOtherBlock: { turn: "assistant" },
};

function sourceMedia(example: Value, mimeType: string) {
  return { mimeType, data: String((example["source"] as Value)["bytes"]), dataKind: "bytes" as const };
}

const REQUEST_MESSAGE: Readonly<Record<BlockTurn, number>> = { user: 0, assistant: 1, tool: 2 };

export const placeBedrockBlock: BlockPlacement = (block, example) => {
  const slot = ownValue(SLOTS, block.wireModel);
  if (!slot) return undefined;
  const value = example as Value;
  const request = [`/messages/${REQUEST_MESSAGE[slot.turn]}/content/0`, ...(slot.member ?? [])].join("/");
  if (slot.part) return { turn: slot.turn, part: slot.part(value), request };
  const contentBlock = (slot.member ?? []).reduceRight<Value>((inner, key) => ({ [key]: inner }), value);
  const usage = { inputTokens: 412, outputTokens: 96, totalTokens: 508 };
  return {
    turn: slot.turn,
    response: { output: { message: { role: "assistant", content: [contentBlock] } }, stopReason: "end_turn", usage, metrics: { latencyMs: 1210 } },
    ...(slot.deltas
      ? {
          stream: [
            { messageStart: { role: "assistant" } },
            ...slot.deltas(value),
            { contentBlockStop: { contentBlockIndex: index } },
            { messageStop: { stopReason: "end_turn" } },
            { metadata: { usage, metrics: { latencyMs: 1210 } } },
          ],
        }
      : {}),
    request,
  };
};
