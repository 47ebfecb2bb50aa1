// Decodes a blocking /api/chat response (`stream: false`): the message's fields become parts in the
// order Ollama produces them, the final counts become usage.
import type { DecodedResponse } from "../../../generated/types.js";
import { validateOllamaChatResponse, validateOllamaError } from "../../../generated/wire/ollama-validators.js";
import { providerApiError } from "../../errors/provider-error.js";
import { checkWire, invalidWire } from "../wire-validation.js";
import { ollamaErrors } from "./ollama-errors.js";
import { OLLAMA, type OllamaChatResponse, ollamaInfo } from "./ollama-wire.js";
import { ollamaMessageParts } from "./map-ollama-message.js";

/** A chat response body (parsed JSON) as a message and response information. */
export function decodeOllamaResponse(body: unknown): DecodedResponse {
  // An error body in place of a response: {"error": "..."} (docs/api/errors.mdx).
  if (validateOllamaError(body)) throw providerApiError(OLLAMA, ollamaErrors.errorFacts(body));
  const response = checkWire<OllamaChatResponse>(validateOllamaChatResponse, body, OLLAMA, "response");
  // A stream line is not a response: only the final object of a blocking call is whole.
  if (!response.done) throw invalidWire(OLLAMA, "response is not done (`done: false`): a stream line, not a whole response", { pointer: "/done" });
  const parts = response.message ? ollamaMessageParts(response.message) : [];
  return {
    message: { role: "assistant", parts },
    info: ollamaInfo(response, parts.some((part) => part.type === "tool_call")),
  };
}
