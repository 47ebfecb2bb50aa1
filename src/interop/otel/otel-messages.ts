// A partwise conversation as the OpenTelemetry GenAI span attributes' message JSON: system instructions,
// input messages and output messages (docs/convert-otel.md). Export only: telemetry is never read back.
import type { ErrorObject, FinishReason, History, Message, ResponseInfo } from "../../../generated/types.js";
import type { OtelGenAiChatMessage, OtelGenAiDocument, OtelGenAiOutputMessage, OtelGenAiPart, OtelGenAiSystemInstructionPart } from "../../../generated/formats/otel.js";
import { unreachable } from "../../parts/part-kinds.js";
import { partLostWarning, type MessageFormat } from "../conversion.js";
import { OTEL_FORMAT_ID, type OtelPartOptions, type PartSink, otelPart } from "./otel-parts.js";

/** How a conversation is split and written. */
export interface OtelMessageOptions extends OtelPartOptions {
  /**
   * Which messages are output: `final-assistant` (the default) takes the assistant messages after the last
   * message of any other role, the answer of the call that ended the conversation; `none` exports every
   * message as input (a request not yet answered).
   */
  readonly output?: "final-assistant" | "none";
  /** The response that produced the output, for each output message's `finish_reason`. */
  readonly response?: Pick<ResponseInfo, "finishReason" | "rawFinishReason">;
}

/** The three attributes' values, and one warning per piece not exported (its pointer into the input). */
export interface OtelMessages {
  /** `gen_ai.system_instructions`: the parts of the system messages that open the conversation. */
  readonly systemInstructions: OtelGenAiSystemInstructionPart[];
  /** `gen_ai.input.messages`: every other message before the output (later system messages keep their place here). */
  readonly inputMessages: OtelGenAiChatMessage[];
  /** `gen_ai.output.messages`: the final assistant message(s). */
  readonly outputMessages: OtelGenAiOutputMessage[];
  readonly warnings: ErrorObject[];
}

/**
 * The OTel GenAI message JSON of a history or a list of messages. Leading system messages become the system
 * instructions; the trailing assistant messages the output (see `output`); opaque payloads, raw provider
 * blocks and (by default) media bytes are withheld, each marked on its part and warned about.
 */
export function toOtelMessages(conversation: History | readonly Message[], options: OtelMessageOptions = {}): OtelMessages {
  const [messages, base] = isHistory(conversation) ? [conversation.messages, "/messages"] : [conversation, ""];
  const sink: PartSink = { options, warnings: [] };
  const leadingSystem = messages.findIndex((message) => message.role !== "system");
  const inputStart = leadingSystem === -1 ? messages.length : leadingSystem;
  const outputStart = options.output === "none" ? messages.length : finalAssistantStart(messages, inputStart);
  const convert = (index: number) => convertedMessage(messages[index]!, `${base}/${index}`, sink);
  // A text part is a system instruction's text part; any other part is one of its non-text parts.
  const systemInstructions = range(0, inputStart).flatMap((index): OtelGenAiSystemInstructionPart[] => convert(index).parts);
  const inputMessages = range(inputStart, outputStart).map(convert);
  const finishReason = options.response ? otelFinishReason(options.response) : undefined;
  const outputMessages = range(outputStart, messages.length).map((index): OtelGenAiOutputMessage => ({
    ...convert(index),
    ...(finishReason === undefined ? {} : { finish_reason: finishReason }),
  }));
  return { systemInstructions, inputMessages, outputMessages, warnings: sink.warnings };
}

/**
 * The `otel` format of `partwise convert --to otel`: one document with the three attributes' values by
 * attribute name, the last assistant messages as output. Write only.
 */
export const otelFormat: MessageFormat = {
  id: OTEL_FORMAT_ID,
  displayName: "OpenTelemetry GenAI messages",
  write(messages) {
    const converted = toOtelMessages(messages);
    const document: OtelGenAiDocument = {
      "gen_ai.system_instructions": converted.systemInstructions,
      "gen_ai.input.messages": converted.inputMessages,
      "gen_ai.output.messages": converted.outputMessages,
    };
    return { document, warnings: converted.warnings };
  },
};

/** The conventions' finish reason of a partwise one; `other` goes out as the provider's own reason. */
export function otelFinishReason(info: Pick<ResponseInfo, "finishReason" | "rawFinishReason">): string | undefined {
  const reason: FinishReason | undefined = info.finishReason;
  switch (reason) {
    case undefined:
      return info.rawFinishReason;
    case "stop":
    case "length":
    case "content_filter":
    case "error":
      return reason;
    case "tool_calls":
      return "tool_call";
    case "other":
      return info.rawFinishReason ?? "other";
    default:
      return unreachable(reason, "finish reason");
  }
}

function isHistory(conversation: History | readonly Message[]): conversation is History {
  return !Array.isArray(conversation);
}

/** Where the trailing run of assistant messages starts (never before `floor`). */
function finalAssistantStart(messages: readonly Message[], floor: number): number {
  let start = messages.length;
  while (start > floor && messages[start - 1]!.role === "assistant") start--;
  return start;
}

function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, offset) => start + offset);
}

function convertedMessage(message: Message, pointer: string, sink: PartSink): OtelGenAiChatMessage {
  if (message.metadata && Object.keys(message.metadata).length > 0) {
    sink.warnings.push(partLostWarning({ format: OTEL_FORMAT_ID, pointer: `${pointer}/metadata` }, "message metadata has no place in the GenAI message JSON and is not exported"));
  }
  const parts: OtelGenAiPart[] = message.parts.map((part, index) => otelPart(part, `${pointer}/parts/${index}`, sink));
  return { role: message.role, parts };
}
