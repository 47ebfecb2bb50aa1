// Function tools as Anthropic declares them: `tools: [{ name, description, input_schema }]`.
// https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use
import { type ToolDeclaration, namedTool } from "../tool-declarations.js";

export function declareAnthropicTools(tools: readonly ToolDeclaration[]): Record<string, unknown> {
  return { tools: tools.map((tool) => ({ ...namedTool(tool), input_schema: tool.parameters })) };
}
