// What lint checks for the Responses API (spec/providers/openai-responses.tsp @requestRules), read from the
// input items the encoder sends (always `store: false`): function calls and outputs paired by call_id, and
// reasoning items that can be replayed statelessly. https://cookbook.openai.com/examples/responses_api/reasoning_items
import type { LintCause, LintSubject, ProviderLint } from "../../lint/lint-check.js";
import { bodyList, pointerOf, sentPartsOfType, sentPartsWhere } from "../../lint/wire-order.js";
import { OPENAI_RESPONSES } from "./openai-responses-wire.js";

type Item = Record<string, unknown>;

/** `encrypted_content` as OpenAI issues it: base64url text (a Fernet token). */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function kindOf(item: Item): string {
  return typeof item.type === "string" ? item.type : "message";
}

/** An item the model produced, which a reasoning item must be followed by. */
function isOutputItem(item: Item | undefined): boolean {
  if (item === undefined) return false;
  const kind = kindOf(item);
  return kind === "function_call" || (kind === "message" && item.role === "assistant");
}

/** A `function_call_output` whose call_id no earlier `function_call` has. */
function* outputWithoutCall(subject: LintSubject): Iterable<LintCause> {
  const results = sentPartsOfType(subject, "tool_result");
  const calls = new Set<string>();
  let resultIndex = 0;
  for (const item of bodyList(subject, "input")) {
    const kind = kindOf(item);
    if (kind === "function_call") calls.add(String(item.call_id));
    if (kind !== "function_call_output") continue;
    if (!calls.has(String(item.call_id))) yield { pointer: pointerOf(results, resultIndex, subject), values: { id: String(item.call_id) } };
    resultIndex++;
  }
}

/** A `function_call` that no later `function_call_output` answers. */
function* callWithoutOutput(subject: LintSubject): Iterable<LintCause> {
  const calls = sentPartsOfType(subject, "tool_call", true);
  const items = bodyList(subject, "input");
  let callIndex = 0;
  for (const [index, item] of items.entries()) {
    if (kindOf(item) !== "function_call") continue;
    const answered = items.slice(index + 1).some((later) => kindOf(later) === "function_call_output" && later.call_id === item.call_id);
    if (!answered) yield { pointer: pointerOf(calls, callIndex, subject), values: { id: String(item.call_id) } };
    callIndex++;
  }
}

/** Each reasoning item of the input with the pointer of the reasoning part it came from and the item after it. */
function* reasoningItems(subject: LintSubject): Iterable<{ item: Item; next: Item | undefined; cause: LintCause }> {
  // Reasoning parts, and reasoning items kept as raw parts, which go back as received.
  const reasoning = sentPartsWhere(subject, (part) => part.type === "reasoning" || (part.type === "unknown" && part.provider === OPENAI_RESPONSES && part.kind === "reasoning"), true);
  const items = bodyList(subject, "input");
  let reasoningIndex = 0;
  for (const [index, item] of items.entries()) {
    if (kindOf(item) !== "reasoning") continue;
    yield { item, next: items[index + 1], cause: { pointer: pointerOf(reasoning, reasoningIndex, subject), values: { id: String(item.id ?? "") } } };
    reasoningIndex++;
  }
}

function* reasoningNotPersisted(subject: LintSubject): Iterable<LintCause> {
  for (const { item, cause } of reasoningItems(subject)) if (typeof item.encrypted_content !== "string") yield cause;
}

function* encryptedContentUnreadable(subject: LintSubject): Iterable<LintCause> {
  for (const { item, cause } of reasoningItems(subject)) if (typeof item.encrypted_content === "string" && !BASE64URL.test(item.encrypted_content)) yield cause;
}

function* reasoningWithoutFollowingItem(subject: LintSubject): Iterable<LintCause> {
  for (const { item, next, cause } of reasoningItems(subject)) if (typeof item.encrypted_content === "string" && !isOutputItem(next)) yield cause;
}

export const openAiResponsesLint: ProviderLint = {
  *facts(request) {
    const effort = (request.reasoning as { effort?: unknown } | undefined)?.effort;
    if (typeof effort === "string" && effort !== "none") yield "thinking";
    if (Array.isArray(request.tools) && request.tools.length > 0) yield "tools";
    if (request.stream === true) yield "stream";
  },
  checks: {
    "output-without-call": outputWithoutCall,
    "call-without-output": callWithoutOutput,
    "reasoning-without-following-item": reasoningWithoutFollowingItem,
    "reasoning-not-persisted": reasoningNotPersisted,
    "encrypted-content-unreadable": encryptedContentUnreadable,
  },
};
