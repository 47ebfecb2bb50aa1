// An independent reading of a blocking reply, written from each provider's API reference rather than from
// partwise's codecs: what a faithful decode must keep (texts, reasoning, tool calls), the opaque values it
// must replay verbatim (signatures, encrypted or redacted reasoning) and the blocks with no part of their own.
// Docs: docs.anthropic.com/en/api/messages, platform.openai.com/docs/api-reference/responses/object,
// ai.google.dev/api/generate-content, docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html,
// platform.openai.com/docs/api-reference/chat/object (and the compatible servers' reasoning fields).

/** What a reply holds, as the provider documents it. */
export interface ExpectedReply {
  /** Visible text, in order (compared joined: a decoder may split or merge runs). */
  readonly texts: string[];
  /** Reasoning text (thinking, summaries, reasoning_content), each of which must be kept. */
  readonly reasoning: string[];
  readonly toolCalls: { readonly id?: string | undefined; readonly name: string; readonly arguments: unknown }[];
  /** Values only this provider may get back, byte for byte. */
  readonly opaque: string[];
  /** Blocks or items with no part kind of their own: kept and replayed as received. */
  readonly rawBlocks: unknown[];
  /** Content that must be kept in the message in some form (grounding, citations). */
  readonly metadata: unknown[];
  /** Blocks the provider must get back exactly, however the message holds them (a text with its citations). */
  readonly replayedBlocks: unknown[];
  /** Texts the wire gives another role (a compacted history's user items): never assistant text. */
  readonly otherRoleTexts: string[];
}

export function emptyReply(): ExpectedReply {
  return { texts: [], reasoning: [], toolCalls: [], opaque: [], rawBlocks: [], metadata: [], replayedBlocks: [], otherRoleTexts: [] };
}

/** A JSON object of the wire. */
export type Node = Record<string, unknown>;
export const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);
/** The objects of a JSON array (none for anything else). */
export const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : []);
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

function pushText(into: string[], value: unknown): void {
  const piece = text(value);
  if (piece) into.push(piece);
}

/** Tool-call arguments as a value: JSON text parsed, objects as they are. */
export function argumentValue(value: unknown): unknown {
  if (typeof value !== "string") return value ?? {};
  if (value.trim() === "") return {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Anthropic Messages `content[]`: text, thinking (signed), redacted_thinking, tool_use; every other block type is raw. */
export function readAnthropicContent(content: unknown, into = emptyReply()): ExpectedReply {
  for (const block of nodes(content)) {
    switch (block.type) {
      case "text":
        pushText(into.texts, block.text);
        // Citations belong to their text block: kept, and replayed with the block's text.
        if (Array.isArray(block.citations) && block.citations.length > 0) {
          into.metadata.push(block.citations);
          into.replayedBlocks.push({ type: "text", text: block.text, citations: block.citations });
        }
        break;
      case "thinking":
        pushText(into.reasoning, block.thinking);
        pushText(into.opaque, block.signature);
        break;
      case "redacted_thinking":
        pushText(into.opaque, block.data);
        break;
      case "tool_use":
        into.toolCalls.push({ id: text(block.id), name: String(block.name), arguments: block.input ?? {} });
        break;
      default:
        into.rawBlocks.push(block);
    }
  }
  return into;
}

/** OpenAI Responses `output[]`: messages, reasoning items, function calls; other item types are raw. */
export function readResponsesOutput(output: unknown, into = emptyReply()): ExpectedReply {
  for (const item of nodes(output)) {
    switch (item.type) {
      case "message": {
        const target = item.role === undefined || item.role === "assistant" ? into.texts : into.otherRoleTexts;
        for (const content of nodes(item.content)) {
          if (content.type === "output_text" || content.type === "input_text") pushText(target, content.text);
          else if (content.type === "refusal") pushText(target, content.refusal);
          else into.rawBlocks.push(content);
        }
        break;
      }
      case "reasoning":
        for (const summary of nodes(item.summary)) pushText(into.reasoning, summary.text);
        for (const content of nodes(item.content)) pushText(into.reasoning, content.text);
        pushText(into.opaque, item.encrypted_content);
        break;
      case "function_call":
        into.toolCalls.push({ id: text(item.call_id), name: String(item.name), arguments: argumentValue(item.arguments) });
        break;
      default:
        into.rawBlocks.push(item);
    }
  }
  return into;
}

/** The reply-level content a Gemini candidate carries beside its parts (grounding, URL context, citations). */
export const GEMINI_CANDIDATE_METADATA = ["groundingMetadata", "urlContextMetadata", "citationMetadata"] as const;

/** Gemini `candidates[0]`: parts (text, thought text, functionCall, thoughtSignature on any part) and grounding. */
export function readGeminiCandidate(candidate: unknown, into = emptyReply()): ExpectedReply {
  if (!isNode(candidate)) return into;
  const content = isNode(candidate.content) ? candidate.content : {};
  for (const part of nodes(content.parts)) {
    pushText(into.opaque, part.thoughtSignature);
    if (typeof part.text === "string") pushText(part.thought === true ? into.reasoning : into.texts, part.text);
    else if (isNode(part.functionCall)) {
      const call = part.functionCall;
      into.toolCalls.push({ ...(typeof call.id === "string" ? { id: call.id } : {}), name: String(call.name), arguments: call.args ?? {} });
    } else if (!("thoughtSignature" in part && Object.keys(part).length === 1)) {
      const { thoughtSignature: _signature, ...rest } = part;
      into.rawBlocks.push(rest);
    }
  }
  for (const field of GEMINI_CANDIDATE_METADATA) {
    if (candidate[field] !== undefined) into.metadata.push(candidate[field]);
  }
  return into;
}

/** Bedrock Converse `output.message.content[]`: text, reasoningContent, toolUse; other blocks raw. */
export function readConverseContent(content: unknown, into = emptyReply()): ExpectedReply {
  for (const block of nodes(content)) {
    if (typeof block.text === "string") pushText(into.texts, block.text);
    else if (isNode(block.reasoningContent)) {
      const reasoning = block.reasoningContent;
      if (isNode(reasoning.reasoningText)) {
        pushText(into.reasoning, reasoning.reasoningText.text);
        pushText(into.opaque, reasoning.reasoningText.signature);
      }
      pushText(into.opaque, reasoning.redactedContent);
    } else if (isNode(block.toolUse) && (block.toolUse.type === undefined || block.toolUse.type === "tool_use")) {
      into.toolCalls.push({ id: text(block.toolUse.toolUseId), name: String(block.toolUse.name), arguments: block.toolUse.input ?? {} });
    } else into.rawBlocks.push(block);
  }
  return into;
}

/** A Chat Completions assistant `message` (OpenAI, DeepSeek, Mistral, Ollama's compatible endpoint, ...). */
export function readChatMessage(message: unknown, into = emptyReply()): ExpectedReply {
  if (!isNode(message)) return into;
  if (typeof message.content === "string") pushText(into.texts, message.content);
  for (const chunk of nodes(message.content)) {
    // Mistral content chunks: text, and thinking chunks holding text chunks.
    if (chunk.type === "text") pushText(into.texts, chunk.text);
    else if (chunk.type === "thinking") for (const inner of nodes(chunk.thinking)) pushText(into.reasoning, inner.text);
    else into.rawBlocks.push(chunk);
  }
  pushText(into.reasoning, message.reasoning_content);
  pushText(into.reasoning, message.reasoning);
  for (const detail of nodes(message.reasoning_details)) {
    pushText(into.opaque, detail.signature);
    pushText(into.opaque, detail.data);
  }
  for (const call of nodes(message.tool_calls)) {
    const called = isNode(call.function) ? call.function : {};
    into.toolCalls.push({ ...(typeof call.id === "string" && call.id !== "" ? { id: call.id } : {}), name: String(called.name), arguments: argumentValue(called.arguments) });
  }
  return into;
}

/** Ollama `/api/chat` `message`: content, thinking, tool_calls with argument objects (docs/api.md "Chat"). */
export function readOllamaMessage(message: unknown, into = emptyReply()): ExpectedReply {
  if (!isNode(message)) return into;
  pushText(into.texts, message.content);
  pushText(into.reasoning, message.thinking);
  for (const call of nodes(message.tool_calls)) {
    const called = isNode(call.function) ? call.function : {};
    into.toolCalls.push({ ...(typeof call.id === "string" ? { id: call.id } : {}), name: String(called.name), arguments: called.arguments ?? {} });
  }
  return into;
}
