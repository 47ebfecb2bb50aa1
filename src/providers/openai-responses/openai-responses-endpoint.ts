// The OpenAI Responses API over HTTP: POST /responses with a bearer key.
// https://platform.openai.com/docs/api-reference/responses/create
import { type ProviderEndpoint, bearerAuthHeaders, joinUrl } from "../provider-endpoint.js";

export const openAiResponsesEndpoint: ProviderEndpoint = {
  defaultBaseUrl: "https://api.openai.com/v1",
  baseUrlEnv: ["OPENAI_BASE_URL"],
  apiKeyEnv: ["OPENAI_API_KEY"],
  authHeaders: bearerAuthHeaders,
  requestUrl: (baseUrl) => joinUrl(baseUrl, "/responses"),
  modelInBody: true,
  streamInBody: true,
  requestIdHeaders: ["x-request-id"],
};
