// The `langchain` MessageFormat of `partwise convert`: LangChain stored messages as JSON, read and
// written with no runtime need of @langchain/core (docs/convert-langchain.md).
import type { MessageFormat } from "../conversion.js";
import { fromStoredMessages } from "./from-stored-messages.js";
import { LANGCHAIN } from "./langchain-vocabulary.js";
import { toStoredMessages } from "./to-stored-messages.js";

/** The `langchain` format: a JSON array of stored messages (`mapChatMessagesToStoredMessages`). */
export const langChainFormat: MessageFormat = {
  id: LANGCHAIN,
  displayName: "LangChain.js messages",
  read: fromStoredMessages,
  write: (messages) => {
    const { messages: document, warnings } = toStoredMessages(messages);
    return { document, warnings };
  },
};
