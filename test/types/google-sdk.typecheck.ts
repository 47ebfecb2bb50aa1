// Type-level checks against the official @google/genai SDK (`tsc` in npm test): the decoders accept the
// SDK's response type, the contents the encoder builds are the SDK's `Content` list, partwise's wire parts
// for what it replays are the SDK's `Part`, the SDK's own values are accepted as request fields, and the
// encoded body as googleGenerateContentParameters gives it is the SDK's `GenerateContentParameters`, no cast.
import type { Content, GenerateContentParameters, GenerateContentResponse, Part, SafetySetting, ThinkingConfig, Tool, ToolConfig } from "@google/genai";
import type {
  GoogleFileDataPart,
  GoogleFunctionCallPart,
  GoogleFunctionResponsePart,
  GoogleInlineDataPart,
  GoogleTextPart,
  GoogleThoughtPart,
} from "../../generated/wire/google.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { decodeEventStream } from "../../src/providers/decode-stream.js";
import { decodeGoogleCandidates, decodeGoogleResponse, encodeGoogleRequest, googleCodec, googleGenerateContentParameters } from "../../src/providers/google/index.js";

export function decodesSdkValues(response: GenerateContentResponse, stream: AsyncGenerator<GenerateContentResponse>) {
  decodeGoogleResponse(response);
  decodeGoogleCandidates(response);
  void decodeEventStream(googleCodec, stream);
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

/** The SDK's values as request fields, and the body back as the SDK's parameters. */
export function sdkValuesInSdkParametersOut(tools: Tool[], toolConfig: ToolConfig, safetySettings: SafetySetting[], thinkingConfig: ThinkingConfig): GenerateContentParameters {
  const encoded = googleCodec.encodeRequest([], { request: { tools, toolConfig, safetySettings, generationConfig: { thinkingConfig, temperature: 0.2 } } });
  const contents: Content[] = encoded.body.contents;
  return { ...googleGenerateContentParameters(encoded, "gemini-3-pro-preview"), contents };
}

/** An object literal for the request: its fields are typed as written, and the parameters are the SDK's. */
export function literalRequestFields(): GenerateContentParameters {
  const encoded = encodeGoogleRequest([], {
    request: { generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 }, maxOutputTokens: 512 }, tools: [{ functionDeclarations: [{ name: "f", parametersJsonSchema: { type: "object" } }] }], futureField: 1 },
  });
  return googleGenerateContentParameters(encoded, "gemini-3-pro-preview");
}

export function bodyWithoutRequestFields(): GenerateContentParameters {
  return googleGenerateContentParameters(googleCodec.encodeRequest([]), "gemini-3-pro-preview");
}

export const registryView: ProviderCodec = googleCodec;

// @ts-expect-error the SDK's parameters need the model, which the Gemini body does not hold
export const withoutModel: GenerateContentParameters = { contents: googleCodec.encodeRequest([]).body.contents };
