// A stand-in for the Gemini API: generateContent and streamGenerateContent?alt=sse, with thought parts and
// thoughtSignatures that seal the thinking text under an HMAC, and the Gemini 3 rule that a function call of
// the current turn comes back with its signature. providers-anthropic-bedrock-gemini-mistral.md C.1-C.4
import { randomBytes } from "node:crypto";
import { type ProviderSimulator, type SimulatorAnswer, type SimulatorContext, pieces, serverSentEventAnswer } from "./simulator-server.js";
import { type ScriptReply, type ScriptTurn, scriptReply } from "./weather-script.js";
import { type WireContent, contentBlocks, mediaSubject, partSubject } from "./content-check.js";
import { requestRule, ruleErrorText } from "../providers/request-rules.js";

type Part = Record<string, unknown>;
type Content = { role?: unknown; parts?: unknown };

const THOUGHT = "google:thought_signature";
const MAC_BYTES = 32;
const REQUEST_LIMIT_BYTES = 20 * 1024 * 1024;
/** Values public code sends for function calls the model did not make, citing the thought-signatures page (C.4); accepted. */
const SENTINELS = new Set(["skip_thought_signature_validator", "context_engineering_is_the_way_to_go"]);
/** Standard or web-safe base64, what a TYPE_BYTES field takes in JSON. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

/** A thoughtSignature: base64 of an HMAC over the thinking text followed by that text, so it carries the thought as the real one does. */
function thoughtSignature(thought: string, context: SimulatorContext): string {
  const body = Buffer.from(thought, "utf8");
  return Buffer.concat([Buffer.from(context.signer.sign(THOUGHT, body.toString("base64")), "base64"), body]).toString("base64");
}

function signatureIsValid(signature: string, context: SimulatorContext): boolean {
  if (SENTINELS.has(signature)) return true;
  const bytes = Buffer.from(signature, "base64");
  const body = bytes.subarray(MAC_BYTES).toString("base64");
  return bytes.length >= MAC_BYTES && context.signer.verify(THOUGHT, body, bytes.subarray(0, MAC_BYTES).toString("base64"));
}

function partsOf(content: Content): Part[] {
  return Array.isArray(content.parts) ? (content.parts as Part[]) : [];
}

function isUserQuestion(content: Content): boolean {
  return content.role !== "model" && partsOf(content).some((part) => typeof part.text === "string");
}

/** The part a Gemini part carries, for the content rules; undefined for parts partwise writes none of. */
function partSubjectOf(part: Part): WireContent["subject"] | undefined {
  if (typeof part.text === "string") return partSubject(part.thought === true ? "reasoning" : "text");
  const inline = part.inlineData as { mimeType?: unknown } | undefined;
  if (inline !== undefined) return mediaSubject(String(inline.mimeType), "bytes");
  const file = part.fileData as { mimeType?: unknown; fileUri?: unknown } | undefined;
  if (file !== undefined) return mediaSubject(String(file.mimeType), "url", String(file.fileUri));
  if (part.functionCall !== undefined) return partSubject("tool_call");
  return part.functionResponse === undefined ? undefined : partSubject("tool_result");
}

/** The system instruction's parts, and each user turn's parts with the media parts of their function responses. */
function* requestContent(body: Record<string, unknown>): Iterable<WireContent> {
  const system = body.systemInstruction as Content | undefined;
  for (const [index, part] of contentBlocks(system?.parts).entries()) {
    const subject = partSubjectOf(part);
    if (subject) yield { place: "system", subject, path: `system_instruction.parts[${index}]` };
  }
  const contents = Array.isArray(body.contents) ? (body.contents as Content[]) : [];
  for (const [index, content] of contents.entries()) {
    if (content.role === "model") continue;
    for (const [position, part] of partsOf(content).entries()) {
      const subject = partSubjectOf(part);
      if (subject) yield { place: "user", subject, path: `contents[${index}].parts[${position}]` };
      const response = part.functionResponse as { parts?: unknown } | undefined;
      for (const [inner, responsePart] of contentBlocks(response?.parts).entries()) {
        const innerSubject = partSubjectOf(responsePart);
        if (innerSubject) yield { place: "tool_result", subject: innerSubject, path: `contents[${index}].parts[${position}].function_response.parts[${inner}]` };
      }
    }
  }
}

/** Gemini 3 models validate signatures; Gemini 3 Pro Image does not (C.4). */
function validatesSignatures(model: string): boolean {
  return /gemini-3/.test(model) && !/image/.test(model);
}

/** The first replay error of a request, as the API words it (C.4 "Exact error texts", the request rules of spec/providers/google.tsp), or undefined. */
function replayProblem(contents: readonly Content[], model: string, context: SimulatorContext): string | undefined {
  for (const content of contents) {
    for (const part of partsOf(content)) {
      if (part.thoughtSignature !== undefined && !(typeof part.thoughtSignature === "string" && BASE64.test(part.thoughtSignature))) {
        return ruleErrorText(requestRule("google", "google/signature-not-base64"));
      }
    }
  }
  const mismatch = contents.findIndex((content, index) => {
    const calls = partsOf(content).filter((part) => part.functionCall !== undefined).length;
    const responses = partsOf(contents[index + 1] ?? {}).filter((part) => part.functionResponse !== undefined).length;
    return content.role === "model" && calls > 0 && responses > 0 && responses !== calls;
  });
  if (mismatch >= 0) return ruleErrorText(requestRule("google", "google/function-response-count"));
  if (!validatesSignatures(model)) return undefined;
  // Only the current turn's function-calling loop is validated: the model contents after the last user question.
  const questionIndex = contents.findLastIndex(isUserQuestion);
  for (let index = questionIndex + 1; index < contents.length; index++) {
    const content = contents[index] as Content;
    if (content.role !== "model") continue;
    // Of parallel calls only the first carries the signature.
    const call = partsOf(content).find((part) => part.functionCall !== undefined);
    if (!call) continue;
    if (typeof call.thoughtSignature !== "string" || call.thoughtSignature === "") {
      const name = String((call.functionCall as { name?: unknown }).name);
      return ruleErrorText(requestRule("google", "google/current-turn-call-unsigned"), { name, position: String(index + 1) });
    }
    if (!signatureIsValid(call.thoughtSignature, context)) return "Corrupted thought signature.";
  }
  return undefined;
}

/** The text of a functionResponse: its `output` (C.1's convention) or its one string field, else its JSON. */
function responseText(response: unknown): string {
  const fields = typeof response === "object" && response !== null ? Object.values(response) : [];
  const output = (response as { output?: unknown } | undefined)?.output ?? (fields.length === 1 ? fields[0] : undefined);
  return typeof output === "string" ? output : JSON.stringify(output ?? response ?? null);
}

function scriptTurns(contents: readonly Content[]): ScriptTurn[] {
  return contents.map((content) => {
    const parts = partsOf(content);
    const calls = parts.map((part) => part.functionCall as { id?: unknown; name?: unknown } | undefined).filter((call) => call !== undefined);
    const responses = parts.map((part) => part.functionResponse as { id?: unknown; name?: unknown; response?: unknown } | undefined).filter((response) => response !== undefined);
    return {
      role: content.role === "model" ? "assistant" : responses.length > 0 ? "tool" : "user",
      text: parts.filter((part) => typeof part.text === "string" && part.thought !== true).map((part) => String(part.text)).join(""),
      toolCalls: calls.map((call) => ({ id: String(call.id ?? call.name), name: String(call.name) })),
      toolResults: responses.map((response) => ({ id: String(response.id ?? response.name), text: responseText(response.response) })),
    };
  });
}

/** The reply's parts: the thought summary (when asked for), the text, the signed function call; a reply without a call signs its last part. */
function replyParts(reply: ScriptReply, includeThoughts: boolean, context: SimulatorContext): Part[] {
  const signature = thoughtSignature(reply.reasoning, context);
  const parts: Part[] = includeThoughts ? [{ text: reply.reasoning, thought: true }] : [];
  if (!reply.toolCall) return [...parts, { text: reply.text, thoughtSignature: signature }];
  return [...parts, { text: reply.text }, { functionCall: { name: reply.toolCall.name, args: reply.toolCall.arguments }, thoughtSignature: signature }];
}

/**
 * The stream's chunks (C.3): thought text, answer text, the signed function call; the last chunk carries
 * finishReason with an empty text part, which holds the signature when there was no function call.
 */
function streamChunks(reply: ScriptReply, parts: readonly Part[], base: Record<string, unknown>): Record<string, unknown>[] {
  const chunk = (chunkParts: Part[], finished = false) => ({
    ...base,
    candidates: [{ content: { parts: chunkParts, role: "model" }, ...(finished ? { finishReason: "STOP" } : {}), index: 0 }],
  });
  const chunks: Record<string, unknown>[] = [];
  for (const part of parts) {
    if (part.functionCall !== undefined) chunks.push(chunk([part]));
    else if (part.thought === true) for (const text of pieces(String(part.text), 40)) chunks.push(chunk([{ text, thought: true }]));
    else for (const text of pieces(String(part.text), 16)) chunks.push(chunk([{ text }]));
  }
  const last = parts.at(-1);
  chunks.push(chunk([reply.toolCall || last === undefined ? { text: "" } : { text: "", thoughtSignature: last.thoughtSignature }], true));
  return chunks;
}

export const googleSimulator: ProviderSimulator = {
  provider: "google",
  route(method, url) {
    const match = /^(?:\/v1beta|\/v1)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
    if (method !== "POST" || !match) return undefined;
    const stream = match[2] === "streamGenerateContent";
    // Without alt=sse the API streams a JSON array, which this simulator does not speak.
    if (stream && url.searchParams.get("alt") !== "sse") return undefined;
    return { model: decodeURIComponent(match[1] as string), stream };
  },
  authorized: (headers, url, _body, apiKey) => (headers["x-goog-api-key"] ?? url.searchParams.get("key")) === apiKey,
  requestContent,
  errorAnswer(status, type, message) {
    // A wrong Gemini API key is a 400 INVALID_ARGUMENT with reason API_KEY_INVALID (https://ai.google.dev/gemini-api/docs/troubleshooting).
    if (type === "authentication_error") {
      const details = [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com", metadata: { service: "generativelanguage.googleapis.com" } }];
      return { kind: "json", status: 400, body: { error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT", details } } };
    }
    return { kind: "json", status, body: { error: { code: status, message, status: STATUS_NAMES[status] ?? "UNKNOWN" } } };
  },
  handle(request, context): SimulatorAnswer {
    // The Gemini API's request limit, inline data included (image-understanding: 20 MB).
    if (Buffer.byteLength(JSON.stringify(request.body)) > REQUEST_LIMIT_BYTES) return this.errorAnswer(400, "invalid_request_error", ruleErrorText(requestRule("google", "google/request-too-large")), context);
    const contents = Array.isArray(request.body.contents) ? (request.body.contents as Content[]) : [];
    const problem = replayProblem(contents, request.model, context);
    if (problem) return this.errorAnswer(400, "invalid_request_error", problem, context);
    const declarations = Array.isArray(request.body.tools) ? (request.body.tools as { functionDeclarations?: { name?: unknown }[] }[]).flatMap((tool) => tool.functionDeclarations ?? []) : [];
    const reply = scriptReply(scriptTurns(contents), declarations.map((declaration) => String(declaration.name)));
    const thinkingConfig = (request.body.generationConfig as { thinkingConfig?: { includeThoughts?: unknown } } | undefined)?.thinkingConfig;
    const parts = replyParts(reply, thinkingConfig?.includeThoughts === true, context);
    const promptTokenCount = JSON.stringify(contents).length >> 2;
    const candidatesTokenCount = (reply.text.length >> 2) + 1;
    const thoughtsTokenCount = (reply.reasoning.length >> 2) + 1;
    const base = {
      usageMetadata: { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount + thoughtsTokenCount, thoughtsTokenCount },
      modelVersion: request.model,
      responseId: randomBytes(16).toString("base64url"),
    };
    if (request.stream) return serverSentEventAnswer(streamChunks(reply, parts, base).map((chunk) => ({ data: JSON.stringify(chunk) })));
    const finishMessage = reply.toolCall ? { finishMessage: "Model generated function call(s)." } : {};
    return { kind: "json", status: 200, body: { candidates: [{ content: { parts, role: "model" }, finishReason: "STOP", index: 0, ...finishMessage }], ...base } };
  },
};
