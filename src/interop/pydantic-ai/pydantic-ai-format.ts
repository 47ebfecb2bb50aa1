// Pydantic AI messages as a `partwise convert` format: reads and writes the parsed JSON list of
// ModelMessagesTypeAdapter.
import type { MessageFormat } from "../conversion.js";
import { PYDANTIC_AI } from "./pydantic-ai-media.js";
import { fromPydanticAiMessages } from "./read-pydantic-ai.js";
import { toPydanticAiMessages } from "./write-pydantic-ai.js";

/** The `pydantic-ai` format of `partwise convert`. */
export const pydanticAiFormat: MessageFormat = {
  id: PYDANTIC_AI,
  displayName: "Pydantic AI messages",
  read: fromPydanticAiMessages,
  write: (messages) => {
    const converted = toPydanticAiMessages(messages);
    return { document: converted.messages, warnings: converted.warnings };
  },
};
