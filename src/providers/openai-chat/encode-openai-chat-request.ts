// Encodes a history into a Chat Completions request: system and user messages with text, image, audio and
// PDF parts, one `role: tool` message per tool result, and each assistant turn folded into one message
// under the replay rules of the server's variant (reasoning in the server's field, tool calls with their
// arguments verbatim, a server's own fields back only to that server). Shared with DeepSeek; the walk is
// encode-driver.ts.
// https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
import type { History, Media, Message, Part } from "../../../generated/types.js";
import { unreachable } from "../../parts/part-kinds.js";
import { type ContentPlace, OwnMessage, type Pointer, Skip, type TurnWriter, appended, encodeHistory, forEachRun } from "../encode-driver.js";
import { type EncodeOptions, type EncodedRequestOf, type Encoder, typedEncoder } from "../provider-codec.js";
import { type ReplayContext, callerFlags, producedBy } from "../replay-rules.js";
import { invalidWire } from "../wire-validation.js";
import { parseRawJson, parseRawObject, toolCallParam } from "./map-openai-chat-message.js";
import { OPENAI_CHAT_PROFILES, type OpenAiChatProfile, profileForVariant } from "./openai-chat-profiles.js";
import {
  CONTENT_PART,
  MESSAGE_FIELDS,
  OPENAI_CHAT,
  type OpenAiChatAssistantMessageParam,
  type OpenAiChatContentPart,
  type OpenAiChatEncoded,
  type OpenAiChatRequestFields,
  type OpenAiChatTextPartParam,
  type OpenAiChatUserMessageParam,
  REASONING_DETAILS,
  REFUSAL,
  type ReasoningField,
} from "./openai-chat-wire.js";

type RequestMessage = OpenAiChatEncoded["messages"][number];
type UserContentItem = Exclude<OpenAiChatUserMessageParam["content"], string>[number];

/** How one server takes a history back: its rule variant, reasoning field, and the per-part facts rules test. */
export interface ChatReplayPolicy {
  readonly provider: string;
  /** The replay-rule variant; the default rules when absent. */
  readonly variant?: string;
  readonly reasoningField: ReasoningField;
  /** The content of an assistant turn with no text: null, or `""` for servers that want a string. */
  readonly emptyContent: null | "";
  /** The options and facts the rules' `when` conditions test, for a part of the assistant message at `messageIndex`. */
  flags(part: Part, messageIndex: number): ReadonlySet<string>;
  /** Whether the assistant message at `messageIndex` carries the reasoning field (as `""`) even with no reasoning to send. */
  reasoningFieldRequired(messageIndex: number): boolean;
}

/** One item, or the items as a list: servers take a plain string for a single text. */
function textContent(items: OpenAiChatTextPartParam[]): string | OpenAiChatTextPartParam[] {
  return items.length === 1 && items[0] ? items[0].text : items;
}

function dataUrl(media: Media): string {
  return media.dataKind === "url" ? media.data : `data:${media.mimeType};base64,${media.data}`;
}

/** A user content item for media: images (bytes or URL), wav/mp3 audio and PDFs as base64. */
function mediaItem(media: Media): UserContentItem | undefined {
  if (media.dataKind === "string") return undefined;
  if (media.mimeType.startsWith("image/")) return { type: "image_url", image_url: { url: dataUrl(media) } };
  if (media.dataKind !== "bytes") return undefined;
  if (media.mimeType === "audio/wav" || media.mimeType === "audio/x-wav") return { type: "input_audio", input_audio: { data: media.data, format: "wav" } };
  if (media.mimeType === "audio/mpeg" || media.mimeType === "audio/mp3") return { type: "input_audio", input_audio: { data: media.data, format: "mp3" } };
  if (media.mimeType === "application/pdf") return { type: "file", file: media.name ? { file_data: dataUrl(media), filename: media.name } : { file_data: dataUrl(media) } };
  return undefined;
}

/**
 * What an assistant message collects from the parts the rules let through. One per writer, emptied after
 * each message; lists are made by their first entry, and the content as a list only when it needs one.
 */
interface AssistantFields {
  /** The text parts' text joined: the content, unless a raw content part makes it a list. */
  text: string;
  /** How many content items (non-empty texts, raw content parts) the message has. */
  items: number;
  /** The content items as a list, made at the second item or the first raw one: a lone text needs none. */
  content: OpenAiChatContentPart[] | undefined;
  rawContent: boolean;
  reasoning: string | undefined;
  details: unknown[] | undefined;
  refusal: string | undefined;
  audio: string | undefined;
  toolCalls: NonNullable<OpenAiChatAssistantMessageParam["tool_calls"]> | undefined;
  other: Record<string, unknown> | undefined;
}

const noFields = (): AssistantFields => ({ text: "", items: 0, content: undefined, rawContent: false, reasoning: undefined, details: undefined, refusal: undefined, audio: undefined, toolCalls: undefined, other: undefined });

function clearFields(fields: AssistantFields): void {
  fields.text = "";
  fields.items = 0;
  fields.content = undefined;
  fields.rawContent = false;
  fields.reasoning = undefined;
  fields.details = undefined;
  fields.refusal = undefined;
  fields.audio = undefined;
  fields.toolCalls = undefined;
  fields.other = undefined;
}

/** Adds a content item; the items so far become a list at the second (until then, one is a text whose text is `fields.text`). */
function addContent(fields: AssistantFields, item: OpenAiChatContentPart): void {
  if (fields.content === undefined && fields.items > 0) fields.content = [{ type: "text", text: fields.text }];
  fields.items++;
  fields.content?.push(item);
}

/** Places one part the rules let through; false when it has no place in a message (reported). */
function place(provider: string, fields: AssistantFields, part: Part, withPayload: boolean, pointer: Pointer): boolean {
  switch (part.type) {
    case "text":
      if (part.text === "") return true;
      // A lone text stays a string: its item is made only if the content becomes a list.
      if (fields.items > 0) addContent(fields, { type: "text", text: part.text });
      else fields.items = 1;
      fields.text += part.text;
      return true;
    case "reasoning": {
      // An empty reasoning adds no field: `""` would tell R1 it got reasoning it rejects, and V4 presence is the policy's to add.
      const text = part.text ?? part.summary ?? "";
      if (text !== "") fields.reasoning = (fields.reasoning ?? "") + text;
      if (!withPayload || part.payload?.provider !== provider || part.payload.kind !== REASONING_DETAILS) return true;
      const details = parseRawJson(part.payload.data, provider, () => `${pointer()}/payload/data`);
      if (!Array.isArray(details)) {
        const at = pointer();
        throw invalidWire(provider, `the reasoning_details payload at ${at} is not a JSON array`, { pointer: at });
      }
      (fields.details ??= []).push(...details);
      return true;
    }
    case "tool_call":
      fields.toolCalls = appended(fields.toolCalls, toolCallParam(part, withPayload, provider, pointer));
      return true;
    case "media":
      if (typeof part.media.id !== "string") return false;
      fields.audio = part.media.id;
      return true;
    case "unknown": {
      const raw = parseRawObject(part.rawJson, provider, () => `${pointer()}/rawJson`);
      if (part.kind === REFUSAL) fields.refusal = String(raw.refusal);
      else if (part.kind === MESSAGE_FIELDS) Object.assign((fields.other ??= {}), raw);
      else if (part.kind === CONTENT_PART) {
        fields.content ??= fields.items > 0 ? [{ type: "text", text: fields.text }] : [];
        addContent(fields, raw as OpenAiChatContentPart);
        fields.rawContent = true;
      } else if (part.kind.endsWith("_tool_call")) fields.toolCalls = appended(fields.toolCalls, raw);
      else return false;
      return true;
    }
    case "tool_result":
      return false;
    default:
      return unreachable(part, "part");
  }
}

/** The assistant message of the fields its parts filled, under a server's policy; undefined when they hold nothing. */
function assistantParam(fields: AssistantFields, policy: ChatReplayPolicy, messageIndex: number): RequestMessage | undefined {
  const empty = fields.items === 0 && fields.reasoning === undefined && fields.refusal === undefined && fields.audio === undefined && fields.toolCalls === undefined && fields.other === undefined;
  if (empty) return undefined;
  const text = fields.text;
  const param: OpenAiChatAssistantMessageParam = { role: "assistant", content: fields.rawContent && fields.content !== undefined ? fields.content : text === "" ? policy.emptyContent : text };
  if (fields.reasoning !== undefined) param[policy.reasoningField] = fields.reasoning;
  else if (policy.reasoningFieldRequired(messageIndex)) param[policy.reasoningField] = "";
  if (fields.details) param.reasoning_details = fields.details;
  if (fields.refusal !== undefined) param.refusal = fields.refusal;
  if (fields.audio !== undefined) param.audio = { id: fields.audio };
  if (fields.toolCalls !== undefined) param.tool_calls = fields.toolCalls;
  return fields.other ? { ...fields.other, ...param } : param;
}

type TextItem = OpenAiChatTextPartParam;

/** Where text only is taken, in the words of the warnings. */
const TEXT_ONLY: Readonly<Record<ContentPlace, string | undefined>> = { system: "a system message takes text only", "tool_result": "a tool message takes text only", user: undefined };

/** Chat Completions messages: each tool result a `role: tool` message of its own, an assistant turn folded into one message. */
function chatWriter(options: EncodeOptions, policy: ChatReplayPolicy): TurnWriter<UserContentItem | OwnMessage<RequestMessage>, OpenAiChatEncoded> {
  const messages: RequestMessage[] = [];
  const fields = noFields();
  // A policy hands out a few flag sets, each the same object every time: one context per set, not per part.
  const contexts = new Map<ReadonlySet<string>, ReplayContext>();
  const partContext = (flags: ReadonlySet<string>): ReplayContext => {
    let context = contexts.get(flags);
    if (context === undefined) contexts.set(flags, (context = { provider: policy.provider, flags, ...(policy.variant === undefined ? {} : { variant: policy.variant }) }));
    return context;
  };
  // Made once per encode, not per user message.
  const userRun = (items: UserContentItem[]): number => messages.push({ role: "user", content: items.length === 1 && items[0]?.type === "text" ? items[0].text : items });
  const ownMessage = (message: RequestMessage): number => messages.push(message);
  return {
    context: { provider: policy.provider, ...(policy.variant === undefined ? {} : { variant: policy.variant }) },
    misplaced: (part, place) => TEXT_ONLY[place] ?? (part.type === "unknown" ? "a raw block has no place in a user message" : `a ${part.type} part belongs in an assistant message`),
    text: (part) => ({ type: "text", text: part.text }),
    media: (part) => mediaItem(part.media) ?? new Skip(`Chat Completions takes images, wav or mp3 audio and PDFs, not ${part.media.mimeType} as ${part.media.dataKind}`),
    toolResult(part, _pointer, content) {
      const items = content() as TextItem[];
      return new OwnMessage({ role: "tool", tool_call_id: part.id ?? "", content: items.length === 0 ? "" : textContent(items) });
    },
    system(blocks) {
      if (blocks.length > 0) messages.push({ role: "system", content: textContent(blocks as TextItem[]) });
    },
    user: (blocks) => forEachRun(blocks, userRun, ownMessage),
    partContext: (part, messageIndex) => partContext(policy.flags(part, messageIndex)),
    assistantPart(sent, pointer, action) {
      if (place(policy.provider, fields, sent, action === "send", pointer)) return undefined;
      return new Skip(`a ${sent.type} part of kind ${sent.type === "unknown" ? sent.kind : sent.type} has no place in an assistant message`);
    },
    assistant(_blocks, _pointer, messageIndex) {
      const param = assistantParam(fields, policy, messageIndex);
      clearFields(fields);
      if (param !== undefined) messages.push(param);
      return param !== undefined;
    },
    body: () => ({ ...options.request, messages }),
  };
}

/** The request for a history under a server's replay policy, with a warning per part left out. */
export function encodeChatCompletions(history: History | readonly Message[], options: EncodeOptions, policy: ChatReplayPolicy): EncodedRequestOf<OpenAiChatEncoded> {
  return encodeHistory(history, chatWriter(options, policy));
}

/** The replay policy of an OpenAI-compatible server profile: `sameServer` holds for parts it produced itself. */
export function openAiChatPolicy(profile: OpenAiChatProfile, options: EncodeOptions): ChatReplayPolicy {
  const flags = callerFlags(OPENAI_CHAT, options.flags);
  for (const setting of profile.flags) flags.add(setting);
  const sameServerFlags = new Set([...flags, "sameServer"]);
  return {
    provider: OPENAI_CHAT,
    ...(profile.variant === "default" ? {} : { variant: profile.variant }),
    reasoningField: profile.reasoningField,
    emptyContent: null,
    flags: (part) => (producedBy(part, OPENAI_CHAT) === "own" && part.attributes?.profile === profile.id ? sameServerFlags : flags),
    reasoningFieldRequired: () => false,
  };
}

/**
 * The encoder of requests to an OpenAI-compatible server: `options.variant` names a server profile
 * (`profile` by default). With request fields its body is assignable to the openai SDK's
 * `ChatCompletionCreateParams` (test/types/openai-chat-sdk.typecheck.ts).
 */
export function openAiChatEncoder(profile: OpenAiChatProfile): Encoder<OpenAiChatEncoded, OpenAiChatRequestFields> {
  return typedEncoder((history, options = {}) => encodeChatCompletions(history, options, openAiChatPolicy(profileForVariant(profile, options.variant), options)));
}

/** The request for a history sent to OpenAI's Chat Completions (or, with `options.variant`, a profile's server). */
export const encodeOpenAiChatRequest = openAiChatEncoder(OPENAI_CHAT_PROFILES.openai);
