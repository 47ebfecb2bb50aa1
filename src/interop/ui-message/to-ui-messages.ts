// partwise messages -> AI SDK UIMessages. An assistant message and the tool messages answering it become one
// UIMessage spanning the tool loop: a `step-start` before each assistant message, each tool result folded
// onto its call's tool part (docs/convert-ui-message.md#messages). What does not fold is kept whole.
import type { ErrorObject, History, Message, Part } from "../../../generated/types.js";
import type { UiMessage } from "../../../generated/formats/ui-message.js";
import { keptAsUnknownWarning, type Converted } from "../conversion.js";
import { unreachable } from "../../parts/part-kinds.js";
import { providerKeys } from "../ai-sdk/provider-keys.js";
import { toolResultFromUi } from "./read-ui-part.js";
import type { ProviderKeys } from "./provider-metadata-keys.js";
import { PARTWISE_METADATA_KEY, differenceAsJson, partDifference } from "./side-channel.js";
import { KEPT_MESSAGE_TYPE, writeUiPart, type WrittenToolPart, type WrittenUiPart } from "./write-ui-part.js";

const FORMAT = "ui-message";

/** A UIMessage as partwise writes it: its parts never take the fallback shape, so it is the AI SDK's `UIMessage`. */
export interface WrittenUiMessage extends Omit<UiMessage, "parts"> {
  parts: WrittenUiPart[];
}

/** Options of toUIMessages. */
export interface ToUiMessagesOptions {
  /** The id of the UIMessage at `index` of the output; `partwise-<index>` by default (pure, so deterministic). */
  readonly generateId?: (index: number) => string;
  /** providerMetadata keys by partwise provider id, over the defaults (`{ google: "vertex" }`), as toModelMessages takes them. */
  readonly providerKeys?: ProviderKeys;
}

/** The tool calls of the assistant message being written, which the next tool message may answer. */
interface OpenStep {
  readonly calls: { readonly id: string; readonly position: number; readonly part: Part }[];
  readonly duplicateIds: boolean;
  answered: boolean;
}

/**
 * Converts partwise messages (or a stored history) to UIMessages. Every piece a UIMessage has no place for
 * is a warning with its pointer into the input (`/messages/<i>/...` for a history, `/<i>/...` for a list).
 */
export function toUIMessages(input: History | readonly Message[], options: ToUiMessagesOptions = {}): Converted<WrittenUiMessage> {
  const messages = "messages" in input ? input.messages : input;
  const base = "messages" in input ? "/messages" : "";
  const generateId = options.generateId ?? ((index: number) => `partwise-${index}`);
  const keys = providerKeys(options.providerKeys);
  const output: WrittenUiMessage[] = [];
  const warnings: ErrorObject[] = [];
  let run: WrittenUiMessage | undefined;
  let step: OpenStep | undefined;
  const open = (role: WrittenUiMessage["role"], metadata: unknown): WrittenUiMessage => {
    const message: WrittenUiMessage = { id: generateId(output.length), role, ...(metadata === undefined ? {} : { metadata }), parts: [] };
    output.push(message);
    return message;
  };
  for (const [index, message] of messages.entries()) {
    const pointer = `${base}/${index}`;
    switch (message.role) {
      case "system":
      case "user": {
        run = undefined;
        step = undefined;
        if (message.parts.length === 0) {
          // The AI SDK rejects a UIMessage without parts (validateUIMessages), so the empty message is kept whole.
          open(message.role, undefined).parts.push({ type: KEPT_MESSAGE_TYPE, data: message });
          warnings.push(keptAsUnknownWarning({ format: FORMAT, pointer }, `a UIMessage has at least one part: the empty message is kept whole in a ${KEPT_MESSAGE_TYPE} part`));
          break;
        }
        const target = open(message.role, message.metadata);
        for (const [partIndex, part] of message.parts.entries()) {
          const written = writeUiPart(part, message.role, { format: FORMAT, pointer: `${pointer}/parts/${partIndex}` }, keys);
          target.parts.push(written.ui);
          warnings.push(...written.warnings);
        }
        break;
      }
      case "assistant": {
        if (run === undefined || message.metadata !== undefined) run = open("assistant", message.metadata);
        run.parts.push({ type: "step-start" });
        const calls: OpenStep["calls"][number][] = [];
        for (const [partIndex, part] of message.parts.entries()) {
          const written = writeUiPart(part, "assistant", { format: FORMAT, pointer: `${pointer}/parts/${partIndex}` }, keys);
          if (part.type === "tool_call") calls.push({ id: part.toolCall.id, position: run.parts.length, part });
          run.parts.push(written.ui);
          warnings.push(...written.warnings);
        }
        step = { calls, duplicateIds: new Set(calls.map((call) => call.id)).size !== calls.length, answered: false };
        break;
      }
      case "tool": {
        run ??= open("assistant", undefined);
        if (step !== undefined && message.metadata === undefined && foldResults(run, step, message.parts, keys)) {
          step.answered = true;
          warnings.push(...hiddenResultContent(message.parts, pointer));
          break;
        }
        if (step !== undefined) step.answered = true;
        run.parts.push({ type: KEPT_MESSAGE_TYPE, data: message });
        warnings.push(keptAsUnknownWarning({ format: FORMAT, pointer }, `the tool message does not fold onto the calls before it: kept whole in a ${KEPT_MESSAGE_TYPE} part (convertToModelMessages skips it)`));
        break;
      }
      default:
        return unreachable(message.role, "role");
    }
  }
  return { messages: output, warnings };
}

/**
 * Folds a tool message onto the tool parts of the step before it, when that is exact: the step's first tool
 * message, only results, each answering a distinct call of the step, in the calls' order.
 */
function foldResults(run: WrittenUiMessage, step: OpenStep, parts: readonly Part[], keys: ProviderKeys): boolean {
  if (step.answered || step.duplicateIds || parts.length === 0) return false;
  let last = -1;
  const folds: { position: number; result: Extract<Part, { type: "tool_result" }> }[] = [];
  for (const part of parts) {
    if (part.type !== "tool_result" || typeof part.id !== "string") return false;
    const callIndex = step.calls.findIndex((call) => call.id === part.id);
    if (callIndex <= last) return false;
    last = callIndex;
    folds.push({ position: step.calls[callIndex]!.position, result: part });
  }
  for (const { position, result } of folds) run.parts[position] = withResult(run.parts[position] as WrittenToolPart, result, keys);
  return true;
}

/** A folded result's content that is not plain text rides in the side channel, out of the AI SDK's sight: say so. */
function hiddenResultContent(parts: readonly Part[], pointer: string): ErrorObject[] {
  return parts.flatMap((part, index) => part.type === "tool_result" && part.content.some((content) => content.type !== "text")
    ? [keptAsUnknownWarning({ format: FORMAT, pointer: `${pointer}/parts/${index}/content` }, `the tool output is the result's text; its other content is kept in callProviderMetadata.${PARTWISE_METADATA_KEY}`)]
    : []);
}

/** The tool part in its output state for `result`, with the result's difference in the side channel. */
function withResult(tool: WrittenToolPart, result: Extract<Part, { type: "tool_result" }>, keys: ProviderKeys): WrittenToolPart {
  const text = result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
  const call = { type: tool.type, toolCallId: tool.toolCallId, ...(tool.callProviderMetadata && { callProviderMetadata: tool.callProviderMetadata }) };
  const answered: WrittenToolPart = result.isError
    ? { ...call, state: "output-error", input: tool.input, errorText: text }
    : { ...call, state: "output-available", input: tool.input, output: text };
  const difference = partDifference(result, toolResultFromUi(answered, keys)!);
  if (difference === undefined) return answered;
  const metadata = { ...(answered.callProviderMetadata ?? {}) };
  const side = metadata[PARTWISE_METADATA_KEY] ?? {};
  return { ...answered, callProviderMetadata: { ...metadata, [PARTWISE_METADATA_KEY]: { ...side, result: differenceAsJson(difference) } } };
}
