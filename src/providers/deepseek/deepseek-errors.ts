// How DeepSeek reports errors: OpenAI's envelope `{"error": {"message", "type", "param", "code"}}` with
// OpenAI's type names (`invalid_request_error`, ...), so OpenAI's verdicts apply; the statuses it
// documents (429 rate limit, 500 server error, 503 overloaded) are retried as any transient status.
// https://api-docs.deepseek.com/quick_start/error_codes
import type { ProviderErrors } from "../../errors/provider-error.js";
import { OPENAI_ERROR_TYPES, openAiStyleErrors } from "../openai-chat/openai-chat-errors.js";

export const deepSeekErrors: ProviderErrors = openAiStyleErrors(OPENAI_ERROR_TYPES);
