// The Google Gemini codec: the registry's is the Gemini API's; `createGoogleCodec({ endpoint: "vertex-ai" })`
// gives Vertex AI's, whose parts are tagged and whose signatures are replayed for that endpoint.
import { validateGoogleErrorResponse } from "../../../generated/wire/google-validators.js";
import { typedEncoder, type ProviderCodec, type WireEvent, type WireReader } from "../provider-codec.js";
import type { GoogleRequestFields } from "./google-wire.js";
import { serverSentEventReader } from "../wire-readers.js";
import { invalidWire } from "../wire-validation.js";
import { decodeGoogleResponse } from "./decode-google-response.js";
import { GoogleStreamDecoder } from "./decode-google-stream.js";
import type { GoogleDecodeOptions } from "./google-decode-options.js";
import { type GoogleEncoded, encodeGoogleRequest } from "./encode-google-request.js";
import { GOOGLE, type GoogleErrorResponse, googleApiError } from "./google-wire.js";
import { googleEndpoint } from "./google-endpoint.js";
import { declareGoogleTools } from "./google-tools.js";
import { googleErrors } from "./google-errors.js";
import { googleLint } from "./google-lint.js";

export { decodeGoogleCandidates, decodeGoogleResponse } from "./decode-google-response.js";
export { GoogleStreamDecoder } from "./decode-google-stream.js";
export type { GoogleDecodeOptions } from "./google-decode-options.js";
export { type GoogleEncodeOptions, type GoogleEncoded, encodeGoogleRequest } from "./encode-google-request.js";
export { type GoogleBodyFields, type GoogleSdkConfig, type GoogleSdkParameters, googleGenerateContentParameters } from "./google-sdk.js";
export { type GoogleEndpoint, REPLAY_SIGNATURES_ACROSS_ENDPOINTS } from "./google-wire.js";

/**
 * The error for bytes that hold no SSE event: a request that failed before streaming answers with a plain
 * JSON error body (https://ai.google.dev/gemini-api/docs/troubleshooting), which must not pass for an
 * empty stream.
 */
function notAnEventStream(text: string): Error {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return invalidWire(GOOGLE, "the stream holds no server-sent `data:` event", { position: 0 });
  }
  if (!validateGoogleErrorResponse(body)) return invalidWire(GOOGLE, "the stream holds no server-sent `data:` event, but a JSON body", { position: 0 });
  return googleApiError(body as GoogleErrorResponse, 0);
}

/**
 * streamGenerateContent?alt=sse: `data:` events without names and no [DONE] marker. The text before the
 * first event is kept only to explain a body that is not an event stream at all.
 */
/** How much of a body that is not an event stream is kept to explain it (an error body fits). */
const EXPLAINED_CHARACTERS = 64 * 1024;

function googleWireReader(): WireReader {
  const reader = serverSentEventReader(GOOGLE);
  const text = new TextDecoder();
  let beforeFirstEvent: string | undefined = "";
  const seen = (events: WireEvent[]): WireEvent[] => {
    if (events.length > 0) beforeFirstEvent = undefined;
    return events;
  };
  return {
    push(bytes) {
      // Only the start is kept: enough to explain the body, never a copy of an endless one.
      if (beforeFirstEvent !== undefined && beforeFirstEvent.length < EXPLAINED_CHARACTERS) beforeFirstEvent += text.decode(bytes, { stream: true });
      return seen(reader.push(bytes));
    },
    end() {
      const events = seen(reader.end());
      if (beforeFirstEvent !== undefined && beforeFirstEvent.trim() !== "") throw notAnEventStream(beforeFirstEvent.trim());
      return events;
    },
  };
}

/** A Gemini codec for one endpoint (Gemini API by default) and one candidate (0 by default). */
export function createGoogleCodec(options: GoogleDecodeOptions = {}): ProviderCodec<GoogleEncoded, GoogleRequestFields> {
  const endpoint = options.endpoint ?? "gemini-api";
  const decodeOptions = { endpoint, candidate: options.candidate ?? 0 };
  return {
    id: GOOGLE,
    framing: "server-sent-events",
    decodeResponse: (body) => decodeGoogleResponse(body, decodeOptions),
    createStreamDecoder: () => new GoogleStreamDecoder(decodeOptions),
    createWireReader: googleWireReader,
    wireEventFromJson: (value, line) => ({ data: value, position: line }),
    encodeRequest: typedEncoder((history, encodeOptions) => encodeGoogleRequest(history, { ...encodeOptions, endpoint })),
    // The HTTP endpoint is the Gemini API's for either wire: ProviderHttpClient calls no Vertex AI URL.
    endpoint: googleEndpoint,
    declareTools: declareGoogleTools,
    reasoningRequest: { model: "gemini-3-pro-preview", request: { generationConfig: { thinkingConfig: { includeThoughts: true } } } },
    errors: googleErrors,
    lint: googleLint,
  };
}

/** The Gemini API codec. */
export const googleCodec: ProviderCodec<GoogleEncoded, GoogleRequestFields> = createGoogleCodec();
