// Where a Mistral content chunk, tool call or tool message sits in a completion, its stream and a request,
// for the mapping conformance cases. https://docs.mistral.ai/api/#tag/chat
import { chatCompletionPlacement } from "../chat-completion-placement.js";

export const placeMistralBlock = chatCompletionPlacement({
  // Text goes back as the message's content string, which Mistral takes as well as text chunks.
  MistralTextChunk: { in: "content", request: "/messages/1/content", requestBlock: (example) => example["text"] },
  MistralThinkChunk: { in: "content" },
  MistralImageUrlChunk: {
    in: "request",
    turn: "user",
    request: "/messages/0/content/0",
    part: (example) => ({ type: "media", media: { mimeType: "image/jpeg", data: String(example["image_url"]), dataKind: "url" } }),
  },
  MistralDocumentUrlChunk: {
    in: "request",
    turn: "user",
    request: "/messages/0/content/0",
    part: (example) => ({ type: "media", media: { mimeType: "application/pdf", name: String(example["document_name"]), data: String(example["document_url"]), dataKind: "url" } }),
  },
  MistralOtherChunk: { in: "content" },
  MistralToolCall: { in: "tool_calls" },
  MistralFunctionCall: { in: "function" },
  MistralToolMessage: {
    in: "request",
    turn: "tool",
    request: "/messages/2",
    part: (example) => ({ type: "tool_result", id: String(example["tool_call_id"]), name: String(example["name"]), content: [{ type: "text", text: String(example["content"]) }], isError: false }),
  },
}, "magistral-medium-2509");
