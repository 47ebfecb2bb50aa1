// A stand-in for the OpenAI Responses API: POST /responses, blocking or SSE with sequence numbers, reasoning
// items whose encrypted_content seals the reasoning, and the documented 400/404s of stateless replay.
// providers-openai-ollama-deepseek.md A.1-A.4; https://platform.openai.com/docs/api-reference/responses
import { randomBytes } from "node:crypto";
import { type ProviderSimulator, type SimulatorAnswer, type SimulatorContext, bearerAuthorized, pieces, serverSentEventAnswer } from "./simulator-server.js";
import { type ScriptReply, type ScriptTurn, scriptReply } from "./weather-script.js";
import { type WireContent, contentBlocks, mediaSubject, partSubject, urlMediaSubject } from "./content-check.js";
import { requestRule, ruleErrorText } from "../providers/request-rules.js";

type Item = Record<string, unknown>;
type Turn = { role: ScriptTurn["role"]; text: string; toolCalls: { id: string; name: string }[]; toolResults: { id: string; text: string }[] };

/** A request the API refuses: status, message and the `param`/`code` of its error body. */
interface Refusal {
  readonly status: number;
  readonly message: string;
  readonly param: string | null;
  readonly code: string | null;
}

const ENCRYPTED = "openai.responses:encrypted_content";
const ITEM_ID = "openai.responses:item-id";
type ItemPrefix = "rs" | "msg" | "fc";

/**
 * Output item ids are `<prefix>_<response key><tag>` (24 + 26 hex digits, the shape of OpenAI's ids), the
 * tag an HMAC of prefix and key: a replayed `fc_` id names, without server state, the `rs_` item of the
 * same response that must precede it (A.4 "function_call replayed with its fc_ id but its reasoning item missing").
 */
function idTag(prefix: ItemPrefix, key: string, context: SimulatorContext): string {
  return Buffer.from(context.signer.sign(ITEM_ID, `${prefix}:${key}`), "base64").toString("hex").slice(0, 26);
}

function itemId(prefix: ItemPrefix, key: string, context: SimulatorContext): string {
  return `${prefix}_${key}${idTag(prefix, key, context)}`;
}

/** The response key of an id this simulator issued with `prefix`, or undefined. */
function issuedKey(id: unknown, prefix: ItemPrefix, context: SimulatorContext): string | undefined {
  const match = typeof id === "string" ? new RegExp(`^${prefix}_([0-9a-f]{24})([0-9a-f]{26})$`).exec(id) : null;
  return match?.[1] !== undefined && idTag(prefix, match[1], context) === match[2] ? match[1] : undefined;
}

function kindOf(item: Item): string {
  return typeof item.type === "string" ? item.type : "message";
}

function isOutputItem(item: Item): boolean {
  const kind = kindOf(item);
  return kind === "function_call" || (kind === "message" && item.role === "assistant");
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as Item[]).filter((part) => typeof part.text === "string").map((part) => String(part.text)).join("");
}

/** encrypted_content is base64url text, as OpenAI's Fernet tokens are. */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The encrypted_content of a reasoning item: the sealed id and text, as base64url. */
function sealReasoning(id: string, text: string, context: SimulatorContext): string {
  return Buffer.from(context.signer.seal(ENCRYPTED, JSON.stringify({ id, text })), "utf8").toString("base64url");
}

/** The id and text an encrypted_content seals, or undefined when it is not base64url, was not sealed here or was altered. */
function unsealReasoning(item: Item, context: SimulatorContext): { id: string; text: string } | undefined {
  const encrypted = String(item.encrypted_content);
  if (!BASE64URL.test(encrypted)) return undefined;
  const content = context.signer.unseal(ENCRYPTED, Buffer.from(encrypted, "base64url").toString("utf8"));
  return content === undefined ? undefined : (JSON.parse(content) as { id: string; text: string });
}

/** The error text of the Responses request rule `name` (spec/providers/openai-responses.tsp) for one id. */
function ruleText(name: string, id: string, values: Readonly<Record<string, string>> = {}): string {
  return ruleErrorText(requestRule("openai.responses", `openai.responses/${name}`), { id, ...values });
}

function refusal(status: number, message: string, param: string | null = "input", code: string | null = null): Refusal {
  return { status, message, param, code };
}

/** The API's error answer, `{"error": {message, type, param, code}}` with its request id. */
function errorBody(status: number, error: { message: string; type: string; param: string | null; code: string | null }, context: SimulatorContext): SimulatorAnswer {
  return { kind: "json", status, body: { error }, headers: { "x-request-id": context.nextId("req_", 32) } };
}

/** The reasoning item a replayed function_call needs (A.4 rules 3-4): walk back over the response's other output items. */
function missingReasoning(items: readonly Item[], index: number, context: SimulatorContext): string | undefined {
  const key = issuedKey(items[index]?.id, "fc", context);
  if (key === undefined) return undefined;
  const required = itemId("rs", key, context);
  let position = index - 1;
  while (position >= 0 && isOutputItem(items[position] as Item)) position--;
  const before = items[position];
  const found = before !== undefined && kindOf(before) === "reasoning" && (before.id ?? unsealReasoning(before, context)?.id) === required;
  return found ? undefined : required;
}

/** The first replay error of a request, as the API words it (A.4 "Errors when broken"), or undefined. */
function replayRefusal(items: readonly Item[], stateless: boolean, context: SimulatorContext): Refusal | undefined {
  const calls = new Set<string>();
  for (const [index, item] of items.entries()) {
    const kind = kindOf(item);
    if (kind === "message" && item.role === "tool") {
      return refusal(400, "Invalid value: 'tool'. Supported values are: 'assistant', 'system', 'developer', and 'user'.", `input[${index}].role`, "invalid_value");
    }
    if (kind === "function_call") calls.add(String(item.call_id));
    if (kind === "function_call_output" && !calls.has(String(item.call_id))) {
      return refusal(400, ruleText("output-without-call", String(item.call_id)));
    }
    if (kind === "reasoning") {
      const id = String(item.id ?? "");
      // Rule 2: without store there is nothing to look an id-only reasoning item up in.
      if (typeof item.encrypted_content !== "string") {
        if (!stateless) continue;
        return refusal(404, ruleText("reasoning-not-persisted", id));
      }
      // Not in the reference table; the API's wording as reported in openai/codex#8145 and smallmain/vscode-unify-chat-provider#178.
      if (unsealReasoning(item, context) === undefined) {
        return refusal(400, ruleText("encrypted-content-unreadable", id), null, "invalid_encrypted_content");
      }
      const next = items[index + 1];
      if (stateless && (next === undefined || !isOutputItem(next))) return refusal(400, ruleText("reasoning-without-following-item", id));
    }
    if (kind === "function_call" && stateless) {
      const required = missingReasoning(items, index, context);
      if (required) return refusal(400, ruleText("function-call-without-reasoning", String(item.id), { reasoning: required }));
    }
  }
  // Every call needs its output somewhere in the input (A.4: "No tool output found for function call").
  const unanswered = items.find((item, index) => kindOf(item) === "function_call" && !items.slice(index + 1).some((later) => kindOf(later) === "function_call_output" && later.call_id === item.call_id));
  if (unanswered !== undefined) return refusal(400, ruleText("call-without-output", String(unanswered.call_id)));
  return undefined;
}

/** The conversation as script turns: consecutive output items form one assistant turn, consecutive outputs one tool turn. */
function scriptTurns(items: readonly Item[]): ScriptTurn[] {
  const turns: Turn[] = [];
  const turn = (role: Turn["role"]): Turn => {
    const last = turns.at(-1);
    if (last && last.role === role && role !== "user") return last;
    const added: Turn = { role, text: "", toolCalls: [], toolResults: [] };
    turns.push(added);
    return added;
  };
  for (const item of items) {
    const kind = kindOf(item);
    if (kind === "message" && (item.role === "user" || item.role === "assistant")) turn(item.role).text += textOf(item.content);
    else if (kind === "reasoning") turn("assistant");
    else if (kind === "function_call") turn("assistant").toolCalls.push({ id: String(item.call_id), name: String(item.name) });
    else if (kind === "function_call_output") turn("tool").toolResults.push({ id: String(item.call_id), text: textOf(item.output) });
  }
  return turns;
}

interface OutputOptions {
  readonly summary: boolean;
  readonly encrypted: boolean;
}

function reasoningItem(id: string, text: string, options: OutputOptions, context: SimulatorContext): Item {
  return {
    id,
    type: "reasoning",
    summary: options.summary ? [{ type: "summary_text", text }] : [],
    ...(options.encrypted ? { encrypted_content: sealReasoning(id, text, context) } : {}),
  };
}

/** The reply as output items: reasoning, the assistant's message, and its function call. */
function outputItems(reply: ScriptReply, key: string, options: OutputOptions, context: SimulatorContext): Item[] {
  const items: Item[] = [
    reasoningItem(itemId("rs", key, context), reply.reasoning, options, context),
    { id: itemId("msg", key, context), type: "message", status: "completed", role: "assistant", content: [{ type: "output_text", text: reply.text, annotations: [], logprobs: [] }] },
  ];
  if (reply.toolCall) {
    items.push({ id: itemId("fc", key, context), type: "function_call", status: "completed", arguments: JSON.stringify(reply.toolCall.arguments), call_id: context.nextId("call_"), name: reply.toolCall.name });
  }
  return items;
}

/** The SSE events of a response in the recorded order (A.3), numbered from 0. */
function streamEvents(response: Item, items: readonly Item[], options: OutputOptions, context: SimulatorContext): Item[] {
  const events: Item[] = [];
  const emit = (type: string, fields: Item) => events.push({ type, sequence_number: events.length, ...fields });
  const started = { ...response, status: "in_progress", output: [], usage: null };
  emit("response.created", { response: started });
  emit("response.in_progress", { response: started });
  items.forEach((item, output_index) => {
    const item_id = item.id;
    switch (item.type) {
      case "reasoning": {
        // The added copy is incomplete (A.3: take encrypted_content from output_item.done only).
        emit("response.output_item.added", { output_index, item: reasoningItem(String(item_id), "", { ...options, summary: false }, context) });
        (item.summary as Item[]).forEach((part, summary_index) => {
          emit("response.reasoning_summary_part.added", { item_id, output_index, summary_index, part: { type: "summary_text", text: "" } });
          for (const delta of pieces(String(part.text), 16)) emit("response.reasoning_summary_text.delta", { item_id, output_index, summary_index, delta });
          emit("response.reasoning_summary_text.done", { item_id, output_index, summary_index, text: part.text });
          emit("response.reasoning_summary_part.done", { item_id, output_index, summary_index, part });
        });
        break;
      }
      case "message": {
        const part = (item.content as Item[])[0] as Item;
        emit("response.output_item.added", { output_index, item: { ...item, status: "in_progress", content: [] } });
        emit("response.content_part.added", { item_id, output_index, content_index: 0, part: { ...part, text: "" } });
        for (const delta of pieces(String(part.text), 12)) emit("response.output_text.delta", { item_id, output_index, content_index: 0, delta, logprobs: [] });
        emit("response.output_text.done", { item_id, output_index, content_index: 0, text: part.text, logprobs: [] });
        emit("response.content_part.done", { item_id, output_index, content_index: 0, part });
        break;
      }
      default:
        emit("response.output_item.added", { output_index, item: { ...item, status: "in_progress", arguments: "" } });
        for (const delta of pieces(String(item.arguments), 8)) emit("response.function_call_arguments.delta", { item_id, output_index, delta });
        emit("response.function_call_arguments.done", { item_id, output_index, arguments: item.arguments });
    }
    emit("response.output_item.done", { output_index, item });
  });
  emit("response.completed", { response });
  return events;
}

function inputItems(input: unknown): Item[] {
  if (typeof input === "string") return [{ role: "user", content: input }];
  return Array.isArray(input) ? (input as Item[]) : [];
}

/** The part an input content part carries; undefined for parts partwise writes none of (`file_id` references). */
function inputSubject(part: Item): WireContent["subject"] | undefined {
  switch (part.type) {
    case "input_text":
      return partSubject("text");
    case "input_image":
      return typeof part.image_url === "string" ? urlMediaSubject(part.image_url, "image/*") : undefined;
    case "input_file":
      if (typeof part.file_data === "string") return urlMediaSubject(part.file_data, "application/octet-stream");
      return typeof part.file_url === "string" ? mediaSubject("application/octet-stream", "url", part.file_url) : undefined;
    case "input_audio":
      return mediaSubject("audio/*", "bytes");
    default:
      return undefined;
  }
}

/**
 * The content of user messages and function outputs. System and developer messages are not read: only
 * the first system message is `instructions` (text only); later ones go in as developer messages.
 */
function* requestContent(body: Record<string, unknown>): Iterable<WireContent> {
  for (const [index, item] of inputItems(body.input).entries()) {
    const kind = kindOf(item);
    const place = kind === "message" && item.role === "user" ? "user" : kind === "function_call_output" ? "tool_result" : undefined;
    if (place === undefined) continue;
    const content = contentBlocks(place === "user" ? item.content : item.output, "input_text");
    for (const [position, part] of content.entries()) {
      const subject = inputSubject(part);
      if (subject) yield { place, subject, path: `input[${index}].${place === "user" ? "content" : "output"}[${position}]` };
    }
  }
}

export const openAiResponsesSimulator: ProviderSimulator = {
  provider: "openai.responses",
  route(method, url, body) {
    if (method !== "POST" || !/^(?:\/v1)?\/responses$/.test(url.pathname)) return undefined;
    return { model: String(body.model ?? ""), stream: body.stream === true };
  },
  authorized: bearerAuthorized,
  requestContent,
  errorAnswer(status, type, message, context) {
    // https://platform.openai.com/docs/guides/error-codes: a wrong key is 401 invalid_api_key.
    const error = type === "authentication_error"
      ? { message: "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.", type: "invalid_request_error", param: null, code: "invalid_api_key" }
      : { message, type, param: null, code: null };
    return errorBody(status, error, context);
  },
  handle(request, context): SimulatorAnswer {
    const body = request.body;
    const items = inputItems(body.input);
    const problem = replayRefusal(items, body.store === false, context);
    if (problem) return errorBody(problem.status, { message: problem.message, type: "invalid_request_error", param: problem.param, code: problem.code }, context);
    const reasoning = (body.reasoning ?? {}) as { effort?: unknown; summary?: unknown };
    const options: OutputOptions = {
      summary: typeof reasoning.summary === "string",
      encrypted: Array.isArray(body.include) && body.include.includes("reasoning.encrypted_content"),
    };
    const toolNames = Array.isArray(body.tools) ? (body.tools as Item[]).map((tool) => String(tool.name)) : [];
    const reply = scriptReply(scriptTurns(items), toolNames);
    const key = randomBytes(12).toString("hex");
    const output = outputItems(reply, key, options, context);
    const inputTokens = JSON.stringify(items).length >> 2;
    const outputTokens = JSON.stringify(output).length >> 2;
    const response = {
      id: `resp_${key}${randomBytes(13).toString("hex")}`,
      object: "response",
      created_at: Math.floor(Date.now() / 1000),
      status: "completed",
      error: null,
      incomplete_details: null,
      instructions: body.instructions ?? null,
      model: request.model,
      output,
      parallel_tool_calls: true,
      previous_response_id: null,
      reasoning: { effort: reasoning.effort ?? "medium", summary: reasoning.summary ?? null },
      store: body.store !== false,
      text: { format: { type: "text" } },
      tool_choice: body.tool_choice ?? "auto",
      tools: body.tools ?? [],
      usage: {
        input_tokens: inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: outputTokens,
        output_tokens_details: { reasoning_tokens: reply.reasoning.length >> 2 },
        total_tokens: inputTokens + outputTokens,
      },
    };
    if (!request.stream) return { kind: "json", status: 200, body: response, headers: { "x-request-id": context.nextId("req_", 32) } };
    return serverSentEventAnswer(streamEvents(response, output, options, context).map((event) => ({ event: String(event.type), data: JSON.stringify(event) })), "text/event-stream; charset=utf-8");
  },
};
