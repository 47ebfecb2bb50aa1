// Encodes a history into a stateless Responses API request: `store: false`, `include` with
// `reasoning.encrypted_content`, the first system message as `instructions`, and every earlier output
// item back in order under the replay rules (reasoning with its encrypted content immediately before the
// item it produced, function results as `function_call_output`), for OpenAI or a compatible server profile.
// https://cookbook.openai.com/examples/responses_api/reasoning_items
import type { EncodedRequest, ErrorObject, History, Message, Part } from "../../../generated/types.js";
import { textToBase64 } from "../../bytes/base64.js";
import { InvalidDocumentError, UnsupportedPartError } from "../../errors/partwise-error.js";
import { appendPointer } from "../../json/json-location.js";
import { ownValue } from "../../json/own-property.js";
import { unreachable } from "../../parts/part-kinds.js";
import { historyMessages, replayContext } from "../history-encoding.js";
import type { EncodeOptions } from "../provider-codec.js";
import { type ReplayContext, leftOutPartWarning, settleReplay, withoutForeignPayload } from "../replay-rules.js";
import { partToOpenAiResponsesItem } from "./map-openai-responses-item.js";
import { OPENAI_RESPONSES_PROFILES, type OpenAiResponsesProfile, SAME_SERVER, fromSameServer, openAiResponsesProfile } from "./openai-responses-profiles.js";
import {
  OPENAI_RESPONSES,
  type OpenAiResponsesFunctionCallOutputItem,
  type OpenAiResponsesInputFile,
  type OpenAiResponsesInputImage,
  type OpenAiResponsesInputMessage,
  type OpenAiResponsesInputText,
  type OpenAiResponsesOutputItem,
  type OpenAiResponsesRequest,
} from "./openai-responses-wire.js";

/** The per-part fact a replay rule tests: no item of the reasoning's turn follows it. */
const WITHOUT_FOLLOWING_ITEM = "withoutFollowingItem";

/** Always requested: without it a stateless request gets reasoning items it cannot send back. */
const ENCRYPTED_REASONING_INCLUDE = "reasoning.encrypted_content";

type InputContent = OpenAiResponsesInputText | OpenAiResponsesInputImage | OpenAiResponsesInputFile;

interface Encoding {
  /** The server the request is for. */
  readonly profile: OpenAiResponsesProfile;
  readonly context: ReplayContext;
  /** The context of reasoning that no item of its turn follows. */
  readonly unfollowed: ReplayContext;
  /** Both again, for parts that came from the server the request is for. */
  readonly sameServer: { readonly context: ReplayContext; readonly unfollowed: ReplayContext };
  readonly warnings: ErrorObject[];
  readonly input: OpenAiResponsesRequest["input"];
  /** The first system message's text, once taken; further system messages become developer messages. */
  instructions: string | undefined;
  instructionsTaken: boolean;
}

/** The replay context of an assistant part: with the `sameServer` fact when the request's server produced it. */
function partContext(encoding: Encoding, part: Part, unfollowed = false): ReplayContext {
  const contexts = fromSameServer(part, encoding.profile) ? encoding.sameServer : encoding;
  return unfollowed ? contexts.unfollowed : contexts.context;
}

function skip(encoding: Encoding, part: Part, pointer: string, reason: string): void {
  encoding.warnings.push(leftOutPartWarning(part, pointer, encoding.context, reason));
}

/** File name extensions OpenAI infers a file's type from, by media type. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "text/plain": "txt",
  "text/markdown": "md",
  "text/csv": "csv",
  "text/html": "html",
  "application/json": "json",
};

function fileName(name: string | null | undefined, mimeType: string): string {
  const base = name ?? "file";
  const extension = ownValue(EXTENSIONS, mimeType);
  return extension === undefined || base.toLowerCase().endsWith(`.${extension}`) ? base : `${base}.${extension}`;
}

/**
 * A media part of a user message as input content: images as `input_image` (URL or data URL), other
 * files as `input_file` (URL or data URL with a file name). Audio has no Responses input form.
 */
function mediaContent(encoding: Encoding, part: Extract<Part, { type: "media" }>, pointer: string): InputContent | undefined {
  const { media } = part;
  if (media.mimeType.startsWith("audio/")) {
    throw new UnsupportedPartError("provider/unsupported-part", `audio (${media.mimeType}) at ${pointer} cannot be sent to ${OPENAI_RESPONSES}: Responses input takes text, images and files`, {
      pointer,
      provider: OPENAI_RESPONSES,
    });
  }
  const bytes = media.dataKind === "string" ? textToBase64(media.data) : media.data;
  const location = media.dataKind === "url" ? media.data : `data:${media.mimeType};base64,${bytes}`;
  if (media.mimeType.startsWith("image/")) {
    if (media.dataKind === "string") {
      skip(encoding, part, pointer, "an image given as text is neither a URL nor image bytes");
      return undefined;
    }
    return { type: "input_image", image_url: location, detail: "auto" };
  }
  if (media.dataKind === "url") return media.name ? { type: "input_file", file_url: location, filename: media.name } : { type: "input_file", file_url: location };
  return { type: "input_file", filename: fileName(media.name, media.mimeType), file_data: location };
}

/** A tool result's content as `function_call_output.output`: its text, or input content parts when it holds media. */
function toolOutput(encoding: Encoding, part: Extract<Part, { type: "tool_result" }>, pointer: string): OpenAiResponsesFunctionCallOutputItem["output"] {
  const content: InputContent[] = [];
  part.content.forEach((inner, index) => {
    const innerPointer = appendPointer(pointer, "content", index);
    if (inner.type === "text") content.push({ type: "input_text", text: inner.text });
    else if (inner.type === "media") {
      const entry = mediaContent(encoding, inner, innerPointer);
      if (entry) content.push(entry);
    } else skip(encoding, inner, innerPointer, `a function output takes text, images and files, not a ${inner.type} part`);
  });
  return content.every((entry) => entry.type === "input_text") ? content.map((entry) => (entry as OpenAiResponsesInputText).text).join("") : content;
}

/** A tool result as a `function_call_output` item, answering the `function_call` with its call id. */
function functionCallOutput(encoding: Encoding, part: Extract<Part, { type: "tool_result" }>, pointer: string): OpenAiResponsesFunctionCallOutputItem {
  if (part.id === undefined || part.id === null || part.id === "") {
    throw new UnsupportedPartError("provider/unsupported-part", `tool_result at ${pointer} has no id: a function_call_output needs the call_id of its function_call`, {
      pointer,
      provider: OPENAI_RESPONSES,
    });
  }
  // Responses has no error flag on function outputs; an error result goes back as its text.
  return { type: "function_call_output", call_id: part.id, output: toolOutput(encoding, part, pointer) };
}

/**
 * The parts of a user, tool or developer message: text and media gather into message items, tool results
 * become `function_call_output` items, Responses items kept as unknown parts go back as received, all in
 * part order.
 */
function encodeInputParts(encoding: Encoding, parts: readonly Part[], pointer: string, role: "user" | "developer"): void {
  let content: InputContent[] = [];
  const flush = () => {
    if (content.length === 0) return;
    // A message of one text goes as a plain string, the form the API reference shows.
    const only = content.length === 1 && content[0]?.type === "input_text" ? content[0].text : undefined;
    const message: OpenAiResponsesInputMessage = { type: "message", role, content: only ?? content };
    encoding.input.push(message);
    content = [];
  };
  parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, index);
    switch (part.type) {
      case "text":
        content.push({ type: "input_text", text: part.text });
        return;
      case "media": {
        const entry = mediaContent(encoding, part, partPointer);
        if (entry) content.push(entry);
        return;
      }
      case "tool_result":
        flush();
        encoding.input.push(functionCallOutput(encoding, part, partPointer));
        return;
      case "unknown":
        // e.g. a custom_tool_call_output or shell_call_output answering a Responses item.
        if (part.provider !== OPENAI_RESPONSES) return skip(encoding, part, partPointer, "an item from another provider means nothing to OpenAI");
        flush();
        encoding.input.push(partToOpenAiResponsesItem(part, { pointer: partPointer, withItemId: true }) as OpenAiResponsesOutputItem);
        return;
      case "reasoning":
      case "tool_call":
        return skip(encoding, part, partPointer, `a ${part.type} part belongs in an assistant message`);
      default:
        unreachable(part, "part");
    }
  });
  flush();
}

/**
 * An assistant message, part by part under the replay rules. A reasoning item is held back until an item
 * of its turn follows it: only encoding the later parts tells, since a part the rules send may still make
 * no item (an empty text, media that is not a generated image). Reasoning that none follows is decided
 * again with the `withoutFollowingItem` fact on. Once a reasoning part is left out, the items after it go
 * back without their item ids: an id links an item to the reasoning item that produced it, and the API
 * rejects "Item 'fc_…' of type 'function_call' was provided without its required 'reasoning' item"
 * (ids are optional when `store` is false; openai/codex sends none).
 */
function encodeAssistant(encoding: Encoding, message: Message, pointer: string): void {
  /** Reasoning items not yet followed, with how many warnings came before them (theirs go there, in part order). */
  let held: { part: Part; pointer: string; item: OpenAiResponsesOutputItem; warningsBefore: number }[] = [];
  let reasoningLeftOut = false;
  message.parts.forEach((part, index) => {
    const partPointer = appendPointer(pointer, "parts", index);
    const action = settleReplay(part, partPointer, partContext(encoding, part), encoding.warnings);
    if (action === undefined) {
      if (part.type === "reasoning") reasoningLeftOut = true;
      return;
    }
    const sent = action === "send" ? part : withoutForeignPayload(part, OPENAI_RESPONSES);
    const item = partToOpenAiResponsesItem(sent, { pointer: partPointer, withItemId: !reasoningLeftOut });
    if (part.type === "reasoning") reasoningLeftOut = item === undefined;
    if (item === undefined) {
      if (part.type !== "text") skip(encoding, part, partPointer, part.type === "media" ? "only a generated image with its item id and bytes goes back" : "its payload is not encrypted content");
    } else if (part.type === "reasoning") {
      held.push({ part, pointer: partPointer, item, warningsBefore: encoding.warnings.length });
    } else {
      encoding.input.push(...held.map((entry) => entry.item), item);
      held = [];
    }
  });
  // Each left out here had sent no item after it, so no item's id depended on it.
  let inserted = 0;
  for (const entry of held) {
    const warnings: ErrorObject[] = [];
    if (settleReplay(entry.part, entry.pointer, partContext(encoding, entry.part, true), warnings) !== undefined) encoding.input.push(entry.item);
    encoding.warnings.splice(entry.warningsBefore + inserted, 0, ...warnings);
    inserted += warnings.length;
  }
}

function encodeSystem(encoding: Encoding, message: Message, pointer: string): void {
  if (encoding.instructionsTaken) {
    encodeInputParts(encoding, message.parts, appendPointer(pointer, "parts"), "developer");
    return;
  }
  encoding.instructionsTaken = true;
  const texts: string[] = [];
  message.parts.forEach((part, index) => {
    if (part.type === "text") texts.push(part.text);
    else skip(encoding, part, appendPointer(pointer, "parts", index), "instructions take text only");
  });
  encoding.instructions = texts.join("\n\n");
}

/**
 * The request for a history under the Responses replay rules of a server (`options.variant` names a
 * profile, else `profile`; OpenAI by default), with a warning per part left out.
 */
export function encodeOpenAiResponsesRequest(
  history: History | readonly Message[],
  options: EncodeOptions = {},
  profile: OpenAiResponsesProfile = OPENAI_RESPONSES_PROFILES.openai,
): EncodedRequest & { body: OpenAiResponsesRequest } {
  const { messages, base } = historyMessages(history);
  const request = options.request ?? {};
  const server = options.variant === undefined ? profile : openAiResponsesProfile(options.variant);
  const ruleOptions = { ...options, variant: server.variant };
  const encoding: Encoding = {
    profile: server,
    context: replayContext(OPENAI_RESPONSES, ruleOptions),
    unfollowed: replayContext(OPENAI_RESPONSES, ruleOptions, [WITHOUT_FOLLOWING_ITEM]),
    sameServer: {
      context: replayContext(OPENAI_RESPONSES, ruleOptions, [SAME_SERVER]),
      unfollowed: replayContext(OPENAI_RESPONSES, ruleOptions, [WITHOUT_FOLLOWING_ITEM, SAME_SERVER]),
    },
    warnings: [],
    input: [],
    instructions: undefined,
    // Instructions the caller set are kept; system messages then go in as developer messages.
    instructionsTaken: request.instructions !== undefined,
  };
  messages.forEach((message, index) => {
    const pointer = appendPointer(base, index);
    switch (message.role) {
      case "system":
        encodeSystem(encoding, message, pointer);
        return;
      case "user":
      case "tool":
        encodeInputParts(encoding, message.parts, appendPointer(pointer, "parts"), "user");
        return;
      case "assistant":
        encodeAssistant(encoding, message, pointer);
        return;
      default:
        throw new InvalidDocumentError("schema/invalid", `unknown role at ${pointer}`, { pointer });
    }
  });
  const requested = Array.isArray(request.include) ? request.include.filter((entry): entry is string => typeof entry === "string") : [];
  const body: OpenAiResponsesRequest = {
    ...request,
    ...(encoding.instructions === undefined ? {} : { instructions: encoding.instructions }),
    input: encoding.input,
    store: false,
    include: [...new Set([...requested, ENCRYPTED_REASONING_INCLUDE])],
  };
  return { provider: OPENAI_RESPONSES, body, warnings: encoding.warnings };
}
