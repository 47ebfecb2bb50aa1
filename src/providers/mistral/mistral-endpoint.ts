// The Mistral AI API: Chat Completions at api.mistral.ai/v1. https://docs.mistral.ai/api/
import { chatCompletionsEndpoint } from "../openai-chat/openai-chat-endpoint.js";
import type { ProviderEndpoint } from "../provider-endpoint.js";

export const mistralEndpoint: ProviderEndpoint = chatCompletionsEndpoint("https://api.mistral.ai/v1", { apiKey: ["MISTRAL_API_KEY"], baseUrl: ["MISTRAL_BASE_URL"] });
