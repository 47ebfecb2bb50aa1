// What lint checks before a Converse call (spec/providers/bedrock.tsp @requestRules): the facts of the
// request (Claude's thinking through `additionalModelRequestFields`, tools in `toolConfig`), the model from
// `modelId`, and Bedrock's own checks, read on the encoded request with the wire's message indexes (docs/lint.md).
import type { Part } from "../../../generated/types.js";
import type { LintCause, LintSubject, ProviderLint } from "../../lint/lint-check.js";
import { sentParts } from "../../lint/lint-check.js";
import { callWithId, earlierTurnReasoning, isBase64, payloadWithData, resultWithId, sentPartPointer, turnStartPointer } from "../../lint/wire-pointers.js";

type Block = Record<string, unknown>;
interface Turn {
  readonly role: unknown;
  readonly blocks: readonly Block[];
}
type Reasoning = { reasoningText?: { text?: unknown; signature?: unknown }; redactedContent?: unknown };

function wireTurns(subject: LintSubject): Turn[] {
  const messages = Array.isArray(subject.body?.messages) ? (subject.body.messages as { role?: unknown; content?: unknown }[]) : [];
  return messages.map((message) => ({ role: message.role, blocks: Array.isArray(message.content) ? (message.content as Block[]) : [] }));
}

function toolUseIds(turn: Turn | undefined): string[] {
  if (turn?.role !== "assistant") return [];
  return turn.blocks.flatMap((block) => (block.toolUse === undefined ? [] : [String((block.toolUse as Block).toolUseId)]));
}

function toolResultIds(turn: Turn | undefined): string[] {
  if (turn?.role !== "user") return [];
  return turn.blocks.flatMap((block) => (block.toolResult === undefined ? [] : [String((block.toolResult as Block).toolUseId)]));
}

/** Calls the next message does not answer (a trailing call is not one: the history ends there). */
function* toolUseUnanswered(subject: LintSubject): Iterable<LintCause> {
  const turns = wireTurns(subject);
  for (const [index, turn] of turns.entries()) {
    if (index === turns.length - 1) continue;
    const answered = new Set(toolResultIds(turns[index + 1]));
    const missing = toolUseIds(turn).filter((id) => !answered.has(id));
    if (missing.length > 0) yield { pointer: sentPartPointer(subject, callWithId(missing[0] as string)), values: { index: String(index + 1), id: missing.join(", ") } };
  }
}

/**
 * A user message with more results than the assistant message before it has toolUse blocks (blocks, as
 * Bedrock's error counts them: two calls with one id are two); the cause is a result answering none of them.
 */
function* toolResultsExceedUses(subject: LintSubject): Iterable<LintCause> {
  const turns = wireTurns(subject);
  for (const [index, turn] of turns.entries()) {
    const results = toolResultIds(turn);
    const calls = toolUseIds(turns[index - 1]);
    if (results.length <= calls.length) continue;
    const extra = results.find((id) => !calls.includes(id)) ?? (results.at(-1) as string);
    yield { pointer: sentPartPointer(subject, resultWithId(extra)), values: { index: String(index) } };
  }
}

/** Tool calls or results in a request without `toolConfig`. */
function* toolConfigRequired(subject: LintSubject): Iterable<LintCause> {
  if (subject.body?.toolConfig !== undefined) return;
  for (const turn of wireTurns(subject)) {
    const [call] = toolUseIds(turn);
    const [result] = toolResultIds(turn);
    if (call !== undefined) return yield { pointer: sentPartPointer(subject, callWithId(call)) };
    if (result !== undefined) return yield { pointer: sentPartPointer(subject, resultWithId(result)) };
  }
}

/** The Anthropic block type of a Converse block, as Claude's error text names it. */
function anthropicType(block: Block): string {
  return block.toolUse !== undefined ? "tool_use" : (Object.keys(block)[0] ?? "text");
}

/** The assistant message before the trailing tool results, with a call, not starting with reasoning. */
function* thinkingFirst(subject: LintSubject): Iterable<LintCause> {
  const turns = wireTurns(subject);
  const index = turns.length - 2;
  const first = turns[index]?.blocks[0];
  const calls = toolUseIds(turns[index]);
  if (!first || calls.length === 0 || first.reasoningContent !== undefined) return;
  yield { pointer: turnStartPointer(subject, callWithId(calls[0] as string)), values: { index: String(index), found: anthropicType(first) } };
}

/** Reasoning blocks of assistant messages whose opaque field (`read` of the block) is present and not base64. */
function* notBase64(subject: LintSubject, read: (reasoning: Reasoning) => unknown): Iterable<LintCause> {
  for (const [index, turn] of wireTurns(subject).entries()) {
    if (turn.role !== "assistant") continue;
    for (const [position, block] of turn.blocks.entries()) {
      const data = block.reasoningContent === undefined ? undefined : read(block.reasoningContent as Reasoning);
      if (data !== undefined && !isBase64(String(data))) yield { pointer: sentPartPointer(subject, payloadWithData(String(data))), values: { index: String(index), position: String(position) } };
    }
  }
}

/** Reasoning text sent without a signature (the encoder sends Bedrock's unsigned reasoning when `modelId` names no Claude model). */
function* reasoningUnsigned(subject: LintSubject): Iterable<LintCause> {
  for (const [index, turn] of wireTurns(subject).entries()) {
    if (turn.role !== "assistant") continue;
    for (const [position, block] of turn.blocks.entries()) {
      const text = (block.reasoningContent as Reasoning | undefined)?.reasoningText;
      if (text !== undefined && text.signature === undefined) yield { pointer: sentPartPointer(subject, (part) => part.type === "reasoning" && part.payload === undefined && (part.text ?? "") === String(text.text ?? "")), values: { index: String(index), position: String(position) } };
    }
  }
}

/** The most documents a request takes (https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-call.html). */
const MAX_DOCUMENTS = 5;

/** The document blocks of the request, in order: in user messages and in their tool results. */
function documentBlocks(subject: LintSubject): Block[] {
  const nested = (block: Block): Block[] => ((block.toolResult as { content?: unknown } | undefined)?.content as Block[] | undefined) ?? [];
  return wireTurns(subject).flatMap((turn) => turn.blocks.flatMap((block) => [block, ...nested(block)])).flatMap((block) => (block.document === undefined ? [] : [block.document as Block]));
}

/** Whether a part is media the encoder writes as a document block (any media but an image). */
function isDocument(part: Part): boolean {
  return part.type === "media" && !part.media.mimeType.startsWith("image/");
}

/** The pointers of the document media the target receives, in the order of documentBlocks (user messages, then each result's content). */
function documentPointers(subject: LintSubject): string[] {
  const pointers: string[] = [];
  for (const [index, message] of subject.messages.entries()) {
    if (message.role === "assistant" || message.role === "system") continue;
    for (const { part, pointer } of sentParts(subject, index)) {
      if (isDocument(part)) pointers.push(pointer);
      if (part.type !== "tool_result") continue;
      part.content.forEach((inner, position) => {
        const innerPointer = `${pointer}/content/${position}`;
        if (isDocument(inner) && !subject.dropped.has(innerPointer)) pointers.push(innerPointer);
      });
    }
  }
  return pointers;
}

/** More than five documents: the sixth is the cause. */
function* tooManyDocuments(subject: LintSubject): Iterable<LintCause> {
  if (documentBlocks(subject).length > MAX_DOCUMENTS) yield { pointer: documentPointers(subject)[MAX_DOCUMENTS] ?? subject.base };
}

/** A document named as an earlier one. */
function* duplicateDocumentNames(subject: LintSubject): Iterable<LintCause> {
  const seen = new Set<string>();
  const pointers = documentPointers(subject);
  for (const [index, document] of documentBlocks(subject).entries()) {
    const name = String(document.name);
    if (seen.has(name)) yield { pointer: pointers[index] ?? subject.base };
    seen.add(name);
  }
}

export const bedrockLint: ProviderLint = {
  *facts(request) {
    const fields = (request.additionalModelRequestFields ?? {}) as { thinking?: { type?: unknown }; reasoning_config?: { type?: unknown } };
    const thinking = fields.thinking?.type ?? fields.reasoning_config?.type;
    if (thinking === "enabled" || thinking === "adaptive") yield "thinking";
    const tools = (request.toolConfig as { tools?: unknown } | undefined)?.tools;
    if (Array.isArray(tools) && tools.length > 0) yield "tools";
  },
  model: (request) => (typeof request.modelId === "string" ? request.modelId : undefined),
  checks: {
    "bedrock-tool-use-unanswered": toolUseUnanswered,
    "bedrock-tool-results-exceed-uses": toolResultsExceedUses,
    "bedrock-tool-config-required": toolConfigRequired,
    "bedrock-thinking-first": thinkingFirst,
    "bedrock-reasoning-signature": (subject) => notBase64(subject, (reasoning) => reasoning.reasoningText?.signature),
    "bedrock-reasoning-unsigned": reasoningUnsigned,
    "bedrock-redacted-content": (subject) => notBase64(subject, (reasoning) => reasoning.redactedContent),
    "bedrock-too-many-documents": tooManyDocuments,
    "bedrock-duplicate-document-names": duplicateDocumentNames,
    "bedrock-earlier-thinking": earlierTurnReasoning,
  },
};
