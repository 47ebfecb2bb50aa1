// Encodes a history into a generateContent request: system messages into `systemInstruction`, user and
// tool messages into `user` turns (tool results as `functionResponse` parts), assistant messages into
// `model` turns part by part under the replay rules, each part with the signature it carried and only
// when this endpoint issued it; consecutive turns of one role merged. The walk is encode-driver.ts.
// https://ai.google.dev/gemini-api/docs/thought-signatures
import type { EncodedRequest, History, Message, Part } from "../../../generated/types.js";
import { UnsupportedPartError } from "../../errors/partwise-error.js";
import { type ContentPlace, type Pointer, Skip, type ToolResultPart, type TurnWriter, alternatingTurns, encodeHistory, replayContext } from "../encode-driver.js";
import type { EncodeOptions, EncodedRequestOf, RequestBody } from "../provider-codec.js";
import {
  ENDPOINT_ATTRIBUTE,
  GOOGLE,
  type GoogleEndpoint,
  type GooglePart,
  type GoogleRequest,
  type GoogleRequestFields,
  SIGNATURE_FROM_OTHER_ENDPOINT,
  THOUGHT_SIGNATURE,
} from "./google-wire.js";
import { mediaToGooglePart, partToGooglePart } from "./map-google-part.js";

/** Encoding options, and the endpoint the request goes to (its own signatures are the ones sent). */
export interface GoogleEncodeOptions<Fields extends object = Record<string, unknown>> extends EncodeOptions<Fields> {
  readonly endpoint?: GoogleEndpoint;
}

/** What the encoder writes into the body: the contents and the system instruction (the rest is the request fields). */
export type GoogleEncoded = Pick<GoogleRequest, "contents" | "systemInstruction">;

/** True when the part's Gemini signature was issued by the other endpoint (as its `endpoint` attribute says). */
function signedByOtherEndpoint(part: Part, endpoint: GoogleEndpoint): boolean {
  const issuer = part.attributes?.[ENDPOINT_ATTRIBUTE];
  return part.payload?.provider === GOOGLE && issuer !== undefined && issuer !== endpoint;
}

/** The signature that goes out with a part: its own, unless the action leaves it off as foreign to this endpoint. */
function outgoingSignature(part: Part, action: "send" | "send-without-payload", otherEndpoint: boolean): string | undefined {
  const payload = part.payload;
  if (payload?.provider !== GOOGLE || payload.kind !== THOUGHT_SIGNATURE) return undefined;
  return action === "send" || !otherEndpoint ? payload.data : undefined;
}

/** Text that can be JSON: any other text makes JSON.parse throw, and a thrown error is slow. */
const MAY_BE_JSON = /^\s*(?:[[{"\-\d]|(?:true|false|null)\s*$)/;

/** Concatenated text content of a tool result, parsed as JSON when it is JSON. */
function resultValue(text: string): unknown {
  // Most tool results are plain text; trying to parse each would cost an exception per result.
  if (!MAY_BE_JSON.test(text)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A tool result as a `functionResponse`: the text content parsed as JSON (a non-object under `result`,
 * an error under `error`, the documented conventions), media content as the response's own parts.
 * https://ai.google.dev/gemini-api/docs/function-calling
 */
function functionResponsePart(part: ToolResultPart, pointer: Pointer, callNames: ReadonlyMap<string, string>, content: () => GooglePart[]): GooglePart {
  const id = part.id ?? "";
  const name = part.name || callNames.get(id);
  if (!name) {
    throw new UnsupportedPartError("provider/unsupported-part", `tool_result part cannot be sent to google: a functionResponse needs the tool name, and no tool call ${JSON.stringify(id)} names it`, {
      pointer: pointer(),
      provider: GOOGLE,
    });
  }
  let text = "";
  const media: GooglePart[] = [];
  for (const block of content()) {
    if (typeof block.text === "string") text += block.text;
    else media.push(block);
  }
  const value = text === "" ? undefined : resultValue(text);
  let response: Record<string, unknown>;
  if (part.isError) response = { error: value ?? "" };
  else if (value === undefined) response = {};
  else response = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { result: value };
  const functionResponse: Record<string, unknown> = id === "" ? { name, response } : { id, name, response };
  if (media.length > 0) functionResponse.parts = media;
  return { functionResponse };
}

const FOREIGN_BLOCK = "a block from another provider means nothing to Gemini";

/** Where a part that is not the content's own has no place: each place in its own words. */
const MISPLACED: Readonly<Record<ContentPlace, string | undefined>> = {
  system: "systemInstruction takes text only",
  "tool_result": "a function response carries text and media only",
  user: undefined,
};

/** Gemini parts; a function response's content takes text and media only, systemInstruction text only. */
function googleWriter(options: GoogleEncodeOptions): TurnWriter<GooglePart, GoogleRequest> {
  const context = replayContext(GOOGLE, options);
  /** The context of a part signed by the other endpoint. */
  const otherEndpointContext = replayContext(GOOGLE, options, [SIGNATURE_FROM_OTHER_ENDPOINT]);
  const endpoint = options.endpoint ?? "gemini-api";
  const system: GooglePart[] = [];
  // Function responses and the user text after them form one user turn; turns alternate.
  const { turns, user, assistant } = alternatingTurns<"user" | "model", GooglePart>("user", "model");
  /** Tool names by call id, for function responses whose tool result names no tool. */
  const callNames = new Map<string, string>();
  return {
    context,
    misplaced: (part, place) => MISPLACED[place] ?? `a ${part.type} part belongs in an assistant turn`,
    // A function response joins its texts, so an empty one is kept there; elsewhere it carries nothing.
    text: (part, place) => (part.text === "" && place !== "tool_result" ? undefined : { text: part.text }),
    media: (part) => mediaToGooglePart(part.media),
    unknown: (part, _place, pointer) => partToGooglePart(part, outgoingSignature(part, "send-without-payload", signedByOtherEndpoint(part, endpoint)), pointer) as GooglePart,
    toolResult: (part, pointer, content) => functionResponsePart(part, pointer, callNames, content),
    system: (blocks) => system.push(...blocks),
    user,
    leavesOutBeforeRules: (part) => (part.type === "unknown" && part.provider !== GOOGLE ? FOREIGN_BLOCK : undefined),
    partContext: (part) => (signedByOtherEndpoint(part, endpoint) ? otherEndpointContext : context),
    assistantPart(sent, pointer, action, original) {
      const wire = partToGooglePart(sent, outgoingSignature(original, action, signedByOtherEndpoint(original, endpoint)), pointer);
      if (wire === undefined) {
        // An empty text or thought whose only content was a signature that cannot go out.
        return original.payload ? new Skip(`its only content is a signature that cannot go to the ${endpoint} endpoint`) : undefined;
      }
      if (original.type === "tool_call" && original.toolCall.id !== "") callNames.set(original.toolCall.id, original.toolCall.name);
      return wire;
    },
    assistant,
    body() {
      const body: GoogleRequest = { ...options.request, contents: turns.map(({ role, content }) => ({ role, parts: content })) };
      if (system.length > 0) body.systemInstruction = { parts: system };
      return body;
    },
  };
}

/**
 * The request for a history under Gemini's replay rules, with a warning per part left out. With request
 * fields the body is typed as them plus the contents (see `Encoder` in provider-codec.ts).
 */
export function encodeGoogleRequest(history: History | readonly Message[], options?: GoogleEncodeOptions<never>): EncodedRequestOf<GoogleEncoded>;
export function encodeGoogleRequest<Given extends GoogleRequestFields>(history: History | readonly Message[], options: GoogleEncodeOptions<Given>): EncodedRequestOf<RequestBody<GoogleEncoded, Given>>;
export function encodeGoogleRequest(history: History | readonly Message[], options: GoogleEncodeOptions = {}): EncodedRequest & { body: GoogleRequest } {
  return encodeHistory(history, googleWriter(options));
}
