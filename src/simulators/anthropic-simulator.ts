// A stand-in for the Anthropic Messages API: POST /v1/messages, blocking or SSE, with thinking signed by
// an HMAC over the thinking text, and the 400s of the request rules (spec/providers/anthropic.tsp) in their
// words: thinking modified or missing in a tool loop, tool ids and tool_use/tool_result pairing.
// https://platform.claude.com/docs/build-with-claude/thinking-tool-workflows
import { type ProviderSimulator, type SimulatorAnswer, type SimulatorContext, type SimulatorRequest, pieces, serverSentEventAnswer } from "./simulator-server.js";
import { type ScriptReply, type ScriptTurn, scriptReply } from "./weather-script.js";
import { type WireContent, blockRequestContent, mediaSubject, partSubject } from "./content-check.js";
import { requestRule, ruleErrorText } from "../providers/request-rules.js";

type Block = Record<string, unknown> & { type?: unknown };
type WireMessage = { role?: unknown; content?: unknown };

const THINKING = "anthropic:thinking";
const REDACTED = "anthropic:redacted";

function blocksOf(message: WireMessage): Block[] {
  if (typeof message.content === "string") return [{ type: "text", text: message.content }];
  return Array.isArray(message.content) ? (message.content as Block[]) : [];
}

function textOfBlocks(blocks: readonly Block[]): string {
  return blocks.filter((block) => block.type === "text").map((block) => String(block.text)).join("");
}

function toolResultText(block: Block): string {
  if (typeof block.content === "string") return block.content;
  return Array.isArray(block.content) ? textOfBlocks(block.content as Block[]) : "";
}

/** Tool ids the API's schema takes. */
const TOOL_ID = /^[a-zA-Z0-9_-]+$/;
/** What signatures and redacted data are written in. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The words of an Anthropic request rule (spec/providers/anthropic.tsp), with the values it names. */
function ruleText(name: string, values?: Readonly<Record<string, string>>): string {
  return ruleErrorText(requestRule("anthropic", `anthropic/${name}`), values);
}

/** A tool id outside the schema's pattern, where the schema check (before any other) finds it. */
function toolIdProblem(messages: readonly WireMessage[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    for (const [position, block] of blocksOf(message).entries()) {
      const at = `messages.${index}.content.${position}`;
      if (block.type === "tool_use" && !TOOL_ID.test(String(block.id ?? ""))) return `${at}.tool_use.id: ${ruleText("tool-id-pattern")}`;
      if (block.type === "tool_result" && !TOOL_ID.test(String(block.tool_use_id ?? ""))) return `${at}.tool_result.tool_use_id: ${ruleText("tool-id-pattern")}`;
    }
  }
  return undefined;
}

function toolUseIdsOf(message: WireMessage | undefined): string[] {
  return message?.role === "assistant" ? blocksOf(message).filter((block) => block.type === "tool_use").map((block) => String(block.id)) : [];
}

/** The ids the `tool_result` blocks at the start of a user message answer: results must come before any other block. */
function leadingResults(message: WireMessage | undefined): Set<string> {
  const ids = new Set<string>();
  if (message?.role !== "user") return ids;
  for (const block of blocksOf(message)) {
    if (block.type !== "tool_result") break;
    ids.add(String(block.tool_use_id));
  }
  return ids;
}

/**
 * A thinking block modified, invented or not base64; redacted data likewise. The signature binds the text
 * only, not the block's place: a block moved to another turn verifies, as lint can tell only what a history shows.
 */
function thinkingProblem(message: WireMessage, index: number, context: SimulatorContext): string | undefined {
  for (const [position, block] of blocksOf(message).entries()) {
    if (block.type === "thinking") {
      const signature = String(block.signature ?? "");
      if (!BASE64.test(signature) || !context.signer.verify(THINKING, String(block.thinking ?? ""), signature)) return `messages.${index}.content.${position}: ${ruleText("invalid-thinking-signature")}`;
    } else if (block.type === "redacted_thinking") {
      const data = String(block.data ?? "");
      if (!BASE64.test(data) || context.signer.unseal(REDACTED, Buffer.from(data, "base64").toString("utf8")) === undefined) return `messages.${index}.content.${position}: ${ruleText("invalid-redacted-thinking")}`;
    }
  }
  return undefined;
}

/** The first replay problem of a request, as the API words it, or undefined. */
function replayProblem(messages: readonly WireMessage[], thinkingEnabled: boolean, context: SimulatorContext): string | undefined {
  const idProblem = toolIdProblem(messages);
  if (idProblem) return idProblem;
  const seen = new Set<string>();
  for (const [index, message] of messages.entries()) {
    if (message.role === "user") {
      const calls = new Set(toolUseIdsOf(messages[index - 1]));
      for (const [position, block] of blocksOf(message).entries()) {
        if (block.type === "tool_result" && !calls.has(String(block.tool_use_id))) return `messages.${index}.content.${position}: ${ruleText("tool-result-without-use", { id: String(block.tool_use_id) })}`;
      }
    }
    if (message.role !== "assistant") continue;
    const problem = thinkingProblem(message, index, context);
    if (problem) return problem;
    for (const [position, block] of blocksOf(message).entries()) {
      if (block.type !== "tool_use") continue;
      if (seen.has(String(block.id))) return `messages.${index}.content.${position}: ${ruleText("duplicate-tool-use-id")}`;
      seen.add(String(block.id));
    }
    const next = messages[index + 1];
    const answered = leadingResults(next);
    const missing = toolUseIdsOf(message).filter((id) => !answered.has(id));
    if (missing.length > 0 && next !== undefined) return `messages.${index + 1}: ${ruleText("tool-use-without-result", { id: missing.join(", ") })}`;
  }
  // The final assistant turn of a running tool loop must start with its thinking block.
  const last = messages.length - 2;
  const first = messages[last] ? blocksOf(messages[last] as WireMessage)[0] : undefined;
  if (thinkingEnabled && first && toolUseIdsOf(messages[last]).length > 0 && first.type !== "thinking" && first.type !== "redacted_thinking") {
    return `messages.${last}.content.0.type: ${ruleText("thinking-first-in-tool-loop", { found: String(first.type) })}`;
  }
  return undefined;
}

/** The request-level limits: thinking in a trailing assistant message with thinking off, more than 100 images. */
function requestProblem(messages: readonly WireMessage[], thinkingEnabled: boolean): string | undefined {
  const last = messages.length - 1;
  const final = messages[last];
  if (!thinkingEnabled && final?.role === "assistant") {
    const position = blocksOf(final).findIndex((block) => block.type === "thinking" || block.type === "redacted_thinking");
    if (position >= 0) return `messages.${last}.content.${position}: ${ruleText("thinking-in-final-assistant")}`;
  }
  const blocks = messages.flatMap((message) => blocksOf(message).flatMap((block) => [block, ...(block.type === "tool_result" && Array.isArray(block.content) ? (block.content as Block[]) : [])]));
  const images = blocks.filter((block) => block.type === "image").length;
  // Documents' pages count too; the simulator (like lint) counts images only when there are none.
  if (images > 100 && !blocks.some((block) => block.type === "document")) return ruleText("too-many-images", { images: String(images) });
  return undefined;
}

/** The part a user or system block carries, for the content rules; undefined for blocks partwise writes none of. */
function blockSubject(block: Block): WireContent["subject"] | undefined {
  const source = (typeof block.source === "object" && block.source !== null ? block.source : {}) as Block;
  switch (block.type) {
    case "text":
      return partSubject("text");
    case "image":
      if (source.type === "base64") return mediaSubject(String(source.media_type), "bytes");
      return source.type === "url" ? mediaSubject("image/*", "url", String(source.url)) : undefined;
    case "document":
      if (source.type === "base64") return mediaSubject(String(source.media_type), "bytes");
      if (source.type === "text") return mediaSubject(String(source.media_type ?? "text/plain"), "string");
      return source.type === "url" ? mediaSubject("application/pdf", "url", String(source.url)) : undefined;
    case "tool_result":
      return partSubject("tool_result");
    case "thinking":
    case "redacted_thinking":
      return partSubject("reasoning");
    case "tool_use":
      return partSubject("tool_call");
    default:
      return undefined;
  }
}

function scriptTurns(messages: readonly WireMessage[]): ScriptTurn[] {
  return messages.map((message) => {
    const blocks = blocksOf(message);
    const results = blocks.filter((block) => block.type === "tool_result");
    return {
      role: message.role === "assistant" ? "assistant" : results.length > 0 ? "tool" : "user",
      text: textOfBlocks(blocks),
      toolCalls: blocks.filter((block) => block.type === "tool_use").map((block) => ({ id: String(block.id), name: String(block.name) })),
      toolResults: results.map((block) => ({ id: String(block.tool_use_id), text: toolResultText(block) })),
    };
  });
}

/** The reply's content blocks, thinking signed. */
function replyBlocks(reply: ScriptReply, thinking: boolean, context: SimulatorContext): Block[] {
  const blocks: Block[] = [];
  if (thinking) blocks.push({ type: "thinking", thinking: reply.reasoning, signature: context.signer.sign(THINKING, reply.reasoning) });
  blocks.push({ type: "text", text: reply.text });
  if (reply.toolCall) blocks.push({ type: "tool_use", id: context.nextId("toolu_01"), name: reply.toolCall.name, input: reply.toolCall.arguments });
  return blocks;
}

function streamEvents(message: Record<string, unknown>, blocks: readonly Block[]): Record<string, unknown>[] {
  const usage = message.usage as Record<string, number>;
  const events: Record<string, unknown>[] = [
    { type: "message_start", message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } },
    { type: "ping" },
  ];
  blocks.forEach((block, index) => {
    switch (block.type) {
      case "thinking":
        events.push({ type: "content_block_start", index, content_block: { type: "thinking", thinking: "", signature: "" } });
        for (const piece of pieces(String(block.thinking), 24)) events.push({ type: "content_block_delta", index, delta: { type: "thinking_delta", thinking: piece } });
        events.push({ type: "content_block_delta", index, delta: { type: "signature_delta", signature: block.signature } });
        break;
      case "text":
        events.push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
        for (const piece of pieces(String(block.text), 12)) events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text: piece } });
        break;
      default:
        events.push({ type: "content_block_start", index, content_block: { ...block, input: {} } });
        for (const piece of pieces(JSON.stringify(block.input), 7)) events.push({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: piece } });
    }
    events.push({ type: "content_block_stop", index });
  });
  events.push({ type: "message_delta", delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
  events.push({ type: "message_stop" });
  return events;
}

export const anthropicSimulator: ProviderSimulator = {
  provider: "anthropic",
  route(method, url, body) {
    if (method !== "POST" || url.pathname !== "/v1/messages") return undefined;
    return { model: String(body.model ?? ""), stream: body.stream === true };
  },
  authorized: (headers, _url, _body, apiKey) => headers["x-api-key"] === apiKey,
  requestContent: (body) => blockRequestContent(body, { subjectOf: blockSubject, resultContent: (block) => (block.type === "tool_result" ? block.content : undefined) }),
  errorAnswer(status, type, message, context) {
    const requestId = context.nextId("req_");
    // An oversized body (the server's limit, 32 MB by default as the API's) gets the API's words.
    const text = type === "request_too_large" ? ruleText("request-too-large") : message;
    return { kind: "json", status, body: { type: "error", error: { type, message: text }, request_id: requestId }, headers: { "request-id": requestId } };
  },
  handle(request: SimulatorRequest, context: SimulatorContext): SimulatorAnswer {
    const messages = Array.isArray(request.body.messages) ? (request.body.messages as WireMessage[]) : [];
    const thinkingType = (request.body.thinking as { type?: unknown } | undefined)?.type;
    const thinking = thinkingType === "enabled" || thinkingType === "adaptive";
    const problem = replayProblem(messages, thinking, context) ?? requestProblem(messages, thinking);
    if (problem) return this.errorAnswer(400, "invalid_request_error", problem, context);
    const toolNames = Array.isArray(request.body.tools) ? (request.body.tools as { name?: unknown }[]).map((tool) => String(tool.name)) : [];
    const reply = scriptReply(scriptTurns(messages), toolNames);
    const blocks = replyBlocks(reply, thinking, context);
    const message = {
      id: context.nextId("msg_01"),
      type: "message",
      role: "assistant",
      model: request.model,
      content: blocks,
      stop_reason: reply.toolCall ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: JSON.stringify(messages).length >> 2, output_tokens: JSON.stringify(blocks).length >> 2, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    };
    if (!request.stream) return { kind: "json", status: 200, body: message, headers: { "request-id": context.nextId("req_") } };
    return serverSentEventAnswer(streamEvents(message, blocks).map((event) => ({ event: String(event.type), data: JSON.stringify(event) })));
  },
};
