import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../generated/types.js";
import { ChatClient, type ChatTool } from "../../src/chat/chat-client.js";
import { ProviderHttpClient } from "../../src/client/provider-http-client.js";
import { anthropicCodec } from "../../src/providers/anthropic/index.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";

const tools: ChatTool[] = [
  { name: "get_weather", description: "Current weather", parameters: { type: "object", properties: { city: { type: "string" } } }, execute: (input) => `light rain, 7 °C in ${(input as { city: string }).city}` },
  { name: "get_local_time", parameters: { type: "object", properties: { city: { type: "string" } } }, execute: () => "14:05" },
];

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator("anthropic", { apiKey: "sk-sim" });
});
afterAll(() => simulator.close());

function chat(stream: boolean) {
  return new ChatClient({
    codec: anthropicCodec,
    transport: new ProviderHttpClient({ provider: "anthropic", model: "claude-sim", baseUrl: simulator.url, apiKey: "sk-sim", env: {}, backoffMs: 1 }),
    tools,
    stream,
    request: { max_tokens: 1024, thinking: { type: "enabled", budget_tokens: 1024 } },
  });
}

describe("anthropicSimulator", () => {
  it.each([false, true])("runs a two-tool loop with signed thinking over real HTTP (stream %s)", async (stream) => {
    const result = await chat(stream).send("Is it raining in Oslo?");
    expect(result.rounds).toBe(3);
    expect(result.message.parts.at(-1)).toEqual({ type: "text", text: "In Oslo: light rain, 7 °C in Oslo; 14:05." });
    expect(result.added.filter((message) => message.role === "assistant").every((message) => message.parts[0]?.type === "reasoning")).toBe(true);
  });

  it("rejects a tool turn whose thinking was modified, with the documented message", async () => {
    const history: Message[] = [];
    const first = await chat(false).send("Weather in Bergen?", { history });
    const [user, assistant, results] = first.added.slice(0, 3) as [Message, Message, Message];
    const tampered: Message = { ...assistant, parts: assistant.parts.map((part) => (part.type === "reasoning" ? { ...part, text: `${part.text} (edited)` } : part)) };
    await expect(chat(false).send("go on", { history: [user, tampered, results] })).rejects.toMatchObject({
      code: "provider/api-error",
      failure: { status: 400, errorType: "invalid_request_error", providerMessage: "messages.1.content.0: Invalid `signature` in `thinking` block" },
    });
  });

  it("rejects a tool turn replayed without its thinking, as a text-only store would", async () => {
    const first = await chat(false).send("Weather in Tromsø?");
    const [user, assistant, results] = first.added.slice(0, 3) as [Message, Message, Message];
    const naive: Message = { ...assistant, parts: assistant.parts.filter((part) => part.type !== "reasoning") };
    const error = chat(false).send("continue", { history: [user, naive, results] });
    await expect(error).rejects.toMatchObject({ failure: { status: 400, providerMessage: expect.stringContaining("Expected `thinking` or `redacted_thinking`, but found `text`") } });
  });

  it("answers 401 in Anthropic's error format for a wrong key", async () => {
    const client = new ProviderHttpClient({ provider: "anthropic", model: "m", baseUrl: simulator.url, apiKey: "wrong", env: {} });
    await expect(client.complete({ max_tokens: 5, messages: [] })).rejects.toMatchObject({ failure: { status: 401, errorType: "authentication_error", retryable: false } });
  });

  it("retries a 429 with retry-after, and reports a stream cut mid-way as truncated", async () => {
    simulator.injectFault({ kind: "status", status: 429, retryAfterSeconds: 0 });
    expect((await chat(false).send("Weather in Oslo?")).rounds).toBe(3);
    simulator.injectFault({ kind: "cut-stream", afterChunks: 6 });
    await expect(chat(true).send("Weather in Oslo?")).rejects.toMatchObject({ code: "stream/truncated" });
  });

  it("reports a 200 body that is not JSON, and retries a dropped connection, when those faults are injected", async () => {
    const client = new ProviderHttpClient({ provider: "anthropic", model: "m", baseUrl: simulator.url, apiKey: "sk-sim", env: {}, backoffMs: 1 });
    const body = { max_tokens: 5, messages: [{ role: "user", content: "Hello" }] };
    simulator.injectFault({ kind: "malformed-body" });
    await expect(client.complete(body)).rejects.toMatchObject({ code: "provider/api-error", message: "anthropic answered 200 with a body that is not JSON" });
    const before = simulator.requestCount;
    simulator.injectFault({ kind: "drop-connection" });
    expect(await client.complete(body)).toMatchObject({ type: "message", content: [{ type: "text", text: "You said: Hello" }] });
    expect(simulator.requestCount - before).toBe(2);
  });
});
