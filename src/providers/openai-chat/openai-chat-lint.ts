// What lint checks for Chat Completions servers (spec/providers/openai-chat.tsp @requestRules): OpenAI's tool
// pairing, and the reasoning each profile refuses back (Kimi wants it on tool-call turns, Groq takes only
// `reasoning` and only on its reasoning models), read from the messages the encoder sends.
import type { LintCause, LintSubject, ProviderLint } from "../../lint/lint-check.js";
import { CHAT_COMPLETIONS_CHECKS, callsWithoutReasoningContent } from "../../lint/chat-completions-checks.js";
import { bodyList, sentMessagePointers } from "../../lint/wire-pointers.js";

/** The request facts of a Chat Completions request: reasoning asked for, tools declared, streaming. */
export function* chatCompletionsFacts(request: Readonly<Record<string, unknown>>): Iterable<string> {
  const thinking = (request.thinking as { type?: unknown } | undefined)?.type;
  const effort = request.reasoning_effort;
  if (thinking === "enabled" || (typeof effort === "string" && effort !== "none")) yield "thinking";
  if (Array.isArray(request.tools) && request.tools.length > 0) yield "tools";
  if (request.stream === true) yield "stream";
}

/** Each assistant message of the body with its index there and the pointer of the history message it came from. */
function* assistantMessages(subject: LintSubject): Iterable<{ message: Record<string, unknown>; index: number; pointer: string }> {
  const pointers = sentMessagePointers(subject, "assistant");
  let position = 0;
  for (const [index, message] of bodyList(subject, "messages").entries()) {
    if (message.role !== "assistant") continue;
    yield { message, index, pointer: pointers[position] ?? pointers.at(-1) ?? subject.base };
    position++;
  }
}

/** Kimi with thinking on (not `disabled`): an assistant message with tool calls but no `reasoning_content`. */
function* kimiReasoningContentMissing(subject: LintSubject): Iterable<LintCause> {
  if ((subject.request.thinking as { type?: unknown } | undefined)?.type !== "disabled") yield* callsWithoutReasoningContent(subject);
}

function* groqReasoningContentUnsupported(subject: LintSubject): Iterable<LintCause> {
  for (const { message, index, pointer } of assistantMessages(subject)) if ("reasoning_content" in message) yield { pointer, values: { index: String(index) } };
}

/** Groq's reasoning models (console.groq.com/docs/reasoning); `reasoning_format: "hidden"` turns reasoning off. */
const GROQ_REASONING_MODELS = /gpt-oss|qwen3/;

function* groqReasoningUnsupported(subject: LintSubject): Iterable<LintCause> {
  if (GROQ_REASONING_MODELS.test(subject.model ?? "") && subject.request.reasoning_format !== "hidden") return;
  for (const { message, index, pointer } of assistantMessages(subject)) if (!("reasoning_content" in message) && "reasoning" in message) yield { pointer, values: { index: String(index) } };
}

export const openAiChatLint: ProviderLint = {
  facts: chatCompletionsFacts,
  checks: {
    ...CHAT_COMPLETIONS_CHECKS,
    "kimi-reasoning-content-missing": kimiReasoningContentMissing,
    "groq-reasoning-content-unsupported": groqReasoningContentUnsupported,
    "groq-reasoning-unsupported": groqReasoningUnsupported,
  },
};
