// The OpenAI Responses codec (stateless: `store: false`, reasoning replayed as encrypted content).
import type { ProviderCodec, WireEvent } from "../provider-codec.js";
import { type ServerSentEvent, ServerSentEventDecoder } from "../framing/server-sent-events.js";
import { parseWireJson } from "../wire-validation.js";
import { OPENAI_RESPONSES } from "./openai-responses-wire.js";
import { decodeOpenAiResponsesResponse } from "./decode-openai-responses-response.js";
import { OpenAiResponsesStreamDecoder } from "./decode-openai-responses-stream.js";
import { encodeOpenAiResponsesRequest } from "./encode-openai-responses-request.js";

export { decodeOpenAiResponsesResponse } from "./decode-openai-responses-response.js";
export { OpenAiResponsesStreamDecoder } from "./decode-openai-responses-stream.js";
export { encodeOpenAiResponsesRequest } from "./encode-openai-responses-request.js";

/** The wire events of dispatched SSE events; the `data: [DONE]` sentinel openai-node tolerates after the terminal event carries nothing. */
function wireEventsOf(events: readonly ServerSentEvent[]): WireEvent[] {
  const wire: WireEvent[] = [];
  for (const event of events) {
    if (event.data === "[DONE]") continue;
    const data = parseWireJson(event.data, OPENAI_RESPONSES, event.position);
    wire.push(event.event === undefined ? { data, position: event.position } : { name: event.event, data, position: event.position });
  }
  return wire;
}

export const openAiResponsesCodec: ProviderCodec = {
  id: OPENAI_RESPONSES,
  framing: "server-sent-events",
  decodeResponse: decodeOpenAiResponsesResponse,
  createStreamDecoder: () => new OpenAiResponsesStreamDecoder(),
  async *wireEvents(bytes) {
    // The SSE decoder is driven directly, chunk by chunk: one async step per event less than iterating
    // decodeServerSentEvents, which matters on long streams of small deltas.
    const decoder = new ServerSentEventDecoder(OPENAI_RESPONSES);
    for await (const chunk of bytes) yield* wireEventsOf(decoder.push(chunk));
    yield* wireEventsOf(decoder.end());
  },
  wireEventFromJson: (value, line) => ({ data: value, position: line }),
  encodeRequest: encodeOpenAiResponsesRequest,
};
