// What lint checks before a Messages API call (spec/providers/anthropic.tsp @requestRules): the facts of
// the request (extended thinking on, tools declared, streaming) and Anthropic's own checks, read on the
// encoded request, where the encoder has merged turns and left out what it does not send (docs/lint.md).
import type { Part } from "../../../generated/types.js";
import type { LintCause, LintSubject, ProviderLint } from "../../lint/lint-check.js";
import { messagePointer } from "../../lint/lint-check.js";
import { callWithId, earlierTurnReasoning, isBase64, payloadWithData, resultWithId, sentPartPointer, turnStartPointer } from "../../lint/wire-pointers.js";

type Block = Record<string, unknown>;
interface Turn {
  readonly role: unknown;
  readonly blocks: readonly Block[];
}

/** The most images a request takes (https://platform.claude.com/docs/en/build-with-claude/vision). */
const MAX_IMAGES = 100;
/** The largest request body, 32 MB (https://platform.claude.com/docs/en/api/overview), counted as the simulator counts it. */
const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/** Tool ids the API takes (its schema's pattern, empty excluded). */
const TOOL_ID = /^[a-zA-Z0-9_-]+$/;

/** The turns of the encoded request, a string content as one text block. */
function wireTurns(subject: LintSubject): Turn[] {
  const messages = Array.isArray(subject.body?.messages) ? (subject.body.messages as { role?: unknown; content?: unknown }[]) : [];
  return messages.map((message) => ({
    role: message.role,
    blocks: typeof message.content === "string" ? [{ type: "text", text: message.content }] : Array.isArray(message.content) ? (message.content as Block[]) : [],
  }));
}

function toolUseIds(turn: Turn | undefined): string[] {
  return turn?.role === "assistant" ? turn.blocks.filter((block) => block.type === "tool_use").map((block) => String(block.id)) : [];
}

/** The ids the `tool_result` blocks at the start of a user turn answer (results after other blocks answer nothing). */
function leadingResultIds(turn: Turn | undefined): Set<string> {
  const ids = new Set<string>();
  if (turn?.role !== "user") return ids;
  for (const block of turn.blocks) {
    if (block.type !== "tool_result") break;
    ids.add(String(block.tool_use_id));
  }
  return ids;
}

/** Calls of a turn that the next turn does not answer at its start; a trailing call is not one (the history ends there). */
function* toolUseUnanswered(subject: LintSubject): Iterable<LintCause> {
  const turns = wireTurns(subject);
  for (const [index, turn] of turns.entries()) {
    if (index === turns.length - 1) continue;
    const answered = leadingResultIds(turns[index + 1]);
    const missing = toolUseIds(turn).filter((id) => !answered.has(id));
    if (missing.length > 0) yield { pointer: sentPartPointer(subject, callWithId(missing[0] as string)), values: { id: missing.join(", ") } };
  }
}

/** Results naming no call of the assistant turn right before them. */
function* toolResultWithoutUse(subject: LintSubject): Iterable<LintCause> {
  const turns = wireTurns(subject);
  for (const [index, turn] of turns.entries()) {
    if (turn.role !== "user") continue;
    const calls = new Set(toolUseIds(turns[index - 1]));
    for (const block of turn.blocks) {
      const id = String(block.tool_use_id);
      if (block.type === "tool_result" && !calls.has(id)) yield { pointer: sentPartPointer(subject, resultWithId(id)), values: { id } };
    }
  }
}

/** A `tool_use` id an earlier call of the request already has. */
function* duplicateToolUseId(subject: LintSubject): Iterable<LintCause> {
  const seen = new Map<string, number>();
  for (const turn of wireTurns(subject)) {
    for (const id of toolUseIds(turn)) {
      const count = seen.get(id) ?? 0;
      if (count > 0) yield { pointer: sentPartPointer(subject, callWithId(id), count), values: { id } };
      seen.set(id, count + 1);
    }
  }
}

/** Tool ids outside the API's pattern, on calls and on results. */
function* toolIdPattern(subject: LintSubject): Iterable<LintCause> {
  for (const turn of wireTurns(subject)) {
    for (const block of turn.blocks) {
      if (block.type === "tool_use" && !TOOL_ID.test(String(block.id))) yield { pointer: sentPartPointer(subject, callWithId(String(block.id))), values: { id: String(block.id) } };
      if (block.type === "tool_result" && !TOOL_ID.test(String(block.tool_use_id))) yield { pointer: sentPartPointer(subject, resultWithId(String(block.tool_use_id))), values: { id: String(block.tool_use_id) } };
    }
  }
}

/** The assistant turn before the trailing tool results, with a call, not starting with thinking. */
function* thinkingFirst(subject: LintSubject): Iterable<LintCause> {
  const turns = wireTurns(subject);
  const final = turns[turns.length - 2];
  const first = final?.blocks[0];
  const calls = toolUseIds(final);
  if (!first || calls.length === 0 || first.type === "thinking" || first.type === "redacted_thinking") return;
  yield { pointer: turnStartPointer(subject, callWithId(calls[0] as string)), values: { found: String(first.type) } };
}

/** Blocks of assistant turns of one type whose opaque field is not base64 (empty included). */
function* notBase64(subject: LintSubject, type: string, field: string): Iterable<LintCause> {
  for (const turn of wireTurns(subject)) {
    if (turn.role !== "assistant") continue;
    for (const block of turn.blocks) {
      const data = String(block[field] ?? "");
      if (block.type === type && !isBase64(data)) yield { pointer: sentPartPointer(subject, payloadWithData(data)) };
    }
  }
}

/** Thinking blocks in a trailing assistant message of a request with thinking off. */
function* thinkingWithoutThinking(subject: LintSubject): Iterable<LintCause> {
  const final = wireTurns(subject).at(-1);
  if (subject.facts.has("thinking") || final?.role !== "assistant") return;
  for (const block of final.blocks) {
    const data = block.type === "thinking" ? block.signature : block.type === "redacted_thinking" ? block.data : undefined;
    if (data !== undefined) yield { pointer: sentPartPointer(subject, payloadWithData(String(data))) };
  }
}

/** The image blocks of user messages and of their tool results. */
function imageBlocks(turns: readonly Turn[]): Block[] {
  const nested = (block: Block): Block[] => (block.type === "tool_result" && Array.isArray(block.content) ? (block.content as Block[]) : []);
  return turns.flatMap((turn) => turn.blocks.flatMap((block) => [block, ...nested(block)])).filter((block) => block.type === "image");
}

/** More than 100 images, in a request without documents (whose pages count too, and which lint cannot count). */
function* tooManyImages(subject: LintSubject): Iterable<LintCause> {
  const turns = wireTurns(subject);
  const images = imageBlocks(turns);
  const documents = turns.some((turn) => turn.blocks.some((block) => block.type === "document" || (block.type === "tool_result" && Array.isArray(block.content) && (block.content as Block[]).some((inner) => inner.type === "document"))));
  if (images.length <= MAX_IMAGES || documents) return;
  const hasMedia = (parts: readonly Part[]): boolean => parts.some((part) => part.type === "media" || (part.type === "tool_result" && hasMedia(part.content)));
  const last = subject.messages.findLastIndex((message) => hasMedia(message.parts));
  yield { pointer: last < 0 ? subject.base : messagePointer(subject, last), values: { images: String(images.length) } };
}

/** A request body over the size limit. */
function* requestTooLarge(subject: LintSubject): Iterable<LintCause> {
  if (subject.body && new TextEncoder().encode(JSON.stringify(subject.body)).length > MAX_REQUEST_BYTES) yield { pointer: subject.base };
}

export const anthropicLint: ProviderLint = {
  *facts(request) {
    const thinking = request.thinking as { type?: unknown } | undefined;
    if (thinking?.type === "enabled" || thinking?.type === "adaptive") yield "thinking";
    if (Array.isArray(request.tools) && request.tools.length > 0) yield "tools";
    if (request.stream === true) yield "stream";
  },
  checks: {
    "anthropic-tool-use-unanswered": toolUseUnanswered,
    "anthropic-tool-result-without-use": toolResultWithoutUse,
    "anthropic-duplicate-tool-use-id": duplicateToolUseId,
    "anthropic-tool-id-pattern": toolIdPattern,
    "anthropic-thinking-first": thinkingFirst,
    "anthropic-thinking-signature": (subject) => notBase64(subject, "thinking", "signature"),
    "anthropic-redacted-thinking-data": (subject) => notBase64(subject, "redacted_thinking", "data"),
    "anthropic-thinking-without-thinking": thinkingWithoutThinking,
    "anthropic-too-many-images": tooManyImages,
    "anthropic-request-too-large": requestTooLarge,
    "anthropic-earlier-thinking": earlierTurnReasoning,
  },
};
