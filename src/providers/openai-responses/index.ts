// The OpenAI Responses codec (stateless: `store: false`, reasoning replayed as encrypted content): one codec,
// with a server profile per Responses-compatible server.
import type { ProviderCodec } from "../provider-codec.js";
import type { OpenAiResponsesEncoded, OpenAiResponsesRequestFields } from "./openai-responses-wire.js";
import { serverSentEventReader } from "../wire-readers.js";
import { OPENAI_RESPONSES } from "./openai-responses-wire.js";
import { decodeOpenAiResponsesResponse } from "./decode-openai-responses-response.js";
import { OpenAiResponsesStreamDecoder } from "./decode-openai-responses-stream.js";
import { openAiResponsesEncoder } from "./encode-openai-responses-request.js";
import { OPENAI_RESPONSES_PROFILES, type OpenAiResponsesProfile, type OpenAiResponsesProfileName } from "./openai-responses-profiles.js";
import { openAiResponsesEndpoint } from "./openai-responses-endpoint.js";
import { declareOpenAiResponsesTools } from "./openai-responses-tools.js";
import { openAiResponsesErrors } from "./openai-responses-errors.js";
import { openAiResponsesLint } from "./openai-responses-lint.js";

export { decodeOpenAiResponsesResponse } from "./decode-openai-responses-response.js";
export { OpenAiResponsesStreamDecoder } from "./decode-openai-responses-stream.js";
export { encodeOpenAiResponsesRequest, openAiResponsesEncoder } from "./encode-openai-responses-request.js";
export { OPENAI_RESPONSES_PROFILES, type OpenAiResponsesProfile, type OpenAiResponsesProfileName } from "./openai-responses-profiles.js";

/**
 * The codec for one Responses server: OpenAI's (the registry's `openai.responses`) or a compatible
 * server's profile (`deepseek`, `gpt-oss`). A trailing `data: [DONE]` (sent by some compatible servers,
 * tolerated by openai-node after the terminal event) carries nothing.
 */
export function createOpenAiResponsesCodec(profile: OpenAiResponsesProfile | OpenAiResponsesProfileName = "openai"): ProviderCodec<OpenAiResponsesEncoded, OpenAiResponsesRequestFields> {
  const resolved = typeof profile === "string" ? OPENAI_RESPONSES_PROFILES[profile] : profile;
  return {
    id: OPENAI_RESPONSES,
    framing: "server-sent-events",
    decodeResponse: (body) => decodeOpenAiResponsesResponse(body, resolved),
    createStreamDecoder: () => new OpenAiResponsesStreamDecoder(resolved),
    createWireReader: () => serverSentEventReader(OPENAI_RESPONSES, { ignore: ["[DONE]"] }),
    wireEventFromJson: (value, line) => ({ data: value, position: line }),
    encodeRequest: openAiResponsesEncoder(resolved),
    endpoint: openAiResponsesEndpoint,
    declareTools: declareOpenAiResponsesTools,
    // The encoder adds store: false and include: ["reasoning.encrypted_content"].
    reasoningRequest: { model: "gpt-5", request: { reasoning: { effort: "medium", summary: "auto" } } },
    errors: openAiResponsesErrors,
    lint: openAiResponsesLint,
  };
}

/** The codec for OpenAI's own Responses API. */
export const openAiResponsesCodec: ProviderCodec<OpenAiResponsesEncoded, OpenAiResponsesRequestFields> = createOpenAiResponsesCodec("openai");
