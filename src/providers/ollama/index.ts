// The Ollama native chat codec (/api/chat): NDJSON streams, unsigned thinking, object tool arguments.
import { jsonLinesBeforeFailure, NewlineDelimitedJsonDecoder } from "../framing/newline-delimited-json.js";
import { framedWireReader } from "../wire-readers.js";
import type { ProviderCodec } from "../provider-codec.js";
import type { OllamaEncoded, OllamaRequestFields } from "./ollama-wire.js";
import { OLLAMA } from "./ollama-wire.js";
import { decodeOllamaResponse } from "./decode-ollama-response.js";
import { OllamaStreamDecoder, type OllamaWireEvent } from "./decode-ollama-stream.js";
import { encodeOllamaRequest } from "./encode-ollama-request.js";
import { declareChatCompletionsTools } from "../openai-chat/openai-chat-tools.js";
import { ollamaEndpoint } from "./ollama-endpoint.js";
import { ollamaErrors } from "./ollama-errors.js";

export { decodeOllamaResponse } from "./decode-ollama-response.js";
export { OllamaStreamDecoder } from "./decode-ollama-stream.js";
export { encodeOllamaRequest } from "./encode-ollama-request.js";

/**
 * Typed by what its encoder writes (OllamaEncoded) and the request fields it takes, so an encoded body is
 * the Ollama client's `ChatRequest` with no cast.
 */
export const ollamaCodec: ProviderCodec<OllamaEncoded, OllamaRequestFields> = {
  id: OLLAMA,
  framing: "newline-delimited-json",
  decodeResponse: decodeOllamaResponse,
  createStreamDecoder: () => new OllamaStreamDecoder(),
  createWireReader: () =>
    framedWireReader(new NewlineDelimitedJsonDecoder(OLLAMA), jsonLinesBeforeFailure, ({ value, line, position }): OllamaWireEvent => ({ data: value, position, line })),
  wireEventFromJson: (value, line): OllamaWireEvent => ({ data: value, position: line, line }),
  encodeRequest: encodeOllamaRequest,
  endpoint: ollamaEndpoint,
  declareTools: declareChatCompletionsTools,
  reasoningRequest: { model: "qwen3", request: { think: true } },
  errors: ollamaErrors,
};
