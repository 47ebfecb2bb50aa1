// Decodes a blocking Messages API response: every content block becomes a part, in order.
import type { DecodedResponse } from "../../../generated/types.js";
import { validateAnthropicErrorEvent, validateAnthropicMessage } from "../../../generated/wire/anthropic-validators.js";
import { checkWire, providerApiError } from "../wire-validation.js";
import { ANTHROPIC, type AnthropicErrorEvent, type AnthropicMessage, anthropicInfo } from "./anthropic-wire.js";
import { anthropicBlockToPart } from "./map-anthropic-block.js";

/** A Messages response body (parsed JSON) as a message and response information. */
export function decodeAnthropicResponse(body: unknown): DecodedResponse {
  // An error body in place of a response: {"type":"error","error":{"type":...,"message":...}}.
  if (validateAnthropicErrorEvent(body)) {
    const { error } = body as AnthropicErrorEvent;
    throw providerApiError(ANTHROPIC, error.type, error.message);
  }
  const message = checkWire<AnthropicMessage>(validateAnthropicMessage, body, ANTHROPIC, "response");
  return {
    message: { role: "assistant", parts: message.content.map(anthropicBlockToPart) },
    info: anthropicInfo(message),
  };
}
