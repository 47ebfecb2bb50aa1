// The OpenAI Responses codec (stateless: `store: false`, reasoning replayed as encrypted content).
import type { ProviderCodec } from "../provider-codec.js";
import { serverSentEventReader } from "../wire-readers.js";
import { OPENAI_RESPONSES } from "./openai-responses-wire.js";
import { decodeOpenAiResponsesResponse } from "./decode-openai-responses-response.js";
import { OpenAiResponsesStreamDecoder } from "./decode-openai-responses-stream.js";
import { encodeOpenAiResponsesRequest } from "./encode-openai-responses-request.js";

export { decodeOpenAiResponsesResponse } from "./decode-openai-responses-response.js";
export { OpenAiResponsesStreamDecoder } from "./decode-openai-responses-stream.js";
export { encodeOpenAiResponsesRequest } from "./encode-openai-responses-request.js";

/** The wire events of dispatched SSE events; the `data: [DONE]` sentinel openai-node tolerates after the terminal event carries nothing. */
export const openAiResponsesCodec: ProviderCodec = {
  id: OPENAI_RESPONSES,
  framing: "server-sent-events",
  decodeResponse: decodeOpenAiResponsesResponse,
  createStreamDecoder: () => new OpenAiResponsesStreamDecoder(),
  // A trailing `data: [DONE]` (sent by some compatible servers) carries nothing.
  createWireReader: () => serverSentEventReader(OPENAI_RESPONSES, { ignore: ["[DONE]"] }),
  wireEventFromJson: (value, line) => ({ data: value, position: line }),
  encodeRequest: encodeOpenAiResponsesRequest,
};
