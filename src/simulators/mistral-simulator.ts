// A stand-in for Mistral's POST /v1/chat/completions: content as chunks with `thinking` chunks, 9-character
// tool-call ids, SSE ending in [DONE], and Mistral's documented refusals of a history (no thinking check is
// documented, so thinking comes back as sent). providers-anthropic-bedrock-gemini-mistral.md D.1-D.4
import { randomBytes } from "node:crypto";
import { encodeServerSentEvent } from "../providers/framing/server-sent-events.js";
import type { ProviderSimulator, SimulatorAnswer, SimulatorRequest } from "./simulator-server.js";
import { type ScriptReply, type ScriptTurn, scriptReply } from "./weather-script.js";

type WireMessage = Record<string, unknown> & { role?: unknown; content?: unknown };
type Chunk = Record<string, unknown>;
type ToolCall = { id?: unknown; function?: { name?: unknown } };

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** An id as Mistral makes and requires them: 9 characters from a-z, A-Z, 0-9 (D.1). */
function toolCallId(): string {
  return [...randomBytes(9)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");
}

function error(status: number, message: unknown, type = "invalid_request_error"): SimulatorAnswer {
  // D.4: the error envelope.
  return { kind: "json", status, body: { object: "error", message, type, param: null, code: null } };
}

function toolCallsOf(message: WireMessage): ToolCall[] {
  return Array.isArray(message.tool_calls) ? (message.tool_calls as ToolCall[]) : [];
}

/** The first documented refusal of a history (D.4, and B.4 for `reasoning_content`), or undefined. */
function refusal(messages: readonly WireMessage[]): SimulatorAnswer | undefined {
  for (const [index, message] of messages.entries()) {
    if (message.role === "assistant" && "reasoning_content" in message) {
      // The request schema forbids extra fields: 422 extra_forbidden (charmbracelet/crush#1590).
      const detail = { type: "extra_forbidden", loc: ["body", "messages", index, "assistant", "reasoning_content"], msg: "Extra inputs are not permitted", input: message.reasoning_content };
      return error(422, { detail: [detail] });
    }
    const ids = message.role === "tool" ? [message.tool_call_id] : toolCallsOf(message).map((call) => call.id);
    const malformed = ids.find((id) => id !== undefined && !/^[a-zA-Z0-9]{9}$/.test(String(id)));
    if (malformed !== undefined) return error(400, `Tool call id was ${String(malformed)} but must be a-z, A-Z, 0-9, with a length of 9.`);
    const calls = toolCallsOf(message).length;
    if (message.role === "assistant" && calls > 0 && index + 1 < messages.length) {
      let results = 0;
      while (messages[index + 1 + results]?.role === "tool") results++;
      if (results !== calls) return error(400, "Not the same number of function calls and responses");
    }
  }
  return undefined;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as Chunk[]).filter((chunk) => chunk.type === "text").map((chunk) => String(chunk.text)).join("");
}

function scriptTurns(messages: readonly WireMessage[]): ScriptTurn[] {
  return messages
    .filter((message) => message.role === "user" || message.role === "assistant" || message.role === "tool")
    .map((message) => ({
      role: message.role as ScriptTurn["role"],
      text: message.role === "tool" ? "" : textOf(message.content),
      toolCalls: toolCallsOf(message).map((call) => ({ id: String(call.id), name: String(call.function?.name) })),
      toolResults: message.role === "tool" ? [{ id: String(message.tool_call_id), text: textOf(message.content) }] : [],
    }));
}

/** Whether the request reasons: `reasoning_effort` other than none, the reasoning prompt mode, or a Magistral model (D.4). */
function reasons(body: Record<string, unknown>, model: string): boolean {
  const effort = body.reasoning_effort;
  return (typeof effort === "string" && effort !== "none") || body.prompt_mode === "reasoning" || /magistral/.test(model);
}

function thinkingChunk(text: string): Chunk {
  return { type: "thinking", thinking: [{ type: "text", text }] };
}

function pieces(text: string, size: number): string[] {
  return text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [""];
}

function answer(request: SimulatorRequest, reply: ScriptReply, reasoning: boolean): SimulatorAnswer {
  const base = { id: randomBytes(16).toString("hex"), created: Math.floor(Date.now() / 1000), model: request.model };
  const toolCalls = reply.toolCall ? [{ id: toolCallId(), type: "function", function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) }, index: 0 }] : undefined;
  const finish_reason = toolCalls ? "tool_calls" : "stop";
  const prompt_tokens = JSON.stringify(request.body.messages ?? []).length >> 2;
  const completion_tokens = ((reply.text.length + (reasoning ? reply.reasoning.length : 0)) >> 2) + 1;
  const usage = { prompt_tokens, total_tokens: prompt_tokens + completion_tokens, completion_tokens };
  if (!request.stream) {
    // D.2: a string without reasoning, a chunk array with it.
    const content = reasoning ? [thinkingChunk(reply.reasoning), { type: "text", text: reply.text }] : reply.text;
    const message = { role: "assistant", content, ...(toolCalls ? { tool_calls: toolCalls } : {}) };
    return { kind: "json", status: 200, body: { ...base, object: "chat.completion", usage, choices: [{ index: 0, finish_reason, message }] } };
  }
  // D.3: thinking as chunk arrays, then text, then the tool calls whole with finish_reason and usage.
  const chunk = (delta: Chunk, finish: string | null = null, extra: Chunk = {}) => ({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }], ...extra });
  const chunks: unknown[] = [];
  const role = (): Chunk => (chunks.length === 0 ? { role: "assistant" } : {});
  if (reasoning) for (const piece of pieces(reply.reasoning, 24)) chunks.push(chunk({ ...role(), content: [thinkingChunk(piece)] }));
  for (const piece of pieces(reply.text, 12)) chunks.push(chunk({ ...role(), content: piece }));
  chunks.push(chunk({ content: "", ...(toolCalls ? { tool_calls: toolCalls } : {}) }, finish_reason, { usage }));
  const frames = [...chunks.map((value) => JSON.stringify(value)), "[DONE]"].map((data) => new TextEncoder().encode(encodeServerSentEvent({ data })));
  return { kind: "stream", contentType: "text/event-stream", chunks: frames };
}

export const mistralSimulator: ProviderSimulator = {
  provider: "mistral",
  route(method, url, body) {
    if (method !== "POST" || !/^(?:\/v1)?\/chat\/completions$/.test(url.pathname)) return undefined;
    return { model: String(body.model ?? ""), stream: body.stream === true };
  },
  authorized: (request, _url, _body, apiKey) => request.headers.authorization === `Bearer ${apiKey}`,
  errorAnswer(status, type, message) {
    return type === "authentication_error" ? error(401, "Unauthorized", "unauthorized") : error(status, message, type);
  },
  handle(request) {
    const messages = Array.isArray(request.body.messages) ? (request.body.messages as WireMessage[]) : [];
    const refused = refusal(messages);
    if (refused) return refused;
    const tools = Array.isArray(request.body.tools) ? (request.body.tools as { function?: { name?: unknown } }[]).map((tool) => String(tool.function?.name)) : [];
    return answer(request, scriptReply(scriptTurns(messages), tools), reasons(request.body, request.model));
  },
};
