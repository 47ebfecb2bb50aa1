// The Amazon Bedrock Converse codec: JSON responses, ConverseStream in the AWS event-stream framing (or
// one `{ "<eventType>": payload }` per JSON line), and requests in the Converse JSON form.
import { EventStreamDecoder, eventStreamMessagesBeforeFailure } from "../framing/aws-event-stream.js";
import { framedWireReader } from "../wire-readers.js";
import type { ProviderCodec } from "../provider-codec.js";
import type { BedrockRequestFields } from "./bedrock-wire.js";
import { BEDROCK } from "./bedrock-wire.js";
import { decodeBedrockResponse } from "./decode-bedrock-response.js";
import { BedrockStreamDecoder, bedrockEventFromJson, bedrockEventFromMessage } from "./decode-bedrock-stream.js";
import { type BedrockEncoded, encodeBedrockRequest } from "./encode-bedrock-request.js";
import { bedrockEndpoint } from "./bedrock-endpoint.js";
import { declareBedrockTools } from "./bedrock-tools.js";
import { bedrockErrors } from "./bedrock-errors.js";
import { bedrockLint } from "./bedrock-lint.js";

export { decodeBedrockResponse } from "./decode-bedrock-response.js";
export { BedrockStreamDecoder } from "./decode-bedrock-stream.js";
export { type BedrockEncoded, encodeBedrockRequest } from "./encode-bedrock-request.js";
export {
  bedrockConverseInput, bedrockEventsFromSdk, bedrockResponseFromSdk,
  type BedrockSdkContentBlock, type BedrockSdkDocument, type BedrockSdkInput, type BedrockSdkMessage,
} from "./bedrock-sdk.js";

export const bedrockCodec: ProviderCodec<BedrockEncoded, BedrockRequestFields> = {
  id: BEDROCK,
  framing: "aws-event-stream",
  decodeResponse: decodeBedrockResponse,
  createStreamDecoder: () => new BedrockStreamDecoder(),
  createWireReader: () => framedWireReader(new EventStreamDecoder(BEDROCK), eventStreamMessagesBeforeFailure, bedrockEventFromMessage),
  wireEventFromJson: bedrockEventFromJson,
  encodeRequest: encodeBedrockRequest,
  endpoint: bedrockEndpoint,
  declareTools: declareBedrockTools,
  reasoningRequest: {
    model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    request: {
      modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
      inferenceConfig: { maxTokens: 2048 },
      additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
    },
  },
  errors: bedrockErrors,
  lint: bedrockLint,
};
