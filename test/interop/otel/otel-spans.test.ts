// instrumentChatClient with the real OpenTelemetry SDK (BasicTracerProvider, SimpleSpanProcessor,
// InMemorySpanExporter) around a ChatClient that talks over loopback HTTP to partwise's own Anthropic
// and Bedrock simulators: a blocking tool loop, a streamed one with message capture, a failed call and a
// retried round.
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import type { ChatClient } from "../../../src/chat/chat-client.js";
import { ProviderHttpClient } from "../../../src/client/provider-http-client.js";
import { instrumentChatClient } from "../../../src/interop/otel/otel-spans.js";
import { codecFor } from "../../../src/providers/registry.js";
import { type RunningSimulator, startSimulator } from "../../../src/simulators/index.js";
import { weatherTools } from "../../support/provider-scenarios.js";
import { publishedSchemaErrors } from "./published-schemas.js";

const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = tracerProvider.getTracer("partwise-test");
const simulators: Record<string, RunningSimulator> = {};

beforeAll(async () => {
  for (const provider of ["anthropic", "bedrock"]) simulators[provider] = await startSimulator(provider, { apiKey: "sim-key" });
});
afterAll(async () => {
  for (const simulator of Object.values(simulators)) await simulator.close();
  await tracerProvider.shutdown();
});
beforeEach(() => exporter.reset());

/** An instrumented tool loop of the weather scenario, asking for reasoning the provider's way. */
function client(options: { provider?: string; stream?: boolean; captureMessages?: boolean; maxRetries?: number; globalTracer?: boolean } = {}): ChatClient {
  const provider = options.provider ?? "anthropic";
  const codec = codecFor(provider);
  // Bedrock signs with AWS credentials; its simulator checks the signature against the same secret.
  const transport = new ProviderHttpClient({
    provider, model: codec.reasoningRequest.model, baseUrl: simulators[provider]!.url, apiKey: "sim-key", env: {}, backoffMs: 1, maxRetries: options.maxRetries ?? 0,
    region: "us-east-1", awsCredentials: { accessKeyId: "partwise", secretAccessKey: "sim-key" },
  });
  return instrumentChatClient(
    { codec, transport, tools: weatherTools, stream: options.stream ?? false, request: codec.reasoningRequest.request },
    { ...(options.globalTracer ? {} : { tracer }), captureMessages: options.captureMessages ?? false },
  );
}

function spans(): ReadableSpan[] {
  return exporter.getFinishedSpans().slice().sort((left, right) => compareTimes(left.startTime, right.startTime));
}

function compareTimes(left: readonly [number, number], right: readonly [number, number]): number {
  return left[0] - right[0] || left[1] - right[1];
}

/** Every opaque value of the messages: payload data and raw blocks. */
function opaqueValues(messages: readonly Message[]): string[] {
  return messages.flatMap((message) => message.parts.flatMap((part) => [...(part.payload ? [part.payload.data] : []), ...(part.type === "unknown" ? [part.rawJson] : [])]));
}

describe("instrumentChatClient", () => {
  it("makes one chat span per provider call and one execute_tool span per tool run when the loop runs tools", async () => {
    const result = await client().send("Is it raining in Oslo?");
    const [first, tool, , , last] = spans();

    expect(spans().map((span) => [span.name, span.kind])).toEqual([
      ["chat claude-sonnet-4-5", SpanKind.CLIENT],
      ["execute_tool get_weather", SpanKind.INTERNAL],
      ["chat claude-sonnet-4-5", SpanKind.CLIENT],
      ["execute_tool get_local_time", SpanKind.INTERNAL],
      ["chat claude-sonnet-4-5", SpanKind.CLIENT],
    ]);
    expect(first!.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "anthropic",
      "gen_ai.request.model": "claude-sonnet-4-5",
      "gen_ai.response.model": expect.any(String),
      "gen_ai.response.id": expect.any(String),
      "gen_ai.response.finish_reasons": ["tool_call"],
      "gen_ai.usage.input_tokens": expect.any(Number),
      "gen_ai.usage.output_tokens": expect.any(Number),
    });
    expect(last!.attributes).toMatchObject({ "gen_ai.response.finish_reasons": ["stop"], "gen_ai.response.id": result.info.responseId });
    expect(tool!.attributes).toMatchObject({ "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather", "gen_ai.tool.type": "function", "gen_ai.tool.call.id": expect.any(String) });
    // Capture is off by default: no message content on any span.
    const keys = spans().flatMap((span) => Object.keys(span.attributes));
    expect(keys.filter((key) => /messages|instructions|arguments|result/.test(key))).toEqual([]);
    expect(spans().every((span) => span.status.code !== SpanStatusCode.ERROR)).toBe(true);
  });

  it("puts the messages on the spans as schema-valid OTel JSON without any signature when capture is on and the loop streams", async () => {
    const system: Message = { role: "system", parts: [{ type: "text", text: "You answer about the weather." }] };
    const result = await client({ stream: true, captureMessages: true }).send("Is it raining in Oslo?", { history: [system] });
    const chats = spans().filter((span) => span.name.startsWith("chat "));
    expect(chats).toHaveLength(3);
    expect(chats.map((span) => span.attributes["gen_ai.system_instructions"])).toEqual(Array(3).fill("[{\"type\":\"text\",\"content\":\"You answer about the weather.\"}]"));

    for (const span of chats) {
      const captured = {
        systemInstructions: JSON.parse(span.attributes["gen_ai.system_instructions"] as string),
        inputMessages: JSON.parse(span.attributes["gen_ai.input.messages"] as string),
        outputMessages: JSON.parse(span.attributes["gen_ai.output.messages"] as string),
      };
      expect(publishedSchemaErrors(captured)).toEqual([]);
    }
    const secondInput = JSON.parse(chats[1]!.attributes["gen_ai.input.messages"] as string) as { role: string; parts: { type: string }[] }[];
    expect(secondInput.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(secondInput[1]!.parts.map((part) => part.type)).toEqual(["reasoning", "text", "tool_call"]);

    const opaque = opaqueValues(result.added);
    expect(opaque.length).toBeGreaterThan(0);
    const everything = JSON.stringify(spans().map((span) => [span.attributes, span.events]));
    for (const value of opaque) expect(everything).not.toContain(value);
    // The withheld signature is named on the part and as a span event, by kind only.
    expect(chats[0]!.attributes["gen_ai.output.messages"]).toContain("\"withheld\":[{\"field\":\"payload\",\"provider\":\"anthropic\",\"kind\":\"signature\"}]");
    expect(chats[0]!.events.map((event) => event.attributes?.pointer)).toEqual(["/0/parts/0/payload"]);

    const tool = spans().find((span) => span.name === "execute_tool get_weather")!;
    expect(JSON.parse(tool.attributes["gen_ai.tool.call.arguments"] as string)).toEqual({ city: expect.any(String) });
    expect(JSON.parse(tool.attributes["gen_ai.tool.call.result"] as string)).toEqual(expect.stringContaining("light rain"));
  });

  it("uses the global tracer provider when no tracer is given", async () => {
    trace.setGlobalTracerProvider(tracerProvider);
    try {
      await client({ globalTracer: true }).send("Is it raining in Oslo?");
    } finally {
      trace.disable();
    }
    expect(spans().map((span) => [span.name, span.instrumentationScope.name])).toContainEqual(["chat claude-sonnet-4-5", "partwise"]);
  });

  it("ends the span with error.type and an error status when the provider call fails", async () => {
    simulators.anthropic!.injectFault({ kind: "status", status: 500 });
    await expect(client().send("Is it raining in Oslo?")).rejects.toMatchObject({ code: "provider/api-error" });

    const [failed] = spans();
    expect(spans()).toHaveLength(1);
    expect(failed!.name).toBe("chat claude-sonnet-4-5");
    expect(failed!.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed!.attributes["error.type"]).toBe("api_error");
    expect(failed!.attributes["gen_ai.response.id"]).toBeUndefined();
    expect(failed!.events.map((event) => event.name)).toEqual(["exception"]);
  });

  it("makes a failed span and a new one for the retry when a stream breaks with a retryable error", async () => {
    simulators.bedrock!.injectFault({ kind: "stream-error", afterChunks: 1, message: "try again" });
    await client({ provider: "bedrock", stream: true, maxRetries: 1 }).send("Is it raining in Oslo?");
    const chats = spans().filter((span) => span.name.startsWith("chat "));

    expect(chats.map((span) => span.status.code)).toEqual([SpanStatusCode.ERROR, SpanStatusCode.UNSET, SpanStatusCode.UNSET, SpanStatusCode.UNSET]);
    expect(chats[0]!.attributes).toMatchObject({ "gen_ai.provider.name": "aws.bedrock", "error.type": "InternalServerException" });
    expect(chats[1]!.attributes["gen_ai.response.finish_reasons"]).toEqual(["tool_call"]);
  });
});
