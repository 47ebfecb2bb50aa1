// Encodes a history into a stateless Responses API request: `store: false`, `include` with
// `reasoning.encrypted_content`, the first system message as `instructions`, and every earlier output
// item back in order under the replay rules (reasoning with its encrypted content immediately before the
// item it produced, function results as `function_call_output`).
// https://cookbook.openai.com/examples/responses_api/reasoning_items
import type { EncodedRequest, ErrorObject, History, Message, Part } from "../../../generated/types.js";
import { InvalidDocumentError, UnsupportedPartError } from "../../errors/partwise-error.js";
import { appendPointer } from "../../json/json-location.js";
import { unreachable } from "../../parts/part-kinds.js";
import type { EncodeOptions } from "../provider-codec.js";
import { type ReplayContext, type ReplayDecision, decideReplay, leftOutPartWarning, settleReplay, withoutForeignPayload } from "../replay-rules.js";
import { partToOpenAiResponsesItem } from "./map-openai-responses-item.js";
import {
  ITEM_ID,
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
  readonly context: ReplayContext;
  readonly warnings: ErrorObject[];
  readonly input: OpenAiResponsesRequest["input"];
  /** The first system message's text, once taken; further system messages become developer messages. */
  instructions: string | undefined;
  instructionsTaken: boolean;
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
  const extension = EXTENSIONS[mimeType];
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
  const bytes = media.dataKind === "string" ? Buffer.from(media.data, "utf8").toString("base64") : media.data;
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

function sends(decision: ReplayDecision): boolean {
  return decision.action === "send" || decision.action === "send-without-payload";
}

/** Whether a part the rules send becomes an item (an empty text with no item id carries nothing). */
function becomesItem(part: Part): boolean {
  return !(part.type === "text" && part.text === "" && part.attributes?.[ITEM_ID] === undefined && part.payload?.provider !== OPENAI_RESPONSES);
}

/**
 * An assistant message, part by part under the replay rules. Reasoning that no item of its turn follows
 * is decided again with the `withoutFollowingItem` fact on. Once a reasoning part is left out, the items
 * after it go back without their item ids: an id links an item to the reasoning item that produced it,
 * and the API rejects "Item 'fc_…' of type 'function_call' was provided without its required 'reasoning'
 * item" (ids are optional when `store` is false; openai/codex sends none).
 */
function encodeAssistant(encoding: Encoding, message: Message, pointer: string): void {
  const entries = message.parts.map((part, index) => ({ part, pointer: appendPointer(pointer, "parts", index), decision: decideReplay(part, encoding.context) }));
  entries.forEach((entry, index) => {
    if (entry.part.type !== "reasoning" || !sends(entry.decision)) return;
    const followed = entries.slice(index + 1).some((later) => later.part.type !== "reasoning" && sends(later.decision) && becomesItem(later.part));
    if (!followed) entry.decision = decideReplay(entry.part, { ...encoding.context, flags: new Set([...(encoding.context.flags ?? []), WITHOUT_FOLLOWING_ITEM]) });
  });
  let reasoningLeftOut = false;
  for (const { part, pointer: partPointer, decision } of entries) {
    const action = settleReplay(part, partPointer, encoding.context, encoding.warnings, decision);
    if (action === undefined) {
      if (part.type === "reasoning") reasoningLeftOut = true;
      continue;
    }
    const sent = action === "send" ? part : withoutForeignPayload(part, OPENAI_RESPONSES);
    const item = partToOpenAiResponsesItem(sent, { pointer: partPointer, withItemId: !reasoningLeftOut });
    if (part.type === "reasoning") reasoningLeftOut = item === undefined;
    if (item) encoding.input.push(item);
    else if (part.type !== "text") skip(encoding, part, partPointer, part.type === "media" ? "only a generated image with its item id and bytes goes back" : "its payload is not encrypted content");
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

/** The request for a history under the Responses replay rules, with a warning per part left out. */
export function encodeOpenAiResponsesRequest(history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequest & { body: OpenAiResponsesRequest } {
  const messages = Array.isArray(history) ? (history as readonly Message[]) : (history as History).messages;
  const base = Array.isArray(history) ? "" : "/messages";
  const request = options.request ?? {};
  const encoding: Encoding = {
    context: { provider: OPENAI_RESPONSES, ...(options.variant === undefined ? {} : { variant: options.variant }), flags: new Set(options.flags ?? []) },
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
