// The replies of the real corpus (test/fixtures/real/): every recorded generation call of every cassette,
// with the codec that decodes it (chosen from the recorded URL, as a user's client would be configured)
// and the independent reading the decode is checked against.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoogleCodec } from "../../../src/providers/google/index.js";
import { createOpenAiChatCodec, customOpenAiChatProfile } from "../../../src/providers/openai-chat/index.js";
import { createOpenAiResponsesCodec } from "../../../src/providers/openai-responses/index.js";
import type { ProviderCodec } from "../../../src/providers/provider-codec.js";
import { codecFor } from "../../../src/providers/registry.js";
import { type RecordedInteraction, readCassette } from "../../support/cassettes.js";
import { type ExpectedReply, isNode, readAnthropicContent, readChatMessage, readConverseContent, readGeminiCandidate, readOllamaMessage, readResponsesOutput } from "./reply-readings.js";
import { readAnthropicStream, readBedrockStream, readChatStream, readGeminiStream, readResponsesStream, type StreamReading } from "./stream-readings.js";

export const CORPUS_DIRECTORY = fileURLToPath(new URL("../../fixtures/real/", import.meta.url));

export interface CorpusReply {
  /** `<folder>/<cassette> #<interaction>`. */
  readonly name: string;
  readonly interaction: RecordedInteraction;
  readonly codec: ProviderCodec;
  /** Whether the response is a stream (its body is the raw SSE text or event-stream bytes). */
  readonly streamed: boolean;
  /** The independent reading; for streams, also whether it errored or ended. */
  readonly reading: StreamReading;
}

interface Route {
  readonly codec: ProviderCodec;
  readonly blocking: (body: unknown) => ExpectedReply;
  readonly stream: (interaction: RecordedInteraction) => StreamReading;
}

const field = (value: unknown, name: string): unknown => (isNode(value) ? value[name] : undefined);
const bodyText = (interaction: RecordedInteraction): string =>
  interaction.body.kind === "text" ? interaction.body.value : interaction.body.kind === "bytes" ? new TextDecoder().decode(interaction.body.value) : "";
const bodyBytes = (interaction: RecordedInteraction): Uint8Array =>
  interaction.body.kind === "bytes" ? interaction.body.value : new TextEncoder().encode(bodyText(interaction));

const chatRoute = (codec: ProviderCodec): Route => ({
  codec,
  blocking: (body) => readChatMessage(field((field(body, "choices") as unknown[] | undefined)?.[0], "message")),
  stream: (interaction) => readChatStream(bodyText(interaction)),
});

/** The codec a user would configure for the recorded URL, and how to read its replies. */
function routeFor(url: string, model: unknown): Route | undefined {
  const { host, pathname } = new URL(url);
  if (pathname.endsWith("/v1/messages")) {
    return { codec: codecFor("anthropic"), blocking: (body) => readAnthropicContent(field(body, "content")), stream: (interaction) => readAnthropicStream(bodyText(interaction)) };
  }
  if (/\/responses(\/compact|\/resp_[\w-]+)?$/.test(pathname)) {
    // Responses-compatible servers are profiles: DeepSeek's own, and gpt-oss behind OpenRouter.
    const profile = host === "api.deepseek.com" ? "deepseek" : /gpt-oss/.test(String(model)) ? "gpt-oss" : "openai";
    return { codec: createOpenAiResponsesCodec(profile), blocking: (body) => readResponsesOutput(field(body, "output")), stream: (interaction) => readResponsesStream(bodyText(interaction)) };
  }
  if (/:(stream)?generateContent$/i.test(pathname)) {
    const codec = createGoogleCodec({ endpoint: host.endsWith("aiplatform.googleapis.com") ? "vertex-ai" : "gemini-api" });
    return { codec, blocking: (body) => readGeminiCandidate((field(body, "candidates") as unknown[] | undefined)?.[0]), stream: (interaction) => readGeminiStream(bodyText(interaction)) };
  }
  if (/\/converse(-stream)?$/.test(pathname)) {
    return { codec: codecFor("bedrock"), blocking: (body) => readConverseContent(field(field(field(body, "output"), "message"), "content")), stream: (interaction) => readBedrockStream(bodyBytes(interaction)) };
  }
  if (!pathname.endsWith("/chat/completions")) return undefined;
  if (host === "api.deepseek.com") return chatRoute(codecFor("deepseek"));
  if (host === "api.mistral.ai") return chatRoute(codecFor("mistral"));
  if (host === "api.groq.com") return chatRoute(createOpenAiChatCodec("groq"));
  if (host === "openrouter.ai") return chatRoute(createOpenAiChatCodec("openrouter"));
  if (host === "api.openai.com") return chatRoute(createOpenAiChatCodec("openai"));
  // Ollama (ollama.com or a local server) and Cerebras: compatible servers with `reasoning` text.
  return chatRoute(createOpenAiChatCodec(customOpenAiChatProfile({ id: host.split(".").at(-2) ?? host, reasoningField: "reasoning" })));
}

/** Every successful generation reply in the corpus, and the count of other recorded interactions. */
export function corpusReplies(): { replies: CorpusReply[]; otherInteractions: number; cassettes: number } {
  const replies: CorpusReply[] = [];
  let otherInteractions = 0;
  let cassettes = 0;
  for (const folder of readdirSync(CORPUS_DIRECTORY).sort()) {
    for (const file of readdirSync(join(CORPUS_DIRECTORY, folder)).filter((name) => name.endsWith(".json")).sort()) {
      // A recorded blocking body on its own (Ollama's native /api/chat, which no cassette here records).
      const value = JSON.parse(readFileSync(join(CORPUS_DIRECTORY, folder, file), "utf8")) as unknown;
      const interaction: RecordedInteraction = { position: 1, url: "", requestBody: undefined, status: 200, contentType: "application/json", body: { kind: "json", value } };
      const reading = { reply: readOllamaMessage(field(value, "message")), errored: false, ended: true };
      replies.push({ name: `${folder}/${file.replace(/\.json$/, "")}`, interaction, codec: codecFor(folder), streamed: false, reading });
    }
    for (const file of readdirSync(join(CORPUS_DIRECTORY, folder)).filter((name) => name.endsWith(".yaml")).sort()) {
      cassettes += 1;
      for (const interaction of readCassette(join(CORPUS_DIRECTORY, folder, file))) {
        const route = routeFor(interaction.url, field(interaction.requestBody, "model"));
        if (!route || interaction.status !== 200) {
          otherInteractions += 1;
          continue;
        }
        const streamed = interaction.contentType.startsWith("text/event-stream") || interaction.contentType.startsWith("application/vnd.amazon.eventstream");
        const reading = streamed ? route.stream(interaction) : { reply: route.blocking(interaction.body.kind === "json" ? interaction.body.value : JSON.parse(bodyText(interaction))), errored: false, ended: true };
        replies.push({ name: `${folder}/${file.replace(/\.yaml$/, "")} #${interaction.position}`, interaction, codec: route.codec, streamed, reading });
      }
    }
  }
  return { replies, otherInteractions, cassettes };
}
