// The Anthropic Messages codec.
import type { ProviderCodec } from "../provider-codec.js";
import { decodeServerSentEvents } from "../framing/server-sent-events.js";
import { parseWireJson } from "../wire-validation.js";
import { ANTHROPIC } from "./anthropic-wire.js";
import { decodeAnthropicResponse } from "./decode-anthropic-response.js";
import { AnthropicStreamDecoder } from "./decode-anthropic-stream.js";
import { encodeAnthropicRequest } from "./encode-anthropic-request.js";

export { decodeAnthropicResponse } from "./decode-anthropic-response.js";
export { AnthropicStreamDecoder } from "./decode-anthropic-stream.js";
export { encodeAnthropicRequest } from "./encode-anthropic-request.js";

export const anthropicCodec: ProviderCodec = {
  id: ANTHROPIC,
  framing: "server-sent-events",
  decodeResponse: decodeAnthropicResponse,
  createStreamDecoder: () => new AnthropicStreamDecoder(),
  async *wireEvents(bytes) {
    for await (const event of decodeServerSentEvents(bytes, ANTHROPIC)) {
      yield { ...(event.event === undefined ? {} : { name: event.event }), data: parseWireJson(event.data, ANTHROPIC, event.position), position: event.position };
    }
  },
  wireEventFromJson: (value, line) => ({ data: value, position: line }),
  encodeRequest: encodeAnthropicRequest,
};
