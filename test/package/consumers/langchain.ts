// A LangChain.js app that uses every export of partwise/langchain, as a user writes it: partwise histories
// into ChatAnthropic / ChatOpenAI messages and back, and the stored-message JSON. Type-checked (never run)
// against the packed package by test/package/consumer-types.test.ts, with @langchain/core installed.
import { AIMessage, type BaseMessage, mapChatMessagesToStoredMessages } from "@langchain/core/messages";
import type { History, Message } from "partwise";
import {
  fromLangChainMessages, fromStoredMessages, langChainFormat, toLangChainMessages, toStoredMessages,
  type Converted, type LangChainContentBlock, type LangChainStoredMessage, type LangChainStoredMessageData, type MessageFormat,
} from "partwise/langchain";

export function throughLangChain(history: History, reply: AIMessage): string[] {
  const instances: Converted<BaseMessage> = toLangChainMessages(history);
  const back: Converted<Message> = fromLangChainMessages([...instances.messages, reply]);
  const written: LangChainStoredMessage[] = toStoredMessages(history).messages;
  const data: LangChainStoredMessageData | undefined = written[0]?.data;
  const blocks: LangChainContentBlock[] = typeof data?.content === "string" ? [] : (data?.content ?? []);
  const format: MessageFormat = langChainFormat;
  const stored = fromStoredMessages(mapChatMessagesToStoredMessages(instances.messages));
  return [format.id, String(back.messages.length), String(blocks.length), String(stored.warnings.length)];
}
