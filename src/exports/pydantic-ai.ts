// partwise/pydantic-ai: converts between partwise messages and Pydantic AI's message history JSON
// (ModelMessagesTypeAdapter), so a Python Pydantic AI service and a partwise service share one history.
export { fromPydanticAiMessages } from "../interop/pydantic-ai/read-pydantic-ai.js";
export { toPydanticAiMessages } from "../interop/pydantic-ai/write-pydantic-ai.js";
export { pydanticAiFormat } from "../interop/pydantic-ai/pydantic-ai-format.js";
export type { Converted, MessageFormat } from "../interop/conversion.js";
export type * from "../../generated/formats/pydantic-ai.js";
