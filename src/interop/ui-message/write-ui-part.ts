// One partwise part as a UIMessage part: text, reasoning, files and tool calls in their own shapes with the
// payload under the AI SDK provider's metadata key; the rest kept whole in a `data-partwise-part`
// (docs/convert-ui-message.md). Every part that does not come back equal from the UI fields alone carries a
// side channel, so the round trip is exact.
import type { ErrorObject, Part } from "../../../generated/types.js";
import type {
  UiMessageDynamicToolPart,
  UiMessageFilePart,
  UiMessageOtherPart,
  UiMessagePart,
  UiMessageTextPart,
  UiMessageToolInputAvailable,
  UiMessageToolOutputAvailable,
  UiMessageToolOutputError,
  UiMessageToolPart,
} from "../../../generated/formats/ui-message.js";
import { validateUiMessagePart } from "../../../generated/formats/ui-message-validators.js";
import { keptAsUnknownWarning, type ConversionSite } from "../conversion.js";
import { unreachable } from "../../parts/part-kinds.js";
import type { AiSdkPayloadPart } from "../ai-sdk/provider-keys.js";
import { metadataKeyOf, writeProviderMetadata, type ProviderKeys, type ProviderMetadataRecord } from "./provider-metadata-keys.js";
import { fileFromUi, reasoningFromUi, textFromUi, toolCallFromUi } from "./read-ui-part.js";
import { PARTWISE_METADATA_KEY, differenceAsJson, partDifference } from "./side-channel.js";

/** The provider of unknown parts that hold a UIMessage part partwise has no part for (sources, data parts). */
export const UI_MESSAGE_PROVIDER = "ai-sdk";

/** The data part that holds a partwise part the UIMessage has no place for, whole. */
export const KEPT_PART_TYPE = "data-partwise-part";

/** The data part that holds a whole partwise tool message that does not fold onto its calls. */
export const KEPT_MESSAGE_TYPE = "data-partwise-message";

/** A tool part as partwise writes it: a call, or a call with its output or error, always with its input. */
export type WrittenToolPart = (UiMessageToolInputAvailable | UiMessageToolOutputAvailable | UiMessageToolOutputError) & { input: unknown };

/** A UIMessage part as partwise writes it: never the fallback shape, nor the fields it only reads (ai 7 citations, file references). */
export type WrittenUiPart =
  | Exclude<UiMessagePart, UiMessageOtherPart | UiMessageTextPart | UiMessageFilePart | UiMessageToolPart | UiMessageDynamicToolPart>
  | WrittenToolPart
  | Omit<UiMessageTextPart, "citations">
  | Omit<UiMessageFilePart, "providerReference">;

/** The UI roles and which parts each holds in its own shape (convertToModelMessages reads only these). */
const OWN_SHAPES: Record<"system" | "user" | "assistant", ReadonlySet<Part["type"]>> = {
  system: new Set(["text"]),
  user: new Set(["text", "media"]),
  assistant: new Set(["text", "reasoning", "media", "tool_call"]),
};

/** UI part tags partwise restores from an `ai-sdk` unknown part: the ones it reads into one. */
const RESTORABLE = /^(source-url|source-document|data-(?!partwise-))/;

/** A part kept whole in a data part, with its warning. */
export function keptPart(part: Part, site: ConversionSite, why: string): { ui: WrittenUiPart; warnings: ErrorObject[] } {
  return { ui: { type: KEPT_PART_TYPE, data: part }, warnings: [keptAsUnknownWarning(site, `${why}: kept whole in a ${KEPT_PART_TYPE} part (convertToModelMessages skips it)`, { type: part.type })] };
}

/** The metadata of a UI part for `part`, with the side channel when `derive` of the UI part does not give `part` back. */
function withMetadata(part: Part, place: AiSdkPayloadPart, derive: (metadata: ProviderMetadataRecord | undefined) => Part, site: ConversionSite, warnings: ErrorObject[], keys: ProviderKeys): ProviderMetadataRecord | undefined {
  const metadata: ProviderMetadataRecord = {};
  writeProviderMetadata(metadata, part.payload, part.attributes, place, keys);
  if (part.payload != null && metadataKeyOf(part.payload, place) === undefined) {
    warnings.push(keptAsUnknownWarning({ ...site, pointer: `${site.pointer}/payload` }, `no AI SDK provider reads a ${part.payload.provider} ${part.payload.kind} payload on a ${place} part: kept in providerMetadata.${PARTWISE_METADATA_KEY}`));
  }
  const difference = partDifference(part, derive(Object.keys(metadata).length > 0 ? metadata : undefined));
  if (difference !== undefined) metadata[PARTWISE_METADATA_KEY] = differenceAsJson(difference);
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}

/** The media of a part as a URL: bytes as a base64 `data:` URL, text as a percent-encoded one, a URL as is. */
function mediaUrl(media: { mimeType: string; data: string; dataKind: "bytes" | "string" | "url" }): string {
  switch (media.dataKind) {
    case "bytes":
      return `data:${media.mimeType};base64,${media.data}`;
    case "string":
      return `data:${media.mimeType},${encodeURIComponent(media.data)}`;
    case "url":
      return media.data;
    default:
      return unreachable(media.dataKind, "media data kind");
  }
}

/** The input of a tool part: the arguments parsed, or the text itself when they are not JSON. */
function toolInput(argumentsText: string): unknown {
  try {
    return JSON.parse(argumentsText) as unknown;
  } catch {
    return argumentsText;
  }
}

/** `part` as a part of a UI message of `role`; `site.pointer` points at the part. */
export function writeUiPart(part: Part, role: "system" | "user" | "assistant", site: ConversionSite, keys: ProviderKeys): { ui: WrittenUiPart; warnings: ErrorObject[] } {
  const warnings: ErrorObject[] = [];
  if (part.type === "unknown" && part.provider === UI_MESSAGE_PROVIDER && RESTORABLE.test(part.kind) && part.payload == null && part.attributes === undefined) {
    const restored = restoredUiPart(part.rawJson);
    if (restored !== undefined) return { ui: restored, warnings };
  }
  if (!OWN_SHAPES[role].has(part.type)) return keptPart(part, site, `a ${role} UIMessage has no ${part.type} part`);
  switch (part.type) {
    case "text": {
      const providerMetadata = withMetadata(part, "text", (metadata) => textFromUi({ type: "text", text: part.text, ...(metadata && { providerMetadata: metadata }) }, keys), site, warnings, keys);
      return { ui: { type: "text", text: part.text, ...(providerMetadata && { providerMetadata }) }, warnings };
    }
    case "reasoning": {
      const text = part.text ?? part.summary ?? "";
      const providerMetadata = withMetadata(part, "reasoning", (metadata) => reasoningFromUi({ type: "reasoning", text, ...(metadata && { providerMetadata: metadata }) }, keys), site, warnings, keys);
      return { ui: { type: "reasoning", text, ...(providerMetadata && { providerMetadata }) }, warnings };
    }
    case "media": {
      const file = { type: "file" as const, mediaType: part.media.mimeType, url: mediaUrl(part.media), ...(part.media.name == null ? {} : { filename: part.media.name }) };
      const providerMetadata = withMetadata(part, "file", (metadata) => fileFromUi({ ...file, ...(metadata && { providerMetadata: metadata }) }, keys), site, warnings, keys);
      return { ui: { ...file, ...(providerMetadata && { providerMetadata }) }, warnings };
    }
    case "tool_call": {
      const tool = { type: `tool-${part.toolCall.name}` as const, toolCallId: part.toolCall.id, state: "input-available" as const, input: toolInput(part.toolCall.arguments) };
      const callProviderMetadata = withMetadata(part, "tool-call", (metadata) => toolCallFromUi({ ...tool, ...(metadata && { callProviderMetadata: metadata }) }, keys), site, warnings, keys);
      const ui: UiMessageToolInputAvailable = { ...tool, ...(callProviderMetadata && { callProviderMetadata }) };
      return { ui, warnings };
    }
    case "tool_result":
    case "unknown":
      return keptPart(part, site, `a ${role} UIMessage has no ${part.type} part`);
    default:
      return unreachable(part, "part");
  }
}

/** The UI part an `ai-sdk` unknown part holds, when its raw JSON is still one partwise restores. */
function restoredUiPart(rawJson: string): WrittenUiPart | undefined {
  let value: unknown;
  try {
    value = JSON.parse(rawJson);
  } catch {
    return undefined;
  }
  if (!validateUiMessagePart(value)) return undefined;
  const part = value as UiMessagePart;
  return RESTORABLE.test(part.type) ? (part as WrittenUiPart) : undefined;
}
