// Decodes a blocking generateContent response: every part of the decoded candidate becomes a part, in
// order, each with the signature it carried; its grounding and URL-context metadata go in the message's
// metadata. https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse
import type { Attributes, DecodedResponse, Part } from "../../../generated/types.js";
import { validateGoogleErrorResponse, validateGoogleGenerateContentResponse } from "../../../generated/wire/google-validators.js";
import { checkWire, invalidWire } from "../wire-validation.js";
import type { GoogleDecodeOptions } from "./google-decode-options.js";
import { GOOGLE, type GoogleCandidate, type GoogleErrorResponse, type GoogleGenerateContentResponse, candidateMetadata, decodedAttributes, googleApiError, googleInfo } from "./google-wire.js";
import { googlePartToPart } from "./map-google-part.js";

function checkedResponse(body: unknown): GoogleGenerateContentResponse {
  // An error body in place of a response.
  if (validateGoogleErrorResponse(body)) throw googleApiError(body as GoogleErrorResponse);
  const response = checkWire<GoogleGenerateContentResponse>(validateGoogleGenerateContentResponse, body, GOOGLE, "response");
  // Only a prompt blocked before any candidate answers without one, and then promptFeedback says why;
  // a body with neither (`{}`) is not a response, and reading it as an empty answer would hide that.
  if ((response.candidates ?? []).length === 0 && response.promptFeedback === undefined) {
    throw invalidWire(GOOGLE, "the response has neither candidates nor promptFeedback: it is not a generateContent response", { pointer: "/candidates" });
  }
  return response;
}

/** One candidate as a message; no candidate (a prompt blocked before any) is the empty message. */
function decodeCandidate(response: GoogleGenerateContentResponse, candidate: GoogleCandidate | undefined, attributes: Attributes): DecodedResponse {
  const parts: Part[] = [];
  for (const part of candidate?.content?.parts ?? []) {
    const decoded = googlePartToPart(part, attributes);
    if (decoded) parts.push(decoded);
  }
  const info = googleInfo({
    responseId: response.responseId,
    modelVersion: response.modelVersion,
    usageMetadata: response.usageMetadata,
    finishReason: candidate?.finishReason,
    blockReason: candidate === undefined ? response.promptFeedback?.blockReason : undefined,
    hasToolCalls: parts.some((part) => part.type === "tool_call"),
  });
  const metadata = candidateMetadata(candidate);
  return { message: metadata === undefined ? { role: "assistant", parts } : { role: "assistant", parts, metadata }, info };
}

/** One message per candidate, in the response's order (`candidateCount` > 1). */
export function decodeGoogleCandidates(body: unknown, options: Omit<GoogleDecodeOptions, "candidate"> = {}): DecodedResponse[] {
  const response = checkedResponse(body);
  const attributes = decodedAttributes(options.endpoint ?? "gemini-api");
  const candidates = response.candidates ?? [];
  if (candidates.length === 0) return [decodeCandidate(response, undefined, attributes)];
  return candidates.map((candidate) => decodeCandidate(response, candidate, attributes));
}

/** A generateContent response body (parsed JSON) as the message of one candidate (0 unless chosen) and response information. */
export function decodeGoogleResponse(body: unknown, options: GoogleDecodeOptions = {}): DecodedResponse {
  const response = checkedResponse(body);
  const wanted = options.candidate ?? 0;
  const candidates = response.candidates ?? [];
  const candidate = candidates.find((entry) => (entry.index ?? 0) === wanted);
  if (!candidate && candidates.length > 0) throw invalidWire(GOOGLE, `the response has no candidate ${wanted}`, { pointer: "/candidates" });
  return decodeCandidate(response, candidate, decodedAttributes(options.endpoint ?? "gemini-api"));
}
