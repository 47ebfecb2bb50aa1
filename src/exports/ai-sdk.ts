// partwise/ai-sdk: converters between partwise messages and the Vercel AI SDK's shapes, ModelMessage and
// UIMessage (ai 6 and 7). Pure, no import of `ai` at run time. docs/convert-ai-sdk.md, docs/convert-ui-message.md
export { aiSdkFormat } from "../interop/ai-sdk/ai-sdk-format.js";
export { type FromModelMessagesOptions, fromModelMessages } from "../interop/ai-sdk/from-model-messages.js";
export { type ToModelMessagesOptions, toModelMessages } from "../interop/ai-sdk/to-model-messages.js";
export { fromUIMessages, toUIMessages, uiMessageFormat, type FromUiMessagesOptions, type ToUiMessagesOptions, type WrittenUiMessage } from "../interop/ui-message/index.js";
export type { Converted, MessageFormat } from "../interop/conversion.js";
export type { AiSdkModelMessage, AiSdkWrittenMessage } from "../../generated/formats/ai-sdk.js";
export type { UiMessage, UiMessagePart } from "../../generated/formats/ui-message.js";
