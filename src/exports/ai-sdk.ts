// `partwise/ai-sdk`: converters between partwise messages and the Vercel AI SDK's shapes (UIMessage here;
// ModelMessage joins at merge). Pure, no import of `ai` at run time.
export { fromUIMessages, toUIMessages, uiMessageFormat, type ToUiMessagesOptions, type WrittenUiMessage } from "../interop/ui-message/index.js";
export type { Converted, MessageFormat } from "../interop/conversion.js";
export type { UiMessage, UiMessagePart } from "../../generated/formats/ui-message.js";
