// The AI SDK ModelMessage format as `partwise convert` lists it: a JSON array of ModelMessages.
import type { MessageFormat } from "../conversion.js";
import { fromModelMessages } from "./from-model-messages.js";
import { toModelMessages } from "./to-model-messages.js";

/** `ai-sdk`: read and write a JSON array of AI SDK `ModelMessage`s. */
export const aiSdkFormat: MessageFormat = {
  id: "ai-sdk",
  displayName: "Vercel AI SDK ModelMessage",
  read: (document) => fromModelMessages(document),
  write: (messages) => {
    const converted = toModelMessages(messages);
    return { document: converted.messages, warnings: converted.warnings };
  },
};
