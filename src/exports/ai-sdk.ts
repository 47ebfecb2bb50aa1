// partwise/ai-sdk: converters between partwise messages and the Vercel AI SDK's ModelMessage (ai 6 and 7).
// docs/convert-ai-sdk.md
export { aiSdkFormat } from "../interop/ai-sdk/ai-sdk-format.js";
export { type FromModelMessagesOptions, fromModelMessages } from "../interop/ai-sdk/from-model-messages.js";
export { type ToModelMessagesOptions, toModelMessages } from "../interop/ai-sdk/to-model-messages.js";
export type { AiSdkModelMessage, AiSdkWrittenMessage } from "../../generated/formats/ai-sdk.js";
export type { Converted } from "../interop/conversion.js";
