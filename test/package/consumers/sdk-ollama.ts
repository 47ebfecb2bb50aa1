// A consumer of the published package with the Ollama client: each encoder's body is the client's
// `ChatRequest` with no cast (blocking and streaming, codec and exported function), the client's own request
// fields are accepted, a request without `model` does not compile, and the client's replies and streams go
// into the decoders as they are.
import type { ChatRequest, ChatResponse, Ollama } from "ollama";
import { decodeEventStream, decodeOllamaResponse, encodeOllamaRequest, ollamaCodec, type Message } from "partwise";

export async function ollamaRoundTrip(client: Ollama, history: readonly Message[], clientFields: Omit<ChatRequest, "messages">) {
  const blocking: ChatRequest = encodeOllamaRequest(history, { request: { model: "qwen3", think: true, stream: false } }).body;
  const reply: ChatResponse = await client.chat({ ...blocking, stream: false });
  const decoded = decodeOllamaResponse(reply);

  const streaming = ollamaCodec.encodeRequest([...history, decoded.message], { request: { model: "qwen3", stream: true } }).body;
  const streamed = await decodeEventStream(ollamaCodec, await client.chat(streaming));

  const fromClientFields: ChatRequest = encodeOllamaRequest(history, { request: clientFields }).body;

  // @ts-expect-error model is required by /api/chat
  encodeOllamaRequest(history, { request: { think: true } });
  return { streamed, fromClientFields };
}
