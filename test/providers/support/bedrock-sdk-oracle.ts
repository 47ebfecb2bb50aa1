// The AWS SDK as the independent oracle for Bedrock: recorded events framed into real event-stream bytes
// by @smithy/eventstream-codec, those bytes (or a JSON body) read by @aws-sdk/client-bedrock-runtime's own
// ConverseStream / Converse deserializers through a client whose HTTP handler returns them, and the
// deserialized events assembled into a ConverseResponse the way the ConverseStream docs describe.
import { Readable } from "node:stream";
import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand, type ConverseStreamOutput } from "@aws-sdk/client-bedrock-runtime";
import { EventStreamCodec } from "@smithy/eventstream-codec";
import type { Part } from "../../../generated/types.js";

// The installed Node is older than the SDK's next support floor; its one-time notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const codec = new EventStreamCodec((bytes) => Buffer.from(bytes).toString("utf8"), (text) => new Uint8Array(Buffer.from(text, "utf8")));

/** Event-stream frames for events in the `{ "<eventType>": payload }` form, as Bedrock sends them (exceptions as exception frames). */
export function eventStreamBytes(events: readonly unknown[]): Uint8Array {
  const frames = events.map((event) => {
    const [[type, payload]] = Object.entries(event as Record<string, unknown>) as [[string, unknown]];
    const exception = type.endsWith("Exception");
    return codec.encode({
      headers: {
        ":message-type": { type: "string", value: exception ? "exception" : "event" },
        [exception ? ":exception-type" : ":event-type"]: { type: "string", value: type },
        ":content-type": { type: "string", value: "application/json" },
      },
      body: new TextEncoder().encode(JSON.stringify(payload)),
    });
  });
  return new Uint8Array(Buffer.concat(frames));
}

function clientAnswering(body: Uint8Array, contentType: string): BedrockRuntimeClient {
  return new BedrockRuntimeClient({
    region: "us-east-1",
    credentials: { accessKeyId: "oracle", secretAccessKey: "oracle" },
    requestHandler: {
      handle: async () => ({ response: { statusCode: 200, headers: { "content-type": contentType }, body: Readable.from([Buffer.from(body)]) } }),
    } as never,
  });
}

/** The SDK's typed ConverseStream events for raw bytes; an exception frame rejects with the SDK's typed error. */
export async function sdkStreamEvents(bytes: Uint8Array): Promise<ConverseStreamOutput[]> {
  const output = await clientAnswering(bytes, "application/vnd.amazon.eventstream").send(new ConverseStreamCommand({ modelId: "oracle", messages: [] }));
  const events: ConverseStreamOutput[] = [];
  for await (const event of output.stream ?? []) events.push(event);
  return events;
}

/** What the SDK's Converse deserializer reads from a JSON body: output, stopReason, usage (blobs as Uint8Array). */
export async function sdkConverseResponse(body: unknown): Promise<{ output?: unknown; stopReason?: unknown; usage?: unknown }> {
  const response = await clientAnswering(new TextEncoder().encode(JSON.stringify(body)), "application/json").send(new ConverseCommand({ modelId: "oracle", messages: [] }));
  return { output: response.output, stopReason: response.stopReason, usage: response.usage };
}

/** An SDK value in the JSON API's form: blobs as base64 text, `$unknown: [name, value]` as `{name: value}`. */
export function jsonForm(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(jsonForm);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).filter(([, field]) => field !== undefined);
  return Object.fromEntries(entries.map(([key, field]) => (key === "$unknown" ? [(field as [string, unknown])[0], jsonForm((field as [string, unknown])[1])] : [key, jsonForm(field)])));
}

interface AssembledBlock {
  start?: Record<string, Record<string, unknown>>;
  text: string;
  reasoningText?: string;
  signature?: string;
  redacted: Uint8Array[];
  input?: string;
  citations: unknown[];
  toolResult: unknown[];
  image?: Record<string, unknown>;
}

/**
 * The ConverseResponse a stream of the SDK's typed events stands for, assembled as the ConverseStream
 * docs describe: deltas of a `contentBlockIndex` joined in order (text and reasoning text appended, the
 * signature's pieces joined, redacted bytes concatenated, tool input JSON text parsed at the end, a block
 * whose deltas are citations and text being a `citationsContent`), usage from `metadata`.
 */
export function assembleConverseResponse(events: readonly ConverseStreamOutput[]): Record<string, unknown> {
  const blocks = new Map<number, AssembledBlock>();
  const blockAt = (index: number): AssembledBlock => {
    let block = blocks.get(index);
    if (!block) blocks.set(index, (block = { text: "", redacted: [], citations: [], toolResult: [] }));
    return block;
  };
  let stopReason: unknown;
  let usage: unknown;
  for (const event of events) {
    if (event.contentBlockStart) {
      const { start, contentBlockIndex } = event.contentBlockStart;
      if (start?.toolUse) blockAt(contentBlockIndex ?? 0).start = { toolUse: { ...start.toolUse } };
      if (start?.toolResult) blockAt(contentBlockIndex ?? 0).start = { toolResult: { ...start.toolResult } };
      if (start?.image) blockAt(contentBlockIndex ?? 0).start = { image: { ...start.image } };
    } else if (event.contentBlockDelta) {
      const block = blockAt(event.contentBlockDelta.contentBlockIndex ?? 0);
      const delta = event.contentBlockDelta.delta;
      if (delta?.text !== undefined) block.text += delta.text;
      if (delta?.toolUse) block.input = (block.input ?? "") + delta.toolUse.input;
      if (delta?.citation) block.citations.push(delta.citation);
      if (delta?.toolResult) block.toolResult.push(...delta.toolResult);
      if (delta?.image) block.image = { ...block.image, ...delta.image };
      const reasoning = delta?.reasoningContent;
      if (reasoning?.text !== undefined) block.reasoningText = (block.reasoningText ?? "") + reasoning.text;
      if (reasoning?.signature !== undefined) block.signature = (block.signature ?? "") + reasoning.signature;
      if (reasoning?.redactedContent !== undefined) block.redacted.push(reasoning.redactedContent);
    } else if (event.messageStop) {
      stopReason = event.messageStop.stopReason;
    } else if (event.metadata) {
      usage = event.metadata.usage;
    }
  }
  const content = [...blocks.entries()].sort(([left], [right]) => left - right).map(([, block]) => {
    if (block.start?.toolUse) return { toolUse: { ...block.start.toolUse, input: block.input ? JSON.parse(block.input) : {} } };
    if (block.start?.toolResult) return { toolResult: { ...block.start.toolResult, content: block.toolResult } };
    if (block.start?.image) return { image: { ...block.start.image, ...block.image } };
    if (block.redacted.length > 0) return { reasoningContent: { redactedContent: Buffer.concat(block.redacted) } };
    if (block.reasoningText !== undefined || block.signature !== undefined) {
      return { reasoningContent: { reasoningText: { text: block.reasoningText ?? "", ...(block.signature ? { signature: block.signature } : {}) } } };
    }
    if (block.citations.length > 0) return { citationsContent: { citations: block.citations, content: [{ text: block.text }] } };
    return { text: block.text };
  });
  return jsonForm({ output: { message: { role: "assistant", content } }, stopReason, usage }) as Record<string, unknown>;
}

/** Parts with the raw JSON of unknown parts parsed, to compare as JSON values: the SDK rebuilds objects in its schema's key order. */
export function parsedRaw(parts: readonly Part[] = []): unknown[] {
  return parts.map((part) => (part.type === "unknown" ? { ...part, rawJson: JSON.parse(part.rawJson) } : part));
}
