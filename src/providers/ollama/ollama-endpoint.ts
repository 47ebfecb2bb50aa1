// Ollama's native chat API: POST /api/chat on OLLAMA_HOST (a bare host:port as Ollama's own CLI takes it),
// a bearer key only where a proxy in front asks for one. https://github.com/ollama/ollama/blob/main/docs/api.md
import { type ProviderEndpoint, bearerAuthHeaders, joinUrl } from "../provider-endpoint.js";

export const ollamaEndpoint: ProviderEndpoint = {
  defaultBaseUrl: "http://localhost:11434",
  baseUrlEnv: ["OLLAMA_HOST"],
  apiKeyEnv: ["OLLAMA_API_KEY"],
  authHeaders: bearerAuthHeaders,
  requestUrl: (baseUrl) => joinUrl(/^https?:\/\//.test(baseUrl) ? baseUrl : `http://${baseUrl}`, "/api/chat"),
  modelInBody: true,
  streamInBody: true,
  requestIdHeaders: [],
};
