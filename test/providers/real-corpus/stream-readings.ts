// An independent reading of a recorded stream, merged the way each provider's streaming docs describe and
// then read like a blocking reply (reply-readings.ts). The SSE split follows the WHATWG event-stream rules;
// Bedrock's binary frames are read by @smithy/eventstream-codec, the AWS SDK's own codec.
import { EventStreamCodec } from "@smithy/eventstream-codec";
import {
  type ExpectedReply,
  GEMINI_CANDIDATE_METADATA,
  isNode,
  type Node,
  nodes,
  readAnthropicContent,
  readChatMessage,
  readConverseContent,
  readGeminiCandidate,
  readResponsesOutput,
} from "./reply-readings.js";

export interface StreamReading {
  readonly reply: ExpectedReply;
  /** The stream carried an error event or error chunk. */
  readonly errored: boolean;
  /** The provider's end marker arrived. */
  readonly ended: boolean;
}


/** SSE events (html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation). */
export function serverSentEvents(text: string): { event?: string; data: string }[] {
  const events: { event?: string; data: string }[] = [];
  let name: string | undefined;
  let data: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === "") {
      if (data.length > 0) events.push({ ...(name === undefined ? {} : { event: name }), data: data.join("\n") });
      name = undefined;
      data = [];
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  if (data.length > 0) events.push({ ...(name === undefined ? {} : { event: name }), data: data.join("\n") });
  return events;
}

function jsonEvents(text: string): { event?: string; value: unknown }[] {
  return serverSentEvents(text)
    .filter((event) => event.data !== "[DONE]")
    .map((event) => ({ ...(event.event === undefined ? {} : { event: event.event }), value: JSON.parse(event.data) as unknown }));
}

/** Anthropic: content_block_start opens a block, deltas extend it (docs.anthropic.com/en/docs/build-with-claude/streaming). */
export function readAnthropicStream(text: string): StreamReading {
  const blocks: Node[] = [];
  const partialJson = new Map<number, string>();
  let errored = false;
  let ended = false;
  for (const { value } of jsonEvents(text)) {
    if (!isNode(value)) continue;
    const index = typeof value.index === "number" ? value.index : -1;
    if (value.type === "error") errored = true;
    else if (value.type === "message_stop") ended = true;
    else if (value.type === "content_block_start" && isNode(value.content_block)) blocks[index] = { ...value.content_block };
    else if (value.type === "content_block_delta" && isNode(value.delta) && blocks[index]) {
      const block = blocks[index];
      const delta = value.delta;
      const append = (field: string, piece: unknown) => (block[field] = `${typeof block[field] === "string" ? block[field] : ""}${String(piece ?? "")}`);
      if (delta.type === "text_delta") append("text", delta.text);
      else if (delta.type === "thinking_delta") append("thinking", delta.thinking);
      else if (delta.type === "signature_delta") append("signature", delta.signature);
      else if (delta.type === "input_json_delta") partialJson.set(index, (partialJson.get(index) ?? "") + String(delta.partial_json ?? ""));
      else if (delta.type === "citations_delta") block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
      else if (delta.type === "compaction_delta") append("content", delta.content);
    }
  }
  for (const [index, json] of partialJson) {
    const block = blocks[index];
    if (block) block.input = json.trim() === "" ? {} : (JSON.parse(json) as unknown);
  }
  return { reply: readAnthropicContent(blocks.filter(isNode)), errored, ended };
}

/** Responses: the terminal event carries the whole response (platform.openai.com/docs/api-reference/responses-streaming). */
export function readResponsesStream(text: string): StreamReading {
  let output: unknown = [];
  let errored = false;
  let ended = false;
  for (const { value } of jsonEvents(text)) {
    if (!isNode(value)) continue;
    if (value.type === "error" || value.type === "response.failed") errored = true;
    if ((value.type === "response.completed" || value.type === "response.incomplete" || value.type === "response.failed") && isNode(value.response)) {
      ended = true;
      output = value.response.output;
    }
  }
  return { reply: readResponsesOutput(output), errored, ended };
}

/** Chat Completions: deltas of choice 0 appended field by field, tool calls by `index`. */
export function readChatStream(text: string): StreamReading {
  const message: Node = {};
  const calls: Node[] = [];
  const details: Node[] = [];
  let errored = false;
  let ended = false;
  const appendTo = (target: Node, field: string, piece: unknown) => {
    if (typeof piece === "string") target[field] = `${typeof target[field] === "string" ? target[field] : ""}${piece}`;
  };
  for (const event of serverSentEvents(text)) {
    if (event.data === "[DONE]") {
      ended = true;
      continue;
    }
    const chunk = JSON.parse(event.data) as unknown;
    if (!isNode(chunk)) continue;
    if (chunk.error !== undefined || event.event === "error") errored = true;
    const choice = nodes(chunk.choices).find((candidate) => (candidate.index ?? 0) === 0);
    if (!choice) continue;
    if (typeof choice.finish_reason === "string" && choice.finish_reason !== "error") ended = true;
    if (choice.finish_reason === "error" || choice.error !== undefined) errored = true;
    const delta = isNode(choice.delta) ? choice.delta : {};
    if (typeof delta.content === "string") appendTo(message, "content", delta.content);
    if (Array.isArray(delta.content)) message.content = [...(Array.isArray(message.content) ? message.content : typeof message.content === "string" ? [{ type: "text", text: message.content }] : []), ...delta.content];
    appendTo(message, "reasoning_content", delta.reasoning_content);
    appendTo(message, "reasoning", delta.reasoning);
    for (const detail of nodes(delta.reasoning_details)) {
      const slot = typeof detail.index === "number" ? detail.index : details.length;
      const target = (details[slot] ??= {});
      for (const field of ["text", "summary", "signature", "data"]) appendTo(target, field, detail[field]);
    }
    for (const call of nodes(delta.tool_calls)) {
      const slot = typeof call.index === "number" ? call.index : calls.length;
      const target = (calls[slot] ??= { function: {} });
      if (typeof call.id === "string" && call.id !== "") target.id = call.id;
      const called = isNode(call.function) ? call.function : {};
      const into = target.function as Node;
      if (typeof called.name === "string" && called.name !== "") into.name = called.name;
      appendTo(into, "arguments", called.arguments);
    }
  }
  if (calls.length > 0) message.tool_calls = calls.filter(isNode);
  if (details.length > 0) message.reasoning_details = details.filter(isNode);
  return { reply: readChatMessage(message), errored, ended };
}

/** Gemini: every chunk's candidate parts in order; grounding from the chunks that carry it (ai.google.dev/api/generate-content#method:-models.streamgeneratecontent). */
export function readGeminiStream(text: string): StreamReading {
  const parts: unknown[] = [];
  const candidate: Node = {};
  let errored = false;
  let ended = false;
  for (const { value } of jsonEvents(text)) {
    if (!isNode(value)) continue;
    if (value.error !== undefined) errored = true;
    const first = nodes(value.candidates)[0];
    if (!first) continue;
    if (typeof first.finishReason === "string") ended = true;
    if (isNode(first.content)) parts.push(...nodes(first.content.parts));
    for (const field of GEMINI_CANDIDATE_METADATA) if (first[field] !== undefined) candidate[field] = first[field];
  }
  return { reply: readGeminiCandidate({ ...candidate, content: { parts } }), errored, ended };
}

const frameCodec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (textValue) => new TextEncoder().encode(textValue),
);

/** Bedrock ConverseStream: event-stream frames, deltas joined per contentBlockIndex (API_runtime_ConverseStream.html). */
export function readBedrockStream(bytes: Uint8Array): StreamReading {
  const blocks: Node[] = [];
  const toolInput = new Map<number, string>();
  let errored = false;
  let ended = false;
  for (let offset = 0; offset + 4 <= bytes.length; ) {
    const length = new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0);
    const frame = frameCodec.decode(bytes.subarray(offset, offset + length));
    offset += length;
    const type = frame.headers[":message-type"]?.value;
    const name = String(frame.headers[":event-type"]?.value ?? frame.headers[":exception-type"]?.value ?? "");
    if (type !== "event") {
      errored = true;
      continue;
    }
    const payload = JSON.parse(new TextDecoder().decode(frame.body)) as Node;
    const index = typeof payload.contentBlockIndex === "number" ? payload.contentBlockIndex : -1;
    if (name === "messageStop") ended = true;
    if (name === "contentBlockStart" && isNode(payload.start)) {
      const start = payload.start;
      blocks[index] = isNode(start.toolUse) ? { toolUse: { ...start.toolUse } } : { ...start };
    }
    if (name === "contentBlockDelta" && isNode(payload.delta)) {
      const delta = payload.delta;
      const block = (blocks[index] ??= {});
      if (typeof delta.text === "string") block.text = `${typeof block.text === "string" ? block.text : ""}${delta.text}`;
      if (isNode(delta.reasoningContent)) {
        const reasoning = (block.reasoningContent ??= {}) as Node;
        const pieces = delta.reasoningContent;
        if (typeof pieces.redactedContent === "string") reasoning.redactedContent = `${String(reasoning.redactedContent ?? "")}${pieces.redactedContent}`;
        if (typeof pieces.text === "string" || typeof pieces.signature === "string") {
          const textBlock = (reasoning.reasoningText ??= {}) as Node;
          if (typeof pieces.text === "string") textBlock.text = `${String(textBlock.text ?? "")}${pieces.text}`;
          if (typeof pieces.signature === "string") textBlock.signature = `${String(textBlock.signature ?? "")}${pieces.signature}`;
        }
      }
      if (isNode(delta.toolUse)) toolInput.set(index, (toolInput.get(index) ?? "") + String(delta.toolUse.input ?? ""));
      // A server tool's result streams its content blocks into the toolResult the start opened.
      if (Array.isArray(delta.toolResult)) {
        const result = (block.toolResult ??= {}) as Node;
        result.content = [...(Array.isArray(result.content) ? result.content : []), ...delta.toolResult];
      }
      for (const [field, value] of Object.entries(delta)) if (!["text", "reasoningContent", "toolUse", "toolResult"].includes(field)) block[field] = value;
    }
  }
  for (const [index, json] of toolInput) {
    const block = blocks[index];
    if (block && isNode(block.toolUse)) block.toolUse.input = json.trim() === "" ? {} : (JSON.parse(json) as unknown);
  }
  return { reply: readConverseContent(blocks.filter(isNode)), errored, ended };
}
