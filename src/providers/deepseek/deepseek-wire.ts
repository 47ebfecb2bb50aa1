// DeepSeek wire shapes (generated from spec/providers/deepseek.tsp) and the server description the shared
// Chat Completions mapper, decoders and encoder run with: provider `deepseek`, reasoning in
// `reasoning_content`, DeepSeek's own wire validators. https://api-docs.deepseek.com/api/create-chat-completion
import {
  validateDeepSeekAnyToolCall,
  validateDeepSeekChatCompletion,
  validateDeepSeekChatCompletionChunk,
  validateDeepSeekErrorBody,
} from "../../../generated/wire/deepseek-validators.js";
import type { DeepSeekRequest } from "../../../generated/wire/deepseek.js";
import type { ChatCompletionsServer } from "../openai-chat/openai-chat-wire.js";
import { deepSeekErrors } from "./deepseek-errors.js";

export type {
  DeepSeekAssistantMessageParam,
  DeepSeekChatCompletion,
  DeepSeekChatCompletionChunk,
  DeepSeekRequest,
  DeepSeekRequestFields,
} from "../../../generated/wire/deepseek.js";

export const DEEPSEEK = "deepseek";

/** What the DeepSeek encoder writes into a body: the messages (the request fields go beside them as given). */
export type DeepSeekEncoded = Pick<DeepSeekRequest, "messages">;

/** DeepSeek as a Chat Completions server: parts are tagged `deepseek`; there is no profile to tell servers apart. */
export const deepSeekServer: ChatCompletionsServer = {
  provider: DEEPSEEK,
  reasoningField: "reasoning_content",
  completionTokensIncludeReasoning: true,
  errors: deepSeekErrors,
  validators: {
    completion: validateDeepSeekChatCompletion,
    chunk: validateDeepSeekChatCompletionChunk,
    errorBody: validateDeepSeekErrorBody,
    toolCall: validateDeepSeekAnyToolCall,
  },
};
