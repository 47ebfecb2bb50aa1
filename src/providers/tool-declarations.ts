// The function tools a request may declare, in partwise's own terms: each codec's `declareTools` writes
// them in its provider's field and shape (the `<provider>-tools.ts` files beside the codecs).

/** A function tool the model may call: what it is called, what it does, the JSON Schema of its input. */
export interface ToolDeclaration {
  readonly name: string;
  readonly description?: string;
  /** A JSON Schema object for the tool's input. */
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** The tool's name and, when it has one, its description: the two fields every provider spells alike. */
export function namedTool(tool: ToolDeclaration): { name: string; description?: string } {
  return tool.description === undefined ? { name: tool.name } : { name: tool.name, description: tool.description };
}
