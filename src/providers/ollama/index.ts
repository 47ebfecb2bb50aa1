// The Ollama native chat codec (/api/chat): NDJSON streams, unsigned thinking, object tool arguments.
import { decodeNewlineDelimitedJson } from "../framing/newline-delimited-json.js";
import type { ProviderCodec } from "../provider-codec.js";
import { OLLAMA } from "./ollama-wire.js";
import { decodeOllamaResponse } from "./decode-ollama-response.js";
import { OllamaStreamDecoder, type OllamaWireEvent } from "./decode-ollama-stream.js";
import { encodeOllamaRequest } from "./encode-ollama-request.js";

export { decodeOllamaResponse } from "./decode-ollama-response.js";
export { OllamaStreamDecoder } from "./decode-ollama-stream.js";
export { encodeOllamaRequest } from "./encode-ollama-request.js";

export const ollamaCodec: ProviderCodec = {
  id: OLLAMA,
  framing: "newline-delimited-json",
  decodeResponse: decodeOllamaResponse,
  createStreamDecoder: () => new OllamaStreamDecoder(),
  async *wireEvents(bytes) {
    for await (const { value, line, position } of decodeNewlineDelimitedJson(bytes, OLLAMA)) {
      const event: OllamaWireEvent = { data: value, position, line };
      yield event;
    }
  },
  wireEventFromJson: (value, line): OllamaWireEvent => ({ data: value, position: line, line }),
  encodeRequest: encodeOllamaRequest,
};
