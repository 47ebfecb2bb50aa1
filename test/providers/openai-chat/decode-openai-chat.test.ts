import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AggregatedResponse, Part, StreamChunk } from "../../../generated/types.js";
import { PartwiseError } from "../../../src/errors/partwise-error.js";
import { chunkBatchesFromBytes, chunksFromJsonValues, decodeStream } from "../../../src/providers/decode-stream.js";
import { OPENAI_CHAT_PROFILES, OpenAiChatStreamDecoder, createOpenAiChatCodec, customOpenAiChatProfile, decodeOpenAiChatResponse, openAiChatCodec } from "../../../src/providers/openai-chat/index.js";
import { liveAggregate } from "../../../src/streaming/aggregate.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";
import { chatCompletionsSseBytes, sdkFinalCompletion, sseDataChunks, withStreamedReasoning } from "../support/openai-sdk-oracle.js";
import { decodeByteChunks, decodeEventLines, fixtureFiles, readFixtureBytes, readFixtureJson, readFixtureLines, serverSentEventBytes } from "../support/provider-fixtures.js";

const FOLDER = "openai-chat";
const by = (profile: string) => ({ provider: "openai.chat", profile });

/** A recorded stream as its chunks and its raw bytes (`.sse` files as recorded; JSONL ones framed with `[DONE]`). */
function recordedStream(file: string): { chunks: unknown[]; bytes: Uint8Array } {
  if (file.endsWith(".sse")) {
    const bytes = readFixtureBytes(FOLDER, file);
    return { chunks: sseDataChunks(bytes), bytes };
  }
  const chunks = readFixtureLines(FOLDER, file);
  return { chunks, bytes: chatCompletionsSseBytes(chunks) };
}

/** The recorded streams that end whole; the one that ends in an error is tested on its own. */
const streams = [...fixtureFiles(FOLDER, ".chunks.txt"), ...fixtureFiles(FOLDER, ".sse")].filter((file) => !file.includes("stream-error"));

/** The codec a recording is decoded with: its server's profile where the server needs one (Groq compound's per-chunk ids). */
const codecOf = (file: string) => (file.includes("groq-compound") ? createOpenAiChatCodec("groq") : openAiChatCodec);

/** A chunk of composed deltas: the fields of `ChatCompletionChunk` (openai-node), one choice. */
function chunk(delta: Record<string, unknown>, finishReason: string | null = null, index = 0) {
  return { id: "chatcmpl-composed", object: "chat.completion.chunk", created: 1767000000, model: "gpt-test", choices: [{ index, delta, finish_reason: finishReason }] };
}

describe("decodeOpenAiChatResponse", () => {
  it("decodes reasoning_content, then the text, the reasoning tagged with provider and profile", () => {
    const body = readFixtureJson(FOLDER, "xai-text.json") as { choices: { message: { reasoning_content: string } }[] };
    expect(decodeOpenAiChatResponse(body, OPENAI_CHAT_PROFILES.xai).message.parts).toEqual([
      { type: "reasoning", text: body.choices[0]!.message.reasoning_content, attributes: by("xai") },
      { type: "text", text: "Hello" },
    ]);
  });

  it("decodes `reasoning` (Groq with reasoning_format parsed) to the same reasoning part", () => {
    const body = readFixtureJson(FOLDER, "groq-reasoning.json") as { choices: { message: { reasoning: string; content: string } }[] };
    const { message } = body.choices[0]!;
    expect(decodeOpenAiChatResponse(body, OPENAI_CHAT_PROFILES.groq).message.parts).toEqual([
      { type: "reasoning", text: message.reasoning, attributes: by("groq") },
      { type: "text", text: message.content },
    ]);
  });

  it("reads the other convention's field when the profile's field is absent", () => {
    const parts = decodeOpenAiChatResponse(readFixtureJson(FOLDER, "xai-text.json"), OPENAI_CHAT_PROFILES.vllm).message.parts;
    expect(parts[0]).toMatchObject({ type: "reasoning", attributes: by("vllm"), text: expect.stringContaining("Say a single word") });
  });

  it("decodes a tool-call turn to its calls without an empty text, whether content is \"\", null or absent", () => {
    const xai = decodeOpenAiChatResponse(readFixtureJson(FOLDER, "xai-tool-call.json"), OPENAI_CHAT_PROFILES.xai).message.parts;
    expect(xai.map((part) => part.type)).toEqual(["reasoning", "tool_call"]);
    expect(xai[1]).toEqual({ type: "tool_call", toolCall: { id: "call_93562515", type: "function", name: "weather", arguments: '{"location":"San Francisco"}' } });
    expect(decodeOpenAiChatResponse(readFixtureJson(FOLDER, "moonshotai-tool-call.json"), OPENAI_CHAT_PROFILES.kimi).message.parts).toEqual([
      { type: "tool_call", toolCall: { id: "call_abc123", type: "function", name: "get_weather", arguments: '{"city":"Paris"}' } },
    ]);
    expect(decodeOpenAiChatResponse(readFixtureJson(FOLDER, "groq-tool-call.json"), OPENAI_CHAT_PROFILES.groq).message.parts).toEqual([
      { type: "tool_call", toolCall: { id: "ax9fskhev", type: "function", name: "weather", arguments: "{}" } },
    ]);
  });

  it("keeps OpenRouter's reasoning_details byte for byte as the reasoning part's payload", () => {
    const body = readFixtureJson(FOLDER, "openrouter-preserve-reasoning-block.2.json") as { choices: { message: { reasoning: string; reasoning_details: unknown[] } }[] };
    const { message } = body.choices[0]!;
    const [reasoning, text] = decodeOpenAiChatResponse(body, OPENAI_CHAT_PROFILES.openrouter).message.parts;
    expect(reasoning).toEqual({
      type: "reasoning",
      text: message.reasoning,
      payload: { provider: "openai.chat", kind: "reasoning_details", data: JSON.stringify(message.reasoning_details) },
      attributes: by("openrouter"),
    });
    expect(text?.type).toBe("text");
  });

  it("keeps the Gemini endpoint's message-level fields as an unknown part and a call without an id", () => {
    const body = readFixtureJson(FOLDER, "gemini-openai-compatible-tool-call.1.json") as { choices: { message: Record<string, unknown> }[] };
    const { extra_content, thought_signature } = body.choices[0]!.message;
    expect(decodeOpenAiChatResponse(body, customOpenAiChatProfile({ id: "gemini" })).message.parts).toEqual([
      { type: "tool_call", toolCall: { id: "", type: "function", name: "get_current_time", arguments: "{}" } },
      { type: "unknown", provider: "openai.chat", kind: "message_fields", rawJson: JSON.stringify({ extra_content, thought_signature }), attributes: { profile: "gemini" } },
    ]);
  });

  it("keeps a tool call's extra fields (Gemini's extra_content.google.thought_signature) as its payload", () => {
    // The tool-call form of ai.google.dev/gemini-api/docs/thought-signatures (OpenAI compatibility): the
    // signature rides on the call as extra_content.google.thought_signature.
    const call = { id: "function-call-1", type: "function", function: { name: "check_flight", arguments: '{"flight":"AA100"}' }, extra_content: { google: { thought_signature: "EnEKbwERTTIPTv3o" } } };
    const body = { id: "c", object: "chat.completion", created: 1, model: "gemini-3-pro-preview", choices: [{ index: 0, message: { role: "assistant", tool_calls: [call] }, finish_reason: "tool_calls" }] };
    expect(decodeOpenAiChatResponse(body, customOpenAiChatProfile({ id: "gemini" })).message.parts).toEqual([{
      type: "tool_call",
      toolCall: { id: "function-call-1", type: "function", name: "check_flight", arguments: '{"flight":"AA100"}' },
      payload: { provider: "openai.chat", kind: "tool_call_fields", data: JSON.stringify({ extra_content: call.extra_content }) },
      attributes: by("gemini"),
    }]);
  });

  it("keeps a refusal, generated audio and a custom tool call, in the fixed field order", () => {
    // Shapes of openai-node's ChatCompletionMessage: `refusal` (structured outputs), `audio` (audio output:
    // id, data, expires_at, transcript) and a custom tool call ({type: "custom", custom: {name, input}}).
    const wav = Buffer.from("RIFF\u0024\u0000\u0000\u0000WAVEfmt ", "latin1").toString("base64");
    const custom = { id: "call_c1", type: "custom", custom: { name: "apply_patch", input: "*** Begin Patch" } };
    const body = {
      id: "chatcmpl-r", object: "chat.completion", created: 1, model: "gpt-4o-audio-preview",
      choices: [{ index: 0, finish_reason: "stop", message: {
        role: "assistant", content: null, refusal: "I'm sorry, I cannot assist with that request.",
        audio: { id: "audio_abc123", expires_at: 1729018505, data: wav, transcript: "Yes, golden retrievers are good family dogs." },
        tool_calls: [custom], annotations: [],
      } }],
    };
    expect(decodeOpenAiChatResponse(body).message.parts).toEqual([
      { type: "unknown", provider: "openai.chat", kind: "refusal", rawJson: JSON.stringify({ refusal: "I'm sorry, I cannot assist with that request." }), attributes: { profile: "openai" } },
      { type: "media", media: { id: "audio_abc123", mimeType: "audio/wav", data: wav, dataKind: "bytes" }, attributes: { ...by("openai"), transcript: "Yes, golden retrievers are good family dogs.", expiresAt: "1729018505" } },
      { type: "unknown", provider: "openai.chat", kind: "custom_tool_call", rawJson: JSON.stringify(custom), attributes: { profile: "openai" } },
    ]);
  });

  it("decodes every choice of n > 1 in index order, the later ones marked with their choice", () => {
    const body = { id: "c", object: "chat.completion", created: 1, model: "m", choices: [
      { index: 1, message: { role: "assistant", content: "Two" }, finish_reason: "stop" },
      { index: 0, message: { role: "assistant", content: "One", reasoning_content: "r" }, finish_reason: "stop" },
    ] };
    expect(decodeOpenAiChatResponse(body, OPENAI_CHAT_PROFILES.kimi).message.parts).toEqual([
      { type: "reasoning", text: "r", attributes: by("kimi") },
      { type: "text", text: "One" },
      { type: "text", text: "Two", attributes: { choice: "1" } },
    ]);
  });

  it("counts usage with cached input, and adds xAI's reasoning tokens to the output it leaves them out of", () => {
    const xai = readFixtureJson(FOLDER, "xai-text.json");
    expect(decodeOpenAiChatResponse(xai, OPENAI_CHAT_PROFILES.xai).info.usage).toEqual({ inputTokens: 12, outputTokens: 229, totalTokens: 241, cacheReadInputTokens: 2, reasoningTokens: 228 });
    expect(decodeOpenAiChatResponse(readFixtureJson(FOLDER, "moonshotai-reasoning.json"), OPENAI_CHAT_PROFILES.kimi).info).toEqual({
      responseId: "chatcmpl-test-reasoning", model: "kimi-k2.6", finishReason: "stop", rawFinishReason: "stop",
      usage: { inputTokens: 20, outputTokens: 30, totalTokens: 50, cacheReadInputTokens: 10, reasoningTokens: 22 },
    });
  });

  it("raises provider/api-error for an error body in place of a response", () => {
    expect(() => openAiChatCodec.decodeResponse(readFixtureJson(FOLDER, "reasoning-model-legacy-parameter-error.json")))
      .toThrow(expect.objectContaining({ code: "provider/api-error", provider: "openai.chat", message: expect.stringContaining("max_completion_tokens") }));
  });

  it("raises provider/invalid-wire with the pointer for a malformed response", () => {
    expect(() => openAiChatCodec.decodeResponse({ id: "c", choices: [{ index: 0, message: { content: 5 } }] }))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/choices/0/message/content" }));
  });
});

describe("OpenAiChatStreamDecoder", () => {
  // The SDK rejects three recordings: the Anthropic fallback's tool-call index 1 (it stores calls at their
  // wire index and fails on the hole), and zai-glm's and Groq compound's streams without a role; tests below assert them.
  const oracleStreams = streams.filter((file) => !file.startsWith("anthropic-fallback") && !file.startsWith("mistral-incremental") && !file.includes("groq-compound"));
  /**
   * OpenRouter's reasoning_details: the SDK keeps only the last fragment, so they are compared in their own
   * test; a reasoning part holding nothing but them (encrypted reasoning) is left out here.
   */
  const withoutDetails = (parts: readonly Part[] = []) => parts.flatMap((part) => {
    if (part.payload?.kind !== "reasoning_details") return [part];
    const { payload: _payload, ...rest } = part;
    return rest.type === "reasoning" && rest.text === undefined ? [] : [rest];
  });

  it.each(oracleStreams)("aggregates %s to what the SDK's accumulator gives, decoded by the blocking decoder", async (file) => {
    const { chunks, bytes } = recordedStream(file);
    const codec = codecOf(file);
    const [streamed, ...others] = await decodeByteChunks(codec, [bytes]);
    const oracle = codec.decodeResponse(withStreamedReasoning(await sdkFinalCompletion(bytes), chunks));
    expect(others).toEqual([]);
    expect(streamed?.complete).toBe(true);
    expect(withoutDetails(streamed?.message.parts)).toEqual(withoutDetails(oracle.message.parts));
    expect(streamed?.info).toEqual(oracle.info);
  });

  it.each(fixtureFiles(FOLDER, ".chunks.txt").filter((file) => fixtureFiles(FOLDER, ".json").includes(file.replace(".chunks.txt", ".json"))))(
    "aggregates %s to the part kinds of its recorded blocking response", async (file) => {
      const [streamed] = await decodeEventLines(openAiChatCodec, readFixtureLines(FOLDER, file));
      const blocking = openAiChatCodec.decodeResponse(readFixtureJson(FOLDER, file.replace(".chunks.txt", ".json")));
      expect(streamed?.message.parts.map((part) => part.type)).toEqual(blocking.message.parts.map((part) => part.type));
    },
  );

  it("gives the same message for any chunking of a stream's raw SSE bytes", async () => {
    const recorded = streams.map((file) => recordedStream(file).bytes);
    const codecs = streams.map(codecOf);
    const expected = await Promise.all(recorded.map((bytes, which) => decodeByteChunks(codecs[which]!, [bytes])));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: recorded.length - 1 }), cutsArbitrary, async (which, cuts) => {
        expect(await decodeByteChunks(codecs[which]!, rechunk(recorded[which]!, cuts))).toEqual(expected[which]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("emits a call whose fragments start at index 1, whole, when [DONE] ends the raw stream", async () => {
    const [streamed] = await decodeByteChunks(openAiChatCodec, [readFixtureBytes(FOLDER, "anthropic-fallback-tool-call.sse")]);
    expect(streamed?.message.parts).toEqual([
      { type: "text", text: "Reading it." },
      { type: "tool_call", toolCall: { id: "toolu_sanitized", type: "function", name: "read_file", arguments: '{"path": "a.txt"}' } },
    ]);
    expect(streamed?.complete).toBe(true);
  });

  it("keeps the name when a later fragment repeats the type and sends an empty name", async () => {
    const [streamed] = await decodeEventLines(openAiChatCodec, readFixtureLines(FOLDER, "mistral-incremental-tool-call.chunks.txt"));
    expect(streamed?.message.parts).toEqual([
      { type: "tool_call", toolCall: { id: "chatcmpl-tool-9f149c74c42f265b", type: "function", name: "webSearchTool", arguments: '{"query": "current Berlin weather"}' } },
    ]);
  });

  it("keeps the id, type and name of a call when a later fragment sends them as null", async () => {
    const chunks = [
      chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":' } }] }),
      chunk({ tool_calls: [{ index: 0, id: null, type: null, function: { name: null, arguments: '"Oslo"}' } }] }),
      chunk({}, "tool_calls"),
    ];
    const [streamed] = await decodeByteChunks(openAiChatCodec, [chatCompletionsSseBytes(chunks)]);
    expect(streamed?.message.parts).toEqual([{ type: "tool_call", toolCall: { id: "call_1", type: "function", name: "get_weather", arguments: '{"city":"Oslo"}' } }]);
  });

  it("takes usage from a last chunk with empty choices that follows the finish chunk", async () => {
    const [streamed] = await decodeEventLines(createOpenAiChatCodec("xai"), readFixtureLines(FOLDER, "xai-text.chunks.txt"));
    expect(streamed?.info.usage).toEqual({ inputTokens: 12, outputTokens: 291, totalTokens: 303, cacheReadInputTokens: 11, reasoningTokens: 290 });
    expect(streamed?.message.parts[0]).toEqual({ type: "reasoning", text: "First, the user said", attributes: by("xai") });
  });

  it("opens no response for Azure's leading chunk that has no id and nothing in it", async () => {
    const responses = await decodeEventLines(openAiChatCodec, readFixtureLines(FOLDER, "azure-model-router.1.chunks.txt"));
    expect(responses.map((response) => response.responseId)).toEqual(["chatcmpl-CYPS1lijGoK8gd9lYzY3r9Sx50nbt"]);
  });

  it("joins OpenRouter's reasoning.text fragments into one detail and fills in the signature sent on its own", async () => {
    const bytes = readFixtureBytes(FOLDER, "openrouter-streaming-reasoning.sse");
    const [streamed] = await decodeByteChunks(createOpenAiChatCodec("openrouter"), [bytes]);
    const fragments = sseDataChunks(bytes).flatMap((event) => (event as { choices: { delta: { reasoning_details?: { signature?: string }[] } }[] }).choices[0]?.delta.reasoning_details ?? []);
    const signature = fragments.map((fragment) => fragment.signature).find((value) => value !== undefined && value !== "");
    const [reasoning] = streamed?.message.parts ?? [];
    expect(reasoning?.type === "reasoning" && reasoning.text).toBe("This is a simple arithmetic question. 2+2 equals 4.");
    expect(JSON.parse(reasoning?.payload?.data ?? "null")).toEqual([
      { type: "reasoning.text", text: "This is a simple arithmetic question. 2+2 equals 4.", signature, format: "anthropic-claude-v1", index: 0 },
    ]);
  });

  it("keeps streamed annotations as an unknown part of message fields after the text", async () => {
    const [streamed] = await decodeByteChunks(createOpenAiChatCodec("openrouter"), [readFixtureBytes(FOLDER, "openrouter-web-search-annotations-stream.sse")]);
    const fields = streamed?.message.parts.at(-1);
    expect(fields).toMatchObject({ type: "unknown", provider: "openai.chat", kind: "message_fields", attributes: { profile: "openrouter" } });
    expect(JSON.parse((fields as Extract<Part, { type: "unknown" }>).rawJson).annotations[0]).toMatchObject({ type: "url_citation" });
  });

  it("streams a refusal, audio in pieces and a custom tool call to what the SDK's accumulator gives", async () => {
    // Deltas shaped as openai-node's ChatCompletionChunk.Choice.Delta: refusal fragments; audio id first,
    // data and transcript in pieces, expires_at last; tool-call fragments by index.
    const wav = Buffer.from("RIFF\u0024\u0000\u0000\u0000WAVEfmt data", "latin1").toString("base64");
    const chunks = [
      chunk({ role: "assistant", content: null, refusal: "I'm sorry, " }),
      chunk({ refusal: "I cannot." }),
      chunk({ audio: { id: "audio_abc123", data: wav.slice(0, 12), transcript: "Yes, " } }),
      chunk({ audio: { data: wav.slice(12), transcript: "they are." } }),
      chunk({ audio: { expires_at: 1729018505 } }),
      chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "f", arguments: '{"a":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: "1}" } }] }, "tool_calls"),
    ];
    const bytes = chatCompletionsSseBytes(chunks);
    const [streamed] = await decodeByteChunks(openAiChatCodec, [bytes]);
    expect(streamed?.message.parts.map((part) => part.type)).toEqual(["unknown", "media", "tool_call"]);
    expect(streamed?.message.parts).toEqual(openAiChatCodec.decodeResponse(await sdkFinalCompletion(bytes)).message.parts);
  });

  it("keeps the interleaved choices of n > 1 apart, in choice order", async () => {
    const chunks = [
      chunk({ role: "assistant", content: "A" }, null, 0), chunk({ role: "assistant", content: "B" }, null, 1),
      chunk({ content: "a" }, "stop", 0), chunk({ content: "b" }, "stop", 1),
    ];
    const bytes = chatCompletionsSseBytes(chunks);
    const [streamed] = await decodeByteChunks(openAiChatCodec, [bytes]);
    expect(streamed?.message.parts).toEqual([{ type: "text", text: "Aa" }, { type: "text", text: "Bb", attributes: { choice: "1" } }]);
    expect(streamed?.message.parts).toEqual(openAiChatCodec.decodeResponse(await sdkFinalCompletion(bytes)).message.parts);
  });

  it("keeps the responses of one stream apart by their ids", async () => {
    const lines = [...readFixtureLines(FOLDER, "groq-tool-call.chunks.txt"), ...readFixtureLines(FOLDER, "moonshotai-stream.chunks.txt")];
    const responses = await decodeEventLines(openAiChatCodec, lines);
    expect(responses.map((response) => [response.responseId, response.complete, response.message.parts.map((part) => part.type)])).toEqual([
      ["chatcmpl-b610d559-f156-4aca-8827-24b4fe6af54f", true, ["tool_call"]],
      ["chatcmpl-stream", true, ["reasoning", "text"]],
    ]);
  });

  it("gives one whole message for Groq compound's stream, whose every chunk has a new id, when decoded with the groq profile", async () => {
    const bytes = readFixtureBytes(FOLDER, "pydantic-ai__groq-compound-web-search.sse");
    const deltas = sseDataChunks(bytes).flatMap((data) => (data as { choices: { delta: Record<string, unknown> }[] }).choices.map((choice) => choice.delta));
    const joined = (field: string) => deltas.map((delta) => (typeof delta[field] === "string" ? delta[field] : "")).join("");
    const [streamed, ...others] = await decodeByteChunks(createOpenAiChatCodec("groq"), [bytes]);
    expect(others).toEqual([]);
    expect(streamed).toMatchObject({ complete: true, responseId: "chatcmpl-03ea1ed2-c2dc-4f8d-ba51-54e08ca9287c", info: { finishReason: "stop", model: "groq/compound" } });
    expect(streamed?.message.parts.slice(0, 2)).toEqual([
      { type: "reasoning", text: joined("reasoning"), attributes: by("groq") },
      { type: "text", text: joined("content") },
    ]);
    // With ids that name responses (OpenAI's profile), each chunk would start a response that never finishes.
    await expect(decodeByteChunks(openAiChatCodec, [bytes])).rejects.toMatchObject({ code: "stream/truncated" });
  });

  describe("on bad wire input", () => {
    it("reports a stream cut before its finish_reason as truncated, its tool call as incomplete", async () => {
      const lines = readFixtureLines(FOLDER, "xai-tool-call.chunks.txt");
      await expect(decodeEventLines(openAiChatCodec, lines.slice(0, -2))).rejects.toMatchObject({ code: "stream/truncated" });
      const [lenient] = await decodeEventLines(openAiChatCodec, lines.slice(0, -2), { strict: false });
      expect(lenient?.complete).toBe(false);
      expect(lenient?.message.parts.some((part) => part.type === "tool_call")).toBe(false);
      expect(lenient?.incompleteToolCalls.map((call) => call.toolCall.name)).toEqual(["weather"]);
    });

    it("does not take [DONE] before any finish_reason for a whole response", async () => {
      const bytes = new TextEncoder().encode(`data: ${JSON.stringify(chunk({ role: "assistant", content: "Hel" }))}\n\ndata: [DONE]\n\n`);
      await expect(decodeByteChunks(openAiChatCodec, [bytes])).rejects.toMatchObject({ code: "stream/truncated" });
    });

    it("raises provider/api-error for an error event after HTTP 200, naming its position", async () => {
      const bytes = serverSentEventBytes([chunk({ role: "assistant", content: "Hi" }), { error: { message: "Upstream overloaded", type: "server_error", code: 503 } }]);
      await expect(decodeByteChunks(openAiChatCodec, [bytes])).rejects.toMatchObject({
        code: "provider/api-error", provider: "openai.chat", message: expect.stringContaining("Upstream overloaded"), position: expect.any(Number),
      });
    });

    it("keeps the typed error of an error chunk after finish_reason length, and hands over the message before it in details.partial", async () => {
      const bytes = readFixtureBytes(FOLDER, "pydantic-ai__openrouter-stream-error.sse");
      const error = await decodeByteChunks(createOpenAiChatCodec("openrouter"), [bytes]).then(() => undefined, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(PartwiseError);
      const json = JSON.parse(JSON.stringify((error as PartwiseError).toJSON()));
      expect(json).toMatchObject({ code: "provider/api-error", provider: "openai.chat", message: expect.stringContaining("Token limit reached") });
      const [partial, ...others] = json.details.partial;
      expect(others).toEqual([]);
      expect(partial.message.parts).toEqual([{
        type: "reasoning",
        text: "We need to respond to a greeting. The user",
        payload: { provider: "openai.chat", kind: "reasoning_details", data: JSON.stringify([{ type: "reasoning.text", text: "We need to respond to a greeting. The user", index: 0, format: null }]) },
        attributes: by("openrouter"),
      }]);
      expect(partial.info).toMatchObject({ finishReason: "length", model: "minimax/minimax-m2:free" });
    });

    it("hands over the partial message with a mid-stream error however the stream is consumed", async () => {
      const codec = createOpenAiChatCodec("openrouter");
      const bytes = readFixtureBytes(FOLDER, "pydantic-ai__openrouter-stream-error.sse");
      const partialOf = (caught: unknown) => ((caught as PartwiseError).details?.partial as AggregatedResponse[])[0]?.message.parts.map((part) => part.type);
      const live = liveAggregate(chunkBatchesFromBytes(codec, (async function* () { yield bytes; })()));
      await expect(live.result.then(() => [], partialOf)).resolves.toEqual(["reasoning"]);
      expect(() => chunksFromJsonValues(codec, sseDataChunks(bytes))).toThrow(PartwiseError);
      expect(partialOf((() => { try { chunksFromJsonValues(codec, sseDataChunks(bytes)); } catch (caught) { return caught; } })())).toEqual(["reasoning"]);
      await expect(decodeStream(codec, (async function* () { yield bytes; })()).then(() => [], partialOf)).resolves.toEqual(["reasoning"]);
    });

    it("names the byte position of an event that is not a chunk", async () => {
      const bytes = serverSentEventBytes([chunk({ role: "assistant", content: "Hi" }), { choices: "none" }]);
      const first = serverSentEventBytes([chunk({ role: "assistant", content: "Hi" })]).length;
      await expect(decodeByteChunks(openAiChatCodec, [bytes])).rejects.toMatchObject({ code: "provider/invalid-wire", pointer: "/choices", position: first });
    });

    it("raises provider/invalid-wire for event data that is not JSON", async () => {
      await expect(decodeByteChunks(openAiChatCodec, [new TextEncoder().encode("data: {oops\n\n")])).rejects.toMatchObject({ code: "provider/invalid-wire", position: 0 });
    });

    it("keeps malformed tool-call arguments verbatim, the completed-call event reporting them", async () => {
      const lines = [chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "f", arguments: '{"city": Oslo}' } }] }, "tool_calls")];
      const decoder = new OpenAiChatStreamDecoder();
      const chunks: StreamChunk[] = [...lines.flatMap((line, index) => decoder.push({ data: line, position: index + 1 })), ...decoder.end()];
      const events = [];
      for await (const event of liveAggregate(chunks)) events.push(event);
      expect(events).toContainEqual(expect.objectContaining({ type: "part_completed", argumentsError: expect.stringContaining("call_1") }));
      const [streamed] = await decodeEventLines(openAiChatCodec, lines);
      expect(streamed?.message.parts).toEqual([{ type: "tool_call", toolCall: { id: "call_1", type: "function", name: "f", arguments: '{"city": Oslo}' } }]);
    });
  });
});
