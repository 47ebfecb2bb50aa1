// How each provider declares function tools in a request: the same name, description and JSON Schema
// parameters, in that provider's field and shape.
import { UsageError } from "../errors/partwise-error.js";

/** A function tool the model may call: what it is called, what it does, the JSON Schema of its input. */
export interface ToolDeclaration {
  readonly name: string;
  readonly description?: string;
  /** A JSON Schema object for the tool's input. */
  readonly parameters: Readonly<Record<string, unknown>>;
}

function described(tool: ToolDeclaration): { description?: string } {
  return tool.description === undefined ? {} : { description: tool.description };
}

/** The request fields that declare `tools` to `provider`; none when there are no tools. */
export function toolRequestFields(provider: string, tools: readonly ToolDeclaration[]): Record<string, unknown> {
  if (tools.length === 0) return {};
  switch (provider) {
    case "anthropic":
      // https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use
      return { tools: tools.map((tool) => ({ name: tool.name, ...described(tool), input_schema: tool.parameters })) };
    case "openai.responses":
      // https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
      return { tools: tools.map((tool) => ({ type: "function", name: tool.name, ...described(tool), parameters: tool.parameters, strict: false })) };
    case "openai.chat":
    case "deepseek":
    case "mistral":
    case "ollama":
      return { tools: tools.map((tool) => ({ type: "function", function: { name: tool.name, ...described(tool), parameters: tool.parameters } })) };
    case "google":
      // https://ai.google.dev/api/caching#FunctionDeclaration
      return { tools: [{ functionDeclarations: tools.map((tool) => ({ name: tool.name, ...described(tool), parameters: tool.parameters })) }] };
    case "bedrock":
      // https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html
      return { toolConfig: { tools: tools.map((tool) => ({ toolSpec: { name: tool.name, ...described(tool), inputSchema: { json: tool.parameters } } })) } };
    default:
      throw new UsageError(`no tool declaration format for provider "${provider}"`);
  }
}
