// Where a DeepSeek message field or tool call sits in a completion, its stream and a request, for the
// mapping conformance cases. https://api-docs.deepseek.com/api/create-chat-completion
import { chatCompletionPlacement } from "../chat-completion-placement.js";

export const placeDeepSeekBlock = chatCompletionPlacement({
  DeepSeekMessageContent: { in: "message" },
  DeepSeekReasoningContent: { in: "message" },
  DeepSeekToolCall: { in: "tool_calls" },
  DeepSeekOtherToolCall: { in: "tool_calls" },
  DeepSeekOtherMessageFields: { in: "message" },
}, "deepseek-reasoner");
