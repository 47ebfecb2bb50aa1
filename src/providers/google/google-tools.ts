// Function tools as Gemini declares them: one `tools` entry holding every `functionDeclarations` item.
// https://ai.google.dev/api/caching#FunctionDeclaration
import { type ToolDeclaration, namedTool } from "../tool-declarations.js";

export function declareGoogleTools(tools: readonly ToolDeclaration[]): Record<string, unknown> {
  return { tools: [{ functionDeclarations: tools.map((tool) => ({ ...namedTool(tool), parameters: tool.parameters })) }] };
}
