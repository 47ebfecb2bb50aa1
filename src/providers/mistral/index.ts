// The Mistral AI chat-completions codec: ordered content chunks (thinking with signature), SSE streams.
import type { ProviderCodec } from "../provider-codec.js";
import type { MistralRequestFields } from "./mistral-wire.js";
import { serverSentEventReader } from "../wire-readers.js";
import { MISTRAL } from "./mistral-wire.js";
import { decodeMistralResponse } from "./decode-mistral-response.js";
import { MistralStreamDecoder, STREAM_END } from "./decode-mistral-stream.js";
import { type MistralEncoded, encodeMistralRequest } from "./encode-mistral-request.js";
import { declareChatCompletionsTools } from "../openai-chat/openai-chat-tools.js";
import { mistralEndpoint } from "./mistral-endpoint.js";
import { mistralErrors } from "./mistral-errors.js";
import { mistralLint } from "./mistral-lint.js";

export { decodeMistralResponse } from "./decode-mistral-response.js";
export { MistralStreamDecoder } from "./decode-mistral-stream.js";
export { encodeMistralRequest, type MistralEncoded, mistralToolCallId } from "./encode-mistral-request.js";
export {
  type MistralSdkChunk,
  type MistralSdkMessage,
  type MistralSdkRequest,
  type MistralSdkThinkChunk,
  mistralChunkFromSdk,
  mistralEventsFromSdk,
  mistralResponseFromSdk,
  mistralSdkRequest,
} from "./mistral-sdk.js";

export const mistralCodec: ProviderCodec<MistralEncoded, MistralRequestFields> = {
  id: MISTRAL,
  framing: "server-sent-events",
  decodeResponse: decodeMistralResponse,
  createStreamDecoder: () => new MistralStreamDecoder(),
  // Data-only events; `data: [DONE]` ends the stream and is not JSON.
  createWireReader: () => serverSentEventReader(MISTRAL, { passThrough: [STREAM_END] }),
  wireEventFromJson: (value, line) => ({ data: value, position: line }),
  encodeRequest: encodeMistralRequest,
  endpoint: mistralEndpoint,
  declareTools: declareChatCompletionsTools,
  reasoningRequest: { model: "magistral-medium-latest", request: {} },
  errors: mistralErrors,
  lint: mistralLint,
};
