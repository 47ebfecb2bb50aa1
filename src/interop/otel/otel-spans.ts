// GenAI client spans around a ChatClient's provider calls and tool runs, through @opentelemetry/api (an
// optional peer dependency of partwise/otel only, loaded when no tracer is given, so the converter works
// without it). Messages go on the spans only when capture is on, as the OTel message JSON with every
// opaque payload withheld (docs/convert-otel.md).
import type { Attributes, Span, SpanKind, SpanStatusCode, Tracer } from "@opentelemetry/api";
import type { ErrorObject, ResponseInfo, ToolCall, ToolResultPart } from "../../../generated/types.js";
import { ChatClient, type ChatClientOptions, type ChatObserver } from "../../chat/chat-client.js";
import { PartwiseError, ProviderApiError } from "../../errors/partwise-error.js";
import { ownValue } from "../../json/own-property.js";
import { requireOptionalPeer } from "../../runtime/optional-peer.js";
import { otelFinishReason, toOtelMessages } from "./otel-messages.js";
import { type OtelPartOptions, otelPart, otelToolArguments } from "./otel-parts.js";

/** How the spans are made. */
export interface ChatTelemetryOptions extends OtelPartOptions {
  /** The tracer (default: the global tracer provider's `partwise` tracer). */
  readonly tracer?: Tracer;
  /**
   * Put the conversation on the spans: system instructions, input and output messages on each chat span,
   * arguments and results on each tool span. Off by default: messages can be large and sensitive.
   */
  readonly captureMessages?: boolean;
  /** `gen_ai.request.model` (default: the transport's `model`, else the request's `model` field). */
  readonly model?: string;
}

// The API's enum values, fixed by the OTel specification, so that a caller who passes a tracer needs no
// runtime import of @opentelemetry/api from partwise.
const CLIENT: SpanKind.CLIENT = 2;
const INTERNAL: SpanKind.INTERNAL = 0;
const ERROR: SpanStatusCode.ERROR = 2;

/** The global tracer provider's `partwise` tracer: setup/missing-dependency when @opentelemetry/api is not installed. */
function globalTracer(): Tracer {
  return requireOptionalPeer<typeof import("@opentelemetry/api")>("@opentelemetry/api", "GenAI spans without a given tracer (partwise/otel)").trace.getTracer("partwise");
}

/**
 * `gen_ai.provider.name` by partwise provider id, as the conventions spell the providers they list; a
 * provider they do not list goes out under its partwise id.
 */
const OTEL_PROVIDER_NAMES: Readonly<Record<string, string>> = {
  anthropic: "anthropic",
  bedrock: "aws.bedrock",
  deepseek: "deepseek",
  google: "gcp.gemini",
  mistral: "mistral_ai",
  "openai.chat": "openai",
  "openai.responses": "openai",
};

/** The conventions' name of a partwise provider. */
export function otelProviderName(provider: string): string {
  return ownValue(OTEL_PROVIDER_NAMES, provider) ?? provider;
}

/** A ChatClient whose provider calls and tool runs are GenAI spans (replacing any `observer` of the options). */
export function instrumentChatClient(options: ChatClientOptions, telemetry: ChatTelemetryOptions = {}): ChatClient {
  const transportModel = (options.transport as { readonly model?: unknown }).model;
  const requestModel = options.request?.model;
  const model = telemetry.model ?? (typeof transportModel === "string" ? transportModel : typeof requestModel === "string" ? requestModel : undefined);
  return new ChatClient({ ...options, observer: chatSpanObserver({ provider: options.codec.id, ...(model === undefined ? {} : { model }) }, telemetry) });
}

/**
 * The observer behind instrumentChatClient, for a ChatClient built elsewhere: one `chat <model>` CLIENT span
 * per provider call (each retry its own), one `execute_tool <name>` span per tool run.
 */
export function chatSpanObserver(call: { readonly provider: string; readonly model?: string }, telemetry: ChatTelemetryOptions = {}): ChatObserver {
  const tracer = telemetry.tracer ?? globalTracer();
  const capture = telemetry.captureMessages ?? false;
  const messageOptions = telemetry.includeMediaBytes === undefined ? {} : { includeMediaBytes: telemetry.includeMediaBytes };
  return {
    callStarted({ conversation }) {
      const attributes: Attributes = {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": otelProviderName(call.provider),
        ...(call.model === undefined ? {} : { "gen_ai.request.model": call.model }),
      };
      const span = tracer.startSpan(call.model === undefined ? "chat" : `chat ${call.model}`, { kind: CLIENT, attributes });
      if (capture) {
        const input = toOtelMessages(conversation, { ...messageOptions, output: "none" });
        if (input.systemInstructions.length > 0) span.setAttribute("gen_ai.system_instructions", JSON.stringify(input.systemInstructions));
        span.setAttribute("gen_ai.input.messages", JSON.stringify(input.inputMessages));
        recordWarnings(span, input.warnings);
      }
      return {
        succeeded({ message, info }) {
          span.setAttributes(responseAttributes(info));
          if (capture) {
            const output = toOtelMessages([message], { ...messageOptions, response: info });
            span.setAttribute("gen_ai.output.messages", JSON.stringify(output.outputMessages));
            recordWarnings(span, output.warnings);
          }
          span.end();
        },
        failed(error) {
          failSpan(span, errorType(error), error instanceof Error ? error.message : String(error));
          if (error instanceof Error) span.recordException(error);
          span.end();
        },
      };
    },
    toolStarted(toolCall) {
      const span = tracer.startSpan(`execute_tool ${toolCall.name}`, { kind: INTERNAL, attributes: toolAttributes(toolCall) });
      if (capture) span.setAttribute("gen_ai.tool.call.arguments", JSON.stringify(otelToolArguments(toolCall)));
      return {
        finished(result) {
          if (capture) span.setAttribute("gen_ai.tool.call.result", JSON.stringify(toolResultValue(result, messageOptions)));
          if (result.isError) failSpan(span, "tool_error", "the tool returned an error result");
          span.end();
        },
      };
    },
  };
}

function responseAttributes(info: ResponseInfo): Attributes {
  const finishReason = otelFinishReason(info);
  return {
    ...(info.model === undefined ? {} : { "gen_ai.response.model": info.model }),
    ...(info.responseId === undefined ? {} : { "gen_ai.response.id": info.responseId }),
    ...(finishReason === undefined ? {} : { "gen_ai.response.finish_reasons": [finishReason] }),
    ...(info.usage?.inputTokens === undefined ? {} : { "gen_ai.usage.input_tokens": info.usage.inputTokens }),
    ...(info.usage?.outputTokens === undefined ? {} : { "gen_ai.usage.output_tokens": info.usage.outputTokens }),
  };
}

function toolAttributes(call: ToolCall): Attributes {
  return {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": call.name,
    "gen_ai.tool.type": "function",
    ...(call.id === "" ? {} : { "gen_ai.tool.call.id": call.id }),
  };
}

/** A tool result as the `response` of its OTel tool_call_response part (payloads withheld like everywhere else). */
function toolResultValue(result: ToolResultPart, options: OtelPartOptions): unknown {
  const part = otelPart(result, "", { options, warnings: [] });
  return part.type === "tool_call_response" ? part.response : null;
}

/**
 * `error.type`: the provider's error type, else the HTTP status, else partwise's error code, else the
 * error's class name: low-cardinality values, as the conventions ask.
 */
function errorType(error: unknown): string {
  if (error instanceof ProviderApiError) return error.failure.errorType ?? (error.failure.status === undefined ? error.code : String(error.failure.status));
  if (error instanceof PartwiseError) return error.code;
  return error instanceof Error ? error.name : "_OTHER";
}

function failSpan(span: Span, type: string, message: string): void {
  span.setAttribute("error.type", type);
  span.setStatus({ code: ERROR, message });
}

/** What the captured messages left out, as span events (pointer and code, never the value). */
function recordWarnings(span: Span, warnings: readonly ErrorObject[]): void {
  for (const warning of warnings) span.addEvent("partwise.conversion_warning", { code: warning.code, pointer: warning.pointer ?? "", message: warning.message });
}
