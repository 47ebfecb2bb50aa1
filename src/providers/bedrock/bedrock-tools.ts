// Function tools as Converse declares them: `toolConfig.tools[].toolSpec` with the schema under `inputSchema.json`.
// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html
import { type ToolDeclaration, namedTool } from "../tool-declarations.js";

export function declareBedrockTools(tools: readonly ToolDeclaration[]): Record<string, unknown> {
  return { toolConfig: { tools: tools.map((tool) => ({ toolSpec: { ...namedTool(tool), inputSchema: { json: tool.parameters } } })) } };
}
