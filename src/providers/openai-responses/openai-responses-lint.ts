// What lint checks for the Responses API (spec/providers/openai-responses.tsp @requestRules), read from the
// input items the encoder sends (always `store: false`): function calls and outputs paired by call_id, and
// reasoning items that can be replayed statelessly. https://cookbook.openai.com/examples/responses_api/reasoning_items
import type { Part } from "../../../generated/types.js";
import type { LintCause, LintSubject, ProviderLint } from "../../lint/lint-check.js";
import { bodyList, isBase64, pointerOf, sentPartsOfType, sentPartsWhere } from "../../lint/wire-pointers.js";
import { OPENAI_RESPONSES } from "./openai-responses-wire.js";

type Item = Record<string, unknown>;


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

/** Each reasoning item of the input with its position, the part it came from (with its pointer) and the item after it. */
function* reasoningItems(subject: LintSubject): Iterable<{ item: Item; index: number; part: Part | undefined; next: Item | undefined; cause: LintCause }> {
  // Reasoning parts, and reasoning items kept as raw parts, which go back as received.
  const reasoning = sentPartsWhere(subject, (part) => part.type === "reasoning" || (part.type === "unknown" && part.provider === OPENAI_RESPONSES && part.kind === "reasoning"), true);
  const items = bodyList(subject, "input");
  let reasoningIndex = 0;
  for (const [index, item] of items.entries()) {
    if (kindOf(item) !== "reasoning") continue;
    const cause = { pointer: pointerOf(reasoning, reasoningIndex, subject), values: { id: String(item.id ?? "") } };
    yield { item, index, part: reasoning[reasoningIndex]?.part, next: items[index + 1], cause };
    reasoningIndex++;
  }
}

/** The response prefix of an output item id (`fc_`, `rs_`, `msg_` and 24 hex digits the items of one response share). */
function responsePrefix(id: unknown, kind: "fc" | "rs"): string | undefined {
  return typeof id === "string" ? new RegExp(`^${kind}_([0-9a-f]{24})[0-9a-f]+$`).exec(id)?.[1] : undefined;
}

/**
 * A function call sent with its item id whose response's reasoning item is in the history but not the item
 * before it (past the response's other output items).
 */
function* functionCallWithoutReasoning(subject: LintSubject): Iterable<LintCause> {
  const reasoningIds = new Map<string, string>();
  for (const message of subject.messages) {
    for (const part of message.parts) {
      const id = part.type === "reasoning" ? part.attributes?.itemId : undefined;
      const prefix = responsePrefix(id, "rs");
      if (prefix !== undefined && id !== undefined) reasoningIds.set(prefix, id);
    }
  }
  // A reasoning item sent without its id is still its part's item (its encrypted content names it).
  const sentReasoningIds = new Map<number, unknown>();
  for (const { item, index, part } of reasoningItems(subject)) sentReasoningIds.set(index, item.id ?? part?.attributes?.itemId);
  const calls = sentPartsOfType(subject, "tool_call", true);
  const items = bodyList(subject, "input");
  let callIndex = 0;
  for (const [index, item] of items.entries()) {
    if (kindOf(item) !== "function_call") continue;
    const prefix = responsePrefix(item.id, "fc");
    const required = prefix === undefined ? undefined : reasoningIds.get(prefix);
    let position = index - 1;
    while (position >= 0 && isOutputItem(items[position])) position--;
    if (required !== undefined && sentReasoningIds.get(position) !== required) {
      yield { pointer: pointerOf(calls, callIndex, subject), values: { id: String(item.id), reasoning: required } };
    }
    callIndex++;
  }
}

function* reasoningNotPersisted(subject: LintSubject): Iterable<LintCause> {
  for (const { item, cause } of reasoningItems(subject)) if (typeof item.encrypted_content !== "string") yield cause;
}

function* encryptedContentUnreadable(subject: LintSubject): Iterable<LintCause> {
  for (const { item, cause } of reasoningItems(subject)) if (typeof item.encrypted_content === "string" && !isBase64(item.encrypted_content, "url")) yield cause;
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
    "function-call-without-reasoning": functionCallWithoutReasoning,
    "reasoning-not-persisted": reasoningNotPersisted,
    "encrypted-content-unreadable": encryptedContentUnreadable,
  },
};
