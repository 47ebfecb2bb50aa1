// LangChain stored messages (mapChatMessagesToStoredMessages JSON) as partwise messages: human, ai,
// system and tool messages; consecutive ToolMessages make one tool message; fields partwise has no
// place for are reported with their pointer (docs/convert-langchain.md).
import type { LangChainContentBlock, LangChainStoredMessage, LangChainStoredMessageData } from "../../../generated/formats/langchain.js";
import { validateLangChainStoredMessage } from "../../../generated/formats/langchain-validators.js";
import type { Message, Part, Role } from "../../../generated/types.js";
import { checkFormat, invalidConversionInput, type Converted } from "../conversion.js";
import { LANGCHAIN, PARTWISE_METADATA, WarningLog, providerOfModelProvider } from "./langchain-vocabulary.js";
import { type BlockReading, readBlock } from "./read-langchain-content.js";

/**
 * The fields of a stored message's data the reader takes (the rest are reported lost); `tool_call_chunks` of a
 * streamed chunk repeat its `tool_calls`, and `content_blocks` of a v1 message repeats its content.
 */
const READ_FIELDS = new Set(["content", "content_blocks", "tool_calls", "tool_call_chunks", "invalid_tool_calls", "additional_kwargs", "response_metadata", "tool_call_id", "status", "role"]);
/** `response_metadata` keys that only say how the content is written. */
const FORM_METADATA = new Set(["model_provider", "output_version"]);
/** `additional_kwargs` keys of @langchain/openai that its contentBlocks view already reads. */
const OPENAI_VIEW_KWARGS = new Set(["reasoning", "__openai_function_call_ids__", "tool_outputs"]);

const ROLE_OF_TYPE: Readonly<Record<string, Role>> = { human: "user", user: "user", ai: "assistant", assistant: "assistant", system: "system", tool: "tool" };

function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)
    || (typeof value === "object" && value !== null && Object.keys(value).length === 0);
}

/** Reports the fields of a message's data that partwise has no place for. */
function reportUnread(data: LangChainStoredMessageData, pointer: string, log: WarningLog, role: Role): void {
  for (const [key, value] of Object.entries(data)) {
    if (READ_FIELDS.has(key) || (key === "name" && role === "tool") || isEmptyValue(value)) continue;
    log.lost(`${pointer}/${key}`, `a partwise message has no place for the LangChain message's ${key}`);
  }
  const openaiView = data.response_metadata?.model_provider === "openai";
  for (const [key, value] of Object.entries(data.additional_kwargs ?? {})) {
    if (key === PARTWISE_METADATA || isEmptyValue(value) || (openaiView && OPENAI_VIEW_KWARGS.has(key))) continue;
    log.lost(`${pointer}/additional_kwargs/${key}`, `a partwise message has no place for additional_kwargs.${key}`);
  }
  for (const [key, value] of Object.entries(data.response_metadata ?? {})) {
    if (FORM_METADATA.has(key) || isEmptyValue(value) || key === "output") continue;
    log.lost(`${pointer}/response_metadata/${key}`, `a partwise message has no place for response_metadata.${key}`);
  }
}

function metadataOf(data: LangChainStoredMessageData): Pick<Message, "metadata"> {
  const metadata = data.additional_kwargs?.[PARTWISE_METADATA];
  return typeof metadata === "object" && metadata !== null && !Array.isArray(metadata) ? { metadata: metadata as Record<string, unknown> } : {};
}

/** The parts of a message's content and tool calls, in content order; tool calls that no block holds come last. */
export function partsOf(data: LangChainStoredMessageData, pointer: string, log: WarningLog): Part[] {
  const reading: BlockReading = { provider: providerOfModelProvider(data.response_metadata?.model_provider), toolCalls: data.tool_calls ?? [], log };
  const { content } = data;
  if (typeof content === "string") {
    const parts: Part[] = content === "" ? [] : [{ type: "text", text: content }];
    return [...parts, ...loneToolCalls(data, parts)];
  }
  const parts = withStreamedInputs(content).flatMap((block, index) => readBlock(block, `${pointer}/content/${index}`, reading) ?? []);
  return [...parts, ...loneToolCalls(data, parts)];
}

/**
 * The blocks of a concatenated stream (AIMessageChunk.concat) with each tool or server-tool block's input
 * joined from the `input_json_delta` blocks of its index, as @langchain/anthropic leaves them.
 */
function withStreamedInputs(content: readonly LangChainContentBlock[]): LangChainContentBlock[] {
  const fragments = new Map<unknown, string>();
  for (const block of content) {
    if (block.type === "input_json_delta" && typeof block.input === "string") fragments.set(block.index, (fragments.get(block.index) ?? "") + block.input);
  }
  if (fragments.size === 0) return [...content];
  return content.map((block) => {
    const joined = block.type === "input_json_delta" || typeof block.input !== "string" ? undefined : fragments.get(block.index);
    if (joined === undefined) return block;
    try {
      return { ...block, input: JSON.parse(block.input + joined) as unknown };
    } catch {
      return block;
    }
  });
}

/** The tool calls and invalid tool calls of the message that no content block carries. */
function loneToolCalls(data: LangChainStoredMessageData, parts: readonly Part[]): Part[] {
  const held = new Set(parts.flatMap((part) => (part.type === "tool_call" ? [part.toolCall.id] : [])));
  const calls = [
    ...(data.tool_calls ?? []).map((call) => ({ id: call.id ?? "", name: call.name, arguments: JSON.stringify(call.args) })),
    ...(data.invalid_tool_calls ?? []).map((call) => ({ id: call.id ?? "", name: call.name ?? "", arguments: call.args ?? "" })),
  ];
  return calls.filter((call) => !held.has(call.id)).map((call) => ({ type: "tool_call", toolCall: { type: "function", ...call } }));
}

function toolResultOf(data: LangChainStoredMessageData, pointer: string, log: WarningLog): Part {
  const content = partsOf({ content: data.content }, pointer, log);
  return {
    type: "tool_result",
    ...(data.tool_call_id === undefined || data.tool_call_id === "" ? {} : { id: data.tool_call_id }),
    ...(typeof data.name === "string" ? { name: data.name } : {}),
    content,
    isError: data.status === "error",
  };
}

/** Reads already checked stored messages; `dataPointer(index)` is the pointer of message `index`'s fields in the input. */
export function readStoredMessages(stored: readonly LangChainStoredMessage[], dataPointer: (index: number) => string): Converted<Message> {
  const log = new WarningLog();
  const messages: Message[] = [];
  let previousWasTool = false;
  stored.forEach((message, index) => {
    const pointer = dataPointer(index);
    const role = ROLE_OF_TYPE[message.type === "generic" ? (message.data.role ?? "") : message.type];
    if (role === undefined) {
      log.lost(pointer, `a LangChain ${message.type} message has no partwise role`);
      previousWasTool = false;
      return;
    }
    reportUnread(message.data, pointer, log, role);
    if (role === "tool") {
      const result = toolResultOf(message.data, pointer, log);
      const last = messages.at(-1);
      if (previousWasTool && last !== undefined) last.parts.push(result);
      else messages.push({ role, parts: [result], ...metadataOf(message.data) });
      previousWasTool = true;
      return;
    }
    previousWasTool = false;
    messages.push({ role, parts: partsOf(message.data, pointer, log), ...metadataOf(message.data) });
  });
  return { messages, warnings: log.warnings };
}

/**
 * LangChain stored messages (what `mapChatMessagesToStoredMessages` of @langchain/core writes) as
 * partwise messages. Raises `convert/invalid-input` with the pointer when the input is not a list of them.
 */
export function fromStoredMessages(input: unknown): Converted<Message> {
  if (!Array.isArray(input)) throw invalidConversionInput({ format: LANGCHAIN, pointer: "" }, "expected an array of LangChain stored messages ({ type, data })");
  const stored = input.map((message, index) => checkFormat<LangChainStoredMessage>(validateLangChainStoredMessage, message, { format: LANGCHAIN, pointer: `/${index}` }));
  return readStoredMessages(stored, (index) => `/${index}/data`);
}
