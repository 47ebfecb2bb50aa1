// What lint checks for Gemini (spec/providers/google.tsp @requestRules): the thought signature of the first
// function call of each model turn of the current turn (mandatory for Gemini 3), signatures that are not
// base64, and one function response per call, read from the contents the encoder sends.
// https://ai.google.dev/gemini-api/docs/thought-signatures
import type { LintCause, LintSubject, ProviderLint } from "../../lint/lint-check.js";
import { sentParts } from "../../lint/lint-check.js";
import { bodyList, isBase64, pointerOf, sentPartsOfType } from "../../lint/wire-pointers.js";
import { ENDPOINT_ATTRIBUTE, GOOGLE, REPLAY_SIGNATURES_ACROSS_ENDPOINTS, THOUGHT_SIGNATURE } from "./google-wire.js";

type WirePart = Record<string, unknown>;

/** The endpoint of the registry's codec, whose own signatures are sent (createGoogleCodec). */
const CODEC_ENDPOINT = "gemini-api";

function partsOf(content: Record<string, unknown>): WirePart[] {
  return Array.isArray(content.parts) ? (content.parts as WirePart[]) : [];
}

function callCount(content: Record<string, unknown>): number {
  return partsOf(content).filter((part) => part.functionCall !== undefined).length;
}

/** The contents of the body, each with the position of its first function call among the calls of the history that are sent. */
function* contentsWithCalls(subject: LintSubject): Iterable<{ content: Record<string, unknown>; index: number; firstCall: number }> {
  let calls = 0;
  for (const [index, content] of bodyList(subject, "contents").entries()) {
    yield { content, index, firstCall: calls };
    calls += callCount(content);
  }
}

/** A user content with a text part: the start of the current turn. */
function asksSomething(content: Record<string, unknown>): boolean {
  return content.role !== "model" && partsOf(content).some((part) => typeof part.text === "string");
}

/** The first function call of a model content after the last user text, sent without a signature. */
function* currentTurnCallUnsigned(subject: LintSubject): Iterable<LintCause> {
  const calls = sentPartsOfType(subject, "tool_call", true);
  const question = bodyList(subject, "contents").findLastIndex(asksSomething);
  for (const { content, index, firstCall } of contentsWithCalls(subject)) {
    if (index <= question || content.role !== "model") continue;
    const call = partsOf(content).find((part) => part.functionCall !== undefined);
    if (call === undefined || (typeof call.thoughtSignature === "string" && call.thoughtSignature !== "")) continue;
    const name = String((call.functionCall as { name?: unknown }).name);
    yield { pointer: pointerOf(calls, firstCall, subject), values: { name, position: String(index + 1) } };
  }
}

/** A part sent with its Gemini signature (its own endpoint's, or any with the opt-in) whose signature is not base64. */
function* signatureNotBase64(subject: LintSubject): Iterable<LintCause> {
  const acrossEndpoints = subject.facts.has(REPLAY_SIGNATURES_ACROSS_ENDPOINTS);
  for (const [index, message] of subject.messages.entries()) {
    for (const { part, pointer } of sentParts(subject, index)) {
      // Only model parts and Gemini's own raw parts go out with their signature.
      if (message.role !== "assistant" && part.type !== "unknown") continue;
      const payload = part.payload;
      if (payload?.provider !== GOOGLE || payload.kind !== THOUGHT_SIGNATURE) continue;
      const endpoint = part.attributes?.[ENDPOINT_ATTRIBUTE];
      if (endpoint !== undefined && endpoint !== CODEC_ENDPOINT && !acrossEndpoints) continue;
      if (!isBase64(payload.data, "bytes")) yield { pointer: `${pointer}/payload/data` };
    }
  }
}

/** The most a generateContent request may be, in bytes of its JSON body (inline data included). */
export const GEMINI_REQUEST_LIMIT_BYTES = 20 * 1024 * 1024;

/** The body the encoder writes is over the request size limit: the cause is the history's largest media part. */
function* requestTooLarge(subject: LintSubject): Iterable<LintCause> {
  if (subject.body === undefined || new TextEncoder().encode(JSON.stringify(subject.body)).length <= GEMINI_REQUEST_LIMIT_BYTES) return;
  const media = sentPartsOfType(subject, "media").sort((left, right) => (right.part.type === "media" ? right.part.media.data.length : 0) - (left.part.type === "media" ? left.part.media.data.length : 0));
  yield { pointer: media[0]?.pointer ?? subject.base };
}

/** A model content with function calls answered by a user content with another number of function responses. */
function* functionResponseCount(subject: LintSubject): Iterable<LintCause> {
  const calls = sentPartsOfType(subject, "tool_call", true);
  const contents = bodyList(subject, "contents");
  for (const { content, index, firstCall } of contentsWithCalls(subject)) {
    const next = contents[index + 1];
    const count = callCount(content);
    const responses = next === undefined ? 0 : partsOf(next).filter((part) => part.functionResponse !== undefined).length;
    if (content.role === "model" && count > 0 && responses > 0 && responses !== count) yield { pointer: pointerOf(calls, firstCall, subject) };
  }
}

export const googleLint: ProviderLint = {
  *facts(request) {
    const thinking = (request.generationConfig as { thinkingConfig?: { thinkingBudget?: unknown; includeThoughts?: unknown } } | undefined)?.thinkingConfig;
    if (thinking !== undefined && thinking.thinkingBudget !== 0) yield "thinking";
    if (Array.isArray(request.tools) && request.tools.length > 0) yield "tools";
  },
  checks: {
    "current-turn-call-unsigned": currentTurnCallUnsigned,
    "signature-not-base64": signatureNotBase64,
    "function-response-count": functionResponseCount,
    "request-too-large": requestTooLarge,
  },
};
