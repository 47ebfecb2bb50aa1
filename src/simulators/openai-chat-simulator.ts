// A stand-in for OpenAI-compatible Chat Completions servers that return reasoning (vLLM, Kimi, Groq, by
// profile): POST /chat/completions, blocking or SSE ending in [DONE], tool calls streamed by index, and each
// server's documented answer to reasoning sent back. providers-openai-ollama-deepseek.md B.1-B.4
import { randomBytes } from "node:crypto";
import { UsageError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";
import { type ProviderSimulator, type SimulatorAnswer, type SimulatorContext, type SimulatorRequest, bearerAuthorized, pieces, serverSentEventAnswer } from "./simulator-server.js";
import { type ScriptReply, type ScriptTurn, scriptReply } from "./weather-script.js";
import { type WireContent, contentBlocks, mediaSubject, partSubject, urlMediaSubject } from "./content-check.js";
import { requestRule, ruleErrorText } from "../providers/request-rules.js";

export type ChatMessage = Record<string, unknown> & { role?: unknown; content?: unknown; tool_calls?: unknown };
type ToolCall = { id?: unknown; function?: { name?: unknown; arguments?: unknown } };

/** How a server writes a completion: its reasoning field, and DeepSeek's variations on OpenAI's chunks. */
export interface ChatDialect {
  /** The field reasoning goes in; none when the server returns no reasoning text. */
  readonly reasoningField?: "reasoning" | "reasoning_content";
  /** DeepSeek (D.2, D.3): explicit nulls on deltas, usage on the finishing chunk, `index` in blocking tool calls, cache counts in usage. */
  readonly deepSeek?: boolean;
  readonly toolCallId: (context: SimulatorContext) => string;
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as Record<string, unknown>[]).filter((part) => part.type === "text").map((part) => String(part.text)).join("");
}

function toolCallsOf(message: ChatMessage): ToolCall[] {
  return Array.isArray(message.tool_calls) ? (message.tool_calls as ToolCall[]) : [];
}

/** Chat Completions messages as script turns (system and developer messages do not take part). */
export function chatScriptTurns(messages: readonly ChatMessage[]): ScriptTurn[] {
  return messages
    .filter((message) => message.role === "user" || message.role === "assistant" || message.role === "tool")
    .map((message) => ({
      role: message.role as ScriptTurn["role"],
      text: message.role === "tool" ? "" : contentText(message.content),
      toolCalls: toolCallsOf(message).map((call) => ({ id: String(call.id), name: String(call.function?.name) })),
      toolResults: message.role === "tool" ? [{ id: String(message.tool_call_id), text: contentText(message.content) }] : [],
    }));
}

export function chatMessages(body: Record<string, unknown>): ChatMessage[] {
  return Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [];
}

export function chatToolNames(body: Record<string, unknown>): string[] {
  return Array.isArray(body.tools) ? (body.tools as { function?: { name?: unknown } }[]).map((tool) => String(tool.function?.name)) : [];
}

/** Where a chat message's content sits for the content rules; assistant messages follow the replay rules instead. */
const CHAT_PLACES: Readonly<Record<string, WireContent["place"]>> = { system: "system", developer: "system", user: "user", tool: "tool_result" };

/**
 * The content blocks of a chat request's system, user and tool messages as the parts they carry
 * (`subjectOf` reads one block of the server's wire), for ProviderSimulator.requestContent.
 */
export function* chatRequestContent(body: Record<string, unknown>, subjectOf: (block: Record<string, unknown>) => WireContent["subject"] | undefined): Iterable<WireContent> {
  for (const [index, message] of chatMessages(body).entries()) {
    const place = typeof message.role === "string" ? ownValue(CHAT_PLACES, message.role) : undefined;
    if (place === undefined) continue;
    for (const [position, block] of contentBlocks(message.content).entries()) {
      const subject = subjectOf(block);
      if (subject) yield { place, subject, path: `messages[${index}].content[${position}]` };
    }
  }
}

/** The part a Chat Completions content part carries; undefined for parts partwise writes none of. */
export function chatContentSubject(block: Record<string, unknown>): WireContent["subject"] | undefined {
  switch (block.type) {
    case "text":
      return partSubject("text");
    case "image_url":
      return urlMediaSubject(String((block.image_url as { url?: unknown } | undefined)?.url), "image/*");
    case "input_audio":
      return mediaSubject((block.input_audio as { format?: unknown } | undefined)?.format === "mp3" ? "audio/mpeg" : "audio/wav", "bytes");
    case "file": {
      const data = (block.file as { file_data?: unknown } | undefined)?.file_data;
      return typeof data === "string" ? urlMediaSubject(data, "application/octet-stream") : undefined;
    }
    default:
      return undefined;
  }
}

/** ProviderSimulator.route of a Chat Completions server: POST /chat/completions, with or without /v1. */
export function chatCompletionsRoute(method: string, url: URL, body: Record<string, unknown>): { model: string; stream: boolean } | undefined {
  if (method !== "POST" || !/^(?:\/v1)?\/chat\/completions$/.test(url.pathname)) return undefined;
  return { model: String(body.model ?? ""), stream: body.stream === true };
}

/** A completion of `reply` in a dialect: the blocking body (B.2, D.2) or the SSE chunks then `data: [DONE]` (B.3, D.3). */
export function chatCompletionAnswer(request: SimulatorRequest, reply: ScriptReply, dialect: ChatDialect, context: SimulatorContext): SimulatorAnswer {
  const field = dialect.reasoningField;
  const id = dialect.deepSeek ? randomBytes(16).toString("hex") : `chatcmpl-${randomBytes(12).toString("hex")}`;
  const base = { id, created: Math.floor(Date.now() / 1000), model: request.model };
  const call = reply.toolCall ? { id: dialect.toolCallId(context), type: "function", function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) } } : undefined;
  const finish_reason = call ? "tool_calls" : "stop";
  const prompt_tokens = JSON.stringify(request.body.messages ?? []).length >> 2;
  const reasoning_tokens = field ? (reply.reasoning.length >> 2) + 1 : 0;
  const completion_tokens = (reply.text.length >> 2) + reasoning_tokens + 1;
  const usage = {
    prompt_tokens,
    completion_tokens,
    total_tokens: prompt_tokens + completion_tokens,
    ...(dialect.deepSeek ? { prompt_tokens_details: { cached_tokens: 0 }, prompt_cache_hit_tokens: 0, prompt_cache_miss_tokens: prompt_tokens } : {}),
    completion_tokens_details: { reasoning_tokens },
  };
  if (!request.stream) {
    const message = { role: "assistant", content: reply.text, ...(field ? { [field]: reply.reasoning } : {}), ...(call ? { tool_calls: [dialect.deepSeek ? { index: 0, ...call } : call] } : {}) };
    return { kind: "json", status: 200, body: { ...base, object: "chat.completion", choices: [{ index: 0, message, logprobs: null, finish_reason }], usage } };
  }
  const nulls = dialect.deepSeek === true;
  const deltas: Record<string, unknown>[] = [nulls ? { role: "assistant", content: null, reasoning_content: "" } : { role: "assistant", content: "" }];
  if (field) for (const piece of pieces(reply.reasoning, 20)) deltas.push({ ...(nulls ? { content: null } : {}), [field]: piece });
  for (const piece of pieces(reply.text, 12)) deltas.push({ content: piece, ...(nulls ? { reasoning_content: null } : {}) });
  if (call) {
    deltas.push({ tool_calls: [{ index: 0, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }] });
    for (const piece of pieces(call.function.arguments, 8)) deltas.push({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
  }
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) => ({
    ...base,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...extra,
  });
  const chunks: unknown[] = deltas.map((delta) => chunk(delta, null, nulls ? { usage: null } : {}));
  if (nulls) {
    chunks.push(chunk({ content: "", reasoning_content: null }, finish_reason, { usage }));
  } else {
    chunks.push(chunk({}, finish_reason));
    const options = request.body.stream_options as { include_usage?: unknown } | undefined;
    if (options?.include_usage === true) chunks.push({ ...base, object: "chat.completion.chunk", choices: [], usage });
  }
  return serverSentEventAnswer([...chunks.map((value) => JSON.stringify(value)), "[DONE]"].map((data) => ({ data })));
}

/** An OpenAI-style error answer, `{"error": {message, type, param, code}}`. */
export function chatErrorAnswer(status: number, type: string, message: string, code: string | null = null): SimulatorAnswer {
  return { kind: "json", status, body: { error: { message, type, param: null, code } }, headers: { "x-request-id": randomBytes(16).toString("hex") } };
}

/** How a history breaks the tool pairing of Chat Completions: a tool message answering no call, or a call left unanswered. */
export type ToolPairingProblem = { readonly kind: "tool-message-without-call" | "tool-calls-unanswered"; readonly ids: string };

/**
 * The first break of the tool pairing OpenAI and DeepSeek check: a `role: tool` message must answer a call of
 * the assistant message its run of tool messages follows, and that run must answer every call (a trailing
 * call too). https://platform.openai.com/docs/guides/function-calling
 */
export function toolPairingProblem(messages: readonly ChatMessage[]): ToolPairingProblem | undefined {
  let calls: string[] = [];
  for (const [index, message] of messages.entries()) {
    if (message.role === "tool") {
      if (!calls.includes(String(message.tool_call_id ?? ""))) return { kind: "tool-message-without-call", ids: String(message.tool_call_id ?? "") };
      continue;
    }
    calls = message.role === "assistant" ? toolCallsOf(message).map((call) => String(call.id ?? "")) : [];
    const answered: string[] = [];
    for (let next = index + 1; messages[next]?.role === "tool"; next++) answered.push(String(messages[next]?.tool_call_id ?? ""));
    const missing = calls.filter((id) => !answered.includes(id));
    if (missing.length > 0) return { kind: "tool-calls-unanswered", ids: missing.join(", ") };
  }
  return undefined;
}

/** A server profile: where its reasoning goes and what it refuses in the history it is sent. */
interface ChatProfile {
  readonly reasoningField: "reasoning" | "reasoning_content";
  /** Whether this request gets reasoning at all. */
  reasons(body: Record<string, unknown>, model: string): boolean;
  /** The server's error message for an assistant message of the history, or undefined. */
  refusal(message: ChatMessage, index: number, reasons: boolean): string | undefined;
  /** The server's error message for the history as a whole (its tool pairing), or undefined. */
  historyRefusal?(messages: readonly ChatMessage[]): string | undefined;
}

/** The error text of the openai.chat request rule `name` (spec/providers/openai-chat.tsp). */
function ruleText(name: string, values: Readonly<Record<string, string>>): string {
  return ruleErrorText(requestRule("openai.chat", `openai.chat/${name}`), values);
}

/** Groq's reasoning models (console.groq.com/docs/reasoning); others refuse `reasoning` in the history (B.4). */
const GROQ_REASONING_MODELS = /gpt-oss|qwen3/;

const PROFILES: Readonly<Record<string, ChatProfile>> = {
  /** api.openai.com: no reasoning text back in Chat Completions (A.5), and the tool pairing checked. */
  openai: {
    reasoningField: "reasoning_content",
    reasons: () => false,
    refusal: () => undefined,
    historyRefusal(messages) {
      const problem = toolPairingProblem(messages);
      return problem && ruleText(problem.kind, { id: problem.ids });
    },
  },
  /** vLLM with --reasoning-parser: `reasoning` out, past reasoning accepted (B table, docs/features/reasoning_outputs.md). */
  vllm: { reasoningField: "reasoning", reasons: () => true, refusal: () => undefined },
  /** Kimi thinking models: `reasoning_content`, required back on tool-call turns (B.4, iOfficeAI/AionUi#2746). */
  kimi: {
    reasoningField: "reasoning_content",
    reasons: (body) => (body.thinking as { type?: unknown } | undefined)?.type !== "disabled",
    refusal: (message, index, reasons) =>
      reasons && toolCallsOf(message).length > 0 && typeof message.reasoning_content !== "string"
        ? ruleText("kimi-reasoning-content-missing", { index: String(index) })
        : undefined,
  },
  /**
   * Groq with reasoning_format "parsed": `reasoning` out; `reasoning_content` never accepted back, `reasoning`
   * not on a model without reasoning (B.4; janhq/jan#8136, vercel/ai#8057).
   */
  groq: {
    reasoningField: "reasoning",
    reasons: (body, model) => GROQ_REASONING_MODELS.test(model) && body.reasoning_format !== "hidden",
    refusal(message, index, reasons) {
      if ("reasoning_content" in message) return ruleText("groq-reasoning-content-unsupported", { index: String(index) });
      if (!reasons && "reasoning" in message) return ruleText("groq-reasoning-unsupported", { index: String(index) });
      return undefined;
    },
  },
};

/**
 * The Chat Completions simulator behaving as `profile`: OpenAI by default (the registry's openai.chat codec
 * and the `default` rule variant are OpenAI's), or vllm, kimi, groq.
 */
export function openAiChatSimulator(profile = "openai"): ProviderSimulator {
  const server = ownValue(PROFILES, profile);
  if (!server) throw new UsageError(`no openai.chat simulator profile "${profile}" (known: ${Object.keys(PROFILES).join(", ")})`);
  return {
    provider: "openai.chat",
    route: chatCompletionsRoute,
    authorized: bearerAuthorized,
    requestContent: (body) => chatRequestContent(body, chatContentSubject),
    errorAnswer(status, type, message) {
      return type === "authentication_error" ? chatErrorAnswer(401, "invalid_request_error", "Invalid API Key", "invalid_api_key") : chatErrorAnswer(status, type, message);
    },
    handle(request, context) {
      const messages = chatMessages(request.body);
      const reasons = server.reasons(request.body, request.model);
      for (const [index, message] of messages.entries()) {
        const refused = message.role === "assistant" ? server.refusal(message, index, reasons) : undefined;
        if (refused) return chatErrorAnswer(400, "invalid_request_error", refused);
      }
      const refused = server.historyRefusal?.(messages);
      if (refused) return chatErrorAnswer(400, "invalid_request_error", refused);
      const reply = scriptReply(chatScriptTurns(messages), chatToolNames(request.body));
      const dialect: ChatDialect = { ...(reasons ? { reasoningField: server.reasoningField } : {}), toolCallId: (ids) => ids.nextId("call_") };
      return chatCompletionAnswer(request, reply, dialect, context);
    },
  };
}
