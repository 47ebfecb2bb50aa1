// Decodes a blocking Converse response: every content block becomes a part, in order.
import type { DecodedResponse } from "../../../generated/types.js";
import { validateBedrockConverseResponse, validateBedrockErrorResponse } from "../../../generated/wire/bedrock-validators.js";
import { appendPointer } from "../../json/json-location.js";
import { providerApiError } from "../../errors/provider-error.js";
import { checkWire } from "../wire-validation.js";
import { bedrockErrors } from "./bedrock-errors.js";
import { BEDROCK, type BedrockConverseResponse, bedrockInfo } from "./bedrock-wire.js";
import { bedrockBlockToPart } from "./map-bedrock-block.js";

/** A Converse response body (parsed JSON) as a message and response information. */
export function decodeBedrockResponse(body: unknown): DecodedResponse {
  // An error body in place of a response: {"message": "..."} (the type travels in x-amzn-errortype, or `__type`).
  if (!validateBedrockConverseResponse(body) && validateBedrockErrorResponse(body)) throw providerApiError(BEDROCK, bedrockErrors.errorFacts(body));
  const response = checkWire<BedrockConverseResponse>(validateBedrockConverseResponse, body, BEDROCK, "response");
  const content = response.output.message.content;
  return {
    message: { role: "assistant", parts: content.map((block, index) => bedrockBlockToPart(block, appendPointer("/output/message/content", index))) },
    info: bedrockInfo(response),
  };
}
