// Growth: a tool call whose arguments (16 KiB to 1 MiB of JSON) stream in 16-byte deltas. partwise keeps
// the arguments as text and parses them once; the Vercel AI SDK's UI-message assembly re-parses the
// whole partial input on every delta, so it is run only at the sizes it finishes in reasonable time.
import { readUIMessageStream } from "ai";
import type { StreamChunk } from "../generated/types.js";
import { aggregateSync } from "../src/streaming/aggregate.js";
import type { Comparison, ComparisonPlan } from "./harness.js";

const DELTA_BYTES = 16;

function argumentsText(bytes: number): string {
  const items: string[] = [];
  let length = 2;
  for (let index = 0; length < bytes; index++) {
    const item = JSON.stringify({ city: `city-${index}`, days: index % 7 });
    items.push(item);
    length += item.length + 1;
  }
  return `[${items.join(",")}]`;
}

function pieces(text: string): string[] {
  const result: string[] = [];
  for (let offset = 0; offset < text.length; offset += DELTA_BYTES) result.push(text.slice(offset, offset + DELTA_BYTES));
  return result;
}

function partwiseChunks(fragments: readonly string[]): StreamChunk[] {
  const chunks: StreamChunk[] = fragments.map((fragment, index) => ({
    responseId: "r",
    index: 0,
    partial: true,
    part: { type: "tool_call", toolCall: { id: index === 0 ? "call_1" : "", type: "function", name: index === 0 ? "plan_trip" : "", arguments: fragment } },
  }));
  chunks.push({ responseId: "r", response: { finishReason: "tool_calls" }, done: true });
  return chunks;
}

async function vercelAssembly(fragments: readonly string[], input: unknown): Promise<number> {
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue({ type: "start" });
      controller.enqueue({ type: "tool-input-start", toolCallId: "call_1", toolName: "plan_trip" });
      for (const fragment of fragments) controller.enqueue({ type: "tool-input-delta", toolCallId: "call_1", inputTextDelta: fragment });
      controller.enqueue({ type: "tool-input-available", toolCallId: "call_1", toolName: "plan_trip", input });
      controller.enqueue({ type: "finish" });
      controller.close();
    },
  });
  let states = 0;
  for await (const _message of readUIMessageStream({ stream: stream as never })) states++;
  return states;
}

export function growthComparisons(): ComparisonPlan[] {
  return [16, 64, 256, 1024].map((kibibytes) => (): Comparison => {
    const text = argumentsText(kibibytes * 1024);
    const fragments = pieces(text);
    const chunks = partwiseChunks(fragments);
    const input: unknown = JSON.parse(text);
    return {
      group: "tool arguments in 16-byte deltas",
      input: `${kibibytes} KiB (${fragments.length.toLocaleString("en")} deltas)`,
      size: text.length,
      series: "tool call arguments",
      contenders: [
        { name: "partwise aggregate", role: "partwise", run: () => aggregateSync(chunks) },
        ...(kibibytes <= 64 ? [{ name: "ai readUIMessageStream", role: "peer" as const, run: () => vercelAssembly(fragments, input) }] : []),
        { name: "string concatenation + one JSON.parse", role: "floor", run: () => JSON.parse(fragments.join("")) },
      ],
    };
  });
}
