// The AI SDK UIMessage converter: toUIMessages / fromUIMessages and its MessageFormat for `partwise convert`
// (docs/convert-ui-message.md).
import type { MessageFormat } from "../conversion.js";
import { fromUIMessages } from "./from-ui-messages.js";
import { toUIMessages } from "./to-ui-messages.js";

export { fromUIMessages, type FromUiMessagesOptions } from "./from-ui-messages.js";
export { toUIMessages, type ToUiMessagesOptions, type WrittenUiMessage } from "./to-ui-messages.js";

/** The `ui-message` format: a JSON array of UIMessages. */
export const uiMessageFormat: MessageFormat = {
  id: "ui-message",
  displayName: "Vercel AI SDK UIMessage",
  read: (document) => fromUIMessages(document),
  write: (messages) => {
    const converted = toUIMessages(messages);
    return { document: converted.messages, warnings: converted.warnings };
  },
};
