// The simulators' content verdicts against the spec's content rules: every request partwise's encoder
// writes from parts the table takes passes a simulator's content check, and a request carrying a block the
// table does not take is refused over HTTP with 400 and the table's reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentPlace, Part } from "../../generated/types.js";
import { contentSupport } from "../../src/providers/content-rules.js";
import { providerCodecs } from "../../src/providers/registry.js";
import { contentRefusal } from "../../src/simulators/content-check.js";
import { type RunningSimulator, providerSimulators, startSimulator } from "../../src/simulators/index.js";
import { CONTENT_PLACES, historyWith, sampleParts } from "../support/content-samples.js";
import { json, post } from "./wire-requests.js";

const providers = Object.keys(providerCodecs);

describe("ProviderSimulator.requestContent", () => {
  it.each(providers)("finds nothing to refuse in what the %s encoder writes from the parts the table takes", (provider) => {
    const simulator = providerSimulators[provider]!({});
    const refusals: string[] = [];
    let checked = 0;
    for (const place of CONTENT_PLACES) {
      for (const part of sampleParts(provider)) {
        if (!contentSupport(provider, place, part).taken) continue;
        const { body } = providerCodecs[provider]!.encodeRequest(historyWith(part, place).messages);
        const contents = [...simulator.requestContent!(body)];
        checked += contents.length;
        const refusal = contentRefusal(provider, contents);
        if (refusal !== undefined) refusals.push(`${place} ${JSON.stringify(part)}: ${refusal}`);
      }
    }
    expect(refusals).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});

const image = (data: string): Part => ({ type: "media", media: { mimeType: "image/png", dataKind: "url", data } });
const bytes = (mimeType: string): Part => ({ type: "media", media: { mimeType, dataKind: "bytes", data: "aGVsbG8=" } });
const ask = { role: "user", content: "What is in it?" };

/**
 * Per provider: a request path and body carrying one block the table does not take, and the part and
 * place the table knows it as (whose reason the simulator's 400 must give).
 */
const refused: Record<string, { path: string; body: Record<string, unknown>; part: Part; place: ContentPlace }> = {
  anthropic: {
    path: "/v1/messages",
    body: { model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: [{ type: "document", source: { type: "base64", media_type: "text/csv", data: "aGVsbG8=" } }] }] },
    part: bytes("text/csv"),
    place: "user",
  },
  bedrock: {
    path: "/model/amazon.nova-pro-v1%3A0/converse",
    body: { messages: [{ role: "user", content: [{ text: "What is in it?" }, { image: { format: "tiff", source: { bytes: "aGVsbG8=" } } }] }] },
    part: bytes("image/tiff"),
    place: "user",
  },
  google: {
    path: "/v1beta/models/gemini-2.5-flash:generateContent",
    body: { systemInstruction: { parts: [{ inlineData: { mimeType: "image/png", data: "aGVsbG8=" } }] }, contents: [{ role: "user", parts: [{ text: "What is in it?" }] }] },
    part: bytes("image/png"),
    place: "system",
  },
  mistral: {
    path: "/v1/chat/completions",
    body: { model: "mistral-medium-latest", messages: [{ role: "system", content: [{ type: "image_url", image_url: "https://example.com/a.png" }] }, ask] },
    part: image("https://example.com/a.png"),
    place: "system",
  },
  ollama: {
    path: "/api/chat",
    body: { model: "qwen3", stream: false, messages: [{ role: "user", content: "What is in it?", images: ["https://example.com/a.png"] }] },
    part: image("https://example.com/a.png"),
    place: "user",
  },
  "openai.chat": {
    path: "/v1/chat/completions",
    body: { model: "qwen3", messages: [{ role: "user", content: [{ type: "file", file: { file_data: "data:text/plain;base64,aGVsbG8=" } }] }] },
    part: bytes("text/plain"),
    place: "user",
  },
  deepseek: {
    path: "/chat/completions",
    body: { model: "deepseek-v4", messages: [ask, { role: "tool", tool_call_id: "call_1", content: [{ type: "image_url", image_url: { url: "https://example.com/a.png" } }] }] },
    part: image("https://example.com/a.png"),
    place: "tool_result",
  },
  "openai.responses": {
    path: "/v1/responses",
    body: { model: "gpt-5", store: false, input: [{ type: "message", role: "user", content: [{ type: "input_audio", input_audio: { data: "aGVsbG8=", format: "wav" } }] }] },
    part: bytes("audio/wav"),
    place: "user",
  },
};

describe.each(providers)("the %s simulator", (provider) => {
  let simulator: RunningSimulator;
  beforeAll(async () => {
    simulator = await startSimulator(provider);
  });
  afterAll(() => simulator.close());

  it("answers 400 with the content rule's reason when a request carries a block the table does not take", async () => {
    const { path, body, part, place } = refused[provider]!;
    const support = contentSupport(provider, place, part);
    expect(support.taken).toBe(false);
    const { status, body: answer } = await json(post(`${simulator.url}${path}`, body));
    expect(status).toBe(400);
    expect(JSON.stringify(answer)).toContain(JSON.stringify(support.taken ? "" : support.reason).slice(1, -1));
  });
});
