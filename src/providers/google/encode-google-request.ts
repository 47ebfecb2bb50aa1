// Encodes a history into a generateContent request: system messages into `systemInstruction`, user and
// tool messages into `user` turns (tool results as `functionResponse` parts), assistant messages into
// `model` turns part by part under the replay rules, each part with the signature it carried and only
// when this endpoint issued it; consecutive turns of one role merged.
// https://ai.google.dev/gemini-api/docs/thought-signatures
import type { EncodedRequest, ErrorObject, History, Message, Part } from "../../../generated/types.js";
import { InvalidDocumentError, UnsupportedPartError } from "../../errors/partwise-error.js";
import { appendPointer } from "../../json/json-location.js";
import { unreachable } from "../../parts/part-kinds.js";
import { assistantLeftOutWarning, historyMessages, replayContext } from "../history-encoding.js";
import type { EncodeOptions } from "../provider-codec.js";
import { type ReplayContext, leftOutPartWarning, settleReplay } from "../replay-rules.js";
import {
  ENDPOINT_ATTRIBUTE,
  GOOGLE,
  type GoogleEndpoint,
  type GooglePart,
  type GoogleRequest,
  SIGNATURE_FROM_OTHER_ENDPOINT,
  THOUGHT_SIGNATURE,
} from "./google-wire.js";
import { mediaToGooglePart, partToGooglePart } from "./map-google-part.js";

/** Encoding options, and the endpoint the request goes to (its own signatures are the ones sent). */
export interface GoogleEncodeOptions extends EncodeOptions {
  readonly endpoint?: GoogleEndpoint;
}

type Role = "user" | "model";

interface Encoding {
  readonly context: ReplayContext;
  /** The context of a part signed by the other endpoint. */
  readonly otherEndpointContext: ReplayContext;
  readonly endpoint: GoogleEndpoint;
  readonly warnings: ErrorObject[];
  readonly system: GooglePart[];
  readonly turns: { role: Role; parts: GooglePart[] }[];
  /** Tool names by call id, for function responses whose tool result names no tool. */
  readonly callNames: Map<string, string>;
}

function skip(encoding: Encoding, part: Part, pointer: string, reason: string): void {
  encoding.warnings.push(leftOutPartWarning(part, pointer, encoding.context, reason));
}

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
function functionResponsePart(encoding: Encoding, part: Extract<Part, { type: "tool_result" }>, pointer: string): GooglePart {
  const id = part.id ?? "";
  const name = part.name || encoding.callNames.get(id);
  if (!name) {
    throw new UnsupportedPartError("provider/unsupported-part", `tool_result part cannot be sent to google: a functionResponse needs the tool name, and no tool call ${JSON.stringify(id)} names it`, {
      pointer,
      provider: GOOGLE,
    });
  }
  let text = "";
  const media: GooglePart[] = [];
  part.content.forEach((content, index) => {
    if (content.type === "text") text += content.text;
    else if (content.type === "media") media.push(mediaToGooglePart(content.media));
    else skip(encoding, content, appendPointer(pointer, "content", index), "a function response carries text and media only");
  });
  const value = text === "" ? undefined : resultValue(text);
  let response: Record<string, unknown>;
  if (part.isError) response = { error: value ?? "" };
  else if (value === undefined) response = {};
  else response = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { result: value };
  const functionResponse: Record<string, unknown> = id === "" ? { name, response } : { id, name, response };
  if (media.length > 0) functionResponse.parts = media;
  return { functionResponse };
}

/** Parts of a user or tool message: text, media, function responses, Gemini parts kept as unknown. */
function userParts(encoding: Encoding, parts: readonly Part[], pointer: string): GooglePart[] {
  const wire: GooglePart[] = [];
  parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, index);
    switch (part.type) {
      case "text":
        if (part.text !== "") wire.push({ text: part.text });
        return;
      case "media":
        wire.push(mediaToGooglePart(part.media));
        return;
      case "tool_result":
        wire.push(functionResponsePart(encoding, part, partPointer));
        return;
      case "unknown":
        if (part.provider !== GOOGLE) {
          skip(encoding, part, partPointer, "a block from another provider means nothing to Gemini");
          return;
        }
        wire.push(partToGooglePart(part, outgoingSignature(part, "send-without-payload", signedByOtherEndpoint(part, encoding.endpoint)), partPointer) as GooglePart);
        return;
      case "reasoning":
      case "tool_call":
        skip(encoding, part, partPointer, `a ${part.type} part belongs in an assistant turn`);
        return;
      default:
        unreachable(part, "part");
    }
  });
  return wire;
}

function modelParts(encoding: Encoding, message: Message, pointer: string): GooglePart[] {
  const wire: GooglePart[] = [];
  message.parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, "parts", index);
    if (part.type === "unknown" && part.provider !== GOOGLE) {
      skip(encoding, part, partPointer, "a block from another provider means nothing to Gemini");
      return;
    }
    const otherEndpoint = signedByOtherEndpoint(part, encoding.endpoint);
    const context = otherEndpoint ? encoding.otherEndpointContext : encoding.context;
    const action = settleReplay(part, partPointer, context, encoding.warnings);
    if (action === undefined) return;
    const sent = partToGooglePart(part, outgoingSignature(part, action, otherEndpoint), partPointer);
    if (sent) {
      wire.push(sent);
      if (part.type === "tool_call" && part.toolCall.id !== "") encoding.callNames.set(part.toolCall.id, part.toolCall.name);
    } else if (part.payload) {
      // An empty text or thought whose only content was a signature that cannot go out.
      skip(encoding, part, partPointer, `its only content is a signature that cannot go to the ${encoding.endpoint} endpoint`);
    }
  });
  return wire;
}

function addTurn(encoding: Encoding, role: Role, parts: GooglePart[]): void {
  if (parts.length === 0) return;
  const last = encoding.turns.at(-1);
  // Function responses and the user text after them form one user turn; turns alternate.
  if (last?.role === role) last.parts.push(...parts);
  else encoding.turns.push({ role, parts });
}

/** The request for a history under Gemini's replay rules, with a warning per part left out. */
export function encodeGoogleRequest(history: History | readonly Message[], options: GoogleEncodeOptions = {}): EncodedRequest & { body: GoogleRequest } {
  const { messages, base } = historyMessages(history);
  const encoding: Encoding = {
    context: replayContext(GOOGLE, options),
    otherEndpointContext: replayContext(GOOGLE, options, [SIGNATURE_FROM_OTHER_ENDPOINT]),
    endpoint: options.endpoint ?? "gemini-api",
    warnings: [],
    system: [],
    turns: [],
    callNames: new Map(),
  };
  messages.forEach((message, index) => {
    const pointer = appendPointer(base, index);
    switch (message.role) {
      case "system":
        message.parts.forEach((part, partIndex) => {
          if (part.type !== "text") skip(encoding, part, appendPointer(pointer, "parts", partIndex), "systemInstruction takes text only");
          else if (part.text !== "") encoding.system.push({ text: part.text });
        });
        return;
      case "user":
      case "tool":
        addTurn(encoding, "user", userParts(encoding, message.parts, appendPointer(pointer, "parts")));
        return;
      case "assistant": {
        const parts = modelParts(encoding, message, pointer);
        if (parts.length === 0 && message.parts.length > 0) {
          encoding.warnings.push(assistantLeftOutWarning(pointer, GOOGLE));
        }
        addTurn(encoding, "model", parts);
        return;
      }
      default:
        throw new InvalidDocumentError("schema/invalid", `unknown role at ${pointer}`, { pointer });
    }
  });
  const body: GoogleRequest = { ...options.request, contents: encoding.turns.map(({ role, parts }) => ({ role, parts })) };
  if (encoding.system.length > 0) body.systemInstruction = { parts: encoding.system };
  return { provider: GOOGLE, body, warnings: encoding.warnings };
}
