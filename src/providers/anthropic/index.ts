// The Anthropic Messages codec.
import type { ProviderCodec } from "../provider-codec.js";
import type { AnthropicEncoded, AnthropicRequestFields } from "./anthropic-wire.js";
import { serverSentEventReader } from "../wire-readers.js";
import { ANTHROPIC } from "./anthropic-wire.js";
import { decodeAnthropicResponse } from "./decode-anthropic-response.js";
import { AnthropicStreamDecoder } from "./decode-anthropic-stream.js";
import { encodeAnthropicRequest } from "./encode-anthropic-request.js";
import { anthropicEndpoint } from "./anthropic-endpoint.js";
import { declareAnthropicTools } from "./anthropic-tools.js";
import { anthropicErrors } from "./anthropic-errors.js";
import { anthropicLint } from "./anthropic-lint.js";

export { decodeAnthropicResponse } from "./decode-anthropic-response.js";
export { AnthropicStreamDecoder } from "./decode-anthropic-stream.js";
export { encodeAnthropicRequest } from "./encode-anthropic-request.js";

/**
 * Typed by what its encoder writes (AnthropicEncoded) and the request fields it takes, so an encoded body
 * is the Anthropic SDK's `MessageCreateParamsNonStreaming` (or `Streaming`, given `stream: true`) with no cast.
 */
export const anthropicCodec: ProviderCodec<AnthropicEncoded, AnthropicRequestFields> = {
  id: ANTHROPIC,
  framing: "server-sent-events",
  decodeResponse: decodeAnthropicResponse,
  createStreamDecoder: () => new AnthropicStreamDecoder(),
  createWireReader: () => serverSentEventReader(ANTHROPIC),
  wireEventFromJson: (value, line) => ({ data: value, position: line }),
  encodeRequest: encodeAnthropicRequest,
  endpoint: anthropicEndpoint,
  declareTools: declareAnthropicTools,
  reasoningRequest: { model: "claude-sonnet-4-5", request: { max_tokens: 2048, thinking: { type: "enabled", budget_tokens: 1024 } } },
  errors: anthropicErrors,
  lint: anthropicLint,
};
