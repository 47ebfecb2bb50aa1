// The Chat Completions API over HTTP (POST /chat/completions with a bearer key), for OpenAI and for every
// server that speaks it (DeepSeek, Mistral): only the base URL and the variables differ.
// https://platform.openai.com/docs/api-reference/chat/create
import { type ProviderEndpoint, bearerAuthHeaders, joinUrl } from "../provider-endpoint.js";

/** A Chat Completions server at `defaultBaseUrl`, its key and base URL read from the variables named. */
export function chatCompletionsEndpoint(defaultBaseUrl: string, variables: { readonly apiKey: readonly string[]; readonly baseUrl: readonly string[] }): ProviderEndpoint {
  return {
    defaultBaseUrl,
    baseUrlEnv: variables.baseUrl,
    apiKeyEnv: variables.apiKey,
    authHeaders: bearerAuthHeaders,
    requestUrl: (baseUrl) => joinUrl(baseUrl, "/chat/completions"),
    modelInBody: true,
    streamInBody: true,
    requestIdHeaders: ["x-request-id"],
  };
}

export const openAiChatEndpoint: ProviderEndpoint = chatCompletionsEndpoint("https://api.openai.com/v1", { apiKey: ["OPENAI_API_KEY"], baseUrl: ["OPENAI_BASE_URL"] });
