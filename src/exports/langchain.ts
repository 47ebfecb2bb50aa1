// partwise/langchain: converters between partwise messages and LangChain.js messages. toLangChainMessages
// needs @langchain/core 1.x (an optional peer); the stored-message JSON functions and the format need none.
export { fromLangChainMessages, toLangChainMessages } from "../interop/langchain/langchain-messages.js";
export { langChainFormat } from "../interop/langchain/langchain-format.js";
export { fromStoredMessages } from "../interop/langchain/from-stored-messages.js";
export { toStoredMessages } from "../interop/langchain/to-stored-messages.js";
export type { Converted, MessageFormat } from "../interop/conversion.js";
export type { LangChainContentBlock, LangChainStoredMessage, LangChainStoredMessageData } from "../../generated/formats/langchain.js";
