// The DeepSeek API: Chat Completions at api.deepseek.com. https://api-docs.deepseek.com/
import { chatCompletionsEndpoint } from "../openai-chat/openai-chat-endpoint.js";
import type { ProviderEndpoint } from "../provider-endpoint.js";

export const deepSeekEndpoint: ProviderEndpoint = chatCompletionsEndpoint("https://api.deepseek.com", { apiKey: ["DEEPSEEK_API_KEY"], baseUrl: ["DEEPSEEK_BASE_URL"] });
