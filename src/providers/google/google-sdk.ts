// The encoded Gemini body as the official @google/genai SDK takes it: `generateContent({ model, contents,
// config })`, where `config` holds `generationConfig`'s fields and the body's other fields under their own
// names (systemInstruction, tools, toolConfig, safetySettings, ...), which the SDK puts back where the wire has them.
import type { GoogleContent, GoogleGenerationConfig } from "./google-wire.js";

/** A Gemini request body as the encoder writes it: the contents, and any other fields beside them. */
export interface GoogleBodyFields {
  readonly contents: GoogleContent[];
  readonly generationConfig?: GoogleGenerationConfig;
}

/** The SDK's `config` for a body: `generationConfig`'s fields, and the body's fields besides `contents`. */
export type GoogleSdkConfig<Body extends GoogleBodyFields> = (Body extends { readonly generationConfig?: infer Generation } ? Exclude<Generation, undefined> : unknown) &
  Omit<Body, "contents" | "generationConfig">;

/** `GenerateContentParameters` of @google/genai for a body, typed by the fields it was encoded with. */
export interface GoogleSdkParameters<Body extends GoogleBodyFields> {
  model: string;
  contents: GoogleContent[];
  /** Absent when the body has only its contents. */
  config?: GoogleSdkConfig<Body>;
}

/**
 * The parameters of the SDK's `models.generateContent` / `generateContentStream` for an encoded body: the
 * contents as they are (partwise's parts are the SDK's `Part`), and the rest of the body in `config`. The
 * values keep the types they were given in `request`, so the result is assignable to the SDK's
 * `GenerateContentParameters` when they are: the SDK types its enum fields (`thinkingLevel`, safety
 * categories, function-calling `mode`) with TypeScript enums, which take the SDK's enum values, not strings.
 * Body fields the SDK does not know are not sent by it (its serializer copies the fields it knows), and
 * a `config` without generation fields makes it send `generationConfig: {}` (the defaults, as no field).
 * https://googleapis.github.io/js-genai/release_docs/interfaces/types.GenerateContentParameters.html
 */
export function googleGenerateContentParameters<Body extends GoogleBodyFields>(encoded: { readonly body: Body }, model: string): GoogleSdkParameters<Body> {
  const { contents, generationConfig, ...fields } = encoded.body;
  const config = { ...generationConfig, ...fields };
  // A config, even an empty one, makes the SDK send a generationConfig: a body of contents alone goes without.
  if (Object.keys(config).length === 0) return { model, contents };
  // A cast: a spread of a generic's rest is typed loosely; the value is exactly GoogleSdkConfig<Body>.
  return { model, contents, config: config as GoogleSdkConfig<Body> };
}
