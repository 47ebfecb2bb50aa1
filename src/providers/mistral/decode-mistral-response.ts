// Decodes a blocking chat completion: the answer's chunks become parts in chunk order (string content is
// one text part), then its tool calls.
import type { DecodedResponse } from "../../../generated/types.js";
import { validateMistralChatCompletionResponse } from "../../../generated/wire/mistral-validators.js";
import { checkWire, invalidWire } from "../wire-validation.js";
import { MISTRAL, type MistralChatCompletionResponse, mistralApiError, mistralInfo } from "./mistral-wire.js";
import { mistralMessageParts } from "./map-mistral-chunk.js";

/** A chat completion body (parsed JSON) as a message and response information. */
export function decodeMistralResponse(body: unknown): DecodedResponse {
  const error = mistralApiError(body);
  if (error) throw error;
  const response = checkWire<MistralChatCompletionResponse>(validateMistralChatCompletionResponse, body, MISTRAL, "response");
  const [choice, ...others] = response.choices;
  // One completion per response: with `n` > 1 the other answers would have no message to go to.
  if (!choice) throw invalidWire(MISTRAL, "response has no choice", { pointer: "/choices" });
  if (others.length > 0) throw invalidWire(MISTRAL, `response has ${response.choices.length} choices; partwise decodes one completion per response (request n = 1)`, { pointer: "/choices/1" });
  return {
    message: { role: "assistant", parts: mistralMessageParts(choice.message, { pointer: "/choices/0/message" }) },
    info: mistralInfo({ id: response.id, model: response.model, finishReason: choice.finish_reason, usage: response.usage }),
  };
}
