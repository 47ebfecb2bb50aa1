// partwise/langchain: converters between partwise messages and LangChain.js messages (@langchain/core 1.x,
// an optional peer used by toLangChainMessages / fromLangChainMessages only; the stored-message JSON needs none).
export { fromLangChainMessages, langChainFormat, toLangChainMessages, type ToLangChainOptions } from "../interop/langchain/langchain-messages.js";
export { fromStoredMessages } from "../interop/langchain/from-stored-messages.js";
export { toStoredMessages } from "../interop/langchain/to-stored-messages.js";
export type { Converted, MessageFormat } from "../interop/conversion.js";
export type { LangChainContentBlock, LangChainStoredMessage, LangChainStoredMessageData } from "../../generated/formats/langchain.js";
