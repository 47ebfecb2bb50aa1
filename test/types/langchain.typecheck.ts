// Type-level checks against @langchain/core 1.x (`tsc` in npm test): LangChain's own standard content
// blocks and tool calls are the generated LangChain input types with no cast, and what the converter
// writes is LangChain's message content, tool calls and message instances.
import type { AIMessageChunk, BaseMessage, ContentBlock, InvalidToolCall, MessageContent, ToolCall } from "@langchain/core/messages";
import type {
  LangChainContentBlock, LangChainInvalidToolCall, LangChainNonStandardBlock, LangChainReasoningBlock, LangChainServerToolCallBlock,
  LangChainServerToolCallResultBlock, LangChainTextBlock, LangChainToolCall, LangChainToolCallBlock,
} from "../../generated/formats/langchain.js";
import type { Message } from "../../generated/types.js";
import { fromLangChainMessages, toLangChainMessages, toStoredMessages } from "../../src/exports/langchain.js";

export function standardBlocksAreInputBlocks(
  text: ContentBlock.Text,
  reasoning: ContentBlock.Reasoning,
  toolCall: ContentBlock.Tools.ToolCall,
  serverToolCall: ContentBlock.Tools.ServerToolCall,
  serverToolResult: ContentBlock.Tools.ServerToolCallResult,
  nonStandard: ContentBlock.NonStandard,
): LangChainContentBlock[] {
  const textBlock: LangChainTextBlock = text;
  const reasoningBlock: LangChainReasoningBlock = reasoning;
  const toolCallBlock: LangChainToolCallBlock = toolCall;
  const serverToolCallBlock: LangChainServerToolCallBlock = serverToolCall;
  const serverToolResultBlock: LangChainServerToolCallResultBlock = serverToolResult;
  const nonStandardBlock: LangChainNonStandardBlock = nonStandard;
  return [textBlock, reasoningBlock, toolCallBlock, serverToolCallBlock, serverToolResultBlock, nonStandardBlock];
}

export function toolCallsAreInputToolCalls(call: ToolCall, invalid: InvalidToolCall): [LangChainToolCall, LangChainInvalidToolCall] {
  return [call, invalid];
}

export function writtenContentIsLangChainContent(history: readonly Message[]): { content: MessageContent; toolCalls: ToolCall[] } {
  const [stored] = toStoredMessages(history).messages;
  const toolCalls: ToolCall[] = stored?.data.tool_calls ?? [];
  return { content: stored?.data.content ?? "", toolCalls };
}

export function instancesGoBothWays(history: readonly Message[], streamed: AIMessageChunk): BaseMessage[] {
  fromLangChainMessages([streamed]);
  return toLangChainMessages(history).messages;
}
