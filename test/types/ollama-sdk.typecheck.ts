// Type-level checks against the official Ollama client (`tsc` in npm test): the decoders accept the
// client's response types and read its tool calls, an encoded body is the client's `ChatRequest` with no
// cast (non-streaming and streaming), the request fields take the client's own request, and a request
// without `model` does not compile. partwise's messages add `tool_call_id` and `function.index`, which the
// server reads since v0.12.10 and the client's types do not list yet.
import type { ChatRequest, ChatResponse, Message, Ollama, ToolCall } from "ollama";
import type { Message as PartwiseMessage } from "../../generated/types.js";
import type { OllamaRequestMessage, OllamaRequestToolCall, OllamaToolCall } from "../../generated/wire/ollama.js";
import { decodeOllamaResponse, encodeOllamaRequest, ollamaCodec } from "../../src/providers/ollama/index.js";

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

export async function encodedBodiesAreClientRequests(client: Ollama, history: readonly PartwiseMessage[], clientFields: Omit<ChatRequest, "messages">) {
  const blocking: ChatRequest & { stream?: false } = encodeOllamaRequest(history, {
    request: {
      model: "qwen3",
      stream: false,
      think: "high",
      tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }],
      options: { temperature: 0 },
    },
  }).body;
  const reply: ChatResponse = await client.chat(blocking);
  const stream = await client.chat(ollamaCodec.encodeRequest(history, { request: { model: "qwen3", stream: true } }).body);
  const fromClientFields: ChatRequest = encodeOllamaRequest(history, { request: clientFields }).body;
  // @ts-expect-error model is required by the API
  encodeOllamaRequest(history, { request: { stream: true } });
  return [reply, stream, fromClientFields];
}
