// AI SDK UIMessages -> partwise messages. An assistant UIMessage splits at each `step-start` into an assistant
// message and, when its tool parts carry results, the tool message after it; OpenAI reasoning split per
// summary part merges back into one part per item (docs/convert-ui-message.md#messages).
import type { ErrorObject, Message, Part } from "../../../generated/types.js";
import type { UiMessage, UiMessageFilePart, UiMessagePart, UiMessageReasoningPart, UiMessageTextPart } from "../../../generated/formats/ui-message.js";
import { validateUiMessageList } from "../../../generated/formats/ui-message-validators.js";
import { validateMessage, validatePart } from "../../../generated/validators.js";
import { checkFormat, keptAsUnknownWarning, partLostWarning, type ConversionSite, type Converted } from "../conversion.js";
import { fileFromUi, reasoningFromUi, textFromUi, toolCallFromUi, toolResultFromUi, type UiToolPart } from "./read-ui-part.js";
import { PARTWISE_METADATA_KEY, applyDifference, sideChannelOf } from "./side-channel.js";
import { KEPT_MESSAGE_TYPE, KEPT_PART_TYPE, UI_MESSAGE_PROVIDER } from "./write-ui-part.js";
import { providerKeys } from "../ai-sdk/provider-keys.js";
import { itemFactsKey, unreadMetadataKeys, type ProviderKeys, type ProviderMetadataRecord } from "./provider-metadata-keys.js";
// The OpenAI Responses codec joins summary parts this way; merging the AI SDK's per-summary parts must match it.
import { joined, splitJoined } from "../../providers/openai-responses/map-openai-responses-item.js";
import { SUMMARY_PART_LENGTHS } from "../../providers/openai-responses/openai-responses-wire.js";

const FORMAT = "ui-message";

/** Options of fromUIMessages. */
export interface FromUiMessagesOptions {
  /** providerMetadata keys by partwise provider id, over the defaults (`{ google: "vertex" }`), as fromModelMessages takes them. */
  readonly providerKeys?: ProviderKeys;
}

/** Converts UIMessages (as `useChat` holds them) to partwise messages, validated; `convert/invalid-input` when they are not UIMessages. */
export function fromUIMessages(uiMessages: unknown, options: FromUiMessagesOptions = {}): Converted<Message> {
  const keys = providerKeys(options.providerKeys);
  const list = checkFormat<UiMessage[]>(validateUiMessageList, uiMessages, { format: FORMAT, pointer: "" });
  const messages: Message[] = [];
  const warnings: ErrorObject[] = [];
  for (const [index, uiMessage] of list.entries()) {
    const site = { format: FORMAT, pointer: `/${index}` };
    const metadata = readMetadata(uiMessage.metadata, site, warnings);
    const produced = uiMessage.role === "assistant" ? splitSteps(uiMessage, site, warnings, keys) : readMessage(uiMessage, site, warnings, keys);
    const first = produced.find((message) => message.role !== "tool") ?? produced[0];
    if (metadata !== undefined && first !== undefined) first.metadata = metadata;
    for (const message of produced) messages.push(checkFormat<Message>(validateMessage, message, site));
  }
  return { messages, warnings };
}

function readMetadata(metadata: unknown, site: ConversionSite, warnings: ErrorObject[]): Record<string, unknown> | undefined {
  if (metadata === undefined) return undefined;
  if (typeof metadata === "object" && metadata !== null && !Array.isArray(metadata)) return metadata as Record<string, unknown>;
  warnings.push(partLostWarning({ ...site, pointer: `${site.pointer}/metadata` }, "partwise message metadata is an object; this metadata is not one"));
  return undefined;
}

/** A system or user UIMessage as one message; one that is only a kept message is that message. */
function readMessage(uiMessage: UiMessage, site: ConversionSite, warnings: ErrorObject[], keys: ProviderKeys): Message[] {
  const [only] = uiMessage.parts;
  if (uiMessage.parts.length === 1 && only?.type === KEPT_MESSAGE_TYPE) return [keptMessage(only, { ...site, pointer: `${site.pointer}/parts/0` })];
  return [{ role: uiMessage.role, parts: uiMessage.parts.map((part, partIndex) => readPart(part, { ...site, pointer: `${site.pointer}/parts/${partIndex}` }, warnings, keys)) }];
}

/** The message a `data-partwise-message` part holds, validated. */
function keptMessage(part: UiMessagePart, site: ConversionSite): Message {
  return checkFormat<Message>(validateMessage, (part as { data: unknown }).data, { ...site, pointer: `${site.pointer}/data` });
}

/** An assistant UIMessage as the assistant and tool messages of its steps, in order. */
function splitSteps(uiMessage: UiMessage, site: ConversionSite, warnings: ErrorObject[], keys: ProviderKeys): Message[] {
  const messages: Message[] = [];
  let assistant: Message | undefined;
  let results: Part[] = [];
  const flush = () => {
    if (assistant !== undefined) messages.push(assistant);
    if (results.length > 0) messages.push({ role: "tool", parts: results });
    assistant = undefined;
    results = [];
  };
  for (const [partIndex, part] of uiMessage.parts.entries()) {
    const partSite = { ...site, pointer: `${site.pointer}/parts/${partIndex}` };
    if (part.type === "step-start") {
      flush();
      assistant = { role: "assistant", parts: [] };
    } else if (part.type === KEPT_MESSAGE_TYPE) {
      flush();
      messages.push(keptMessage(part, partSite));
    } else if (isToolPart(part)) {
      assistant ??= { role: "assistant", parts: [] };
      const side = sideChannelOf(part.callProviderMetadata);
      assistant.parts.push(applyDifference(toolCallFromUi(part, keys), side));
      const result = toolResultFromUi(part, keys);
      if (result !== undefined) results.push(applyDifference(result, side?.result));
      reportToolLosses(part, partSite, warnings);
      reportUnreadMetadata(part.callProviderMetadata, { ...partSite, pointer: `${partSite.pointer}/callProviderMetadata` }, warnings, keys);
    } else {
      assistant ??= { role: "assistant", parts: [] };
      const previous = assistant.parts.at(-1);
      if (part.type === "reasoning" && previous !== undefined && mergeSummaryPart(previous, part as UiMessageReasoningPart, keys)) continue;
      assistant.parts.push(readPart(part, partSite, warnings, keys));
    }
  }
  flush();
  return messages;
}

function isToolPart(part: UiMessagePart): part is UiToolPart {
  return part.type === "dynamic-tool" || part.type.startsWith("tool-");
}

/** Merges a later summary part of an OpenAI reasoning item (same item id, no side channel) into the part before it. */
function mergeSummaryPart(previous: Part, part: UiMessageReasoningPart, keys: ProviderKeys): boolean {
  const itemId = part.providerMetadata?.[itemFactsKey(keys)]?.itemId;
  if (previous.type !== "reasoning" || typeof itemId !== "string" || previous.attributes?.itemId !== itemId) return false;
  if (sideChannelOf(part.providerMetadata) !== undefined) return false;
  const next = reasoningFromUi(part, keys);
  if (next.type !== "reasoning") return false;
  if (next.summary != null) {
    // The summaries so far split back by their lengths, then joined with this one as the codec joins an item's summary parts.
    const summaries = splitJoined(previous.summary ?? "", previous.attributes[SUMMARY_PART_LENGTHS]);
    const merged = joined([...summaries, next.summary])!;
    previous.summary = merged.text;
    previous.attributes = { ...previous.attributes, [SUMMARY_PART_LENGTHS]: merged.lengths! };
  }
  if (previous.payload == null && next.payload != null) previous.payload = next.payload;
  return true;
}

/** Approval, title and tool metadata have no place in a partwise tool call. */
function reportToolLosses(part: UiToolPart, site: ConversionSite, warnings: ErrorObject[]): void {
  for (const field of ["approval", "title", "toolMetadata"] as const) {
    if (field in part && part[field as keyof UiToolPart] !== undefined) warnings.push(partLostWarning({ ...site, pointer: `${site.pointer}/${field}` }, `a partwise tool call has no ${field}`));
  }
}

/** Provider metadata no partwise payload or attribute holds (an AI SDK provider's other fields) is lost: say which. */
function reportUnreadMetadata(metadata: ProviderMetadataRecord | undefined, site: ConversionSite, warnings: ErrorObject[], keys: ProviderKeys): void {
  const unread = unreadMetadataKeys(metadata, PARTWISE_METADATA_KEY, keys);
  if (unread.length > 0) warnings.push(partLostWarning(site, `no partwise payload or attribute holds ${unread.join(", ")}`, { keys: unread }));
}

/** A non-tool UI part as a partwise part, with its side channel applied. */
function readPart(part: UiMessagePart, site: ConversionSite, warnings: ErrorObject[], keys: ProviderKeys): Part {
  if (part.type === "text" || part.type === "reasoning" || part.type === "file") {
    reportUnreadMetadata((part as UiMessageTextPart).providerMetadata, { ...site, pointer: `${site.pointer}/providerMetadata` }, warnings, keys);
  }
  switch (part.type) {
    case "text": {
      const text = part as UiMessageTextPart;
      if (text.citations !== undefined) warnings.push(partLostWarning({ ...site, pointer: `${site.pointer}/citations` }, "a partwise text part has no citations"));
      return applyDifference(textFromUi(text, keys), sideChannelOf(text.providerMetadata));
    }
    case "reasoning": {
      const reasoning = part as UiMessageReasoningPart;
      return applyDifference(reasoningFromUi(reasoning, keys), sideChannelOf(reasoning.providerMetadata));
    }
    case "file": {
      const file = part as UiMessageFilePart;
      if (file.providerReference !== undefined) warnings.push(partLostWarning({ ...site, pointer: `${site.pointer}/providerReference` }, "a partwise media part has no provider file reference"));
      return applyDifference(fileFromUi(file, keys), sideChannelOf(file.providerMetadata));
    }
    case KEPT_PART_TYPE:
      return checkFormat<Part>(validatePart, (part as { data: unknown }).data, { ...site, pointer: `${site.pointer}/data` });
    default:
      warnings.push(keptAsUnknownWarning(site, `a ${part.type} part has no partwise part: kept as an unknown part (provider ${UI_MESSAGE_PROVIDER})`));
      return { type: "unknown", provider: UI_MESSAGE_PROVIDER, kind: part.type, rawJson: JSON.stringify(part) };
  }
}
