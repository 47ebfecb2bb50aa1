// The Mistral AI chat-completions codec: ordered content chunks (thinking with signature), SSE streams.
import { decodeServerSentEvents } from "../framing/server-sent-events.js";
import type { ProviderCodec } from "../provider-codec.js";
import { parseWireJson } from "../wire-validation.js";
import { MISTRAL } from "./mistral-wire.js";
import { decodeMistralResponse } from "./decode-mistral-response.js";
import { MistralStreamDecoder, STREAM_END } from "./decode-mistral-stream.js";
import { encodeMistralRequest } from "./encode-mistral-request.js";

export { decodeMistralResponse } from "./decode-mistral-response.js";
export { MistralStreamDecoder } from "./decode-mistral-stream.js";
export { encodeMistralRequest, mistralToolCallId } from "./encode-mistral-request.js";

export const mistralCodec: ProviderCodec = {
  id: MISTRAL,
  framing: "server-sent-events",
  decodeResponse: decodeMistralResponse,
  createStreamDecoder: () => new MistralStreamDecoder(),
  async *wireEvents(bytes) {
    for await (const event of decodeServerSentEvents(bytes, MISTRAL)) {
      // Data-only events; `data: [DONE]` ends the stream and is not JSON.
      const data = event.data === STREAM_END ? STREAM_END : parseWireJson(event.data, MISTRAL, event.position);
      yield { ...(event.event === undefined ? {} : { name: event.event }), data, position: event.position };
    }
  },
  wireEventFromJson: (value, line) => ({ data: value, position: line }),
  encodeRequest: encodeMistralRequest,
};
