// Decodes a blocking DeepSeek response with the shared Chat Completions decoder: `reasoning_content`
// becomes a reasoning part tagged `attributes.provider = "deepseek"`, then text, then tool calls.
import type { DecodedResponse } from "../../../generated/types.js";
import { decodeChatCompletion } from "../openai-chat/decode-openai-chat-response.js";
import { deepSeekServer } from "./deepseek-wire.js";

/** A DeepSeek response body (parsed JSON) as a message and response information. */
export function decodeDeepSeekResponse(body: unknown): DecodedResponse {
  return decodeChatCompletion(body, deepSeekServer);
}
