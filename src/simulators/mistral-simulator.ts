// A stand-in for Mistral's POST /v1/chat/completions: content as chunks with `thinking` chunks, 9-character
// tool-call ids, SSE ending in [DONE], and Mistral's documented refusals of a history (no thinking check is
// documented, so thinking comes back as sent). providers-anthropic-bedrock-gemini-mistral.md D.1-D.4
import { randomBytes } from "node:crypto";
import { type WireContent, partSubject, urlMediaSubject } from "./content-check.js";
import { type ChatMessage, chatCompletionsRoute, chatMessages, chatRequestContent, chatScriptTurns, chatToolNames } from "./openai-chat-simulator.js";
import { type ProviderSimulator, type SimulatorAnswer, type SimulatorContext, type SimulatorRequest, bearerAuthorized, pieces, serverSentEventAnswer } from "./simulator-server.js";
import { type ScriptReply, scriptReply } from "./weather-script.js";
import { requestRule, ruleErrorText } from "../providers/request-rules.js";

type Chunk = Record<string, unknown>;
type ToolCall = { id?: unknown; function?: { name?: unknown } };

function error(status: number, message: unknown, type = "invalid_request_error"): SimulatorAnswer {
  // D.4: the error envelope.
  return { kind: "json", status, body: { object: "error", message, type, param: null, code: null } };
}

function toolCallsOf(message: ChatMessage): ToolCall[] {
  return Array.isArray(message.tool_calls) ? (message.tool_calls as ToolCall[]) : [];
}

/** The first documented refusal of a history (D.4, and B.4 for `reasoning_content`), or undefined. */
function refusal(messages: readonly ChatMessage[]): SimulatorAnswer | undefined {
  for (const [index, message] of messages.entries()) {
    if (message.role === "assistant" && "reasoning_content" in message) {
      // The request schema forbids extra fields: 422 extra_forbidden (charmbracelet/crush#1590).
      const detail = { type: "extra_forbidden", loc: ["body", "messages", index, "assistant", "reasoning_content"], msg: "Extra inputs are not permitted", input: message.reasoning_content };
      return error(422, { detail: [detail] });
    }
    const ids = message.role === "tool" ? [message.tool_call_id] : toolCallsOf(message).map((call) => call.id);
    const malformed = ids.find((id) => id !== undefined && !/^[a-zA-Z0-9]{9}$/.test(String(id)));
    if (malformed !== undefined) return error(400, ruleErrorText(requestRule("mistral", "mistral/tool-call-id-format"), { id: String(malformed) }));
    const calls = toolCallsOf(message).length;
    if (message.role === "assistant" && calls > 0 && index + 1 < messages.length) {
      let results = 0;
      while (messages[index + 1 + results]?.role === "tool") results++;
      if (results !== calls) return error(400, ruleErrorText(requestRule("mistral", "mistral/call-response-count")));
    }
  }
  return undefined;
}

/** The part a Mistral chunk carries; undefined for chunks partwise writes none of. */
function chunkSubject(chunk: Chunk): WireContent["subject"] | undefined {
  switch (chunk.type) {
    case "text":
      return partSubject("text");
    case "thinking":
      return partSubject("reasoning");
    case "image_url": {
      const image = chunk.image_url;
      return urlMediaSubject(String(typeof image === "object" && image !== null ? (image as { url?: unknown }).url : image), "image/*");
    }
    case "document_url":
      return urlMediaSubject(String(chunk.document_url), "application/pdf");
    default:
      return undefined;
  }
}

/** Whether the request reasons: `reasoning_effort` other than none, the reasoning prompt mode, or a Magistral model (D.4). */
function reasons(body: Record<string, unknown>, model: string): boolean {
  const effort = body.reasoning_effort;
  return (typeof effort === "string" && effort !== "none") || body.prompt_mode === "reasoning" || /magistral/.test(model);
}

function thinkingChunk(text: string): Chunk {
  return { type: "thinking", thinking: [{ type: "text", text }] };
}

function answer(request: SimulatorRequest, reply: ScriptReply, reasoning: boolean, context: SimulatorContext): SimulatorAnswer {
  const base = { id: randomBytes(16).toString("hex"), created: Math.floor(Date.now() / 1000), model: request.model };
  // D.1: Mistral's ids are 9 characters from a-z, A-Z, 0-9, which is what nextId draws from.
  const toolCalls = reply.toolCall ? [{ id: context.nextId("", 9), type: "function", function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) }, index: 0 }] : undefined;
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
  return serverSentEventAnswer([...chunks.map((value) => JSON.stringify(value)), "[DONE]"].map((data) => ({ data })));
}

export const mistralSimulator: ProviderSimulator = {
  provider: "mistral",
  route: chatCompletionsRoute,
  authorized: bearerAuthorized,
  requestContent: (body) => chatRequestContent(body, chunkSubject),
  errorAnswer(status, type, message) {
    return type === "authentication_error" ? error(401, "Unauthorized", "unauthorized") : error(status, message, type);
  },
  handle(request, context) {
    const messages = chatMessages(request.body);
    const refused = refusal(messages);
    if (refused) return refused;
    return answer(request, scriptReply(chatScriptTurns(messages), chatToolNames(request.body)), reasons(request.body, request.model), context);
  },
};
