// AI SDK ModelMessage (ai 6 and ai 7, including `response.messages`) -> partwise messages: payloads and
// item ids read from each provider's providerOptions key (provider-keys.ts), Responses reasoning split per
// summary part merged back into one part per item, and what partwise kept under providerOptions.partwise restored.
import type {
  AiSdkContentPart,
  AiSdkFilePart,
  AiSdkImagePart,
  AiSdkModelMessage,
  AiSdkModelMessages,
  AiSdkPartwiseOptions,
  AiSdkProviderOptions,
  AiSdkReasoningPart,
  AiSdkToolOutputItem,
  AiSdkToolResultPart,
} from "../../../generated/formats/ai-sdk.js";
import { validateAiSdkModelMessages, validateAiSdkPartwiseOptions } from "../../../generated/formats/ai-sdk-validators.js";
import type { Attributes, ErrorObject, Media, Message, OpaquePayload, Part } from "../../../generated/types.js";
import { base64ToBytes, bytesToBase64 } from "../../bytes/base64.js";
import { parsePart } from "../../parts/parse.js";
import { checkFormat, type ConversionSite, type Converted, invalidConversionInput, keptAsUnknownWarning, partLostWarning } from "../conversion.js";
import { type AiSdkPayloadPart, ITEM_FACT_FIELDS, ITEM_FACTS_PROVIDER, PARTWISE_KEY, PAYLOAD_FIELDS, providerKeys, providersByKey, REDACTED_KINDS } from "./provider-keys.js";
import { readReasoningTexts } from "./reasoning-texts.js";
import { applyDifference } from "../ui-message/side-channel.js";

/** Options of `fromModelMessages`. */
export interface FromModelMessagesOptions {
  /** providerOptions keys by partwise provider id, over the defaults (`{ google: "vertex" }`). */
  readonly providerKeys?: Readonly<Record<string, string>>;
}

const FORMAT = "ai-sdk";
const OCTET_STREAM = "application/octet-stream";

/** A part read with what its providerOptions said. */
interface ReadExtras {
  payload?: OpaquePayload;
  attributes?: Attributes;
  kept: AiSdkPartwiseOptions;
}

class ModelMessageReader {
  readonly warnings: ErrorObject[] = [];
  readonly #keys: Readonly<Record<string, string>>;
  readonly #byKey: ReadonlyMap<string, string[]>;

  constructor(options: FromModelMessagesOptions) {
    this.#keys = providerKeys(options.providerKeys);
    this.#byKey = providersByKey(this.#keys, options.providerKeys);
  }

  message(message: AiSdkModelMessage, pointer: string): Message {
    const messageKept = this.#kept(message.providerOptions, `${pointer}/providerOptions`).message ?? {};
    this.#reportOtherKeys(message.providerOptions, `${pointer}/providerOptions`);
    const content: readonly AiSdkContentPart[] = typeof message.content === "string" ? [{ type: "text", text: message.content } as AiSdkContentPart] : message.content;
    const parts: Part[] = [];
    for (let index = 0; index < content.length; index++) {
      const part = content[index] as AiSdkContentPart;
      const partPointer = typeof message.content === "string" ? `${pointer}/content` : `${pointer}/content/${index}`;
      if (part.type === "reasoning") {
        const group = this.#reasoningGroup(content, index);
        parts.push(withUiSideChannel(part, this.#reasoning(group, partPointer)));
        index += group.length - 1;
      } else parts.push(withUiSideChannel(part, this.#part(part, partPointer)));
    }
    if (messageKept.noContentPart === true) parts.pop();
    if (messageKept.parts !== undefined) this.#restoreKept(parts, messageKept.parts, `${pointer}/providerOptions/${PARTWISE_KEY}/kept`);
    const result: Message = { role: message.role, parts };
    if (messageKept.metadata !== undefined) result.metadata = this.#json(messageKept.metadata, `${pointer}/providerOptions/${PARTWISE_KEY}/kept`) as Record<string, unknown>;
    return result;
  }

  #part(part: AiSdkContentPart, pointer: string): Part {
    const site = { format: FORMAT, pointer };
    const standsFor = this.#kept((part as { providerOptions?: AiSdkProviderOptions }).providerOptions, `${pointer}/providerOptions`).part;
    if (standsFor !== undefined) return parsePart(this.#json(standsFor, `${pointer}/providerOptions/${PARTWISE_KEY}/kept`), { pointer: `${pointer}/providerOptions/${PARTWISE_KEY}/kept/part` });
    switch (part.type) {
      case "text": {
        const text = part as Extract<AiSdkContentPart, { type: "text" }>;
        return withExtras({ type: "text", text: text.text }, this.#extras(text.providerOptions, "text", pointer));
      }
      case "tool-call": {
        const call = part as Extract<AiSdkContentPart, { type: "tool-call" }>;
        const extras = this.#extras(call.providerOptions, "tool-call", pointer);
        const argumentsText = extras.kept.arguments ?? (call.input === undefined ? "{}" : JSON.stringify(call.input));
        if (call.providerExecuted === true && extras.kept.attributes === undefined) extras.attributes = { ...extras.attributes, providerExecuted: "true" };
        return withExtras({ type: "tool_call", toolCall: { id: call.toolCallId, type: "function", name: call.toolName, arguments: argumentsText } }, extras);
      }
      case "tool-result":
        return this.#toolResult(part as AiSdkToolResultPart, pointer);
      case "file":
      case "image": {
        const file = part as AiSdkFilePart | AiSdkImagePart;
        const extras = this.#extras(file.providerOptions, "file", pointer);
        const media = this.#media(file.type === "file" ? file.data : file.image, file.mediaType ?? OCTET_STREAM, extras.kept);
        if (media === undefined) return this.#unknown(part, site);
        if (file.type === "file" && file.filename !== undefined) media.name = file.filename;
        return withExtras({ type: "media", media }, extras);
      }
      default:
        return this.#unknown(part, site);
    }
  }

  /** The reasoning parts from `start` that the AI SDK split from one Responses item (same item id), or just the first. */
  #reasoningGroup(content: readonly AiSdkContentPart[], start: number): AiSdkReasoningPart[] {
    const first = content[start] as AiSdkReasoningPart;
    const key = this.#keys[ITEM_FACTS_PROVIDER] ?? "openai";
    const itemId = first.providerOptions?.[key]?.itemId;
    const group = [first];
    if (typeof itemId !== "string") return group;
    for (let next = start + 1; next < content.length; next++) {
      const part = content[next] as AiSdkContentPart;
      // A part partwise kept pieces for starts a part of its own (toModelMessages writes them on the first of a split only).
      const options = (part as AiSdkReasoningPart).providerOptions;
      if (part.type !== "reasoning" || options?.[key]?.itemId !== itemId || options?.[PARTWISE_KEY] !== undefined) break;
      group.push(part as AiSdkReasoningPart);
    }
    return group;
  }

  #reasoning(group: readonly AiSdkReasoningPart[], pointer: string): Part {
    const first = group[0] as AiSdkReasoningPart;
    const extras = this.#extras(first.providerOptions, "reasoning", pointer);
    const responsesOptions = first.providerOptions?.[this.#keys[ITEM_FACTS_PROVIDER] ?? "openai"];
    const responses = typeof responsesOptions?.itemId === "string" || typeof responsesOptions?.reasoningEncryptedContent === "string";
    const redacted = extras.payload !== undefined && REDACTED_KINDS.has(`${extras.payload.provider}/${extras.payload.kind}`);
    const read = readReasoningTexts(group.map((part) => part.text), responses, redacted);
    const texts = extras.kept.reasoning ?? read;
    const part: Part = { type: "reasoning" };
    if (texts.text !== null) part.text = texts.text;
    else if (redacted && !responses) part.text = null;
    if (texts.summary !== null) part.summary = texts.summary;
    if (extras.kept.attributes === undefined) {
      const attributes: Attributes = { ...extras.attributes };
      if (read.summaryPartLengths !== undefined && extras.kept.reasoning === undefined) attributes.summaryPartLengths = read.summaryPartLengths;
      extras.attributes = attributes;
    }
    return withExtras(part, extras);
  }

  #toolResult(part: AiSdkToolResultPart, pointer: string): Part {
    const extras = this.#extras(part.providerOptions, undefined, pointer);
    const output = part.output;
    let isError = output.type === "error-text" || output.type === "error-json" || output.type === "execution-denied";
    let content: Part[];
    switch (output.type) {
      case "text":
      case "error-text":
        content = [{ type: "text", text: typeof output.value === "string" ? output.value : JSON.stringify(output.value) }];
        break;
      case "json":
      case "error-json":
        content = [{ type: "text", text: JSON.stringify(output.value ?? null) }];
        break;
      case "execution-denied":
        content = output.reason === undefined ? [] : [{ type: "text", text: output.reason }];
        break;
      case "content":
        content = (Array.isArray(output.value) ? output.value as AiSdkToolOutputItem[] : []).map((item, index) => this.#outputItem(item, { format: FORMAT, pointer: `${pointer}/output/value/${index}` }));
        break;
      default:
        content = [this.#unknown(output, { format: FORMAT, pointer: `${pointer}/output` })];
    }
    const kept = extras.kept.toolResult;
    if (kept !== undefined) {
      isError = kept.isError;
      if (kept.content !== undefined) content = this.#keptParts(kept.content, `${pointer}/providerOptions/${PARTWISE_KEY}/kept`);
    }
    const result: Part = { type: "tool_result", content, isError };
    if (kept?.noId !== true) result.id = part.toolCallId;
    if (kept?.noName !== true) result.name = part.toolName;
    return withExtras(result, extras);
  }

  #outputItem(item: AiSdkToolOutputItem, site: ConversionSite): Part {
    switch (item.type) {
      case "text":
        return { type: "text", text: item.text ?? "" };
      case "file-data":
      case "image-data":
      case "media":
        return typeof item.data === "string" ? { type: "media", media: { mimeType: item.mediaType ?? OCTET_STREAM, data: item.data, dataKind: "bytes" } } : this.#unknown(item, site);
      case "file-url":
      case "image-url":
        return typeof item.url === "string" ? { type: "media", media: { mimeType: item.mediaType ?? OCTET_STREAM, data: item.url, dataKind: "url" } } : this.#unknown(item, site);
      default:
        return this.#unknown(item, site);
    }
  }

  /** Media from the AI SDK's data: base64 text, a URL (string or `URL`), bytes, or ai 7's tagged file data. */
  #media(data: unknown, mimeType: string, kept: AiSdkPartwiseOptions): Media | undefined {
    const media = mediaOf(data, mimeType);
    if (media === undefined) return undefined;
    if (kept.media?.id !== undefined) media.id = kept.media.id;
    if (kept.media?.dataKind === "string" && media.dataKind === "bytes") {
      media.data = kept.media.data ?? new TextDecoder().decode(base64ToBytes(media.data));
      media.dataKind = "string";
    } else if (kept.media?.dataKind === "url") media.dataKind = "url";
    return media;
  }

  /** A part partwise has no part for, kept whole as an unknown part of provider `ai-sdk`. */
  #unknown(value: { type: string }, site: ConversionSite): Part {
    this.warnings.push(keptAsUnknownWarning(site, `a ${value.type} has no partwise part; kept as an unknown part`));
    return { type: "unknown", provider: FORMAT, kind: value.type || "part", rawJson: JSON.stringify(value) };
  }

  /** Payload, attributes and kept pieces from a part's providerOptions; fields nothing reads are reported. */
  #extras(options: AiSdkProviderOptions | undefined, place: AiSdkPayloadPart | undefined, pointer: string): ReadExtras {
    const optionsPointer = `${pointer}/providerOptions`;
    const kept = this.#kept(options, optionsPointer);
    const extras: ReadExtras = { kept };
    const consumed = new Set<string>();
    for (const [key, values] of Object.entries(options ?? {})) {
      if (key === PARTWISE_KEY) continue;
      for (const provider of this.#byKey.get(key) ?? []) {
        for (const field of PAYLOAD_FIELDS) {
          if (field.provider !== provider || place === undefined || !field.parts.includes(place)) continue;
          const value = values[field.field];
          if (typeof value !== "string" || value === "" || consumed.has(`${key}/${field.field}`)) continue;
          consumed.add(`${key}/${field.field}`);
          if (extras.payload === undefined) extras.payload = { provider, kind: field.kind, data: value };
          else this.warnings.push(partLostWarning({ format: FORMAT, pointer: `${optionsPointer}/${key}/${field.field}` }, "a part carries one payload; this second one is not kept"));
        }
        if (provider === ITEM_FACTS_PROVIDER && place !== undefined && place !== "file") {
          for (const { attribute, field } of ITEM_FACT_FIELDS) {
            const value = values[field];
            if (typeof value !== "string") continue;
            consumed.add(`${key}/${field}`);
            extras.attributes = { ...extras.attributes, [attribute]: value };
          }
        }
      }
      for (const [field, value] of Object.entries(values)) {
        if (value === null || value === undefined || consumed.has(`${key}/${field}`)) continue;
        if (kept.attributes === undefined) this.warnings.push(partLostWarning({ format: FORMAT, pointer: `${optionsPointer}/${key}/${field}` }, `partwise has no place for providerOptions.${key}.${field}`));
      }
    }
    if (extras.payload === undefined && kept.payload !== undefined) extras.payload = { ...kept.payload };
    if (kept.attributes !== undefined) extras.attributes = { ...kept.attributes };
    return extras;
  }

  /** Message-level providerOptions other than `partwise` have no place in a partwise message. */
  #reportOtherKeys(options: AiSdkProviderOptions | undefined, pointer: string): void {
    for (const key of Object.keys(options ?? {})) {
      if (key !== PARTWISE_KEY) this.warnings.push(partLostWarning({ format: FORMAT, pointer: `${pointer}/${key}` }, `partwise messages have no place for message providerOptions.${key}`));
    }
  }

  /** What partwise kept under `providerOptions.partwise.kept`, checked; empty when there is none. */
  #kept(options: AiSdkProviderOptions | undefined, pointer: string): AiSdkPartwiseOptions {
    const text = options?.[PARTWISE_KEY]?.kept;
    if (text === undefined) return {};
    const site = { format: FORMAT, pointer: `${pointer}/${PARTWISE_KEY}/kept` };
    if (typeof text !== "string") throw invalidConversionInput(site, "expected the JSON text partwise wrote");
    return checkFormat<AiSdkPartwiseOptions>(validateAiSdkPartwiseOptions, this.#json(text, site.pointer), site);
  }

  #json(text: string, pointer: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      throw invalidConversionInput({ format: FORMAT, pointer }, "expected the JSON text partwise wrote");
    }
  }

  #keptParts(text: string, pointer: string): Part[] {
    const value = this.#json(text, pointer);
    if (!Array.isArray(value)) throw invalidConversionInput({ format: FORMAT, pointer }, "expected a list of parts");
    return value.map((part, index) => parsePart(part, { pointer: `${pointer}/${index}` }));
  }

  /** Puts the parts kept for their positions back where they were. */
  #restoreKept(parts: Part[], text: string, pointer: string): void {
    const value = this.#json(text, pointer);
    if (!Array.isArray(value)) throw invalidConversionInput({ format: FORMAT, pointer }, "expected the kept parts");
    for (const [index, entry] of value.entries()) {
      const at = (entry as { at?: unknown } | null)?.at;
      if (typeof at !== "number" || !Number.isInteger(at) || at < 0) throw invalidConversionInput({ format: FORMAT, pointer: `${pointer}/${index}` }, "expected { at, part }");
      parts.splice(Math.min(at, parts.length), 0, parsePart((entry as { part?: unknown }).part, { pointer: `${pointer}/${index}/part` }));
    }
  }
}

/**
 * A part toUIMessages wrote keeps its side channel (`partwise.fields` / `absent`) through the AI SDK's
 * convertToModelMessages, which copies providerMetadata into providerOptions: applied here, so a history
 * written as UIMessages and read back as ModelMessages keeps what the UI part kept (docs/convert-ui-message.md#the-side-channel).
 */
function withUiSideChannel(part: AiSdkContentPart, read: Part): Part {
  const side = (part as { providerOptions?: AiSdkProviderOptions }).providerOptions?.[PARTWISE_KEY];
  if (side === undefined || "kept" in side) return read;
  // A result carries its call's metadata, whose side channel holds the result's own difference under `result`.
  return applyDifference(read, part.type === "tool-result" ? side.result : side);
}

function withExtras<T extends Part>(part: T, extras: ReadExtras): T {
  if (extras.payload !== undefined) part.payload = extras.payload;
  if (extras.attributes !== undefined && Object.keys(extras.attributes).length > 0) part.attributes = extras.attributes;
  return part;
}

/** True for text the AI SDK takes as a URL (it tries `new URL` on string data). */
export function isUrl(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) && URL.canParse(text);
}

/** Media of the AI SDK's data content (DataContent | URL, or ai 7's `{ type: "data" | "url" | "text" }`). */
function mediaOf(data: unknown, mimeType: string): Media | undefined {
  if (typeof data === "string") return isUrl(data) ? { mimeType, data, dataKind: "url" } : { mimeType, data, dataKind: "bytes" };
  if (data instanceof URL) return { mimeType, data: data.href, dataKind: "url" };
  if (data instanceof Uint8Array) return { mimeType, data: bytesToBase64(data), dataKind: "bytes" };
  if (data instanceof ArrayBuffer) return { mimeType, data: bytesToBase64(new Uint8Array(data)), dataKind: "bytes" };
  if (typeof data === "object" && data !== null) {
    const tagged = data as { type?: unknown; data?: unknown; url?: unknown; text?: unknown };
    if (tagged.type === "data") return mediaOf(tagged.data, mimeType);
    if (tagged.type === "url") return mediaOf(tagged.url, mimeType);
    if (tagged.type === "text" && typeof tagged.text === "string") return { mimeType, data: tagged.text, dataKind: "string" };
  }
  return undefined;
}

/**
 * AI SDK `ModelMessage`s (what `generateText` takes, or `result.response.messages`) as partwise messages.
 * Input that is not a `ModelMessage[]` raises `convert/invalid-input` with the pointer of the mismatch.
 */
export function fromModelMessages(messages: unknown, options: FromModelMessagesOptions = {}): Converted<Message> {
  const checked = checkFormat<AiSdkModelMessages>(validateAiSdkModelMessages, messages, { format: FORMAT, pointer: "" });
  const reader = new ModelMessageReader(options);
  return { messages: checked.map((message, index) => reader.message(message, `/${index}`)), warnings: reader.warnings };
}
