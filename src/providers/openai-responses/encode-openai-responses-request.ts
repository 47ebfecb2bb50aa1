// Encodes a history into a stateless Responses API request: `store: false`, `include` with
// `reasoning.encrypted_content`, the first system message as `instructions`, and every earlier output
// item back in order under the replay rules (reasoning with its encrypted content immediately before the
// item it produced, function results as `function_call_output`), for OpenAI or a compatible server profile.
// The walk is encode-driver.ts.
// https://cookbook.openai.com/examples/responses_api/reasoning_items
import type { ErrorObject, Media, Part } from "../../../generated/types.js";
import { textToBase64 } from "../../bytes/base64.js";
import { UnsupportedPartError } from "../../errors/partwise-error.js";
import { ownValue } from "../../json/own-property.js";
import { OwnMessage, type Pointer, Skip, type ToolResultPart, type TurnWriter, encodeHistory, forEachRun, replayContext } from "../encode-driver.js";
import { type EncodeOptions, type Encoder, typedEncoder } from "../provider-codec.js";
import { type ReplayContext, settleReplay } from "../replay-rules.js";
import { partToOpenAiResponsesItem } from "./map-openai-responses-item.js";
import { OPENAI_RESPONSES_PROFILES, type OpenAiResponsesProfile, SAME_SERVER, fromSameServer, openAiResponsesProfile } from "./openai-responses-profiles.js";
import {
  OPENAI_RESPONSES,
  type OpenAiResponsesEncoded,
  type OpenAiResponsesFunctionCallOutputItem,
  type OpenAiResponsesIncludable,
  type OpenAiResponsesInputFile,
  type OpenAiResponsesInputImage,
  type OpenAiResponsesInputMessage,
  type OpenAiResponsesInputText,
  type OpenAiResponsesOutputItem,
  type OpenAiResponsesRequestFields,
} from "./openai-responses-wire.js";

/** The per-part fact a replay rule tests: no item of the reasoning's turn follows it. */
const WITHOUT_FOLLOWING_ITEM = "withoutFollowingItem";

/** Always requested: without it a stateless request gets reasoning items it cannot send back. */
const ENCRYPTED_REASONING_INCLUDE: OpenAiResponsesIncludable = "reasoning.encrypted_content";

type InputContent = OpenAiResponsesInputText | OpenAiResponsesInputImage | OpenAiResponsesInputFile;

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

/** A media part of a user message as input content: images as `input_image` (URL or data URL), other files as `input_file` (URL or data URL with a file name). */
function mediaContent(media: Media): InputContent {
  const bytes = media.dataKind === "string" ? textToBase64(media.data) : media.data;
  const location = media.dataKind === "url" ? media.data : `data:${media.mimeType};base64,${bytes}`;
  if (media.mimeType.startsWith("image/")) return { type: "input_image", image_url: location, detail: "auto" };
  if (media.dataKind === "url") return media.name ? { type: "input_file", file_url: location, filename: media.name } : { type: "input_file", file_url: location };
  return { type: "input_file", filename: fileName(media.name, media.mimeType), file_data: location };
}

/** A function output's text when its content is text only (joined as it is read, no lists in between), else its content parts. */
function outputValue(output: InputContent[]): string | InputContent[] {
  let text = "";
  for (const entry of output) {
    if (entry.type !== "input_text") return output;
    text += (entry as OpenAiResponsesInputText).text;
  }
  return text;
}

/** A tool result as a `function_call_output` item, answering the `function_call` with its call id; its output is its text, or input content parts when it holds media. */
function functionCallOutput(part: ToolResultPart, lazyPointer: Pointer, content: () => InputContent[]): OpenAiResponsesFunctionCallOutputItem {
  if (part.id === undefined || part.id === null || part.id === "") {
    const pointer = lazyPointer();
    throw new UnsupportedPartError("provider/unsupported-part", `tool_result at ${pointer} has no id: a function_call_output needs the call_id of its function_call`, {
      pointer,
      provider: OPENAI_RESPONSES,
    });
  }
  // Responses has no error flag on function outputs; an error result goes back as its text.
  return { type: "function_call_output", call_id: part.id, output: outputValue(content()) };
}

type InputItem = OpenAiResponsesEncoded["input"][number];

/** Reasoning held back until an item of its turn follows it, with how many warnings came before it (its own go there, in part order). */
interface HeldReasoning {
  readonly part: Part;
  readonly pointer: string;
  readonly item: OpenAiResponsesOutputItem;
  readonly warningsBefore: number;
}

/**
 * Responses input items. The parts of a user, tool or developer message: text and media gather into message
 * items, tool results become `function_call_output` items, Responses items kept as unknown parts go back as
 * received, all in part order.
 *
 * An assistant message goes part by part. A reasoning item is held back until an item of its turn follows
 * it: only encoding the later parts tells, since a part the rules send may still make no item (an empty
 * text, media that is not a generated image). Reasoning that none follows is decided again with the
 * `withoutFollowingItem` fact on. Once a reasoning part is left out, the items after it go back without
 * their item ids: an id links an item to the reasoning item that produced it, and the API rejects "Item
 * 'fc_…' of type 'function_call' was provided without its required 'reasoning' item" (ids are optional when
 * `store` is false; openai/codex sends none).
 */
function responsesWriter(options: EncodeOptions, profile: OpenAiResponsesProfile, warnings: ErrorObject[]): TurnWriter<InputContent | OwnMessage<InputItem>, OpenAiResponsesEncoded> {
  const request = options.request ?? {};
  const server = options.variant === undefined ? profile : openAiResponsesProfile(options.variant);
  const ruleOptions = { ...options, variant: server.variant };
  const contexts = { context: replayContext(OPENAI_RESPONSES, ruleOptions), unfollowed: replayContext(OPENAI_RESPONSES, ruleOptions, [WITHOUT_FOLLOWING_ITEM]) };
  /** Both again, for parts that came from the server the request is for. */
  const sameServer = {
    context: replayContext(OPENAI_RESPONSES, ruleOptions, [SAME_SERVER]),
    unfollowed: replayContext(OPENAI_RESPONSES, ruleOptions, [WITHOUT_FOLLOWING_ITEM, SAME_SERVER]),
  };
  /** The replay context of an assistant part: with the `sameServer` fact when the request's server produced it. */
  const partContext = (part: Part, unfollowed = false): ReplayContext => {
    const chosen = fromSameServer(part, server) ? sameServer : contexts;
    return unfollowed ? chosen.unfollowed : chosen.context;
  };
  const input: InputItem[] = [];
  /** The first system message's text, once taken; further system messages become developer messages. */
  let instructions: string | undefined;
  // Instructions the caller set are kept; system messages then go in as developer messages.
  let instructionsTaken = request.instructions !== undefined;
  let held: HeldReasoning[] = [];
  let reasoningLeftOut = false;
  // A message of one text goes as a plain string, the form the API reference shows.
  const message = (role: "user" | "developer", content: InputContent[]): number =>
    input.push({ type: "message", role, content: content.length === 1 && content[0]?.type === "input_text" ? content[0].text : content } satisfies OpenAiResponsesInputMessage);
  // The callbacks of forEachRun, made once per encode rather than per message.
  const userRun = (content: InputContent[]): number => message("user", content);
  const developerRun = (content: InputContent[]): number => message("developer", content);
  const ownItem = (item: InputItem): number => input.push(item);
  const inputItems = (blocks: (InputContent | OwnMessage<InputItem>)[], role: "user" | "developer") => forEachRun(blocks, role === "user" ? userRun : developerRun, ownItem);
  return {
    context: contexts.context,
    reportsAssistantLeftOut: false,
    systemPlace: () => (instructionsTaken ? "user" : "system"),
    misplaced: (part, place) =>
      place === "system" ? "instructions take text only" : place === "tool_result" ? `a function output takes text, images and files, not a ${part.type} part` : `a ${part.type} part belongs in an assistant message`,
    text: (part) => ({ type: "input_text", text: part.text }),
    media: (part) => mediaContent(part.media),
    unknown: (part, _place, pointer) => new OwnMessage(partToOpenAiResponsesItem(part, { pointer, withItemId: true }) as OpenAiResponsesOutputItem),
    toolResult: (part, pointer, content) => new OwnMessage(functionCallOutput(part, pointer, content as () => InputContent[])),
    system(blocks) {
      if (instructionsTaken) return inputItems(blocks, "developer");
      instructionsTaken = true;
      instructions = blocks.map((block) => (block as OpenAiResponsesInputText).text).join("\n\n");
    },
    user: (blocks) => inputItems(blocks, "user"),
    partContext: (part) => partContext(part),
    leftOutByRules(part) {
      if (part.type === "reasoning") reasoningLeftOut = true;
    },
    assistantPart(sent, pointer, _action, original) {
      const item = partToOpenAiResponsesItem(sent, { pointer, withItemId: !reasoningLeftOut });
      if (original.type === "reasoning") reasoningLeftOut = item === undefined;
      if (item === undefined) {
        if (original.type === "text") return undefined;
        return new Skip(original.type === "media" ? "only a generated image with its item id and bytes goes back" : "its payload is not encrypted content");
      }
      // A held reasoning part keeps its pointer's text: the walk will have moved on when it is settled.
      if (original.type === "reasoning") held.push({ part: original, pointer: pointer(), item, warningsBefore: warnings.length });
      else if (held.length === 0) input.push(item);
      else {
        for (const entry of held) input.push(entry.item);
        input.push(item);
        held = [];
      }
      return undefined;
    },
    assistant() {
      // Each left out here had sent no item after it, so no item's id depended on it.
      let inserted = 0;
      for (const entry of held) {
        const entryWarnings: ErrorObject[] = [];
        if (settleReplay(entry.part, entry.pointer, partContext(entry.part, true), entryWarnings) !== undefined) input.push(entry.item);
        warnings.splice(entry.warningsBefore + inserted, 0, ...entryWarnings);
        inserted += entryWarnings.length;
      }
      held = [];
      reasoningLeftOut = false;
      return true;
    },
    body() {
      // The encoder's callers type `include` as OpenAiResponsesRequestFields does; only its strings are kept.
      const requested = Array.isArray(request.include) ? request.include.filter((entry): entry is OpenAiResponsesIncludable => typeof entry === "string") : [];
      return {
        ...request,
        ...(instructions === undefined ? {} : { instructions }),
        input,
        store: false,
        include: [...new Set([...requested, ENCRYPTED_REASONING_INCLUDE])],
      };
    },
  };
}

/**
 * The encoder of requests under the Responses replay rules of a server (`options.variant` names a
 * profile, else `profile`), with a warning per part left out. With request fields its body is assignable
 * to the openai SDK's `ResponseCreateParams` (test/types/openai-responses-sdk.typecheck.ts).
 */
export function openAiResponsesEncoder(profile: OpenAiResponsesProfile): Encoder<OpenAiResponsesEncoded, OpenAiResponsesRequestFields> {
  return typedEncoder((history, options = {}) => {
    const warnings: ErrorObject[] = [];
    return encodeHistory(history, responsesWriter(options, profile, warnings), warnings);
  });
}

/** The request for a history sent to OpenAI's Responses API (or, with `options.variant`, a profile's server). */
export const encodeOpenAiResponsesRequest = openAiResponsesEncoder(OPENAI_RESPONSES_PROFILES.openai);
