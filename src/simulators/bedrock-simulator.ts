// A stand-in for Bedrock Converse and ConverseStream (AWS event-stream), SigV4-checked: the request rules of
// spec/providers/bedrock.tsp as ValidationExceptions in their words (toolConfig, tool pairing, documents;
// Claude's signed or redacted reasoning under Anthropic's replay rules), gpt-oss's unsigned reasoning taken
// back as is. providers-anthropic-bedrock-gemini-mistral.md B.1-B.4 (A.4 for the Claude rules)
import { randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { signAwsRequest } from "../client/aws-signature.js";
import { ownValue } from "../json/own-property.js";
import { encodeEventStreamMessage } from "../providers/framing/aws-event-stream.js";
import { type ProviderSimulator, type SimulatorAnswer, type SimulatorContext, pieces } from "./simulator-server.js";
import { type ScriptReply, type ScriptTurn, scriptReply } from "./weather-script.js";
import { type BlockWire, type WireContent, blockRequestContent, mediaSubject, partSubject } from "./content-check.js";
import { requestRule, ruleErrorText } from "../providers/request-rules.js";

type Block = Record<string, unknown>;
type WireMessage = { role?: unknown; content?: unknown };

const REASONING = "bedrock:reasoning";
const REDACTED = "bedrock:redacted";
/**
 * Anthropic's documented test prompt that makes Claude answer with redacted thinking
 * (https://platform.claude.com/docs/en/build-with-claude/extended-thinking, "Thinking redaction").
 */
const REDACTION_TRIGGER = "ANTHROPIC_MAGIC_STRING_TRIGGER_REDACTED_THINKING_46C9A13E193C177646C7398A98432ECCCE4C1253D5E2D82641AC0E52CC2876CB";
/** The random-length padding Bedrock adds to every stream payload to hide token sizes (B.3: clients delete `p`). */
const PADDING = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

const EXCEPTION_TYPES: Readonly<Record<number, string>> = {
  400: "ValidationException",
  403: "AccessDeniedException",
  404: "ResourceNotFoundException",
  408: "ModelTimeoutException",
  424: "ModelErrorException",
  429: "ThrottlingException",
  500: "InternalServerException",
  503: "ServiceUnavailableException",
};

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/**
 * Whether the request is SigV4-signed with the credentials `apiKey` names: `accessKeyId:secretAccessKey`, or
 * a secret access key alone (any access key id). The signature is computed again from the headers it names
 * (a session token among them is taken as sent), the x-amz-date it carries and the body received (its hash
 * recomputed, not taken from x-amz-content-sha256), and compared with the one sent.
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
async function signedWith(headers: IncomingHttpHeaders, url: URL, rawBody: string, apiKey: string): Promise<boolean> {
  const authorization = header(headers, "authorization") ?? "";
  const credential = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(authorization);
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(header(headers, "x-amz-date") ?? "");
  const host = header(headers, "host");
  if (!credential || !date || host === undefined) return false;
  const [sentKeyId = "", region = "", service = "", signedHeaders = ""] = credential.slice(1);
  const [accessKeyId, secretAccessKey] = apiKey.includes(":") ? apiKey.split(":") as [string, string] : [sentKeyId, apiKey];
  if (sentKeyId !== accessKeyId) return false;
  const regenerated = new Set(["host", "x-amz-date", "x-amz-content-sha256"]);
  const signed: Record<string, string> = {};
  for (const name of signedHeaders.split(";")) {
    const value = header(headers, name);
    if (value === undefined) return false;
    if (!regenerated.has(name)) signed[name] = value;
  }
  const expected = await signAwsRequest(new URL(`${url.pathname}${url.search}`, `http://${host}`), signed, rawBody, {
    credentials: { accessKeyId, secretAccessKey },
    region,
    service,
    now: new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), Number(date[4]), Number(date[5]), Number(date[6]))),
  });
  const given = Buffer.from(authorization);
  const computed = Buffer.from(expected.authorization ?? "");
  return given.length === computed.length && timingSafeEqual(given, computed);
}

function blocksOf(message: WireMessage): Block[] {
  return Array.isArray(message.content) ? (message.content as Block[]) : [];
}

function textOf(blocks: readonly Block[]): string {
  return blocks.filter((block) => typeof block.text === "string").map((block) => String(block.text)).join("");
}

function isClaude(model: string): boolean {
  return /claude/.test(model);
}

/** The Anthropic block type a Converse block maps to, for Anthropic's error texts (`text`, `image`, `tool_use`, ...). */
function anthropicType(block: Block): string {
  return block.toolUse !== undefined ? "tool_use" : (Object.keys(block)[0] ?? "text");
}

/** The media type of a DocumentBlock `format` (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_DocumentBlock.html). */
const DOCUMENT_MEDIA_TYPES: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  csv: "text/csv",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  html: "text/html",
  txt: "text/plain",
  md: "text/markdown",
};

/** The media an image or document block holds, by its format and source; undefined for a source partwise writes none of. */
function mediaOf(media: Block, mediaType: string): WireContent["subject"] | undefined {
  const source = (typeof media.source === "object" && media.source !== null ? media.source : {}) as Block;
  if (source.bytes !== undefined) return mediaSubject(mediaType, "bytes");
  const location = source.s3Location as { uri?: unknown } | undefined;
  if (location !== undefined) return mediaSubject(mediaType, "url", String(location.uri));
  return source.text !== undefined ? mediaSubject(mediaType, "string") : undefined;
}

/** The part a Converse block carries, for the content rules; undefined for blocks partwise writes none of. */
function blockSubject(block: Block): WireContent["subject"] | undefined {
  if (typeof block.text === "string") return partSubject("text");
  if (typeof block.image === "object" && block.image !== null) return mediaOf(block.image as Block, `image/${String((block.image as Block).format)}`);
  if (typeof block.document === "object" && block.document !== null) {
    const format = String((block.document as Block).format);
    return mediaOf(block.document as Block, ownValue(DOCUMENT_MEDIA_TYPES, format) ?? `application/x-${format}`);
  }
  if (block.toolResult !== undefined) return partSubject("tool_result");
  if (block.toolUse !== undefined) return partSubject("tool_call");
  return block.reasoningContent === undefined ? undefined : partSubject("reasoning");
}

/** How Converse blocks read as parts; reasoning in a user message gets Bedrock's documented answer (B.4). */
const CONVERSE_BLOCKS: BlockWire = {
  subjectOf: blockSubject,
  resultContent: (block) => (block.toolResult as { content?: unknown } | undefined)?.content,
  userRefusal: (subject) => (subject.type === "reasoning" ? "User messages cannot contain reasoning content." : undefined),
};

/** What signatures and redacted content are written in. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The words of a Bedrock request rule (spec/providers/bedrock.tsp), with the values it names. */
function ruleText(name: string, values?: Readonly<Record<string, string>>): string {
  return ruleErrorText(requestRule("bedrock", `bedrock/${name}`), values);
}

function membersOf(message: WireMessage | undefined, role: string, member: "toolUse" | "toolResult"): string[] {
  if (message?.role !== role) return [];
  return blocksOf(message).flatMap((block) => (block[member] === undefined ? [] : [String((block[member] as Block).toolUseId)]));
}

/** Bedrock's own checks of tool use, before the model sees the request: `toolConfig` declared, calls and results paired. */
function toolProblem(messages: readonly WireMessage[], toolConfig: unknown): string | undefined {
  const usesTools = messages.some((message) => blocksOf(message).some((block) => block.toolUse !== undefined || block.toolResult !== undefined));
  if (usesTools && toolConfig === undefined) return ruleText("tool-config-required");
  for (const [index, message] of messages.entries()) {
    const results = membersOf(message, "user", "toolResult");
    if (results.length > membersOf(messages[index - 1], "assistant", "toolUse").length) return ruleText("tool-results-exceed-uses", { index: String(index) });
    const next = messages[index + 1];
    const answered = new Set(membersOf(next, "user", "toolResult"));
    const missing = membersOf(message, "assistant", "toolUse").filter((id) => !answered.has(id));
    if (next !== undefined && missing.length > 0) return ruleText("tool-use-without-result", { index: String(index + 1), id: missing.join(", ") });
  }
  return undefined;
}

/** Bedrock's limits on documents: at most five in a request, each named differently (DocumentBlock). */
function documentProblem(messages: readonly WireMessage[]): string | undefined {
  const blocks = messages.flatMap((message) => blocksOf(message).flatMap((block) => [block, ...(((block.toolResult as { content?: unknown } | undefined)?.content as Block[] | undefined) ?? [])]));
  const names = blocks.flatMap((block) => (typeof block.document === "object" && block.document !== null ? [String((block.document as Block).name)] : []));
  if (names.length > 5) return ruleText("too-many-documents");
  return new Set(names).size < names.length ? ruleText("duplicate-document-names") : undefined;
}

/** The first replay problem of a Claude request, in Bedrock's wording of Anthropic's errors (B.4), or undefined. */
function reasoningProblem(messages: readonly WireMessage[], model: string, thinking: boolean, context: SimulatorContext): string | undefined {
  if (!isClaude(model)) return undefined;
  for (const [index, message] of messages.entries()) {
    // Reasoning in a user message is refused by the content rules (requestContent).
    if (message.role === "user") continue;
    // A signature binds the reasoning text only, not its place (as in the Anthropic simulator).
    for (const [position, block] of blocksOf(message).entries()) {
      const reasoning = block.reasoningContent as { reasoningText?: { text?: unknown; signature?: unknown }; redactedContent?: unknown } | undefined;
      const at = { index: String(index), position: String(position) };
      if (reasoning?.reasoningText) {
        const { text, signature } = reasoning.reasoningText;
        if (signature === undefined) return ruleText("reasoning-signature-required", at);
        if (!BASE64.test(String(signature)) || !context.signer.verify(REASONING, String(text ?? ""), String(signature))) return ruleText("invalid-reasoning-signature", at);
      } else if (reasoning?.redactedContent !== undefined) {
        const data = String(reasoning.redactedContent);
        if (!BASE64.test(data) || context.signer.unseal(REDACTED, Buffer.from(data, "base64").toString("utf8")) === undefined) return ruleText("invalid-redacted-content", at);
      }
    }
  }
  // A.4: with thinking on, the final assistant turn of a running tool loop must start with its reasoning.
  const last = messages.length - 2;
  const first = messages[last] ? blocksOf(messages[last] as WireMessage)[0] : undefined;
  if (thinking && first && first.reasoningContent === undefined && membersOf(messages[last], "assistant", "toolUse").length > 0) {
    return ruleText("thinking-first-in-tool-loop", { index: String(last), found: anthropicType(first) });
  }
  return undefined;
}

function toolResultText(block: Block): string {
  const content = Array.isArray(block.content) ? (block.content as Block[]) : [];
  return content.map((item) => (typeof item.text === "string" ? item.text : JSON.stringify(item.json ?? item))).join("");
}

function scriptTurns(messages: readonly WireMessage[]): ScriptTurn[] {
  return messages.map((message) => {
    const blocks = blocksOf(message);
    const results = blocks.map((block) => block.toolResult as Block | undefined).filter((result) => result !== undefined);
    const uses = blocks.map((block) => block.toolUse as Block | undefined).filter((use) => use !== undefined);
    return {
      role: message.role === "assistant" ? "assistant" : results.length > 0 ? "tool" : "user",
      text: textOf(blocks),
      toolCalls: uses.map((use) => ({ id: String(use.toolUseId), name: String(use.name) })),
      toolResults: results.map((result) => ({ id: String(result.toolUseId), text: toolResultText(result) })),
    };
  });
}

type ReasoningStyle = "signed" | "redacted" | "unsigned" | "none";

/** Claude reasons when thinking is on (signed; redacted for the trigger prompt), gpt-oss always and unsigned (B.4). */
function reasoningStyle(model: string, thinking: boolean, question: string): ReasoningStyle {
  if (/gpt-oss/.test(model)) return "unsigned";
  if (!isClaude(model) || !thinking) return "none";
  return question.includes(REDACTION_TRIGGER) ? "redacted" : "signed";
}

function replyBlocks(reply: ScriptReply, style: ReasoningStyle, context: SimulatorContext): Block[] {
  const blocks: Block[] = [];
  if (style === "signed") blocks.push({ reasoningContent: { reasoningText: { text: reply.reasoning, signature: context.signer.sign(REASONING, reply.reasoning) } } });
  if (style === "unsigned") blocks.push({ reasoningContent: { reasoningText: { text: reply.reasoning } } });
  if (style === "redacted") blocks.push({ reasoningContent: { redactedContent: Buffer.from(context.signer.seal(REDACTED, reply.reasoning)).toString("base64") } });
  blocks.push({ text: reply.text });
  if (reply.toolCall) blocks.push({ toolUse: { toolUseId: context.nextId("tooluse_", 22), name: reply.toolCall.name, input: reply.toolCall.arguments } });
  return blocks;
}

/** The ConverseStream events (B.3): reasoning and text blocks open with a delta, tool use with contentBlockStart. */
function streamEvents(blocks: readonly Block[], stopReason: string, usage: Record<string, number>): [string, Record<string, unknown>][] {
  const events: [string, Record<string, unknown>][] = [["messageStart", { role: "assistant" }]];
  blocks.forEach((block, contentBlockIndex) => {
    const delta = (...values: Record<string, unknown>[]) => {
      for (const value of values) events.push(["contentBlockDelta", { contentBlockIndex, delta: value }]);
    };
    const reasoning = block.reasoningContent as { reasoningText?: { text: string; signature?: string }; redactedContent?: string } | undefined;
    if (reasoning?.reasoningText) {
      for (const text of pieces(reasoning.reasoningText.text, 24)) delta({ reasoningContent: { text } });
      // Recorded order (B.3): an empty text delta, then the signature in a delta of its own.
      if (reasoning.reasoningText.signature !== undefined) delta({ reasoningContent: { text: "" } }, { reasoningContent: { signature: reasoning.reasoningText.signature } });
    } else if (reasoning?.redactedContent !== undefined) {
      delta({ reasoningContent: { redactedContent: reasoning.redactedContent } });
    } else if (block.toolUse !== undefined) {
      const { toolUseId, name, input } = block.toolUse as Block;
      events.push(["contentBlockStart", { contentBlockIndex, start: { toolUse: { toolUseId, name } } }]);
      for (const piece of pieces(JSON.stringify(input), 8)) delta({ toolUse: { input: piece } });
    } else {
      for (const text of pieces(String(block.text), 12)) delta({ text });
    }
    events.push(["contentBlockStop", { contentBlockIndex }]);
  });
  events.push(["messageStop", { stopReason }], ["metadata", { usage, metrics: { latencyMs: 42 } }]);
  return events;
}

function frame(headers: Record<string, string>, payload: Record<string, unknown>): Uint8Array {
  return encodeEventStreamMessage({ ":content-type": "application/json", ...headers }, new TextEncoder().encode(JSON.stringify(payload)));
}

export const bedrockSimulator: ProviderSimulator = {
  provider: "bedrock",
  route(method, url) {
    const match = /^\/model\/([^/]+)\/(converse|converse-stream)$/.exec(url.pathname);
    if (method !== "POST" || !match) return undefined;
    return { model: decodeURIComponent(match[1] as string), stream: match[2] === "converse-stream" };
  },
  authorized: signedWith,
  requestContent: (body) => blockRequestContent(body, CONVERSE_BLOCKS),
  errorAnswer(status, type, message) {
    // AWS answers a bad signature with 403 InvalidSignatureException and this text, not 401 (as reported in BerriAI/litellm#14763).
    const [answerStatus, exception, text] = type === "authentication_error"
      ? [403, "InvalidSignatureException", "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details."]
      : [status, EXCEPTION_TYPES[status] ?? "InternalServerException", message];
    return {
      kind: "json",
      status: answerStatus,
      body: { message: text },
      headers: { "x-amzn-errortype": `${exception}:http://internal.amazon.com/coral/com.amazon.bedrock/`, "x-amzn-requestid": randomUUID() },
    };
  },
  streamError(message) {
    return frame({ ":message-type": "exception", ":exception-type": "internalServerException" }, { message });
  },
  handle(request, context): SimulatorAnswer {
    const messages = Array.isArray(request.body.messages) ? (request.body.messages as WireMessage[]) : [];
    // Claude's thinking goes in `additionalModelRequestFields`, as Anthropic's `thinking` or as `reasoning_config` (claude-messages-extended-thinking).
    const fields = (request.body.additionalModelRequestFields ?? {}) as { thinking?: { type?: unknown }; reasoning_config?: { type?: unknown } };
    const thinkingType = fields.thinking?.type ?? fields.reasoning_config?.type;
    const thinking = thinkingType === "enabled" || thinkingType === "adaptive";
    const problem = toolProblem(messages, request.body.toolConfig) ?? documentProblem(messages) ?? reasoningProblem(messages, request.model, thinking, context);
    if (problem) return this.errorAnswer(400, "invalid_request_error", problem, context);
    const tools = ((request.body.toolConfig as { tools?: { toolSpec?: { name?: unknown } }[] } | undefined)?.tools ?? []).map((tool) => String(tool.toolSpec?.name));
    const turns = scriptTurns(messages);
    const reply = scriptReply(turns, tools);
    const question = turns.filter((turn) => turn.role === "user").at(-1)?.text ?? "";
    const blocks = replyBlocks(reply, reasoningStyle(request.model, thinking, question), context);
    const stopReason = reply.toolCall ? "tool_use" : "end_turn";
    const inputTokens = JSON.stringify(messages).length >> 2;
    const outputTokens = JSON.stringify(blocks).length >> 2;
    const usage = { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
    const headers = { "x-amzn-requestid": randomUUID() };
    if (!request.stream) {
      return { kind: "json", status: 200, body: { output: { message: { role: "assistant", content: blocks } }, stopReason, usage, metrics: { latencyMs: 42 } }, headers };
    }
    const chunks = streamEvents(blocks, stopReason, usage).map(([eventType, payload], index) =>
      frame({ ":event-type": eventType, ":message-type": "event" }, { ...payload, p: PADDING.slice(0, 1 + ((index * 7) % PADDING.length)) }));
    return { kind: "stream", contentType: "application/vnd.amazon.eventstream", chunks };
  },
};
