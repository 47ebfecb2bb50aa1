// Bedrock through the AWS SDK (@aws-sdk/client-bedrock-runtime), which re-types the Converse wire: blobs as
// Uint8Array, tagged unions closed with `$unknown: [name, value]` for members it does not model. These helpers
// turn partwise's JSON body into the SDK's command input and the SDK's outputs back into the wire JSON the
// decoders read. The SDK is never imported: the types below are the SDK's shapes, checked against it in
// test/types/bedrock-sdk.typecheck.ts. https://docs.aws.amazon.com/AWSJavaScriptSDK/v3/latest/client/bedrock-runtime/
import { base64ToBytes, bytesToBase64 } from "../../bytes/base64.js";
import { UnsupportedPartError } from "../../errors/partwise-error.js";
import type { BedrockReasoningTextBlock, BedrockToolUseBlock } from "../../../generated/wire/bedrock.js";
import type {
  BedrockContentBlock,
  BedrockConverseRequest,
  BedrockDocumentBlock,
  BedrockImageBlock,
  BedrockMessage,
  BedrockSystemContentBlock,
  BedrockToolResultBlock,
} from "./bedrock-wire.js";
import { BEDROCK, alphabetical } from "./bedrock-wire.js";
import type { BedrockEncoded } from "./encode-bedrock-request.js";

/** A JSON document (the SDK's `DocumentType`): a tool's input. */
export type BedrockSdkDocument = null | boolean | number | string | BedrockSdkDocument[] | { [key: string]: BedrockSdkDocument };

/** A member the SDK does not model, which it serializes as `{ name: value }`: partwise's blocks kept as received. */
export interface BedrockSdkUnknownMember {
  $unknown: [string, unknown];
}

/** An image or document source in the SDK's form: the bytes as Uint8Array. */
export type BedrockSdkMediaSource = { bytes: Uint8Array } | { s3Location: NonNullable<BedrockImageBlock["source"]["s3Location"]> };

export interface BedrockSdkImageBlock {
  format: BedrockImageBlock["format"];
  source: BedrockSdkMediaSource;
}

export interface BedrockSdkDocumentBlock {
  format: BedrockDocumentBlock["format"];
  name: BedrockDocumentBlock["name"];
  source: BedrockSdkMediaSource | { text: string };
}

/** A block of a tool result's content in the SDK's form. */
export type BedrockSdkToolResultContentBlock = { text: string } | { image: BedrockSdkImageBlock } | { document: BedrockSdkDocumentBlock } | BedrockSdkUnknownMember;

/** A content block of a request in the SDK's form (its `ContentBlock`): what the encoder writes, and the rest as `$unknown`. */
export type BedrockSdkContentBlock =
  | { text: string }
  | { reasoningContent: { reasoningText: Pick<BedrockReasoningTextBlock, "text" | "signature"> } | { redactedContent: Uint8Array } }
  | { toolUse: { toolUseId: BedrockToolUseBlock["toolUseId"]; name: BedrockToolUseBlock["name"]; input: BedrockSdkDocument } }
  | { toolResult: { toolUseId: BedrockToolResultBlock["toolUseId"]; content: BedrockSdkToolResultContentBlock[]; status?: NonNullable<BedrockToolResultBlock["status"]> } }
  | { image: BedrockSdkImageBlock }
  | { document: BedrockSdkDocumentBlock }
  | BedrockSdkUnknownMember;

export interface BedrockSdkMessage {
  role: BedrockMessage["role"];
  content: BedrockSdkContentBlock[];
}

/** The SDK's `ConverseCommandInput` (and `ConverseStreamCommandInput`) for an encoded body: its request fields as given. */
export type BedrockSdkInput<Body extends BedrockEncoded> = Omit<Body, "modelId" | "messages" | "system"> & {
  modelId: string;
  messages: BedrockSdkMessage[];
  system?: ({ text: string } | BedrockSdkUnknownMember)[];
};

/** A block's member name and value (a Converse block is a one-member object). */
function member(block: object): [string, Record<string, unknown>] | undefined {
  const entries = Object.entries(block);
  if (entries.length !== 1) return undefined;
  const [[name, value]] = entries as [[string, unknown]];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? [name, value as Record<string, unknown>] : undefined;
}

/** Whether an object holds exactly the given fields, each required one present: then the SDK's member models it whole. */
function holdsOnly(value: Record<string, unknown>, required: readonly string[], optional: readonly string[] = []): boolean {
  const keys = Object.keys(value);
  return required.every((key) => keys.includes(key)) && keys.every((key) => required.includes(key) || optional.includes(key));
}

/**
 * The bytes of a blob's base64 text when the SDK writes them back as that same text (standard alphabet,
 * padded, no stray bits); otherwise undefined, and the block goes as written (`$unknown`), not re-encoded.
 */
function canonicalBytes(text: unknown): Uint8Array | undefined {
  if (typeof text !== "string") return undefined;
  const bytes = base64ToBytes(text);
  return bytesToBase64(bytes) === text ? bytes : undefined;
}

/** A wire source in the SDK's form, or undefined when it is not one the SDK models. */
function sdkSource(source: unknown, textAllowed: boolean): BedrockSdkDocumentBlock["source"] | undefined {
  if (typeof source !== "object" || source === null) return undefined;
  const value = source as Record<string, unknown>;
  const bytes = canonicalBytes(value.bytes);
  if (holdsOnly(value, ["bytes"]) && bytes) return { bytes };
  const s3Location = value.s3Location as Record<string, unknown> | undefined;
  if (holdsOnly(value, ["s3Location"]) && typeof s3Location === "object" && s3Location !== null && holdsOnly(s3Location, ["uri"], ["bucketOwner"])) {
    return { s3Location: s3Location as NonNullable<BedrockImageBlock["source"]["s3Location"]> };
  }
  if (textAllowed && holdsOnly(value, ["text"]) && typeof value.text === "string") return { text: value.text };
  return undefined;
}

function sdkImage(image: Record<string, unknown>): BedrockSdkImageBlock | undefined {
  const source = holdsOnly(image, ["format", "source"]) ? sdkSource(image.source, false) : undefined;
  return source === undefined || "text" in source ? undefined : { format: image.format as BedrockImageBlock["format"], source };
}

function sdkDocument(document: Record<string, unknown>): BedrockSdkDocumentBlock | undefined {
  const source = holdsOnly(document, ["format", "name", "source"]) ? sdkSource(document.source, true) : undefined;
  return source === undefined ? undefined : { format: document.format as BedrockDocumentBlock["format"], name: String(document.name), source };
}

function sdkToolResultContent(block: object, pointer: string): BedrockSdkToolResultContentBlock {
  const [name, value] = member(block) ?? ["", {}];
  const image = name === "image" ? sdkImage(value) : undefined;
  const document = name === "document" ? sdkDocument(value) : undefined;
  if (image) return { image };
  if (document) return { document };
  if ("text" in block && typeof block.text === "string" && Object.keys(block).length === 1) return { text: block.text };
  return unknownMember(block, pointer);
}

/**
 * A block the SDK takes verbatim: its only member as `$unknown`, serialized by the SDK exactly as given. A
 * block with no member or several (not Converse, but an unknown part's raw JSON may hold one) has no SDK
 * form that sends it whole, so it is refused rather than cut.
 */
function unknownMember(block: object, pointer: string): BedrockSdkUnknownMember {
  const entries = Object.entries(block);
  if (entries.length !== 1) {
    throw new UnsupportedPartError(
      "provider/unsupported-part",
      `the block at ${pointer} has ${entries.length} members, and the AWS SDK sends a Converse block with exactly one; send the encoded body over HTTP to keep it as it is`,
      { pointer, provider: BEDROCK },
    );
  }
  const [[name, value]] = entries as [[string, unknown]];
  return { $unknown: [name, value] };
}

/**
 * A request block in the SDK's form. Blocks the encoder writes for parts become the SDK's members (blobs
 * decoded to bytes); any other block (a cache point, citations, a server tool's use and result, a future
 * block type) goes as `$unknown`, which the SDK writes as given, so no field it does not model is lost.
 */
function sdkBlock(block: BedrockContentBlock, pointer: string): BedrockSdkContentBlock {
  if ("text" in block && typeof block.text === "string" && Object.keys(block).length === 1) return { text: block.text };
  const [name, value] = member(block) ?? ["", {}];
  if (name === "reasoningContent") {
    const reasoningText = value.reasoningText as Record<string, unknown> | undefined;
    if (holdsOnly(value, ["reasoningText"]) && reasoningText && holdsOnly(reasoningText, ["text"], ["signature"])) return { reasoningContent: { reasoningText: reasoningText as Pick<BedrockReasoningTextBlock, "text" | "signature"> } };
    const redactedContent = canonicalBytes(value.redactedContent);
    if (holdsOnly(value, ["redactedContent"]) && redactedContent) return { reasoningContent: { redactedContent } };
  }
  if (name === "toolUse" && holdsOnly(value, ["toolUseId", "name", "input"])) return { toolUse: value as { toolUseId: string; name: string; input: BedrockSdkDocument } };
  if (name === "toolResult" && holdsOnly(value, ["toolUseId", "content"], ["status"]) && Array.isArray(value.content)) {
    const result = value as unknown as BedrockToolResultBlock;
    return { toolResult: { toolUseId: result.toolUseId, content: result.content.map((item, index) => sdkToolResultContent(item, `${pointer}/toolResult/content/${index}`)), ...(result.status === undefined ? {} : { status: result.status }) } };
  }
  const image = name === "image" ? sdkImage(value) : undefined;
  const document = name === "document" ? sdkDocument(value) : undefined;
  if (image) return { image };
  if (document) return { document };
  return unknownMember(block, pointer);
}

function sdkSystemBlock(block: BedrockSystemContentBlock, pointer: string): { text: string } | BedrockSdkUnknownMember {
  return typeof block.text === "string" && Object.keys(block).length === 1 ? { text: block.text } : unknownMember(block, pointer);
}

/**
 * The AWS SDK's `ConverseCommandInput` (or `ConverseStreamCommandInput`) for an encoded Converse body and
 * the model: `new ConverseCommand(bedrockConverseInput(encoded.body, modelId))`. The SDK then sends exactly
 * the encoded body (the `modelId` in the path, as the body's own `modelId` field never goes on the wire).
 * Throws `provider/unsupported-part` for a block the SDK cannot send whole (one with several members).
 */
export function bedrockConverseInput<Body extends BedrockEncoded>(body: Body, modelId: string): BedrockSdkInput<Body> {
  const { modelId: _pathLabel, messages, system, ...fields } = body as Body & Pick<BedrockConverseRequest, "modelId">;
  const sdkMessages = messages.map((message, at) => ({ role: message.role, content: message.content.map((block, index) => sdkBlock(block, `/messages/${at}/content/${index}`)) }));
  const input = { ...fields, modelId, messages: sdkMessages };
  return (system === undefined ? input : { ...input, system: system.map((block, index) => sdkSystemBlock(block, `/system/${index}`)) }) as BedrockSdkInput<Body>;
}

/** Fields whose value is a JSON document (tool input, model-native fields): kept as they are, key order included. */
const DOCUMENT_FIELDS: ReadonlySet<string> = new Set(["input", "json", "additionalModelResponseFields"]);

/**
 * An SDK value in the wire's JSON form: blobs as base64 text, `$unknown: [name, value]` as `{ name: value }`
 * (the value is the JSON as received), dates as epoch seconds (restJson1's body timestamps), absent members
 * dropped, and every object's keys in alphabetical order as Bedrock writes them (the SDK rebuilds objects in
 * its schema's order), documents excepted. https://smithy.io/2.0/aws/protocols/aws-restjson1-protocol.html
 */
function wireForm(value: unknown): unknown {
  if (value instanceof Uint8Array) return bytesToBase64(value);
  if (value instanceof Date) return value.getTime() / 1000;
  if (Array.isArray(value)) return value.map(wireForm);
  if (typeof value !== "object" || value === null) return value;
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || key === "$metadata") continue;
    if (key === "$unknown" && Array.isArray(field)) fields[String(field[0])] = field[1];
    else fields[key] = DOCUMENT_FIELDS.has(key) ? field : wireForm(field);
  }
  return alphabetical(fields);
}

/** The JSON body a `ConverseCommandOutput` was read from, for `decodeBedrockResponse`: the response metadata left out. */
export function bedrockResponseFromSdk(output: object): unknown {
  return wireForm(output);
}

/** The error fields of an AWS SDK service exception that are not the body Bedrock sent. */
const EXCEPTION_TRANSPORT_FIELDS: ReadonlySet<string> = new Set(["name", "$fault", "$metadata", "$response", "$retryable", "stack", "cause"]);

/**
 * An exception the SDK threw for an exception event of the stream (a `ModelStreamErrorException` with
 * `$fault`), as the `{ "<type>Exception": body }` event it was sent as; undefined for any other error.
 */
function exceptionEvent(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Error) || !("$fault" in error) || !error.name.endsWith("Exception")) return undefined;
  const body: Record<string, unknown> = { message: error.message };
  for (const [key, field] of Object.entries(error)) if (!EXCEPTION_TRANSPORT_FIELDS.has(key) && field !== undefined) body[key] = field;
  return { [error.name.charAt(0).toLowerCase() + error.name.slice(1)]: wireForm(body) };
}

/**
 * The wire events (`{ "<eventType>": payload }`) of a `ConverseStreamCommandOutput.stream`, for
 * `decodeEventStream(bedrockCodec, ...)`: each SDK event in the wire's JSON form, and an exception the SDK
 * throws for an exception event as that event, so the decoder raises the error decoding the bytes raises.
 */
export async function* bedrockEventsFromSdk(stream: AsyncIterable<object> | Iterable<object>): AsyncGenerator<unknown> {
  try {
    for await (const event of stream) yield wireForm(event);
  } catch (error) {
    const event = exceptionEvent(error);
    if (event === undefined) throw error;
    yield event;
  }
}
