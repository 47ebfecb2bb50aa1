// What a UIMessage part says as partwise parts, from its own fields and provider metadata: the default a
// writer compares against to fill the side channel, and the reader's mapping (docs/convert-ui-message.md).
import type { Attributes, OpaquePayload, Part } from "../../../generated/types.js";
import type {
  UiMessageDynamicToolPart,
  UiMessageFilePart,
  UiMessageReasoningPart,
  UiMessageTextPart,
  UiMessageToolPart,
} from "../../../generated/formats/ui-message.js";
import { unreachable } from "../../parts/part-kinds.js";
import type { AiSdkPayloadPart } from "../ai-sdk/provider-keys.js";
import { itemFactsKey, readProviderMetadata, type ProviderKeys, type ProviderMetadataRecord } from "./provider-metadata-keys.js";

/** A tool part of either kind. */
export type UiToolPart = UiMessageToolPart | UiMessageDynamicToolPart;

function extras(metadata: ProviderMetadataRecord | undefined, place: AiSdkPayloadPart, keys: ProviderKeys): { payload?: OpaquePayload; attributes?: Attributes } {
  const { payload, attributes } = readProviderMetadata(metadata, place, keys);
  return { ...(payload === undefined ? {} : { payload }), ...(Object.keys(attributes).length > 0 ? { attributes } : {}) };
}

export function textFromUi(part: UiMessageTextPart, keys: ProviderKeys): Part {
  return { type: "text", text: part.text, ...extras(part.providerMetadata, "text", keys) };
}

/** OpenAI reasoning text is the summary; any other empty text is redacted or encrypted-only reasoning (null). */
export function reasoningFromUi(part: UiMessageReasoningPart, keys: ProviderKeys): Part {
  const fromSummaries = part.providerMetadata?.[itemFactsKey(keys)] !== undefined;
  const fields = fromSummaries ? (part.text === "" ? {} : { summary: part.text }) : { text: part.text === "" ? null : part.text };
  return { type: "reasoning", ...fields, ...extras(part.providerMetadata, "reasoning", keys) };
}

const DATA_URL = /^data:([^,]*?)(;base64)?,(.*)$/s;

/** A `data:` URL's bytes (base64, kept verbatim) or text; any other URL stays a URL. */
export function fileFromUi(part: UiMessageFilePart, keys: ProviderKeys): Part {
  const match = DATA_URL.exec(part.url);
  let media: { data: string; dataKind: "bytes" | "string" | "url" } = { data: part.url, dataKind: "url" };
  if (match?.[2] !== undefined) media = { data: match[3] ?? "", dataKind: "bytes" };
  else if (match !== null) {
    try {
      media = { data: decodeURIComponent(match[3] ?? ""), dataKind: "string" };
    } catch {
      // A malformed percent-encoding is not text partwise can decode: the URL is kept as a URL.
    }
  }
  const name = part.filename === undefined ? {} : { name: part.filename };
  return { type: "media", media: { mimeType: part.mediaType, ...name, ...media }, ...extras(part.providerMetadata, "file", keys) };
}

/** The tool name of a tool part: `tool-<name>` or the dynamic tool's `toolName`. */
export function toolNameOf(part: UiToolPart): string {
  return part.type === "dynamic-tool" ? part.toolName : part.type.slice("tool-".length);
}

/** The call a tool part holds; the arguments are the input as JSON text (the raw input while it streams or when it did not parse). */
export function toolCallFromUi(part: UiToolPart, keys: ProviderKeys): Part {
  const raw = "rawInput" in part ? part.rawInput : undefined;
  const argumentsText = part.input !== undefined ? JSON.stringify(part.input) : typeof raw === "string" ? raw : raw === undefined ? "" : JSON.stringify(raw);
  return { type: "tool_call", toolCall: { id: part.toolCallId, type: "function", name: toolNameOf(part), arguments: argumentsText }, ...extras(part.callProviderMetadata, "tool-call", keys) };
}

/** The result's own metadata: the AI SDK copies the call's (a Gemini signature) onto the result, which is not a second payload. */
function resultMetadata(part: UiToolPart): ProviderMetadataRecord | undefined {
  const metadata = "resultProviderMetadata" in part ? part.resultProviderMetadata : undefined;
  return metadata === undefined || JSON.stringify(metadata) === JSON.stringify(part.callProviderMetadata) ? undefined : metadata;
}

/** The result a tool part holds (output, error or denial), or undefined while the call has none. */
export function toolResultFromUi(part: UiToolPart, keys: ProviderKeys): Part | undefined {
  const result = (text: string, isError: boolean): Part => ({
    type: "tool_result", id: part.toolCallId, name: toolNameOf(part), content: [{ type: "text", text }], isError,
    ...extras(resultMetadata(part), "tool-call", keys),
  });
  switch (part.state) {
    case "output-available":
      return result(typeof part.output === "string" ? part.output : JSON.stringify(part.output ?? null), false);
    case "output-error":
      return result(part.errorText, true);
    case "output-denied":
      return result(part.approval.reason ?? "The tool call was denied.", true);
    case "input-streaming":
    case "input-available":
    case "approval-requested":
    case "approval-responded":
      return undefined;
    default:
      return unreachable(part, "tool part state");
  }
}
