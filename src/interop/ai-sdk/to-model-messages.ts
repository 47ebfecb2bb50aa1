// partwise messages -> AI SDK ModelMessage (ai 6 and ai 7): payloads and item ids go where each @ai-sdk
// provider reads them (provider-keys.ts); what the AI SDK has no place for rides under
// providerOptions.partwise.kept and is reported. https://ai-sdk.dev/docs/reference/ai-sdk-core/model-message
import type {
  AiSdkPartwiseOptions,
  AiSdkWrittenAssistantMessage,
  AiSdkWrittenFilePart,
  AiSdkWrittenMessage,
  AiSdkWrittenOutputItem,
  AiSdkWrittenProviderOptions,
  AiSdkWrittenToolResultOutput,
  AiSdkWrittenToolResultPart,
} from "../../../generated/formats/ai-sdk.js";
import { validateAiSdkWrittenToolApprovalRequest, validateAiSdkWrittenToolApprovalResponse } from "../../../generated/formats/ai-sdk-validators.js";
import type { ErrorObject, History, Media, Message, Part } from "../../../generated/types.js";
import { textToBase64 } from "../../bytes/base64.js";
import { unreachable } from "../../parts/part-kinds.js";
import { type ConversionSite, type Converted, keptAsUnknownWarning } from "../conversion.js";
import { type AiSdkPayloadPart, ITEM_FACT_FIELDS, ITEM_FACTS_PROVIDER, PARTWISE_KEY, PAYLOAD_FIELDS, providerKeys, REDACTED_KINDS } from "./provider-keys.js";
import { isUrl } from "./from-model-messages.js";
import { readReasoningTexts, writeReasoningTexts } from "./reasoning-texts.js";
import { serverToolPart } from "./server-tool-blocks.js";

/** Options of `toModelMessages`. */
export interface ToModelMessagesOptions {
  /** providerOptions keys by partwise provider id, over the defaults (`{ google: "vertex" }`, `{ "openai.responses": "azure" }`). */
  readonly providerKeys?: Readonly<Record<string, string>>;
}

/** The AI SDK message content partwise writes, one union of every role's parts. */
type WrittenPart =
  | AiSdkWrittenAssistantMessage["content"][number]
  | Extract<AiSdkWrittenMessage, { role: "user" }>["content"][number]
  | Extract<AiSdkWrittenMessage, { role: "tool" }>["content"][number];

const FORMAT = "ai-sdk";
const APPROVAL_KINDS = { "tool-approval-request": validateAiSdkWrittenToolApprovalRequest, "tool-approval-response": validateAiSdkWrittenToolApprovalResponse } as const;

/** Which AI SDK parts each role's content takes. */
const ROLE_PARTS: Readonly<Record<Message["role"], ReadonlySet<string>>> = {
  system: new Set(),
  user: new Set(["text", "file"]),
  assistant: new Set(["text", "file", "reasoning", "tool-call", "tool-result", "tool-approval-request"]),
  tool: new Set(["tool-result", "tool-approval-response"]),
};

class ModelMessageWriter {
  readonly warnings: ErrorObject[] = [];
  readonly #keys: Readonly<Record<string, string>>;

  constructor(options: ToModelMessagesOptions) {
    this.#keys = providerKeys(options.providerKeys);
  }

  message(message: Message, pointer: string): AiSdkWrittenMessage {
    const kept: { at: number; part: Part }[] = [];
    const content: WrittenPart[] = [];
    const allowed = ROLE_PARTS[message.role];
    let systemText: string | undefined;
    message.parts.forEach((part, index) => {
      const partPointer = `${pointer}/parts/${index}`;
      if (message.role === "system" && part.type === "text" && systemText === undefined && isPlain(part)) {
        systemText = part.text;
        return;
      }
      const written = this.#part(part, partPointer, message.role);
      if (written.length > 0 && written.every((each) => allowed.has(each.type))) content.push(...written);
      else {
        kept.push({ at: index, part });
        this.warnings.push(keptAsUnknownWarning({ format: FORMAT, pointer: partPointer }, `a ${part.type} part has no place in an AI SDK ${message.role} message; kept under providerOptions.partwise, sent to no provider`));
      }
    });
    const messageKept: AiSdkPartwiseOptions["message"] = {};
    if (message.metadata !== undefined && Object.keys(message.metadata).length > 0) {
      messageKept.metadata = JSON.stringify(message.metadata);
      this.warnings.push(keptAsUnknownWarning({ format: FORMAT, pointer: `${pointer}/metadata` }, "message metadata has no place in a ModelMessage; kept under providerOptions.partwise"));
    }
    if (kept.length > 0) messageKept.parts = JSON.stringify(kept);
    if (message.role === "system" && systemText === undefined) messageKept.noContentPart = true;
    const providerOptions = Object.keys(messageKept).length > 0 ? { [PARTWISE_KEY]: { kept: JSON.stringify({ message: messageKept }) } } : undefined;
    const withOptions = providerOptions === undefined ? {} : { providerOptions };
    switch (message.role) {
      case "system":
        return { role: "system", content: systemText ?? "", ...withOptions };
      case "user":
        return { role: "user", content: content as Extract<AiSdkWrittenMessage, { role: "user" }>["content"], ...withOptions };
      case "assistant":
        return { role: "assistant", content: content as AiSdkWrittenAssistantMessage["content"], ...withOptions };
      case "tool":
        return { role: "tool", content: content as Extract<AiSdkWrittenMessage, { role: "tool" }>["content"], ...withOptions };
      default:
        return unreachable(message.role, "role");
    }
  }

  /** The AI SDK parts of one partwise part (several for Responses reasoning split per summary part), or none. */
  #part(part: Part, pointer: string, role: Message["role"]): WrittenPart[] {
    const site = { format: FORMAT, pointer };
    switch (part.type) {
      case "text":
        return [{ type: "text", text: part.text, ...this.#options(part, "text", {}, site) }];
      case "reasoning":
        return this.#reasoning(part, site);
      case "tool_call": {
        const kept: AiSdkPartwiseOptions = {};
        const input = parsedArguments(part.toolCall.arguments);
        if (!input.valid || input.reparsed !== part.toolCall.arguments) kept.arguments = part.toolCall.arguments;
        if (!input.valid) this.warnings.push(keptAsUnknownWarning({ format: FORMAT, pointer: `${pointer}/toolCall/arguments` }, "the arguments are not JSON; sent as the string input, the text kept under providerOptions.partwise"));
        return [{ type: "tool-call", toolCallId: part.toolCall.id, toolName: part.toolCall.name, input: input.value, ...this.#options(part, "tool-call", kept, site) }];
      }
      case "tool_result":
        return [this.#toolResult(part, site)];
      case "media":
        return [this.#file(part, site)];
      case "unknown": {
        // Server-tool blocks are the model's own turn; anywhere else they stay unknown parts.
        const serverTool = role === "assistant" ? serverToolPart(part.provider, part.kind, part.rawJson) : undefined;
        if (serverTool === undefined) return this.#unknown(part);
        // The block goes to its provider as the AI SDK rebuilds it; the part itself comes back from `partwise.kept.part`.
        const options = this.#options({ ...part, payload: null, attributes: {} }, undefined, { part: JSON.stringify(part) }, site);
        return [{ ...serverTool, ...options } as WrittenPart];
      }
      default:
        return unreachable(part, "part");
    }
  }

  #reasoning(part: Extract<Part, { type: "reasoning" }>, site: ConversionSite): WrittenPart[] {
    const kept: AiSdkPartwiseOptions = {};
    const attributes = part.attributes ?? {};
    const own = { text: part.text ?? null, summary: part.summary ?? null, ...(attributes.summaryPartLengths === undefined ? {} : { summaryPartLengths: attributes.summaryPartLengths }) };
    // What fromModelMessages reads as Responses reasoning: an item id or encrypted content under the Responses key.
    const responses = attributes.itemId !== undefined || (part.payload?.provider === ITEM_FACTS_PROVIDER && part.payload.kind === "encrypted_content");
    const texts = writeReasoningTexts(own, responses && attributes.itemId !== undefined);
    const read = readReasoningTexts(texts, responses, isRedactedKind(part));
    if (read.text !== own.text || read.summary !== own.summary) {
      kept.reasoning = { text: own.text, summary: own.summary };
      this.warnings.push(keptAsUnknownWarning(site, "the AI SDK's reasoning has one text; the part's text and summary are kept under providerOptions.partwise, the provider gets only the first"));
    }
    const options = this.#options(part, "reasoning", kept, site);
    return texts.map((text, index) => ({ type: "reasoning", text, ...(index === 0 ? options : itemOnly(options, this.#keys[ITEM_FACTS_PROVIDER] ?? "openai")) }));
  }

  #toolResult(part: Extract<Part, { type: "tool_result" }>, site: ConversionSite): AiSdkWrittenToolResultPart {
    const kept: AiSdkPartwiseOptions = {};
    const output = toolOutput(part);
    const toolResult: NonNullable<AiSdkPartwiseOptions["toolResult"]> = { isError: part.isError };
    if (output === undefined) {
      toolResult.content = JSON.stringify(part.content);
      this.warnings.push(keptAsUnknownWarning({ format: FORMAT, pointer: `${site.pointer}/content` }, "the tool result's content has parts a tool output cannot hold; the text parts are sent, the whole content kept under providerOptions.partwise"));
    }
    if (part.id == null) toolResult.noId = true;
    if (part.name == null) toolResult.noName = true;
    const written = output ?? { type: part.isError ? "error-text" : "text", value: part.content.map((each) => (each.type === "text" ? each.text : "")).join("") };
    if (part.isError && written.type === "content") {
      this.warnings.push(keptAsUnknownWarning({ format: FORMAT, pointer: `${site.pointer}/isError` }, "a content tool output has no error flag; the flag is kept under providerOptions.partwise, the provider sees a successful result"));
    }
    if (toolResult.content !== undefined || toolResult.noId || toolResult.noName || (part.isError && written.type === "content")) kept.toolResult = toolResult;
    return { type: "tool-result", toolCallId: part.id ?? "", toolName: part.name ?? "", output: written, ...this.#options(part, undefined, kept, site) };
  }

  #file(part: Extract<Part, { type: "media" }>, site: ConversionSite): AiSdkWrittenFilePart {
    const kept: AiSdkPartwiseOptions = {};
    const media = part.media;
    const keptMedia: NonNullable<AiSdkPartwiseOptions["media"]> = {};
    if (media.id != null) keptMedia.id = media.id;
    if (media.dataKind === "url" && !isUrl(media.data)) keptMedia.dataKind = "url";
    if (media.dataKind === "string") {
      keptMedia.dataKind = "string";
      if (new TextDecoder().decode(new TextEncoder().encode(media.data)) !== media.data) keptMedia.data = media.data;
      this.warnings.push(keptAsUnknownWarning({ format: FORMAT, pointer: `${site.pointer}/media/dataKind` }, "the AI SDK has no string media; sent as base64 of its UTF-8 bytes, the data kind kept under providerOptions.partwise"));
    }
    if (Object.keys(keptMedia).length > 0) kept.media = keptMedia;
    return {
      type: "file",
      data: fileData(media),
      mediaType: media.mimeType,
      ...(media.name == null ? {} : { filename: media.name }),
      ...this.#options(part, "file", kept, site),
    };
  }

  /** An unknown part the AI SDK itself produced (an approval) goes back as that part; any other has no AI SDK part. */
  #unknown(part: Extract<Part, { type: "unknown" }>): WrittenPart[] {
    if (part.provider !== FORMAT || part.payload != null || (part.attributes !== undefined && Object.keys(part.attributes).length > 0)) return [];
    const validator = APPROVAL_KINDS[part.kind as keyof typeof APPROVAL_KINDS];
    if (validator === undefined) return [];
    const raw = safeJson(part.rawJson);
    return validator(raw) && JSON.stringify(raw) === part.rawJson ? [raw as WrittenPart] : [];
  }

  /** providerOptions of a part: its payload where the provider reads it, its item facts, and the rest under `partwise`. */
  #options(part: Part, place: AiSdkPayloadPart | undefined, kept: AiSdkPartwiseOptions, site: ConversionSite): { providerOptions?: AiSdkWrittenProviderOptions } {
    const options: AiSdkWrittenProviderOptions = {};
    const set = (provider: string, field: string, value: string) => {
      const key = this.#keys[provider] ?? provider;
      options[key] = { ...options[key], [field]: value };
    };
    const payload = part.payload;
    if (payload != null) {
      const field = place === undefined ? undefined : PAYLOAD_FIELDS.find((each) => each.provider === payload.provider && each.kind === payload.kind && each.parts.includes(place));
      if (field !== undefined) set(field.provider, field.field, payload.data);
      else {
        kept.payload = { provider: payload.provider, kind: payload.kind, data: payload.data };
        this.warnings.push(keptAsUnknownWarning({ format: FORMAT, pointer: `${site.pointer}/payload` }, `no AI SDK provider reads a ${payload.provider} ${payload.kind} payload on this part; kept under providerOptions.partwise, sent to no provider`));
      }
    }
    const attributes = part.attributes ?? {};
    if (place !== undefined && place !== "file") {
      for (const { attribute, field } of ITEM_FACT_FIELDS) if (attributes[attribute] !== undefined) set(ITEM_FACTS_PROVIDER, field, attributes[attribute]);
    }
    if (Object.keys(attributes).length > 0) kept.attributes = { ...attributes };
    if (Object.keys(kept).length > 0) options[PARTWISE_KEY] = { kept: JSON.stringify(kept) };
    return Object.keys(options).length > 0 ? { providerOptions: options } : {};
  }
}

/** The options that repeat on every AI SDK part of one Responses reasoning item: the item id and the encrypted content. */
function itemOnly(options: { providerOptions?: AiSdkWrittenProviderOptions }, key: string): { providerOptions?: AiSdkWrittenProviderOptions } {
  const item = options.providerOptions?.[key];
  return item === undefined ? {} : { providerOptions: { [key]: item } };
}

function isPlain(part: Part): boolean {
  return part.payload == null && (part.attributes === undefined || Object.keys(part.attributes).length === 0);
}

/** True when the payload is one that fromModelMessages reads as hidden reasoning (the same test as its reader). */
function isRedactedKind(part: Extract<Part, { type: "reasoning" }>): boolean {
  return part.payload != null && REDACTED_KINDS.has(`${part.payload.provider}/${part.payload.kind}`);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The tool call input: the parsed arguments, or the text itself when it is not JSON. */
function parsedArguments(text: string): { value: unknown; reparsed: string; valid: boolean } {
  try {
    const value: unknown = JSON.parse(text);
    return { value, reparsed: JSON.stringify(value), valid: true };
  } catch {
    return { value: text, reparsed: text, valid: false };
  }
}

/** Base64 of bytes, the URL, or base64 of a string's UTF-8 bytes. */
function fileData(media: Media): string {
  switch (media.dataKind) {
    case "bytes":
    case "url":
      return media.data;
    case "string":
      return textToBase64(media.data);
    default:
      return unreachable(media.dataKind, "media data kind");
  }
}

/** The tool output for content of plain text and media; undefined when a part needs more than the output holds. */
function toolOutput(part: Extract<Part, { type: "tool_result" }>): AiSdkWrittenToolResultOutput | undefined {
  const [only] = part.content;
  if (part.content.length === 1 && only?.type === "text" && isPlain(only)) return { type: part.isError ? "error-text" : "text", value: only.text };
  const items: AiSdkWrittenOutputItem[] = [];
  for (const each of part.content) {
    if (!isPlain(each)) return undefined;
    if (each.type === "text") items.push({ type: "text", text: each.text });
    else if (each.type === "media" && each.media.id == null && each.media.dataKind !== "string") {
      const media = each.media;
      items.push(media.dataKind === "url"
        ? { type: "file-url", url: media.data, mediaType: media.mimeType }
        : { type: media.mimeType.startsWith("image/") ? "image-data" : "file-data", data: media.data, mediaType: media.mimeType });
    } else return undefined;
  }
  return { type: "content", value: items };
}

/**
 * partwise messages (or a stored history) as AI SDK `ModelMessage`s, one per message, for `generateText` /
 * `streamText` of ai 6 or ai 7. Every piece the AI SDK has no place for is kept under
 * `providerOptions.partwise` (read back by `fromModelMessages`) and reported with its pointer.
 */
export function toModelMessages(input: History | readonly Message[], options: ToModelMessagesOptions = {}): Converted<AiSdkWrittenMessage> {
  const writer = new ModelMessageWriter(options);
  const [messages, prefix] = "messages" in input ? [input.messages, "/messages"] : [input, ""];
  const written = messages.map((message, index) => writer.message(message, `${prefix}/${index}`));
  return { messages: written, warnings: writer.warnings };
}
