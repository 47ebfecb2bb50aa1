// Type-level checks against the real AI SDK (`tsc` in npm test), majors 6 and 7: the AI SDK's own UIMessages
// are the generated input type with no cast, and what toUIMessages writes is the AI SDK's UIMessage.
import type { UIMessage as UIMessageV6 } from "ai";
import type { UIMessage as UIMessageV7 } from "ai-v7";
import type { UiMessage } from "../../generated/formats/ui-message.js";
import { fromUIMessages, toUIMessages, type WrittenUiMessage } from "../../src/exports/ai-sdk.js";
import type { Message } from "../../generated/types.js";

export function readsSdkMessages(v6: UIMessageV6[], v7: UIMessageV7[]): [UiMessage[], UiMessage[]] {
  fromUIMessages(v6);
  fromUIMessages(v7);
  return [v6, v7];
}

export function writesSdkMessages(history: readonly Message[]): [UIMessageV6[], UIMessageV7[]] {
  const written: WrittenUiMessage[] = toUIMessages(history).messages;
  return [written, written];
}
