// The Gemini API over HTTP: the model in the path (`:generateContent`, `:streamGenerateContent?alt=sse`),
// the key in `x-goog-api-key`. https://ai.google.dev/api/generate-content
import { type ProviderEndpoint, joinUrl } from "../provider-endpoint.js";

export const googleEndpoint: ProviderEndpoint = {
  defaultBaseUrl: "https://generativelanguage.googleapis.com/v1beta",
  baseUrlEnv: ["GOOGLE_GEMINI_BASE_URL"],
  apiKeyEnv: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
  authHeaders: (apiKey) => (apiKey ? { "x-goog-api-key": apiKey } : {}),
  requestUrl: (baseUrl, model, stream) =>
    joinUrl(baseUrl, `/models/${encodeURIComponent(model)}:${stream ? "streamGenerateContent?alt=sse" : "generateContent"}`),
  modelInBody: false,
  streamInBody: false,
  requestIdHeaders: ["x-request-id", "x-goog-request-id"],
};
