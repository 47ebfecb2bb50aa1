// Bedrock Converse over HTTP: the model in the path (`/converse`, `/converse-stream` in the AWS event-stream
// framing), every request signed with AWS Signature V4. https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
import { type ProviderEndpoint, joinUrl } from "../provider-endpoint.js";

export const bedrockEndpoint: ProviderEndpoint = {
  defaultBaseUrl: "https://bedrock-runtime.{region}.amazonaws.com",
  baseUrlEnv: ["AWS_ENDPOINT_URL_BEDROCK_RUNTIME", "AWS_ENDPOINT_URL"],
  apiKeyEnv: [],
  authHeaders: () => ({}),
  requestUrl: (baseUrl, model, stream) => joinUrl(baseUrl, `/model/${encodeURIComponent(model)}/${stream ? "converse-stream" : "converse"}`),
  modelInBody: false,
  streamInBody: false,
  // An encoded Converse request may hold `modelId` (the AWS SDK's input shape); on the wire it is the
  // `{modelId}` label of the path and never a body member.
  pathFields: ["modelId"],
  streamMediaType: "application/vnd.amazon.eventstream",
  awsSigned: true,
  requestIdHeaders: ["x-amzn-requestid"],
};
