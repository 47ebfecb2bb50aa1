// Decodes a blocking Messages API response: every content block becomes a part, in order.
import type { DecodedResponse } from "../../../generated/types.js";
import { validateAnthropicErrorEvent, validateAnthropicMessage } from "../../../generated/wire/anthropic-validators.js";
import { providerApiError } from "../../errors/provider-error.js";
import { checkWire } from "../wire-validation.js";
import { anthropicErrors } from "./anthropic-errors.js";
import { ANTHROPIC, type AnthropicMessage, anthropicInfo } from "./anthropic-wire.js";
import { anthropicBlockToPart } from "./map-anthropic-block.js";

/** A Messages response body (parsed JSON) as a message and response information. */
export function decodeAnthropicResponse(body: unknown): DecodedResponse {
  // An error body in place of a response: {"type":"error","error":{"type":...,"message":...}}.
  if (validateAnthropicErrorEvent(body)) throw providerApiError(ANTHROPIC, anthropicErrors.errorFacts(body));
  const message = checkWire<AnthropicMessage>(validateAnthropicMessage, body, ANTHROPIC, "response");
  return {
    message: { role: "assistant", parts: message.content.map(anthropicBlockToPart) },
    info: anthropicInfo(message),
  };
}
