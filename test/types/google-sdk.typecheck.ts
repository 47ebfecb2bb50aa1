// Type-level checks against the official @google/genai SDK (`tsc` in npm test): the decoders accept the
// SDK's response type, the request the encoder builds is the SDK's `Content` list, and partwise's wire
// parts for what it replays are the SDK's `Part`.
import type { Content, GenerateContentResponse, Part } from "@google/genai";
import type {
  GoogleFileDataPart,
  GoogleFunctionCallPart,
  GoogleFunctionResponsePart,
  GoogleInlineDataPart,
  GoogleTextPart,
  GoogleThoughtPart,
} from "../../generated/wire/google.js";
import { decodeGoogleCandidates, decodeGoogleResponse, encodeGoogleRequest, googleCodec } from "../../src/providers/google/index.js";

export function decodesSdkValues(response: GenerateContentResponse) {
  decodeGoogleResponse(response);
  decodeGoogleCandidates(response);
  return googleCodec.createStreamDecoder().push({ data: response });
}

export function encodesSdkContents(): { contents: Content[]; systemInstruction: Content | undefined } {
  const { body } = encodeGoogleRequest([]);
  return { contents: body.contents, systemInstruction: body.systemInstruction };
}

export function replayedPartsAreSdkParts(
  text: GoogleTextPart,
  thought: GoogleThoughtPart,
  functionCall: GoogleFunctionCallPart,
  inlineData: GoogleInlineDataPart,
  fileData: GoogleFileDataPart,
  functionResponse: GoogleFunctionResponsePart,
): Part[] {
  return [text, thought, functionCall, inlineData, fileData, functionResponse];
}
