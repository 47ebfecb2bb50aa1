// Tool-call arguments are kept as the raw JSON text the model wrote; this parses them once per call
// object and remembers the result, so a tool loop never re-parses them.
import type { ToolCall } from "../../generated/types.js";
import { InvalidDocumentError } from "../errors/partwise-error.js";

const parsed = new WeakMap<ToolCall, { value: unknown } | { error: InvalidDocumentError }>();

/** The arguments of a tool call as JSON; `{}` for empty arguments. Throws InvalidDocumentError when they are not JSON. */
export function toolCallArguments(call: ToolCall): unknown {
  let entry = parsed.get(call);
  if (!entry) {
    try {
      entry = { value: call.arguments.trim() === "" ? {} : JSON.parse(call.arguments) };
    } catch (error) {
      entry = {
        error: new InvalidDocumentError("json/syntax", `tool call ${call.id || "(no id)"} (${call.name}): arguments are not valid JSON`, {
          pointer: "/toolCall/arguments",
          cause: error,
          details: { arguments: call.arguments },
        }),
      };
    }
    parsed.set(call, entry);
  }
  if ("error" in entry) throw entry.error;
  return entry.value;
}
