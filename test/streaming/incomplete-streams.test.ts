// A stream is whole only when the provider's end marker arrived: an empty input, a stream of pings or
// comments, or one cut inside its first event is truncated for every provider, strict or lenient.
import { describe, expect, it } from "vitest";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import { decodeStream } from "../../src/providers/decode-stream.js";
import { codecFor, providerCodecs } from "../../src/providers/registry.js";
import { aggregate } from "../../src/streaming/aggregate.js";

const encoder = new TextEncoder();

async function* bytesOf(...chunks: string[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield encoder.encode(chunk);
}

/** The outcome of decoding strictly: the error code, or "complete". */
async function strictOutcome(provider: string, ...chunks: string[]): Promise<string> {
  try {
    await decodeStream(codecFor(provider), bytesOf(...chunks));
    return "complete";
  } catch (error) {
    if (error instanceof PartwiseError) return error.code;
    throw error;
  }
}

const keepAlive: Record<string, string> = {
  anthropic: 'event: ping\ndata: {"type": "ping"}\n\n',
  "openai.responses": ": keep-alive\n\n",
  "openai.chat": ": OPENROUTER PROCESSING\n\n",
  deepseek: ": keep-alive\n\n",
  mistral: ": ping\n\n",
  google: "\r\n",
  ollama: "\n\n",
};

const cutFirstEvent: Record<string, string> = {
  anthropic: 'event: message_start\ndata: {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assis',
  "openai.responses": 'event: response.created\ndata: {"type":"response.created","response":{"id":"resp_1"',
  "openai.chat": 'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hel',
  deepseek: 'data: {"id":"ds-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"reasoning_content":"Thin',
  mistral: 'data: {"id":"m-1","object":"chat.completion.chunk","model":"mistral","choices":[{"index":0,"delta":{"content":"He',
};

describe("decodeStream", () => {
  it.each(Object.keys(providerCodecs))("reports %s's empty stream as truncated, never as a complete empty message", async (provider) => {
    expect(await strictOutcome(provider)).toBe("stream/truncated");
    const lenient = await decodeStream(codecFor(provider), bytesOf(), { strict: false });
    expect(lenient.map((response) => [response.complete, response.message.parts.length])).toEqual([[false, 0]]);
    expect(lenient[0]?.warnings.map((warning) => warning.code)).toEqual(["stream/truncated"]);
  });

  it.each(Object.entries(keepAlive))("reports %s's stream of keep-alives only as truncated", async (provider, bytes) => {
    expect(await strictOutcome(provider, bytes, bytes)).toBe("stream/truncated");
  });

  it.each(Object.entries(cutFirstEvent))("reports %s's stream cut inside its first event as truncated", async (provider, bytes) => {
    expect(await strictOutcome(provider, bytes)).toBe("stream/truncated");
  });

  it("reports google's stream cut inside its first event as invalid wire (its reader sees the cut JSON)", async () => {
    expect(await strictOutcome("google", 'data: {"candidates": [{"content": {"parts": [{"text": "Hel')).toBe("provider/invalid-wire");
  });
});

describe("decodeStream", () => {
  it("hands over what arrived before a failure at the end of the bytes when the stream ends inside an NDJSON line", async () => {
    const whole = '{"model":"qwen3","message":{"role":"assistant","content":"Hello"},"done":false}\n';
    const failure = await decodeStream(codecFor("ollama"), bytesOf(whole, '{"model":"qwen3","message":{"role":"assistant","content":" wor')).then(
      () => undefined,
      (error: unknown) => error as PartwiseError,
    );
    expect(failure).toMatchObject({ code: "provider/invalid-wire", details: { partial: [{ complete: false, message: { role: "assistant", parts: [{ type: "text", text: "Hello" }] } }] } });
  });
});

describe("aggregate", () => {
  it("returns an incomplete empty message for no chunks at all when lenient", async () => {
    const result = await aggregate([], { strict: false });
    expect([result.complete, result.message.parts]).toEqual([false, []]);
    await expect(aggregate([])).rejects.toMatchObject({ code: "stream/truncated" });
  });
});
