// Function tools as the Responses API declares them: flat `{ type: "function", name, description, parameters, strict }`.
// https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
import { type ToolDeclaration, namedTool } from "../tool-declarations.js";

export function declareOpenAiResponsesTools(tools: readonly ToolDeclaration[]): Record<string, unknown> {
  return { tools: tools.map((tool) => ({ type: "function", ...namedTool(tool), parameters: tool.parameters, strict: false })) };
}
