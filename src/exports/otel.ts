// `partwise/otel`: conversations as OpenTelemetry GenAI message JSON (opaque payloads withheld), and GenAI
// spans around ChatClient calls through @opentelemetry/api, an optional peer dependency of this subpath only.
export { toOtelMessages, otelFinishReason, otelFormat, type OtelMessageOptions, type OtelMessages } from "../interop/otel/otel-messages.js";
export type { OtelPartOptions } from "../interop/otel/otel-parts.js";
export { chatSpanObserver, instrumentChatClient, otelProviderName, type ChatTelemetryOptions } from "../interop/otel/otel-spans.js";
