// The options both Gemini decoders take (which endpoint answered, which candidate to read), in a file of
// their own so the blocking decoder, the stream decoder and the codec factory import them from one leaf.
import type { GoogleEndpoint } from "./google-wire.js";

/** Which endpoint the response comes from, and which candidate to decode (0 unless `candidateCount` > 1). */
export interface GoogleDecodeOptions {
  readonly endpoint?: GoogleEndpoint;
  readonly candidate?: number;
}
