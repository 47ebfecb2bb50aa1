// Type-level checks against the official Ollama client (`tsc` in npm test): the decoders accept the
// client's response types and read its tool calls, and the messages and tool calls the encoder writes are the client's `Message`
// and `ToolCall` (partwise adds `tool_call_id` and `function.index`, which the server reads since v0.12.10
// and the client's types do not list yet).
import type { ChatRequest, ChatResponse, Message, ToolCall } from "ollama";
import type { OllamaRequestMessage, OllamaRequestToolCall, OllamaToolCall } from "../../generated/wire/ollama.js";
import { decodeOllamaResponse, ollamaCodec } from "../../src/providers/ollama/index.js";

export function decodesClientValues(response: ChatResponse) {
  decodeOllamaResponse(response);
  return ollamaCodec.createStreamDecoder().push({ data: response });
}

export function wireToolCallsAreClientToolCalls(call: OllamaToolCall): ToolCall {
  return call;
}

export function encodedMessagesAreClientMessages(message: OllamaRequestMessage, call: OllamaRequestToolCall): ChatRequest {
  const toolCall: ToolCall = call;
  const clientMessage: Message = message;
  return { model: "qwen3", messages: [clientMessage, { role: "assistant", content: "", tool_calls: [toolCall] }] };
}
