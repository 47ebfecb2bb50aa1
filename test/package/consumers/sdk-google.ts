// A consumer of the packed partwise with @google/genai: the encoded contents are the SDK's `Content[]`, the
// body as googleGenerateContentParameters gives it is the SDK's `GenerateContentParameters` (non-streaming
// and streaming take the same), the SDK's values go in as request fields, and its results decode. No casts.
import { type Content, type GenerateContentParameters, type GenerateContentResponse, GoogleGenAI, type Tool, type ThinkingConfig } from "@google/genai";
import { type GoogleRequestFields, decodeEventStream, decodeGoogleResponse, googleCodec, googleGenerateContentParameters } from "partwise";

export async function roundTrip(ai: GoogleGenAI, tools: Tool[], thinkingConfig: ThinkingConfig): Promise<void> {
  const encoded = googleCodec.encodeRequest([{ role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] }], {
    request: { tools, generationConfig: { thinkingConfig, maxOutputTokens: 1024 } },
  });
  const contents: Content[] = encoded.body.contents;
  const parameters: GenerateContentParameters = googleGenerateContentParameters(encoded, "gemini-3-pro-preview");
  const response: GenerateContentResponse = await ai.models.generateContent(parameters);
  decodeGoogleResponse(response);
  await decodeEventStream(googleCodec, await ai.models.generateContentStream({ ...parameters, contents }));
}

export const literalFields: GenerateContentParameters = googleGenerateContentParameters(
  googleCodec.encodeRequest([], { request: { generationConfig: { thinkingConfig: { includeThoughts: true } }, tools: [{ functionDeclarations: [{ name: "f" }] }] } }),
  "gemini-3-pro-preview",
);

export const fields: GoogleRequestFields = { toolConfig: { functionCallingConfig: { mode: "AUTO" } } };

// @ts-expect-error the SDK's parameters need the model, which the Gemini body does not hold
export const withoutModel: GenerateContentParameters = { contents: googleCodec.encodeRequest([]).body.contents };
