// Function tools as Chat Completions declares them, `{ type: "function", function: { name, description,
// parameters } }`: the shape OpenAI, DeepSeek, Mistral and Ollama all take.
// https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
import { type ToolDeclaration, namedTool } from "../tool-declarations.js";

export function declareChatCompletionsTools(tools: readonly ToolDeclaration[]): Record<string, unknown> {
  return { tools: tools.map((tool) => ({ type: "function", function: { ...namedTool(tool), parameters: tool.parameters } })) };
}
