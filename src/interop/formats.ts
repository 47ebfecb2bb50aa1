// The formats `partwise convert` reads and writes, one row each: adding a converter is adding its row.
import { aiSdkFormat } from "./ai-sdk/ai-sdk-format.js";
import type { MessageFormat } from "./conversion.js";
import { langChainFormat } from "./langchain/langchain-format.js";
import { partwiseFormat } from "./partwise-format.js";
import { otelFormat } from "./otel/otel-messages.js";
import { pydanticAiFormat } from "./pydantic-ai/pydantic-ai-format.js";
import { uiMessageFormat } from "./ui-message/index.js";

/** Every format `partwise convert --from/--to` takes, by id. */
export const MESSAGE_FORMATS: readonly MessageFormat[] = [partwiseFormat, aiSdkFormat, uiMessageFormat, langChainFormat, pydanticAiFormat, otelFormat];
