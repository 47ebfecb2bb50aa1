// partwise messages as LangChain stored messages (the JSON of @langchain/core's
// mapChatMessagesToStoredMessages), with no runtime need of @langchain/core: one message per message,
// one ToolMessage per tool result (docs/convert-langchain.md).
import type { LangChainContentBlock, LangChainStoredMessage, LangChainStoredMessageData } from "../../../generated/formats/langchain.js";
import type { History, Message, Part } from "../../../generated/types.js";
import { validateHistory, validateMessage } from "../../../generated/validators.js";
import { unreachable } from "../../parts/part-kinds.js";
import { checkFormat, type Converted } from "../conversion.js";
import { LANGCHAIN, MODEL_PROVIDERS, PARTWISE_METADATA, WarningLog } from "./langchain-vocabulary.js";
import { type AssistantForm, writeAssistantContent, writePlainContent } from "./write-langchain-content.js";

/** The messages of a history or message list, checked, with the JSON pointer of each in the input. */
export function checkedMessages(input: History | readonly Message[]): { readonly messages: readonly Message[]; readonly pointers: readonly string[] } {
  if (Array.isArray(input)) {
    const messages = input as readonly Message[];
    messages.forEach((message, index) => checkFormat<Message>(validateMessage, message, { format: LANGCHAIN, pointer: `/${index}` }));
    return { messages, pointers: messages.map((_, index) => `/${index}`) };
  }
  const history = checkFormat<History>(validateHistory, input, { format: LANGCHAIN, pointer: "" });
  return { messages: history.messages, pointers: history.messages.map((_, index) => `/messages/${index}`) };
}

function producers(parts: readonly Part[]): Set<string> {
  return new Set(parts.flatMap((part) => [part.payload?.provider, part.attributes?.provider, part.type === "unknown" ? part.provider : undefined]).filter((provider) => provider !== undefined));
}

/** OpenAI Responses messages go as standard v1 blocks (the only form in which @langchain/openai replays several reasoning items in order). */
function assistantForm(parts: readonly Part[]): AssistantForm {
  return producers(parts).has("openai.responses") ? "openai" : "native";
}

function metadataKwargs(message: Message): Record<string, unknown> {
  return message.metadata !== undefined && Object.keys(message.metadata).length > 0 ? { [PARTWISE_METADATA]: message.metadata } : {};
}

function assistantMessage(message: Message, pointer: string, log: WarningLog): LangChainStoredMessage {
  const form = assistantForm(message.parts);
  const written = writeAssistantContent(message.parts, form, `${pointer}/parts`, log);
  const anthropic = producers(message.parts).has("anthropic");
  const responseMetadata = form === "openai"
    ? { model_provider: MODEL_PROVIDERS["openai.responses"], output_version: "v1" }
    : anthropic ? { model_provider: MODEL_PROVIDERS.anthropic } : {};
  const data: LangChainStoredMessageData = {
    content: written.content,
    tool_calls: written.toolCalls,
    invalid_tool_calls: written.invalidToolCalls,
    additional_kwargs: metadataKwargs(message),
    response_metadata: responseMetadata,
  };
  return { type: "ai", data };
}

/** A single non-empty text goes as a string, as LangChain tools return it (and as the provider packages send it on). */
function toolContent(blocks: LangChainContentBlock[]): string | LangChainContentBlock[] {
  const [only] = blocks;
  return blocks.length === 1 && only?.type === "text" && Object.keys(only).length === 2 && typeof only.text === "string" && only.text !== "" ? only.text : blocks;
}

/** One ToolMessage per tool result; other parts of a tool message have no place. */
function toolMessages(message: Message, pointer: string, log: WarningLog): LangChainStoredMessage[] {
  const written: LangChainStoredMessage[] = [];
  message.parts.forEach((part, index) => {
    const partPointer = `${pointer}/parts/${index}`;
    if (part.type !== "tool_result") {
      log.lost(partPointer, `a ${part.type} part has no place in a LangChain ToolMessage`);
      return;
    }
    if (part.payload != null) log.lost(`${partPointer}/payload`, "a ToolMessage has no place for a payload");
    for (const key of Object.keys(part.attributes ?? {})) log.lost(`${partPointer}/attributes/${key}`, `a ToolMessage has no place for the part attribute ${key}`);
    written.push({
      type: "tool",
      data: {
        content: toolContent(writePlainContent(part.content, `${partPointer}/content`, log)),
        tool_call_id: part.id ?? "",
        ...(part.name == null ? {} : { name: part.name }),
        status: part.isError ? "error" : "success",
        additional_kwargs: written.length === 0 ? metadataKwargs(message) : {},
        response_metadata: {},
      },
    });
  });
  if (written.length === 0) log.lost(pointer, "a tool message without a tool result has no LangChain ToolMessage");
  return written;
}

/** Stored messages of one partwise message. */
function storedMessagesOf(message: Message, pointer: string, log: WarningLog): LangChainStoredMessage[] {
  switch (message.role) {
    case "system":
    case "user": {
      const content = writePlainContent(message.parts, `${pointer}/parts`, log);
      return [{ type: message.role === "system" ? "system" : "human", data: { content, additional_kwargs: metadataKwargs(message), response_metadata: {} } }];
    }
    case "assistant":
      return [assistantMessage(message, pointer, log)];
    case "tool":
      return toolMessages(message, pointer, log);
    default:
      return unreachable(message.role, "role");
  }
}

/**
 * partwise messages (a history or its messages) as LangChain stored messages, the JSON that
 * `mapStoredMessagesToChatMessages` of @langchain/core reads. Every piece without a place is a warning
 * with its pointer; a tool message right after another one is read back as part of it, and says so.
 */
export function toStoredMessages(input: History | readonly Message[]): Converted<LangChainStoredMessage> {
  const { messages, pointers } = checkedMessages(input);
  const log = new WarningLog();
  const stored: LangChainStoredMessage[] = [];
  messages.forEach((message, index) => {
    const pointer = pointers[index]!;
    const written = storedMessagesOf(message, pointer, log);
    if (message.role === "tool" && written.length > 0 && messages[index - 1]?.role === "tool" && stored.at(-1)?.type === "tool") {
      log.lost(pointer, "LangChain has one ToolMessage per result: this tool message is read back joined with the one before it");
      if (Object.keys(message.metadata ?? {}).length > 0) log.lost(`${pointer}/metadata`, "the metadata of a tool message joined with the one before it is not read back");
    }
    stored.push(...written);
  });
  return { messages: stored, warnings: log.warnings };
}
