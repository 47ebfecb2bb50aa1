// What the LangChain converter's two directions agree on: the format id, the LangChain `model_provider`
// of the partwise providers whose payloads LangChain's provider packages replay, and the two places
// partwise keeps what LangChain has no field for (docs/convert-langchain.md).
import type { ErrorObject } from "../../../generated/types.js";
import { keptAsUnknownWarning, partLostWarning } from "../conversion.js";

/** The format id `partwise convert` takes. */
export const LANGCHAIN = "langchain";

/** `response_metadata.model_provider` of the partwise providers LangChain packages read payloads back for. */
export const MODEL_PROVIDERS: Readonly<Record<string, string>> = { anthropic: "anthropic", "openai.responses": "openai" };

/** The partwise provider a LangChain `model_provider` stands for, when its package replays payloads. */
export function providerOfModelProvider(modelProvider: unknown): string | undefined {
  return Object.keys(MODEL_PROVIDERS).find((provider) => MODEL_PROVIDERS[provider] === modelProvider);
}

/** The `type` of a `non_standard` block's value that holds a partwise unknown part no provider package reads. */
export const PARTWISE_UNKNOWN = "partwise_unknown";

/** The `additional_kwargs` key that holds a partwise message's metadata (LangChain sends no additional_kwargs key it does not know). */
export const PARTWISE_METADATA = "partwise_metadata";

/** The block tags the reader takes field by field: a raw provider block with one of these tags cannot be kept as itself. */
export const KNOWN_BLOCK_TYPES: ReadonlySet<string> = new Set([
  "text", "thinking", "redacted_thinking", "tool_use", "reasoning", "tool_call", "server_tool_call", "server_tool_call_result",
  "invalid_tool_call", "image", "file", "audio", "video", "text-plain", "non_standard",
]);

/** The object a JSON text holds, when it is an object whose JSON.stringify is that text again (so it can travel as an object and come back byte-equal). */
export function canonicalJsonObject(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return JSON.stringify(value) === text ? (value as Record<string, unknown>) : undefined;
}

/** Collects the warnings of one conversion, each with its pointer into the converted input. */
export class WarningLog {
  readonly warnings: ErrorObject[] = [];

  lost(pointer: string, message: string): void {
    this.warnings.push(partLostWarning({ format: LANGCHAIN, pointer }, message));
  }

  keptAsUnknown(pointer: string, message: string): void {
    this.warnings.push(keptAsUnknownWarning({ format: LANGCHAIN, pointer }, message));
  }
}
