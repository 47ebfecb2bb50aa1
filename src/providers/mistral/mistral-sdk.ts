// The Mistral wire in the shapes of the official @mistralai/mistralai SDK, whose TypeScript types are
// camelCase (toolCalls, toolCallId, maxTokens, ...) and which its serializers turn into the wire's
// snake_case: the encoded body as the SDK's `ChatCompletionRequest`, and the SDK's response and stream
// events back as the wire JSON the decoders read. Hand-written field tables; the SDK is never imported.
import type { MistralChatCompletionResponse, MistralCompletionChunk, MistralRequestToolCall, MistralTextChunk } from "./mistral-wire.js";

/** Wire name -> SDK name, for the fields the SDK renames; every other field keeps its name. */
type FieldNames = Readonly<Record<string, string>>;

/** The request fields the SDK renames (ChatCompletionRequest$outboundSchema). */
const REQUEST_FIELDS = {
  top_p: "topP",
  max_tokens: "maxTokens",
  random_seed: "randomSeed",
  response_format: "responseFormat",
  tool_choice: "toolChoice",
  presence_penalty: "presencePenalty",
  frequency_penalty: "frequencyPenalty",
  parallel_tool_calls: "parallelToolCalls",
  reasoning_effort: "reasoningEffort",
  prompt_mode: "promptMode",
  prompt_cache_key: "promptCacheKey",
  service_tier: "serviceTier",
  safe_prompt: "safePrompt",
} as const satisfies FieldNames;

/** A request's fields under the SDK's names, as mistralSdkRequest renames them (a field it does not know keeps its name). */
type SdkRequestFields<T> = { [Key in keyof T as Key extends keyof typeof REQUEST_FIELDS ? (typeof REQUEST_FIELDS)[Key] : Key]: T[Key] };

/** A thinking chunk as the SDK types it: its nested chunks are text. */
export interface MistralSdkThinkChunk {
  type: "thinking";
  thinking: MistralTextChunk[];
  signature?: string | null;
  closed?: boolean;
}

/** A content chunk the encoder writes, in the SDK's names. */
export type MistralSdkChunk =
  | MistralTextChunk
  | MistralSdkThinkChunk
  | { type: "image_url"; imageUrl: string }
  | { type: "document_url"; documentUrl: string; documentName?: string };

/** A message the encoder writes, in the SDK's names (one type per role, as the SDK's union has them). */
export type MistralSdkMessage =
  | { role: "system"; content: string | (MistralTextChunk | MistralSdkThinkChunk)[] }
  | { role: "user"; content: string | MistralSdkChunk[] }
  | { role: "assistant"; content?: string | MistralSdkChunk[]; toolCalls?: MistralRequestToolCall[] }
  | { role: "tool"; content: string | MistralSdkChunk[]; toolCallId?: string; name?: string };

/** `response_format` in the SDK's names: `jsonSchema`, whose `schema` is `schemaDefinition`. */
type SdkResponseFormat<Format> = Format extends { json_schema?: infer JsonSchema }
  ? Omit<Format, "json_schema"> & { jsonSchema?: JsonSchema extends { schema?: infer Schema } ? Omit<JsonSchema, "schema"> & { schemaDefinition: Schema } : JsonSchema }
  : Format;

/**
 * The SDK's `ChatCompletionRequest` for an encoded body: the request fields in the SDK's names, typed as
 * they were given in `request` (so `model` is there when it was required), and the messages.
 */
export type MistralSdkRequest<Body> = SdkRequestFields<Omit<Body, "messages" | "response_format">> &
  (Body extends { response_format?: infer Format } ? { responseFormat?: SdkResponseFormat<Format> } : unknown) & { messages: MistralSdkMessage[] };

const RESPONSE_FORMAT_FIELDS: FieldNames = { json_schema: "jsonSchema" };
const JSON_SCHEMA_FIELDS: FieldNames = { schema: "schemaDefinition" };
const MESSAGE_FIELDS: FieldNames = { tool_calls: "toolCalls", tool_call_id: "toolCallId" };
const RESPONSE_FIELDS: FieldNames = { finish_reason: "finishReason" };
const USAGE_FIELDS: FieldNames = {
  prompt_tokens: "promptTokens",
  completion_tokens: "completionTokens",
  total_tokens: "totalTokens",
  prompt_audio_seconds: "promptAudioSeconds",
  service_tier: "serviceTier",
};
/** Chunk fields by chunk type (https://docs.mistral.ai/api/#tag/chat: image_url, document_url, reference, file, input_audio). */
const CHUNK_FIELDS: FieldNames = {
  image_url: "imageUrl",
  document_url: "documentUrl",
  document_name: "documentName",
  reference_ids: "referenceIds",
  file_id: "fileId",
  input_audio: "inputAudio",
  tool_reference: "toolReference",
};

/** The same table read the other way: SDK name -> wire name. */
function inverted(names: FieldNames): FieldNames {
  return Object.fromEntries(Object.entries(names).map(([wire, sdk]) => [sdk, wire]));
}

/** How one field's value is converted (by its name before renaming); fields not listed are copied as they are. */
type ValueConversions = Readonly<Record<string, (value: unknown) => unknown>>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A copy of an object with its fields renamed by `names` and the listed values converted; fields the table
 * does not know (a field added to the API after this table) are carried over under their own name, unchanged.
 */
function renamed(value: unknown, names: FieldNames, conversions: ValueConversions = {}): unknown {
  if (!isObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    const convert = conversions[field];
    copy[names[field] ?? field] = convert === undefined ? fieldValue : convert(fieldValue);
  }
  return copy;
}

/** Each item of a list converted; anything else as it is. */
function eachOf(convert: (item: unknown) => unknown): (value: unknown) => unknown {
  return (value) => (Array.isArray(value) ? value.map(convert) : value);
}

/** The id the SDK gives a tool call that came without one (a streamed call's later fragments). */
const SDK_MISSING_ID = "null";

function withoutId(call: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = call;
  return rest;
}

/** One direction of the mapping: the converters for chunks, content, messages and usage under one name table. */
function direction(toSdk: boolean) {
  const names = (table: FieldNames) => (toSdk ? table : inverted(table));
  const chunkNames = names(CHUNK_FIELDS);
  const chunk = (value: unknown): unknown => {
    // The SDK reads a chunk type it does not know as `{ type: "UNKNOWN", raw, isUnknown: true }`: the raw chunk is the wire.
    if (!toSdk && isObject(value) && value.isUnknown === true && "raw" in value) return value.raw;
    return renamed(value, chunkNames, { thinking: eachOf(chunk) });
  };
  const messageNames = names(MESSAGE_FIELDS);
  // Tool calls have no renamed field (id, type, function: { name, arguments }, index); read from the SDK, a call
  // without an id has the SDK's stand-in id "null" (ToolCall's default), which the wire never sent.
  const toolCalls = eachOf((call) => (!toSdk && isObject(call) && call.id === SDK_MISSING_ID ? withoutId(call) : call));
  const message = (value: unknown) => renamed(value, messageNames, { content: eachOf(chunk), tool_calls: toolCalls, toolCalls });
  const usage = (value: unknown) => renamed(value, names(USAGE_FIELDS));
  return { message, usage, responseNames: names(RESPONSE_FIELDS) };
}

const TO_SDK = direction(true);
const FROM_SDK = direction(false);

/**
 * The body as the SDK's `ChatCompletionRequest` (for `client.chat.complete` and `client.chat.stream`):
 * fields renamed as the SDK names them, at every level the encoder writes (messages, chunks, tool calls,
 * `response_format`). Fields the SDK does not know keep their wire name; its serializer leaves them out
 * of what it sends (it sends the fields of its own types), as it does any chunk kind it does not type.
 */
export function mistralSdkRequest<Body extends object>(body: Body): MistralSdkRequest<Body> {
  const responseFormat = (value: unknown) => renamed(value, RESPONSE_FORMAT_FIELDS, { json_schema: (schema) => renamed(schema, JSON_SCHEMA_FIELDS) });
  // A cast: the copy is built field by field from the tables, which SdkRequestFields applies to Body's type.
  return renamed(body, REQUEST_FIELDS, { messages: eachOf(TO_SDK.message), response_format: responseFormat }) as MistralSdkRequest<Body>;
}

/** The choice fields: the message (or the stream's delta) and the finish reason. */
function choiceFromSdk(choice: unknown): unknown {
  return renamed(choice, FROM_SDK.responseNames, { message: FROM_SDK.message, delta: FROM_SDK.message, messages: eachOf(FROM_SDK.message) });
}

/** A response the SDK returns (or one stream chunk it parsed), in the wire's names. */
function responseFromSdk(response: unknown): unknown {
  return renamed(response, {}, { choices: eachOf(choiceFromSdk), usage: FROM_SDK.usage });
}

/**
 * The SDK's `ChatCompletionResponse` (`client.chat.complete`) as the wire JSON, for `decodeMistralResponse`:
 * camelCase fields back to snake_case (finishReason, toolCalls, promptTokens, imageUrl, ...), chunk kinds
 * the SDK did not know back to the chunk it read. Fields the SDK kept that the table does not name are
 * carried over as they are.
 */
export function mistralResponseFromSdk(response: object): MistralChatCompletionResponse {
  // The decoders validate what they are given; the value is typed as what a faithful SDK response maps to.
  return responseFromSdk(response) as MistralChatCompletionResponse;
}

/** One event of the SDK's stream (`CompletionEvent`, `{ data: CompletionChunk }`) as the wire's stream chunk. */
export function mistralChunkFromSdk(event: { readonly data: object }): MistralCompletionChunk {
  return responseFromSdk(event.data) as MistralCompletionChunk;
}

/**
 * The SDK's stream (`await client.chat.stream(...)`) as wire stream chunks, for
 * `decodeEventStream(mistralCodec, mistralEventsFromSdk(stream))`.
 */
export async function* mistralEventsFromSdk(events: AsyncIterable<{ readonly data: object }>): AsyncGenerator<MistralCompletionChunk> {
  for await (const event of events) yield mistralChunkFromSdk(event);
}
