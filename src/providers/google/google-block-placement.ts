// Where a Gemini content part sits in a generateContent response, its stream and a request, for the
// mapping conformance cases (src/providers/block-placement.ts). https://ai.google.dev/api/generate-content
import type { BlockPlacement } from "../block-placement.js";

type Value = Record<string, unknown>;

const USAGE = { promptTokenCount: 412, candidatesTokenCount: 96, totalTokenCount: 508 };

function response(parts: Value[], finishReason?: string): Value {
  return {
    candidates: [{ content: { role: "model", parts }, ...(finishReason === undefined ? {} : { finishReason }), index: 0 }],
    usageMetadata: USAGE,
    modelVersion: "gemini-3-pro-preview",
    responseId: "Yk4yabCnOtOw7M8PjYHVsA4",
  };
}

export const placeGoogleBlock: BlockPlacement = (block, example) => {
  const part = example as Value;
  if (block.wireModel === "GoogleFunctionResponsePart") {
    // A function response travels only in a request, in the user turn after the call it answers.
    const functionResponse = part["functionResponse"] as Value;
    return {
      turn: "tool",
      part: { type: "tool_result", name: String(functionResponse["name"]), content: [{ type: "text", text: JSON.stringify(functionResponse["response"]) }], isError: false },
      request: "/contents/2/parts/0",
    };
  }
  return {
    turn: "assistant",
    response: response([part], "STOP"),
    // A stream sends each part in a chunk of its own and the finish reason last.
    stream: [response([part]), response([{ text: "" }], "STOP")],
    request: "/contents/1/parts/0",
  };
};
