import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../../generated/types.js";
import { decodeAnthropicResponse } from "../../../src/providers/anthropic/index.js";
import { deepSeekCodec } from "../../../src/providers/deepseek/index.js";
import {
  OPENAI_CHAT_PROFILES,
  type OpenAiChatProfile,
  createOpenAiChatCodec,
  customOpenAiChatProfile,
  decodeOpenAiChatResponse,
  openAiChatCodec,
  openAiChatEncoder,
} from "../../../src/providers/openai-chat/index.js";
import { fixtureFiles, readFixtureJson } from "../support/provider-fixtures.js";

const FOLDER = "openai-chat";
const user = (text: string): Message => ({ role: "user", parts: [{ type: "text", text }] });
const toolResult = (id: string, text: string): Message => ({ role: "tool", parts: [{ type: "tool_result", id, name: "get_weather", content: [{ type: "text", text }], isError: false }] });
const call = { id: "call_B1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } };
const REASONING = "User wants weather; call get_weather.";

/** Which named profiles take reasoning back (the `send` rule of their variant). */
const REPLAYS_REASONING: Record<string, boolean> = { openai: false, vllm: true, "gpt-oss": true, kimi: true, xai: false, groq: false, openrouter: true };

/** The server a recorded blocking body came from, by its file name. */
function profileOf(file: string): OpenAiChatProfile {
  if (file.startsWith("xai")) return OPENAI_CHAT_PROFILES.xai;
  if (file.startsWith("groq")) return OPENAI_CHAT_PROFILES.groq;
  if (file.startsWith("moonshotai")) return OPENAI_CHAT_PROFILES.kimi;
  if (file.startsWith("openrouter")) return OPENAI_CHAT_PROFILES.openrouter;
  if (file.startsWith("gemini")) return customOpenAiChatProfile({ id: "gemini" });
  return OPENAI_CHAT_PROFILES.openai;
}

/**
 * What the server should get back for a message it returned: the same fields, null ones and empty lists
 * left out, `content: ""` as null, tool calls without their stream `index`, reasoning under the profile's
 * field when the profile replays it.
 */
function requestForm(message: Record<string, unknown>, profile: OpenAiChatProfile): Record<string, unknown> {
  const { role: _role, content, reasoning_content, reasoning, reasoning_details, tool_calls, ...rest } = message;
  const form: Record<string, unknown> = { role: "assistant", content: content === "" || content === undefined ? null : content };
  const text = reasoning ?? reasoning_content;
  if (REPLAYS_REASONING[profile.id] && typeof text === "string" && text !== "") form[profile.reasoningField] = text;
  if (REPLAYS_REASONING[profile.id] && Array.isArray(reasoning_details) && reasoning_details.length > 0) form.reasoning_details = reasoning_details;
  if (Array.isArray(tool_calls)) form.tool_calls = tool_calls.map(({ index: _index, ...wire }) => wire);
  for (const [key, value] of Object.entries(rest)) if (value !== null && !(Array.isArray(value) && value.length === 0)) form[key] = value;
  return form;
}

describe("encodeOpenAiChatRequest", () => {
  const bodies = fixtureFiles(FOLDER, ".json").filter((file) => !file.includes("error"));

  it.each(bodies)("gives the server of %s its assistant message back, fields and signatures byte-identical", (file) => {
    const body = readFixtureJson(FOLDER, file) as { choices: { message: Record<string, unknown> }[] };
    const profile = profileOf(file);
    const assistant = decodeOpenAiChatResponse(body, profile).message;
    const { body: request, warnings } = openAiChatEncoder(profile)([user("hi"), assistant], {});
    expect(request.messages).toEqual([{ role: "user", content: "hi" }, requestForm(body.choices[0]!.message, profile)]);
    const reasoningParts = assistant.parts.filter((part) => part.type === "reasoning").length;
    expect(warnings).toHaveLength(REPLAYS_REASONING[profile.id] ?? true ? 0 : reasoningParts);
  });

  /** The assistant turn each server returns for the same question: reasoning in its field, one tool call. */
  function serverTurn(profile: OpenAiChatProfile): Message {
    const details = [{ type: "reasoning.text", text: REASONING, signature: "EqQBCkgIARAB", format: "anthropic-claude-v1", index: 0 }];
    const message = { role: "assistant", content: null, [profile.reasoningField]: REASONING, tool_calls: [call], ...(profile.id === "openrouter" ? { reasoning_details: details } : {}) };
    return decodeOpenAiChatResponse({ id: "chatcmpl-B1", model: "m", choices: [{ index: 0, message, finish_reason: "tool_calls" }] }, profile).message;
  }

  const expectedTurns: [string, OpenAiChatProfile, Record<string, unknown>][] = [
    ["openai", OPENAI_CHAT_PROFILES.openai, { role: "assistant", content: null, tool_calls: [call] }],
    ["vllm", OPENAI_CHAT_PROFILES.vllm, { role: "assistant", content: null, reasoning: REASONING, tool_calls: [call] }],
    ["gpt-oss", OPENAI_CHAT_PROFILES["gpt-oss"], { role: "assistant", content: null, reasoning: REASONING, tool_calls: [call] }],
    ["kimi", OPENAI_CHAT_PROFILES.kimi, { role: "assistant", content: null, reasoning_content: REASONING, tool_calls: [call] }],
    ["xai", OPENAI_CHAT_PROFILES.xai, { role: "assistant", content: null, tool_calls: [call] }],
    ["groq", OPENAI_CHAT_PROFILES.groq, { role: "assistant", content: null, tool_calls: [call] }],
    ["openrouter", OPENAI_CHAT_PROFILES.openrouter, {
      role: "assistant", content: null, reasoning: REASONING,
      reasoning_details: [{ type: "reasoning.text", text: REASONING, signature: "EqQBCkgIARAB", format: "anthropic-claude-v1", index: 0 }], tool_calls: [call],
    }],
    ["custom with replayReasoning", customOpenAiChatProfile({ id: "my-server", reasoningField: "reasoning", replayReasoning: true }), { role: "assistant", content: null, reasoning: REASONING, tool_calls: [call] }],
    ["custom", customOpenAiChatProfile({ id: "my-server" }), { role: "assistant", content: null, tool_calls: [call] }],
  ];

  it.each(expectedTurns)("sends %s exactly what it takes back of its own tool-loop turn", (_name, profile, expected) => {
    const history = [user("Weather in Paris?"), serverTurn(profile), toolResult("call_B1", '{"temp_c":18}')];
    const { body, warnings } = createOpenAiChatCodec(profile).encodeRequest(history, { request: { model: "m", stream: true } });
    expect(body).toEqual({
      model: "m",
      stream: true,
      messages: [{ role: "user", content: "Weather in Paris?" }, expected, { role: "tool", tool_call_id: "call_B1", content: '{"temp_c":18}' }],
    });
    const sendsReasoning = "reasoning" in expected || "reasoning_content" in expected;
    expect(warnings.map((warning) => warning.pointer)).toEqual(sendsReasoning ? [] : ["/1/parts/0"]);
  });

  it("sends a history produced by Anthropic with its text and tool calls, never its signed reasoning, to every compatible server", () => {
    const thinking = decodeAnthropicResponse(readFixtureJson("anthropic", "vercel-ai__anthropic-clear-thinking.1.json")).message;
    const toolTurn = decodeAnthropicResponse(readFixtureJson("anthropic", "vercel-ai__anthropic-tool-no-args.json")).message;
    const toolUse = toolTurn.parts.find((part) => part.type === "tool_call") as Extract<Part, { type: "tool_call" }>;
    const history = [user("925 / 5?"), thinking, user("Update the issues."), toolTurn, toolResult(toolUse.toolCall.id, "done")];
    const signature = (thinking.parts[0]?.payload?.data ?? "").slice(0, 40);
    const codecs = [...Object.values(OPENAI_CHAT_PROFILES).map((profile) => createOpenAiChatCodec(profile)), deepSeekCodec];
    for (const codec of codecs) {
      for (const flags of [[], ["replayForeignReasoning"]]) {
        const { body, warnings } = codec.encodeRequest(history, { flags });
        const text = JSON.stringify(body);
        expect(text.includes(signature), `${codec.id} got Anthropic's signature`).toBe(false);
        expect(text.includes("925 divided by 5"), `${codec.id} got Anthropic's thinking text`).toBe(false);
        const assistants = (body.messages as Record<string, unknown>[]).filter((message) => message.role === "assistant");
        expect(assistants[0]).toMatchObject({ content: "925 ÷ 5 = 185" });
        expect(assistants[1]).toMatchObject({ tool_calls: [{ id: toolUse.toolCall.id, type: "function", function: { name: toolUse.toolCall.name, arguments: "{}" } }] });
        expect(assistants[1]?.content).toEqual(expect.stringContaining("The updateIssueList tool"));
        expect(warnings).toContainEqual(expect.objectContaining({ code: "provider/part-skipped", pointer: "/1/parts/0", message: expect.stringContaining("anthropic/signature") }));
      }
    }
  });

  it("forwards unsigned reasoning of another producer or server only when the caller opts in", () => {
    const deepseekTurn: Message = { role: "assistant", parts: [{ type: "reasoning", text: "Need the tool.", attributes: { provider: "deepseek" } }, { type: "tool_call", toolCall: { id: "c1", type: "function", name: "f", arguments: "{}" } }] };
    const kimiTurn = serverTurn(OPENAI_CHAT_PROFILES.kimi);
    for (const turn of [deepseekTurn, kimiTurn]) {
      const plain = openAiChatEncoder(OPENAI_CHAT_PROFILES.vllm)([user("q"), turn], {});
      expect(plain.body.messages[1]).not.toHaveProperty("reasoning");
      expect(plain.warnings).toEqual([expect.objectContaining({ pointer: "/1/parts/0", message: expect.stringContaining("replayForeignReasoning") })]);
      const optedIn = openAiChatEncoder(OPENAI_CHAT_PROFILES.vllm)([user("q"), turn], { flags: ["replayForeignReasoning"] });
      expect(optedIn.body.messages[1]).toHaveProperty("reasoning");
      expect(optedIn.warnings).toEqual([]);
    }
    // A server that rejects the field never gets it, opted in or not.
    expect(openAiChatEncoder(OPENAI_CHAT_PROFILES.groq)([user("q"), deepseekTurn], { flags: ["replayForeignReasoning"] }).body.messages[1]).not.toHaveProperty("reasoning");
  });

  it("sends a tool call's extra fields back to the server that issued them, and to no other", () => {
    const gemini = customOpenAiChatProfile({ id: "gemini" });
    const wireCall = { ...call, extra_content: { google: { thought_signature: "EnEKbwERTTIPTv3o" } } };
    const turn = decodeOpenAiChatResponse({ id: "g", choices: [{ index: 0, message: { role: "assistant", tool_calls: [wireCall] }, finish_reason: "tool_calls" }] }, gemini).message;
    expect(openAiChatEncoder(gemini)([turn], {}).body.messages).toEqual([{ role: "assistant", content: null, tool_calls: [wireCall] }]);
    expect(openAiChatEncoder(OPENAI_CHAT_PROFILES.vllm)([turn], {}).body.messages).toEqual([{ role: "assistant", content: null, tool_calls: [call] }]);
  });

  it("gives a refusal, an audio reference and other message fields back to the same server only", () => {
    const wav = Buffer.from("RIFF\u0024\u0000\u0000\u0000WAVE", "latin1").toString("base64");
    const message = { role: "assistant", content: null, refusal: "I can't.", audio: { id: "audio_abc123", expires_at: 1729018505, data: wav, transcript: "I can't." }, annotations: [{ type: "url_citation", url_citation: { url: "https://example.com", title: "Ex", start_index: 0, end_index: 1 } }] };
    const turn = decodeOpenAiChatResponse({ id: "a", choices: [{ index: 0, message, finish_reason: "stop" }] }).message;
    expect(openAiChatCodec.encodeRequest([turn]).body.messages).toEqual([{ role: "assistant", content: null, refusal: "I can't.", audio: { id: "audio_abc123" }, annotations: message.annotations }]);
    const elsewhere = openAiChatEncoder(OPENAI_CHAT_PROFILES.vllm)([turn], {});
    expect(elsewhere.body.messages).toEqual([]);
    expect(elsewhere.warnings.map((warning) => warning.pointer)).toEqual(["/0/parts/0", "/0/parts/1", "/0/parts/2", "/0"]);
  });

  it("encodes user images, wav and mp3 audio and PDFs, and reports media it cannot send", () => {
    const { body, warnings } = openAiChatCodec.encodeRequest({ format: "partwise.history", version: 1, messages: [
      { role: "system", parts: [{ type: "text", text: "Be brief." }] },
      { role: "user", parts: [
        { type: "text", text: "What is in these?" },
        { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
        { type: "media", media: { mimeType: "image/jpeg", data: "https://example.com/cat.jpg", dataKind: "url" } },
        { type: "media", media: { mimeType: "audio/wav", data: "UklGRg==", dataKind: "bytes" } },
        { type: "media", media: { mimeType: "application/pdf", name: "report.pdf", data: "JVBERi0=", dataKind: "bytes" } },
        { type: "media", media: { mimeType: "video/mp4", data: "AAAA", dataKind: "bytes" } },
      ] },
    ] });
    expect(body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: [
        { type: "text", text: "What is in these?" },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        { type: "image_url", image_url: { url: "https://example.com/cat.jpg" } },
        { type: "input_audio", input_audio: { data: "UklGRg==", format: "wav" } },
        { type: "file", file: { file_data: "data:application/pdf;base64,JVBERi0=", filename: "report.pdf" } },
      ] },
    ]);
    expect(warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", pointer: "/messages/1/parts/5", message: expect.stringContaining("Chat Completions takes images (bytes or URL), wav and mp3 audio and PDFs") })]);
  });

  it("sends each tool result as its own tool message, in order, text parts as a list", () => {
    const { body, warnings } = openAiChatCodec.encodeRequest([{ role: "tool", parts: [
      { type: "tool_result", id: "c1", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }], isError: false },
      { type: "tool_result", id: "c2", content: [{ type: "media", media: { mimeType: "image/png", data: "AA==", dataKind: "bytes" } }], isError: true },
    ] }]);
    expect(body.messages).toEqual([
      { role: "tool", tool_call_id: "c1", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] },
      { role: "tool", tool_call_id: "c2", content: "" },
    ]);
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/0/parts/1/content/0"]);
  });

  it("rejects a tool result inside an assistant message with provider/unsupported-part", () => {
    expect(() => openAiChatCodec.encodeRequest([{ role: "assistant", parts: [{ type: "tool_result", id: "c", content: [], isError: false }] }]))
      .toThrow(expect.objectContaining({ code: "provider/unsupported-part", pointer: "/0/parts/0" }));
  });

  it("leaves out, with a warning, an assistant message that has nothing to send", () => {
    const { body, warnings } = openAiChatCodec.encodeRequest([user("q"), { role: "assistant", parts: [{ type: "text", text: "" }] }]);
    expect(body.messages).toEqual([{ role: "user", content: "q" }]);
    expect(warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", pointer: "/1", message: expect.stringContaining("left out") })]);
  });

  it("raises provider/invalid-wire naming the part when a raw block to replay is not a JSON object", () => {
    const broken: Message = { role: "assistant", parts: [{ type: "unknown", provider: "openai.chat", kind: "message_fields", rawJson: "null", attributes: { profile: "openai" } }] };
    expect(() => openAiChatCodec.encodeRequest([broken])).toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/0/parts/0/rawJson" }));
  });

  it("takes a server profile as the encode variant, and names the known ones for an unknown variant", () => {
    const kimiTurn = serverTurn(OPENAI_CHAT_PROFILES.kimi);
    expect((openAiChatCodec.encodeRequest([kimiTurn], { variant: "kimi" }).body.messages as unknown[])[0]).toHaveProperty("reasoning_content", REASONING);
    expect(() => openAiChatCodec.encodeRequest([kimiTurn], { variant: "llama" })).toThrow(/no server profile "llama".*vllm/);
  });
});
