// The request fields that declare function tools: the codec writes them in its provider's shape
// (ProviderCodec.declareTools, in each provider's folder); no tools, no fields.
import type { ProviderCodec } from "../providers/provider-codec.js";
import { codecFor } from "../providers/registry.js";
import type { ToolDeclaration } from "../providers/tool-declarations.js";

export type { ToolDeclaration } from "../providers/tool-declarations.js";

/** The request fields that declare `tools` to the codec's provider; none when there are no tools. */
export function codecToolFields(codec: ProviderCodec, tools: readonly ToolDeclaration[]): Record<string, unknown> {
  return tools.length === 0 ? {} : codec.declareTools(tools);
}

/** The request fields that declare `tools` to `provider` (a registered provider id); none when there are no tools. */
export function toolRequestFields(provider: string, tools: readonly ToolDeclaration[]): Record<string, unknown> {
  return tools.length === 0 ? {} : codecFor(provider).declareTools(tools);
}
