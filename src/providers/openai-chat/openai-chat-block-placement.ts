// Where an OpenAI Chat Completions message field or tool call sits in a completion, its stream and a
// request, for the mapping conformance cases. https://platform.openai.com/docs/api-reference/chat/object
import { chatCompletionPlacement } from "../chat-completion-placement.js";

export const placeOpenAiChatBlock = chatCompletionPlacement({
  OpenAiChatMessageContent: { in: "message" },
  // OpenAI's own server takes no reasoning back; the servers that return a reasoning field do.
  OpenAiChatMessageReasoning: { in: "message", server: (example) => ({ profile: "reasoning_content" in example ? "kimi" : "openrouter" }) },
  OpenAiChatFunctionToolCall: { in: "tool_calls" },
  OpenAiChatCustomToolCall: { in: "tool_calls" },
  // An assistant message's audio goes back by reference: `audio: { id }` (ChatCompletionAssistantMessageParam).
  OpenAiChatAudio: { in: "message", member: "audio", requestBlock: (example) => ({ id: example["id"] }) },
  OpenAiChatMessageRefusal: { in: "message" },
  OpenAiChatOtherMessageFields: { in: "message" },
}, "gpt-4.1-2025-04-14");
