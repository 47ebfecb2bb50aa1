// What lint checks for Mistral (spec/providers/mistral.tsp @requestRules): the tool call ids as the encoder
// sends them (it derives a Mistral id from any other) and one tool message per call, read from the body.
// https://docs.mistral.ai/capabilities/function_calling
import type { LintCause, LintSubject, ProviderLint } from "../../lint/lint-check.js";
import { wireToolCalls } from "../../lint/chat-completions-checks.js";
import { bodyList, pointerOf, sentPartsOfType } from "../../lint/wire-pointers.js";

const MISTRAL_ID = /^[a-zA-Z0-9]{9}$/;

function callIdsOf(message: Record<string, unknown>): unknown[] {
  return wireToolCalls(message).map((call) => call.id);
}

/** A call or tool message id, as sent, that is not 9 letters and digits. */
function* toolCallIdFormat(subject: LintSubject): Iterable<LintCause> {
  const calls = sentPartsOfType(subject, "tool_call", true);
  const results = sentPartsOfType(subject, "tool_result");
  let callIndex = 0;
  let resultIndex = 0;
  for (const message of bodyList(subject, "messages")) {
    if (message.role === "tool") {
      const id = message.tool_call_id;
      if (id !== undefined && !MISTRAL_ID.test(String(id))) yield { pointer: pointerOf(results, resultIndex, subject), values: { id: String(id) } };
      resultIndex++;
      continue;
    }
    for (const id of callIdsOf(message)) {
      if (id !== undefined && !MISTRAL_ID.test(String(id))) yield { pointer: pointerOf(calls, callIndex, subject), values: { id: String(id) } };
      callIndex++;
    }
  }
}

/** An assistant message with tool calls, not the last, whose run of tool messages after it has another length. */
function* callResponseCount(subject: LintSubject): Iterable<LintCause> {
  const calls = sentPartsOfType(subject, "tool_call", true);
  const messages = bodyList(subject, "messages");
  let callIndex = 0;
  for (const [index, message] of messages.entries()) {
    const count = message.role === "assistant" ? callIdsOf(message).length : 0;
    let results = 0;
    while (messages[index + 1 + results]?.role === "tool") results++;
    if (count > 0 && index + 1 < messages.length && results !== count) yield { pointer: pointerOf(calls, callIndex, subject) };
    callIndex += count;
  }
}

export const mistralLint: ProviderLint = {
  *facts(request) {
    const effort = request.reasoning_effort;
    if ((typeof effort === "string" && effort !== "none") || request.prompt_mode === "reasoning") yield "thinking";
    if (Array.isArray(request.tools) && request.tools.length > 0) yield "tools";
    if (request.stream === true) yield "stream";
  },
  checks: { "tool-call-id-format": toolCallIdFormat, "call-response-count": callResponseCount },
};
