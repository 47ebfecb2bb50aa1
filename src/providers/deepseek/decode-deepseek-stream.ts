// Decodes a DeepSeek SSE stream with the shared Chat Completions stream decoder: reasoning_content and
// content deltas (the other field null on each), tool calls in fragments by index, usage on the finish
// chunk, `: keep-alive` comments while the request waits, `data: [DONE]` at the end.
import { ChatCompletionsStreamDecoder } from "../openai-chat/decode-openai-chat-stream.js";
import { deepSeekServer } from "./deepseek-wire.js";

export class DeepSeekStreamDecoder extends ChatCompletionsStreamDecoder {
  constructor() {
    super(deepSeekServer);
  }
}
