// The Anthropic Messages API over HTTP: POST /v1/messages with `x-api-key` and the pinned `anthropic-version`.
// https://platform.claude.com/docs/en/api/overview
import { type ProviderEndpoint, joinUrl } from "../provider-endpoint.js";

export const anthropicEndpoint: ProviderEndpoint = {
  defaultBaseUrl: "https://api.anthropic.com",
  baseUrlEnv: ["ANTHROPIC_BASE_URL"],
  apiKeyEnv: ["ANTHROPIC_API_KEY"],
  authHeaders: (apiKey) => ({ "anthropic-version": "2023-06-01", ...(apiKey ? { "x-api-key": apiKey } : {}) }),
  requestUrl: (baseUrl) => joinUrl(baseUrl, "/v1/messages"),
  modelInBody: true,
  streamInBody: true,
  requestIdHeaders: ["request-id", "x-request-id"],
};
