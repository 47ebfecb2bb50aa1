// Type-level checks against the AI SDK's own ModelMessage (`tsc` in npm test): the generated input type
// takes the ModelMessage of ai 6 and of ai 7 (and `response.messages`), and what toModelMessages writes is
// the ModelMessage of both majors, with no cast.
import type { GenerateTextResult, ModelMessage as ModelMessageV6, ToolSet } from "ai";
import type { OutputInterface as OutputV7, GenerateTextResult as GenerateTextResultV7, ModelMessage as ModelMessageV7, ToolSet as ToolSetV7 } from "ai-v7";
import type { AiSdkModelMessage, AiSdkWrittenMessage } from "../../generated/formats/ai-sdk.js";
import type { Message } from "../../generated/types.js";
import { fromModelMessages, toModelMessages } from "../../src/exports/ai-sdk.js";

export function readsAiSdk6Messages(messages: ModelMessageV6[], result: GenerateTextResult<ToolSet, never>): AiSdkModelMessage[] {
  fromModelMessages(result.response.messages);
  const read: AiSdkModelMessage[] = messages;
  const response: AiSdkModelMessage[] = result.response.messages;
  return [...read, ...response];
}

export function readsAiSdk7Messages(messages: ModelMessageV7[], result: GenerateTextResultV7<ToolSetV7, Record<string, unknown>, OutputV7<string, string, never>>): AiSdkModelMessage[] {
  const read: AiSdkModelMessage[] = messages;
  const response: AiSdkModelMessage[] = result.response.messages;
  return [...read, ...response];
}

export function writesModelMessagesOfBothMajors(history: Message[]): [ModelMessageV6[], ModelMessageV7[]] {
  const written: AiSdkWrittenMessage[] = toModelMessages(history).messages;
  const v6: ModelMessageV6[] = written;
  const v7: ModelMessageV7[] = written;
  return [v6, v7];
}
