// Server-tool blocks (unknown parts) as the AI SDK represents them: provider-executed tool calls and
// results, built the way @ai-sdk/anthropic reads them back into `server_tool_use` / `web_search_tool_result`
// blocks. One table by provider and block kind; a block it cannot read stays an unknown part.
import type { AiSdkWrittenToolCallPart, AiSdkWrittenToolResultPart } from "../../../generated/formats/ai-sdk.js";

type ServerToolPart = Omit<AiSdkWrittenToolCallPart, "providerOptions"> | Omit<AiSdkWrittenToolResultPart, "providerOptions">;

/** The AI SDK part of one server-tool block, or undefined when the block is not of the shape the provider reads. */
type BlockReader = (block: Record<string, unknown>) => ServerToolPart | undefined;

const isText = (value: unknown): value is string => typeof value === "string";

/** Anthropic `server_tool_use` of a web search: a provider-executed call with the block's input, as @ai-sdk/anthropic replays it. */
const anthropicServerToolUse: BlockReader = (block) => {
  // Only web search: its result block is mapped too, so the call never goes without its result.
  if (!isText(block.id) || block.name !== "web_search") return undefined;
  return { type: "tool-call", toolCallId: block.id, toolName: block.name, input: block.input ?? {}, providerExecuted: true };
};

/** Anthropic `web_search_tool_result` with its results: a `json` output in @ai-sdk/anthropic's web search result shape. */
const anthropicWebSearchResult: BlockReader = (block) => {
  if (!isText(block.tool_use_id) || !Array.isArray(block.content)) return undefined;
  const results: Record<string, string | null>[] = [];
  for (const result of block.content as Record<string, unknown>[]) {
    if (typeof result !== "object" || result === null || !isText(result.url) || !isText(result.encrypted_content) || !isText(result.type)) return undefined;
    const pageAge = result.page_age ?? null;
    if (pageAge !== null && !isText(pageAge)) return undefined;
    results.push({ url: result.url, title: isText(result.title) ? result.title : null, pageAge, encryptedContent: result.encrypted_content, type: result.type });
  }
  return { type: "tool-result", toolCallId: block.tool_use_id, toolName: "web_search", output: { type: "json", value: results } };
};

/** Readers by `provider/kind` of the unknown part. */
const SERVER_TOOL_BLOCKS: Readonly<Record<string, BlockReader>> = {
  "anthropic/server_tool_use": anthropicServerToolUse,
  "anthropic/web_search_tool_result": anthropicWebSearchResult,
};

/** The provider-executed AI SDK part of an unknown part's block, or undefined when none stands for it. */
export function serverToolPart(provider: string, kind: string, rawJson: string): ServerToolPart | undefined {
  const reader = SERVER_TOOL_BLOCKS[`${provider}/${kind}`];
  if (reader === undefined) return undefined;
  let block: unknown;
  try {
    block = JSON.parse(rawJson);
  } catch {
    return undefined;
  }
  return typeof block === "object" && block !== null && !Array.isArray(block) ? reader(block as Record<string, unknown>) : undefined;
}
