// A stand-in for Ollama's POST /api/chat: blocking JSON or NDJSON (streaming is the default), `thinking` when
// think is on, complete tool calls with object arguments, and `{"error": ...}` lines inside a 200 stream.
// Ollama documents no replay error, so any history is accepted; images must be base64 (the content rules).
// providers-openai-ollama-deepseek.md C.1-C.4
import { type WireContent, mediaSubject } from "./content-check.js";
import { type ChatMessage as WireMessage, chatMessages, chatToolNames } from "./openai-chat-simulator.js";
import { type ProviderSimulator, type SimulatorAnswer, type SimulatorContext, bearerAuthorized, pieces } from "./simulator-server.js";
import { type ScriptReply, type ScriptTurn, scriptReply } from "./weather-script.js";
import { ownValue } from "../json/own-property.js";

type ToolCall = { id?: unknown; function?: { name?: unknown } };

const encoder = new TextEncoder();

function line(value: unknown): Uint8Array {
  return encoder.encode(`${JSON.stringify(value)}\n`);
}

/**
 * Whether the request thinks: `think` true or a level; when omitted, the server turns it on for a model with
 * the thinking capability (C.1, server/routes.go), which the simulated model has.
 */
function thinks(think: unknown): boolean {
  return think === undefined || think === true || (typeof think === "string" && ["low", "medium", "high", "max"].includes(think));
}

/** Where a message's images sit for the content rules; assistant messages follow the replay rules instead. */
const IMAGE_PLACES: Readonly<Record<string, WireContent["place"]>> = { system: "system", user: "user", tool: "tool_result" };

/** The images of system, user and tool messages: base64 strings, or (refused) anything that reads as a URL. */
function* requestContent(body: Record<string, unknown>): Iterable<WireContent> {
  for (const [index, message] of chatMessages(body).entries()) {
    const place = typeof message.role === "string" ? ownValue(IMAGE_PLACES, message.role) : undefined;
    if (place === undefined || !Array.isArray(message.images)) continue;
    for (const [position, image] of (message.images as unknown[]).entries()) {
      const text = String(image);
      const subject = /^[a-z][a-z0-9+.-]*:/i.test(text) ? mediaSubject("image/*", "url", text) : mediaSubject("image/*", "bytes");
      yield { place, subject, path: `messages[${index}].images[${position}]` };
    }
  }
}

function scriptTurns(messages: readonly WireMessage[]): ScriptTurn[] {
  return messages
    .filter((message) => message.role === "user" || message.role === "assistant" || message.role === "tool")
    .map((message) => {
      const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as ToolCall[]) : [];
      const text = typeof message.content === "string" ? message.content : "";
      // Tool results correlate by tool_call_id (since v0.12.10) or by tool_name (C.4).
      const resultId = String(message.tool_call_id ?? message.tool_name);
      return {
        role: message.role as ScriptTurn["role"],
        text: message.role === "tool" ? "" : text,
        toolCalls: calls.map((call) => ({ id: String(call.id ?? call.function?.name), name: String(call.function?.name) })),
        toolResults: message.role === "tool" ? [{ id: resultId, text }] : [],
      };
    });
}

/** The metrics of the final line, durations in nanoseconds (C.2). */
function metrics(messages: readonly WireMessage[], reply: ScriptReply): Record<string, unknown> {
  const prompt = JSON.stringify(messages).length >> 2;
  const evaluated = (reply.text.length + reply.reasoning.length) >> 2;
  return { done: true, done_reason: "stop", total_duration: 182_242_375, load_duration: 41_295_167, prompt_eval_count: prompt, prompt_eval_duration: 24_573_166, eval_count: evaluated, eval_duration: 115_959_084 };
}

function answer(messages: readonly WireMessage[], reply: ScriptReply, model: string, thinking: boolean, stream: boolean, context: SimulatorContext): SimulatorAnswer {
  const base = () => ({ model, created_at: new Date().toISOString() });
  const toolCalls = reply.toolCall ? [{ id: context.nextId("call_", 8).toLowerCase(), function: { index: 0, name: reply.toolCall.name, arguments: reply.toolCall.arguments } }] : [];
  if (!stream) {
    const message = { role: "assistant", content: reply.text, ...(thinking ? { thinking: reply.reasoning } : {}), ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
    return { kind: "json", status: 200, body: { ...base(), message, ...metrics(messages, reply) } };
  }
  // C.3: thinking chunks first, then content, then the tool calls whole, then the done line with the metrics.
  const chunks: Uint8Array[] = [];
  const chunk = (fields: Record<string, unknown>) => chunks.push(line({ ...base(), message: { role: "assistant", content: "", ...fields }, done: false }));
  if (thinking) for (const piece of pieces(reply.reasoning, 20)) chunk({ thinking: piece });
  for (const piece of pieces(reply.text, 12)) chunk({ content: piece });
  if (toolCalls.length > 0) chunk({ tool_calls: toolCalls });
  chunks.push(line({ ...base(), message: { role: "assistant", content: "" }, ...metrics(messages, reply) }));
  return { kind: "stream", contentType: "application/x-ndjson", chunks };
}

export const ollamaSimulator: ProviderSimulator = {
  provider: "ollama",
  route(method, url, body) {
    if (method !== "POST" || url.pathname !== "/api/chat") return undefined;
    return { model: String(body.model ?? ""), stream: body.stream !== false };
  },
  // Local Ollama takes no key; ollama.com and authenticating proxies take a bearer token.
  authorized: bearerAuthorized,
  requestContent,
  errorAnswer(status, type, message) {
    // docs/api/errors.mdx: errors are `{"error": "..."}`.
    return { kind: "json", status, body: { error: type === "authentication_error" ? "unauthorized" : message } };
  },
  streamError(message) {
    return line({ error: message });
  },
  handle(request, context) {
    const messages = chatMessages(request.body);
    const reply = scriptReply(scriptTurns(messages), chatToolNames(request.body));
    return answer(messages, reply, request.model, thinks(request.body.think), request.stream, context);
  },
};
