// The DeepSeek codec: the Chat Completions mapper, decoders and encoder with DeepSeek's server facts and
// its versioned replay rules.
import { chatCompletionsWireReader } from "../openai-chat/decode-openai-chat-stream.js";
import type { ProviderCodec } from "../provider-codec.js";
import type { DeepSeekEncoded, DeepSeekRequestFields } from "./deepseek-wire.js";
import { decodeDeepSeekResponse } from "./decode-deepseek-response.js";
import { DeepSeekStreamDecoder } from "./decode-deepseek-stream.js";
import { DEEPSEEK } from "./deepseek-wire.js";
import { encodeDeepSeekRequest } from "./encode-deepseek-request.js";
import { declareChatCompletionsTools } from "../openai-chat/openai-chat-tools.js";
import { deepSeekEndpoint } from "./deepseek-endpoint.js";
import { deepSeekErrors } from "./deepseek-errors.js";
import { deepSeekLint } from "./deepseek-lint.js";

export { decodeDeepSeekResponse } from "./decode-deepseek-response.js";
export { DeepSeekStreamDecoder } from "./decode-deepseek-stream.js";
export { DEEPSEEK_RULE_VERSIONS, type DeepSeekRuleVersion } from "./deepseek-rule-versions.js";
export { encodeDeepSeekRequest } from "./encode-deepseek-request.js";

export const deepSeekCodec: ProviderCodec<DeepSeekEncoded, DeepSeekRequestFields> = {
  id: DEEPSEEK,
  framing: "server-sent-events",
  decodeResponse: decodeDeepSeekResponse,
  createStreamDecoder: () => new DeepSeekStreamDecoder(),
  createWireReader: () => chatCompletionsWireReader(DEEPSEEK),
  wireEventFromJson: (value, line) => ({ data: value, position: line }),
  encodeRequest: encodeDeepSeekRequest,
  endpoint: deepSeekEndpoint,
  declareTools: declareChatCompletionsTools,
  reasoningRequest: { model: "deepseek-v4-flash", request: {} },
  errors: deepSeekErrors,
  lint: deepSeekLint,
};
