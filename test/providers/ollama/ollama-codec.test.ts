import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { History, Message, Part } from "../../../generated/types.js";
import { fileURLToPath } from "node:url";
import { main } from "../../../src/cli/main.js";
import { decodeAnthropicResponse } from "../../../src/providers/anthropic/index.js";
import { decodeOllamaResponse, encodeOllamaRequest, ollamaCodec } from "../../../src/providers/ollama/index.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";
import { assembleChatResponse, sdkSentRequest, sdkStreamResponses } from "../support/ollama-sdk-oracle.js";
import { decodeByteChunks, decodeEventLines, fixtureFiles, newlineDelimitedJsonBytes, readFixtureBytes, readFixtureJson, readFixtureLines } from "../support/provider-fixtures.js";

const PROVIDER = "ollama";
const OLLAMA_REASONING = { provider: "ollama" };

/** The documented PNG of docs/api.md "Chat request (with images)" (its first bytes are the PNG signature). */
const DOCUMENTED_PNG = "iVBORw0KGgoAAAANSUhEUgAAAG0AAABmCAYAAADBPx+VAAAACXBIWXMAAAsTAAALEwEAmpwYAAAAAXNSR0IArs4c6QAAAARnQU1BAACxjwv8YQUAAA3VSURBVHgB7Z27r0zdG8fX743i1bi1ikMoFMQloXRpKFFIqI7LH4BEQ+NWIkjQuSWCRIEoULk0gsK1kCBI0IhrQVT7tz/7zZo888yz1r7MnDl7z5xvsjkzs2fP3uu71nNfa7lkAsm7d++Sffv2JbNmzUqcc8m0adOSzZs3Z+/XES4ZckAWJEGWPiCxjsQNLWmQsWjRIpMseaxcuTKpG/7HP27I8P79e7dq1ars/yL4/v27S0ejqwv+cUOGEGGpKHR37tzJCEpHV9tnT58+dXXCJDdECBE2Ojrqjh071hpNECjx4cMHVycM1Uhbv359B2F79+51586daxN/+pyRkRFXKyRDAqxEp4yMlDDzXG1NPnnyJKkThoK0VFd1ELZu3TrzXKxKfW7dMBQ6bcuWLW2v0VlHjx41z717927ba22U9APcw7Nnz1oGEPeL3m3p2mTAYYnFmMOMXybPPXv2bNIPpFZr1NHn4HMw0KRBjg9NuRw95s8PEcz/6DZELQd/09C9QGq5RsmSRybqkwHGjh07OsJSsYYm3ijPpyHzoiacg35MLdDSIS/O1yM778jOTwYUkKNHWUzUWaOsylE00MyI0fcnOwIdjvtNdW/HZwNLGg+sR1kMepSNJXmIwxBZiG8tDTpEZzKg0GItNsosY8USkxDhD0Rinuiko2gfL/RbiD2LZAjU9zKQJj8RDR0vJBR1/Phx9+PHj9Z7REF4nTZkxzX4LCXHrV271qXkBAPGfP/atWvu/PnzHe4C97F48eIsRLZ9+3a3f/9+87dwP1JxaF7/3r17ba+5l4EcaVo0lj3SBq5kGTJSQmLWMjgYNei2GPT1MuMqGTDEFHzeQSP2wi/jGnkmPJ/nhccs44jvDAxpVcxnq0F6eT8h4ni/iIWpR5lPyA6ETkNXoSukvpJAD3AsXLiwpZs49+fPn5ke4j10TqYvegSfn0OnafC+Tv9ooA/JPkgQysqQNBzagXY55nO/oa1F7qvIPWkRL12WRpMWUvpVDYmxAPehxWSe8ZEXL20sadYIozfmNch4QJPAfeJgW3rNsnzphBKNJM2KKODo1rVOMRYik5ETy3ix4qWNI81qAAirizgMIc+yhTytx0JWZuNI03qsrgWlGtwjoS9XwgUhWGyhUaRZZQNNIEwCiXD16tXcAHUs79co0vSD8rrJCIW98pzvxpAWyyo3HYwqS0+H0BjStClcZJT5coMm6D2LOF8TolGJtK9fvyZpyiC5ePFi9nc/oJU4eiEP0jVoAnHa9wyJycITMP78+eMeP37sXrx44d6+fdt6f82aNdkx1pg9e3Zb5W+RSRE+n+VjksQWifvVaTKFhn5O8my63K8Qabdv33b379/PiAP//vuvW7BggZszZ072/+TJk91YgkafPn166zXB1rQHFvouAWHq9z3SEevSUerqCn2/dDCeta2jxYbr69evk4MHDyY7d+7MjhMnTiTPnz9Pfv/+nfQT2ggpO2dMF8cghuoM7Ygj5iWCqRlGFml0QC/ftGmTmzt3rmsaKDsgBSPh0/8yPeLLBihLkOKJc0jp8H8vUzcxIA1k6QJ/c78tWEyj5P3o4u9+jywNPdJi5rAH9x0KHcl4Hg570eQp3+vHXGyrmEeigzQsQsjavXt38ujRo44LQuDDhw+TW7duRS1HGgMxhNXHgflaNTOsHyKvHK5Ijo2jbFjJBQK9YwFd6RVMzfgRBmEfP37suBBm/p49e1qjEP2mwTViNRo0VJWH1deMXcNK08uUjVUu7s/zRaL+oLNxz1bpANco4npUgX4G2eFbpDFyQoQxojBCpEGSytmOH8qrH5Q9vuzD6ofQylkCUmh8DBAr+q8JCyVNtWQIidKQE9wNtLSQnS4jDSsxNHogzFuQBw4cyM61UKVsjfr3ooBkPSqqQHesUPWVtzi9/vQi1T+rJj7WiTz4Pt/l3LxUkr5P2VYZaZ4URpsE+st/dujQoaBBYokbrz/8TJNQYLSonrPS9kUaSkPeZyj1AWSj+d+VBoy1pIWVNed8P0Ll/ee5HdGRhrHhR5GGN0r4LGZBaj8oFDJitBTJzIZgFcmU0Y8ytWMZMzJOaXUSrUs5RxKnrxmbb5YXO9VGUhtpXldhEUogFr3IzIsvlpmdosVcGVGXFWp2oU9kLFL3dEkSz6NHEY1sjSRdIuDFWEhd8KxFqsRi1uM/nz9/zpxnwlESONdg6dKlbsaMGS4EHFHtjFIDHwKOo46l4TxSuxgDzi+rE2jg+BaFruOX4HXa0Nnf1lwAPufZeF8/r6zD97WK2qFnGjBxTw5qNGPxT+5T/r7/7RawFC3j4vTp09koCxkeHjqbHJqArmH5UrFKKksnxrK7FuRIs8STfBZv+luugXZ2pR/pP9Ois4z+TiMzUUkUjD0iEi1fzX8GmXyuxUBRcaUfykV0YZnlJGKQpOiGB76x5GeWkWWJc3mOrK6S7xdND+W5N6XyaRgtWJFe13GkaZnKOsYqGdOVVVbGupsyA/l7emTLHi7vwTdirNEt0qxnzAvBFcnQF16xh/TMpUuXHDowhlA9vQVraQhkudRdzOnK+04ZSP3DUhVSP61YsaLtd/ks7ZgtPcXqPqEafHkdqa84X6aCeL7YWlv6edGFHb+ZFICPlljHhg0bKuk0CSvVznWsotRu433alNdFrqG45ejoaPCaUkWERpLXjzFL2Rpllp7PJU2a/v7Ab8N05/9t27Z16KUqoFGsxnI9EosS2niSYg9SpU6B4JgTrvVW1flt1sT+0ADIJU2maXzcUTraGCRaL1Wp9rUMk16PMom8QhruxzvZIegJjFU7LLCePfS8uaQdPny4jTTL0dbee5mYokQsXTIWNY46kuMbnt8Kmec+LGWtOVIl9cT1rCB0V8WqkjAsRwta93TbwNYoGKsUSChN44lgBNCoHLHzquYKrU6qZ8lolCIN0Rh6cP0Q3U6I6IXILYOQI513hJaSKAorFpuHXJNfVlpRtmYBk1Su1obZr5dnKAO+L10Hrj3WZW+E3qh6IszE37F6EB+68mGpvKm4eb9bFrlzrok7fvr0Kfv727dvWRmdVTJHw0qiiCUSZ6wCK+7XL/AcsgNyL74DQQ730sv78Su7+t/A36MdY0sW5o40ahslXr58aZ5HtZB8GH64m9EmMZ7FpYw4T6QnrZfgenrhFxaSiSGXtPnz57e9TkNZLvTjeqhr734CNtrK41L40sUQckmj1lGKQ0rC37x544r8eNXRpnVE3ZZY7zXo8NomiO0ZUCj2uHz58rbXoZ6gc0uA+F6ZeKS/jhRDUq8MKrTho9fEkihMmhxtBI1DxKFY9XLpVcSkfoi8JGnToZO5sU5aiDQIW716ddt7ZLYtMQlhECdBGXZZMWldY5BHm5xgAroWj4C0hbYkSc/jBmggIrXJWlZM6pSETsEPGqZOndr2uuuR5rF169a2HoHPdurUKZM4CO1WTPqaDaAd+GFGKdIQkxAn9RuEWcTRyN2KSUgiSgF5aWzPTeA/lN5rZubMmR2bE4SIC4nJoltgAV/dVefZm72AtctUCJU2CMJ327hxY9t7EHbkyJFseq+EJSY16RPo3Dkq1kkr7+q0bNmyDuLQcZBEPYmHVdOBiJyIlrRDq41YPWfXOxUysi5fvtyaj+2BpcnsUV/oSoEMOk2CQGlr4ckhBwaetBhjCwH0ZHtJROPJkyc7UjcYLDjmrH7ADTEBXFfOYmB0k9oYBOjJ8b4aOYSe7QkKcYhFlq3QYLQhSidNmtS2RATwy8YOM3EQJsUjKiaWZ+vZToUQgzhkHXudb/PW5YMHD9yZM2faPsMwoc7RciYJXbGuBqJ1UIGKKLv915jsvgtJxCZDubdXr165mzdvtr1Hz5LONA8jrUwKPqsmVesKa49S3Q4WxmRPUEYdTjgiUcfUwLx589ySJUva3oMkP6IYddq6HMS4o55xBJBUeRjzfa4Zdeg56QZ43LhxoyPo7Lf1kNt7oO8wWAbNwaYjIv5lhyS7kRf96dvm5Jah8vfvX3flyhX35cuX6HfzFHOToS1H4BenCaHvO8pr8iDuwoUL7tevX+b5ZdbBair0xkFIlFDlW4ZknEClsp/TzXyAKVOmmHWFVSbDNw1l1+4f90U6IY/q4V27dpnE9bJ+v87QEydjqx/UamVVPRG+mwkNTYN+9tjkwzEx+atCm/X9WvWtDtAb68Wy9LXa1UmvCDDIpPkyOQ5ZwSzJ4jMrvFcr0rSjOUh+GcT4LSg5ugkW1Io0/SCDQBojh0hPlaJdah+tkVYrnTZowP8iq1F1TgMBBauufyB33x1v+NWFYmT5KmppgHC+NkAgbmRkpD3yn9QIseXymoTQFGQmIOKTxiZIWpvAatenVqRVXf2nTrAWMsPnKrMZHz6bJq5jvce6QK8J1cQNgKxlJapMPdZSR64/UivS9NztpkVEdKcrs5alhhWP9NeqlfWopzhZScI6QxseegZRGeg5a8C3Re1Mfl1ScP36ddcUaMuv24iOJtz7sbUjTS4qBvKmstYJoUauiuD3k5qhyr7QdUHMeCgLa1Ear9NquemdXgmum4fvJ6w1lqsuDhNrg1qSpleJK7K3TF0Q2jSd94uSZ60kK1e3qyVpQK6PVWXp2/FC3mp6jBhKKOiY2h3gtUV64TWM6wDETRPLDfSakXmH3w8g9Jlug8ZtTt4kVF0kLUYYmCCtD/DrQ5YhMGbA9L3ucdjh0y8kOHW5gU/VEEmJTcL4Pz/f7mgoAbYkAAAAAElFTkSuQmCC";

const toolCall = (id: string, name: string, argumentsText: string): Part => ({ type: "tool_call", toolCall: { id, type: "function", name, arguments: argumentsText } });

describe("decodeOllamaResponse", () => {
  it("decodes the documented answer as one text part with the final counts as usage", () => {
    const decoded = decodeOllamaResponse(readFixtureJson(PROVIDER, "ollama-docs__chat-no-streaming.json"));
    expect(decoded.message.parts).toEqual([{ type: "text", text: "Hello! How are you today?" }]);
    expect(decoded.info).toEqual({ model: "llama3.2", usage: { inputTokens: 26, outputTokens: 298, totalTokens: 324 } });
  });

  it("decodes a documented tool call as compact JSON arguments, keeping the key order, when the call has no id", () => {
    const decoded = decodeOllamaResponse(readFixtureJson(PROVIDER, "ollama-docs__chat-with-tools.json"));
    expect(decoded.message.parts).toEqual([toolCall("", "get_current_weather", '{"format":"celsius","location":"Paris, FR"}')]);
    expect(decoded.info).toMatchObject({ finishReason: "tool_calls", rawFinishReason: "stop" });
  });

  it("decodes thinking as reasoning marked as Ollama's, then the call with its id", () => {
    expect(decodeOllamaResponse(readFixtureJson(PROVIDER, "reference-c2__ollama-thinking-tool-call.json")).message.parts).toEqual([
      { type: "reasoning", text: "Need the tool for New York.", attributes: OLLAMA_REASONING },
      toolCall("call_C1", "get_temperature", '{"city":"New York"}'),
    ]);
  });

  it("decodes parallel calls in call order", () => {
    const parts = decodeOllamaResponse(readFixtureJson(PROVIDER, "composed__ollama-parallel-tool-calls.json")).message.parts;
    expect(parts.map((part) => (part.type === "tool_call" ? `${part.toolCall.name} ${part.toolCall.arguments}` : part.type))).toEqual([
      'get_temperature {"city":"New York"}', 'get_conditions {"city":"New York"}', 'get_temperature {"city":"London"}', 'get_conditions {"city":"London"}',
    ]);
  });

  it("decodes images as media whose type is read from the bytes, and a field it does not know as an unknown part", () => {
    const body = { model: "llava", message: { role: "assistant", content: "A pig.", images: [DOCUMENTED_PNG, "AAAA"], annotations: [{ start: 2 }] }, done: true, done_reason: "stop" };
    expect(decodeOllamaResponse(body).message.parts).toEqual([
      { type: "text", text: "A pig." },
      { type: "media", media: { mimeType: "image/png", data: DOCUMENTED_PNG, dataKind: "bytes" } },
      { type: "media", media: { mimeType: "application/octet-stream", data: "AAAA", dataKind: "bytes" } },
      { type: "unknown", provider: "ollama", kind: "annotations", rawJson: '{"annotations":[{"start":2}]}' },
    ]);
  });

  it("keeps the empty text of an empty answer", () => {
    expect(decodeOllamaResponse({ model: "m", message: { role: "assistant", content: "" }, done: true, done_reason: "load" }).message.parts).toEqual([{ type: "text", text: "" }]);
  });

  it("raises provider/api-error for an error body in place of a response", () => {
    expect(() => decodeOllamaResponse({ error: '"qwen3" does not support thinking' }))
      .toThrow(expect.objectContaining({ code: "provider/api-error", provider: "ollama", message: expect.stringContaining("does not support thinking") }));
  });

  it("raises provider/invalid-wire for a stream line given as a whole response", () => {
    expect(() => decodeOllamaResponse(readFixtureLines(PROVIDER, "reference-c3__ollama-thinking-text-tool-call.ndjson")[0]))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/done" }));
  });

  it("raises provider/invalid-wire with the pointer when tool arguments are not an object", () => {
    const body = { model: "m", message: { role: "assistant", content: "", tool_calls: [{ function: { name: "f", arguments: '{"a":1}' } }] }, done: true };
    expect(() => decodeOllamaResponse(body)).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/message/tool_calls/0/function/arguments" }));
  });
});

describe("OllamaStreamDecoder", () => {
  const streams = fixtureFiles(PROVIDER, ".ndjson").filter((file) => !file.includes("error"));

  it.each(streams)("aggregates %s to the blocking decode of what the ollama client reads and the docs accumulate", async (file) => {
    const [streamed] = await decodeByteChunks(ollamaCodec, [readFixtureBytes(PROVIDER, file)]);
    const oracle = decodeOllamaResponse(assembleChatResponse(await sdkStreamResponses(readFixtureBytes(PROVIDER, file))));
    expect(streamed?.message).toEqual(oracle.message);
    expect(streamed?.info).toEqual(oracle.info);
    expect(streamed?.complete).toBe(true);
  });

  it("decodes the thinking, text and tool call stream into three parts", async () => {
    const [streamed] = await decodeEventLines(ollamaCodec, readFixtureLines(PROVIDER, "reference-c3__ollama-thinking-text-tool-call.ndjson"));
    expect(streamed?.message.parts).toEqual([
      { type: "reasoning", text: "The user wants New York's temperature.", attributes: OLLAMA_REASONING },
      { type: "text", text: "Checking now." },
      toolCall("call_C1", "get_temperature", '{"city":"New York"}'),
    ]);
    expect(streamed?.info).toEqual({ model: "qwen3", finishReason: "tool_calls", rawFinishReason: "stop", usage: { inputTokens: 169, outputTokens: 15, totalTokens: 184 } });
  });

  it("gives the same message for any chunking of a stream's raw NDJSON bytes", async () => {
    const recorded = streams.map((file) => readFixtureBytes(PROVIDER, file));
    const expected = await Promise.all(recorded.map((bytes) => decodeByteChunks(ollamaCodec, [bytes])));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: recorded.length - 1 }), cutsArbitrary, async (which, cuts) => {
        expect(await decodeByteChunks(ollamaCodec, rechunk(recorded[which]!, cuts))).toEqual(expected[which]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  /** Lines of one answer: fragments of thinking and content in any order (thinking starting first), whole tool calls, the final line. */
  const answerLines = fc.tuple(
    fc.array(fc.oneof(
      fc.record({ thinking: fc.string({ minLength: 1, maxLength: 8 }) }),
      fc.record({ content: fc.string({ minLength: 1, maxLength: 8 }) }),
      fc.record({ thinking: fc.string({ minLength: 1, maxLength: 8 }), content: fc.string({ minLength: 1, maxLength: 8 }) }),
      fc.record({ tool: fc.constantFrom("get_temperature", "get_conditions"), city: fc.string({ maxLength: 6 }) }),
    ), { maxLength: 12 }),
    fc.nat({ max: 300 }),
  ).map(([fragments, evalCount]) => {
    let toolIndex = 0;
    const lines: unknown[] = fragments.map((fragment) => {
      if ("tool" in fragment) {
        const call = { id: `call_${toolIndex}`, function: { index: toolIndex++, name: fragment.tool, arguments: { city: fragment.city } } };
        return { model: "qwen3", message: { role: "assistant", content: "", tool_calls: [call] }, done: false };
      }
      return { model: "qwen3", message: { role: "assistant", content: "content" in fragment ? fragment.content : "", ...("thinking" in fragment ? { thinking: fragment.thinking } : {}) }, done: false };
    });
    lines.push({ model: "qwen3", message: { role: "assistant", content: "" }, done: true, done_reason: "stop", prompt_eval_count: 9, eval_count: evalCount });
    return lines;
  }).filter((lines) => {
    // Ollama's parsers emit thinking before any content; a stream opening with content then thinking is outside the contract.
    const first = (key: string) => lines.findIndex((line) => Boolean((line as { message: Record<string, unknown> }).message[key]));
    return first("thinking") < 0 || first("content") < 0 || first("thinking") <= first("content");
  });

  it("aggregates any answer to what the ollama client reads and the docs accumulate, a resumed field continuing its part", async () => {
    await fc.assert(
      fc.asyncProperty(answerLines, async (lines) => {
        const bytes = newlineDelimitedJsonBytes(lines);
        const [streamed] = await decodeByteChunks(ollamaCodec, [bytes]);
        expect(streamed?.message).toEqual(decodeOllamaResponse(assembleChatResponse(await sdkStreamResponses(bytes))).message);
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  describe("on bad wire input", () => {
    it("raises provider/api-error naming the line of an error after HTTP 200, as the ollama client rejects it", async () => {
      const bytes = readFixtureBytes(PROVIDER, "composed__ollama-mid-stream-error.ndjson");
      await expect(decodeByteChunks(ollamaCodec, [bytes])).rejects.toMatchObject({
        code: "provider/api-error", provider: "ollama", line: 5, position: expect.any(Number), message: expect.stringContaining("an error was encountered while running the model"),
      });
      await expect(sdkStreamResponses(bytes)).rejects.toThrow("an error was encountered while running the model");
    });

    it("reports a stream cut before its done line as truncated and never presents the held tool call, as the ollama client rejects it", async () => {
      const lines = readFixtureLines(PROVIDER, "reference-c3__ollama-thinking-text-tool-call.ndjson").slice(0, -1);
      await expect(decodeEventLines(ollamaCodec, lines)).rejects.toMatchObject({ code: "stream/truncated" });
      const [lenient] = await decodeEventLines(ollamaCodec, lines, { strict: false });
      expect(lenient?.complete).toBe(false);
      expect(lenient?.message.parts.map((part) => part.type)).toEqual(["reasoning", "text"]);
      await expect(sdkStreamResponses(newlineDelimitedJsonBytes(lines))).rejects.toThrow("Did not receive done");
    });

    it("raises provider/invalid-wire with the line and byte of a line that is not JSON", async () => {
      const first = '{"model":"m","message":{"role":"assistant","content":"a"},"done":false}\n';
      const bytes = new TextEncoder().encode(`${first}{"model":"m",\n`);
      await expect(decodeByteChunks(ollamaCodec, [bytes])).rejects.toMatchObject({ code: "provider/invalid-wire", provider: "ollama", line: 2, position: first.length });
    });

    it("raises provider/invalid-wire with the position of a line that is not a chat response", async () => {
      const first = { model: "m", message: { role: "assistant", content: "a" }, done: false };
      const bytes = newlineDelimitedJsonBytes([first, { status: "pulling manifest" }]);
      await expect(decodeByteChunks(ollamaCodec, [bytes])).rejects.toMatchObject({
        code: "provider/invalid-wire", position: JSON.stringify(first).length + 1, message: expect.stringContaining("stream line 2"),
      });
    });
  });
});

describe("encodeOllamaRequest", () => {
  const question = (text: string): Message => ({ role: "user", parts: [{ type: "text", text }] });

  /**
   * A response message as the server serializes it (Go api.Message, api.ToolCall): `content` always, no
   * null fields, `function.index` always (the call's position; older docs examples leave it out).
   */
  function asServerWrites(message: Record<string, unknown>): Record<string, unknown> {
    const fields = Object.fromEntries(Object.entries(message).filter(([, value]) => value !== null));
    const calls = message.tool_calls as { id?: string; type?: string; function: { name: string; arguments: object } }[] | undefined;
    return {
      ...fields,
      content: message.content ?? "",
      ...(calls ? { tool_calls: calls.map(({ id, function: called }, index) => ({ ...(id ? { id } : {}), function: { index, name: called.name, arguments: called.arguments } })) } : {}),
    };
  }

  it.each(fixtureFiles(PROVIDER, ".json").filter((file) => !file.endsWith(".request.json")))("replays the assistant message of %s as the server wrote it", (file) => {
    const body = readFixtureJson(PROVIDER, file) as { message: Record<string, unknown> };
    const { body: request, warnings } = encodeOllamaRequest([decodeOllamaResponse(body).message]);
    expect(request.messages).toEqual([asServerWrites(body.message)]);
    expect(warnings).toEqual([]);
  });

  it("replays the documented tool loop: thinking, content and the call together, then the result with tool_name and tool_call_id", () => {
    const expected = readFixtureJson(PROVIDER, "reference-c1__ollama-tool-loop.request.json") as { messages: unknown[] };
    const assistant = decodeOllamaResponse(readFixtureJson(PROVIDER, "reference-c2__ollama-thinking-tool-call.json")).message;
    const { body, warnings } = encodeOllamaRequest([
      question("Temperature in New York?"),
      assistant,
      { role: "tool", parts: [{ type: "tool_result", id: "call_C1", name: "get_temperature", content: [{ type: "text", text: "22°C" }], isError: false }] },
    ]);
    expect(body.messages).toEqual(expected.messages);
    expect(warnings).toEqual([]);
  });

  it("replays documented parallel calls with function.index as their position and one tool message per call, naming tools from their calls", () => {
    const documented = readFixtureJson(PROVIDER, "ollama-docs__parallel-tool-calls.request.json") as { messages: Record<string, unknown>[] };
    const assistant = decodeOllamaResponse(readFixtureJson(PROVIDER, "composed__ollama-parallel-tool-calls.json")).message;
    const calls = assistant.parts.flatMap((part) => (part.type === "tool_call" ? [part.toolCall] : []));
    const results = ["22°C", "Partly cloudy", "15°C", "Rainy"].map((text, index): Part => ({ type: "tool_result", id: `call_${index}`, content: [{ type: "text", text }], isError: false }));
    const { body } = encodeOllamaRequest([
      question(String(documented.messages[0]?.content)),
      { role: "assistant", parts: calls.map((call, index) => toolCall(`call_${index}`, call.name, call.arguments)) },
      { role: "tool", parts: results },
    ]);
    // Go's api.Message has no `type` on calls and always has `content` (empty when absent): the documented message read as the server reads it.
    const assistantMessage = documented.messages[1] as { tool_calls: { type?: string; function: object }[] };
    const serverRead = { role: "assistant", content: "", tool_calls: assistantMessage.tool_calls.map(({ function: calledFunction }, index) => ({ id: `call_${index}`, function: calledFunction })) };
    expect(body.messages).toEqual([
      documented.messages[0],
      serverRead,
      ...documented.messages.slice(2).map((message, index) => ({ ...message, tool_call_id: `call_${index}` })),
    ]);
  });

  it("writes the body the ollama client sends for the same request, the think option passed through", async () => {
    const { body } = encodeOllamaRequest([question("How many r in strawberry?")], { request: { model: "qwen3", think: "high" } });
    expect(await sdkSentRequest({ ...body, model: "qwen3", think: "high" })).toEqual({ ...body, stream: false });
    expect(body).toEqual({ model: "qwen3", think: "high", messages: [{ role: "user", content: "How many r in strawberry?" }] });
  });

  it("sends Ollama's own thinking, skips another model's unless the caller opts in, and never reasoning signed by another provider", () => {
    const history: History = {
      format: "partwise.history", version: 1, messages: [
        question("q"),
        { role: "assistant", parts: [
          { type: "reasoning", text: "mine", attributes: OLLAMA_REASONING },
          { type: "reasoning", text: "deepseek's", attributes: { provider: "deepseek" } },
          { type: "reasoning", text: "signed", payload: { provider: "anthropic", kind: "signature", data: "EqQB" } },
          { type: "text", text: "answer" },
        ] },
      ],
    };
    const plain = encodeOllamaRequest(history);
    expect(plain.body.messages[1]).toEqual({ role: "assistant", content: "answer", thinking: "mine" });
    expect(plain.warnings.map((warning) => [warning.pointer, warning.code])).toEqual([["/messages/1/parts/1", "provider/part-skipped"], ["/messages/1/parts/2", "provider/part-skipped"]]);
    const optedIn = encodeOllamaRequest(history, { flags: ["replayForeignReasoning"] });
    expect(optedIn.body.messages[1]).toEqual({ role: "assistant", content: "answer", thinking: "minedeepseek's" });
    expect(optedIn.warnings.map((warning) => warning.pointer)).toEqual(["/messages/1/parts/2"]);
  });

  it("carries the text and tool calls of an Anthropic history but none of its signed reasoning", () => {
    const thinking = decodeAnthropicResponse(readFixtureJson("anthropic", "vercel-ai__anthropic-clear-thinking.1.json")).message;
    const tool = decodeAnthropicResponse(readFixtureJson("anthropic", "vercel-ai__anthropic-json-tool.1.json")).message;
    const { body, warnings } = encodeOllamaRequest([question("q"), thinking, question("q2"), tool]);
    const sent = JSON.stringify(body);
    for (const part of [...thinking.parts, ...tool.parts]) {
      if (part.type === "text") expect(sent).toContain(JSON.stringify(part.text).slice(1, -1));
      if (part.type === "tool_call") expect(body.messages[3]?.tool_calls?.[0]?.function).toMatchObject({ name: part.toolCall.name, arguments: JSON.parse(part.toolCall.arguments) });
      if (part.type === "reasoning" && part.payload) expect(sent).not.toContain(part.payload.data);
    }
    expect(body.messages[1]).not.toHaveProperty("thinking");
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/1/parts/0", ...tool.parts.flatMap((part, index) => (part.type === "reasoning" ? [`/3/parts/${index}`] : []))]);
  });

  it("sends user images as base64 and reports media Ollama cannot take", () => {
    const { body, warnings } = encodeOllamaRequest([{ role: "user", parts: [
      { type: "text", text: "what is in this image?" },
      { type: "media", media: { mimeType: "image/png", data: DOCUMENTED_PNG, dataKind: "bytes" } },
      { type: "media", media: { mimeType: "image/png", data: "https://example.com/a.png", dataKind: "url" } },
    ] }]);
    expect(body.messages).toEqual([{ role: "user", content: "what is in this image?", images: [DOCUMENTED_PNG] }]);
    expect(warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", pointer: "/0/parts/2", provider: "ollama" })]);
  });

  it("sets a message field it did not model back on the assistant message", () => {
    const decoded = decodeOllamaResponse({ model: "m", message: { role: "assistant", content: "hi", annotations: [{ start: 2 }] }, done: true });
    expect(encodeOllamaRequest([decoded.message]).body.messages).toEqual([{ role: "assistant", content: "hi", annotations: [{ start: 2 }] }]);
  });

  it("rejects a tool result inside an assistant message with provider/unsupported-part", () => {
    expect(() => encodeOllamaRequest([{ role: "assistant", parts: [{ type: "tool_result", id: "c", content: [], isError: false }] }]))
      .toThrow(expect.objectContaining({ code: "provider/unsupported-part", pointer: "/0/parts/0" }));
  });

  it.each<[string, Part]>([
    ["tool-call arguments are not JSON", toolCall("c", "f", "{city")],
    ["tool-call arguments are not a JSON object", toolCall("c", "f", "[1]")],
    ["a raw message field is not a JSON object", { type: "unknown", provider: "ollama", kind: "annotations", rawJson: "[]" }],
  ])("raises provider/invalid-wire naming the part when %s", (_, part) => {
    expect(() => encodeOllamaRequest([{ role: "assistant", parts: [part] }]))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", provider: "ollama", pointer: "/0/parts/0" }));
  });
});

describe("partwise decode and encode --provider ollama", () => {
  const fixturePath = (file: string) => fileURLToPath(new URL(`../../fixtures/ollama/${file}`, import.meta.url));
  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const status = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { status, out: out.join("\n"), err: err.join("\n") };
  }

  it("decodes a raw NDJSON stream, and its lines as JSONL, to the same message", async () => {
    const file = fixturePath("reference-c3__ollama-thinking-text-tool-call.ndjson");
    const raw = await run("decode", "--provider", "ollama", "--stream", file);
    const lines = await run("decode", "--provider", "ollama", "--stream", "--input", "jsonl", file);
    expect(raw.status).toBe(0);
    expect(JSON.parse(raw.out)).toEqual(JSON.parse(lines.out));
    expect(JSON.parse(raw.out).parts.map((part: Part) => part.type)).toEqual(["reasoning", "text", "tool_call"]);
  });

  it("exits 1 naming the line for an error after HTTP 200", async () => {
    const result = await run("decode", "--provider", "ollama", "--stream", fixturePath("composed__ollama-mid-stream-error.ndjson"));
    expect(result.status).toBe(1);
    expect(result.err).toContain("line 5");
  });
});
