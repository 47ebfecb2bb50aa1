// Streamed usage equals blocking usage, for every recorded stream of all eight providers. The oracle is an
// independent reading of each provider's documented usage accounting, done on the wire JSON: the usage
// object the blocking reply of the same call states, built from the recorded events, decoded by the
// blocking decoder, compared with what the stream decoder and the aggregator report.
import { describe, expect, it } from "vitest";
import { anthropicCodec } from "../../src/providers/anthropic/index.js";
import { bedrockCodec } from "../../src/providers/bedrock/index.js";
import { deepSeekCodec } from "../../src/providers/deepseek/index.js";
import { googleCodec } from "../../src/providers/google/index.js";
import { mistralCodec } from "../../src/providers/mistral/index.js";
import { ollamaCodec } from "../../src/providers/ollama/index.js";
import { type OpenAiChatProfileName, createOpenAiChatCodec } from "../../src/providers/openai-chat/index.js";
import { openAiResponsesCodec } from "../../src/providers/openai-responses/index.js";
import type { ProviderCodec } from "../../src/providers/provider-codec.js";
import { sseDataChunks } from "./support/openai-sdk-oracle.js";
import { decodeEventLines, fixtureFiles, readFixtureBytes, readFixtureLines } from "./support/provider-fixtures.js";

type Json = Record<string, any>;

/** The recorded events of a stream fixture: one JSON per line, or the `data:` payloads of a raw SSE file. */
function events(folder: string, file: string): Json[] {
  return (file.endsWith(".sse") ? sseDataChunks(readFixtureBytes(folder, file)) : readFixtureLines(folder, file)) as Json[];
}

/** The last value of a field over the events that carry it non-null. */
function lastOf(lines: readonly Json[], read: (line: Json) => unknown): unknown {
  let value: unknown;
  for (const line of lines) {
    const candidate = read(line);
    if (candidate !== undefined && candidate !== null) value = candidate;
  }
  return value;
}

/**
 * Chat Completions and its relatives (DeepSeek, Mistral): usage arrives once, on the last chunk (or on a
 * chunk of its own after the finish), and is the blocking reply's `usage` as is.
 * https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */
function chatCompletionBody(lines: readonly Json[]): Json[] {
  const usage = lastOf(lines, (line) => line.usage);
  return [{
    id: lastOf(lines, (line) => line.id) ?? "blocking",
    object: "chat.completion",
    created: 0,
    model: lastOf(lines, (line) => line.model) ?? "model",
    choices: [{ index: 0, message: { role: "assistant", content: "" }, finish_reason: "stop" }],
    ...(usage === undefined ? {} : { usage }),
  }];
}

interface Case {
  readonly folder: string;
  readonly files: readonly string[];
  readonly codec: (file: string) => ProviderCodec;
  /** The blocking replies' bodies, as far as usage goes, from the recorded events: one per response. */
  readonly blockingBodies: (lines: readonly Json[]) => unknown[];
}

/** The Chat Completions server a recording was made against, from the name it was recorded under. */
function chatProfile(file: string): OpenAiChatProfileName {
  const prefixes: [string, OpenAiChatProfileName][] = [["groq", "groq"], ["xai", "xai"], ["moonshotai", "kimi"], ["openrouter", "openrouter"]];
  // A recording copied from another repository is named `<source>__<name>`.
  const name = file.replace(/^[\w-]+?__/, "");
  return prefixes.find(([prefix]) => name.startsWith(prefix))?.[1] ?? "openai";
}

const streamFiles = (folder: string, ...suffixes: string[]) => suffixes.flatMap((suffix) => fixtureFiles(folder, suffix));

const cases: readonly Case[] = [
  {
    // message_start carries the initial usage; each message_delta's usage holds cumulative totals that
    // replace those fields (output_tokens included). https://platform.claude.com/docs/en/build-with-claude/streaming#event-types
    folder: "anthropic",
    files: streamFiles("anthropic", ".chunks.txt"),
    codec: () => anthropicCodec,
    blockingBodies: (lines) => {
      const start = lines.find((line) => line.type === "message_start")!.message as Json;
      const usage: Json = { ...(start.usage as Json) };
      for (const line of lines) {
        if (line.type !== "message_delta") continue;
        for (const [key, value] of Object.entries((line.usage ?? {}) as Json)) if (value !== null) usage[key] = value;
      }
      return [{ ...start, content: [], stop_reason: "end_turn", usage }];
    },
  },
  {
    // Usage comes only in the metadata event, before or after messageStop, as ConverseResponse's `usage`.
    // https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamMetadataEvent.html
    folder: "bedrock",
    files: streamFiles("bedrock", ".chunks.txt"),
    codec: () => bedrockCodec,
    blockingBodies: (lines) => {
      const usage = lastOf(lines, (line) => line.metadata?.usage);
      return [{ output: { message: { role: "assistant", content: [] } }, stopReason: "end_turn", ...(usage === undefined ? {} : { usage }) }];
    },
  },
  {
    // usageMetadata repeats on every chunk, cumulative; the last one is the response's.
    // https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse
    folder: "google",
    files: streamFiles("google", ".chunks.txt"),
    codec: () => googleCodec,
    blockingBodies: (lines) => {
      const usageMetadata = lastOf(lines, (line) => line.usageMetadata);
      return [{ candidates: [{ content: { role: "model", parts: [] }, finishReason: "STOP", index: 0 }], ...(usageMetadata === undefined ? {} : { usageMetadata }) }];
    },
  },
  // A stream that ends in an error chunk has no blocking counterpart (its error carries the partial reply).
  { folder: "openai-chat", files: streamFiles("openai-chat", ".chunks.txt", ".sse").filter((file) => !file.includes("error")), codec: (file) => createOpenAiChatCodec(chatProfile(file)), blockingBodies: chatCompletionBody },
  { folder: "deepseek", files: streamFiles("deepseek", ".chunks.txt", ".sse"), codec: () => deepSeekCodec, blockingBodies: chatCompletionBody },
  { folder: "mistral", files: streamFiles("mistral", ".chunks.txt", ".sse"), codec: () => mistralCodec, blockingBodies: chatCompletionBody },
  {
    // The final line (`done: true`) carries the counts a blocking reply has: it is that reply's envelope.
    // https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
    folder: "ollama",
    files: streamFiles("ollama", ".ndjson").filter((file) => !file.includes("error")),
    codec: () => ollamaCodec,
    blockingBodies: (lines) => [{ ...lines.findLast((line) => line.done === true)!, message: { role: "assistant", content: "" } }],
  },
  {
    // response.completed (or .incomplete) carries the whole response object, usage included; a recording
    // may hold several responses (a tool loop's rounds).
    // https://platform.openai.com/docs/api-reference/responses-streaming/response/completed
    folder: "openai-responses",
    // The malformed wrapper recording is not a stream a server sent (the Responses tests leave it out too).
    files: streamFiles("openai-responses", ".chunks.txt").filter((file) => !file.includes("openai-error") && !file.includes("parallel-tool-call-wrapper")),
    codec: () => openAiResponsesCodec,
    blockingBodies: (lines) => lines.filter((line) => line.type === "response.completed" || line.type === "response.incomplete").map((line) => ({ ...(line.response as Json), output: [] })),
  },
];

describe("usage of a streamed response", () => {
  it("is reported for the recorded streams of all eight providers", () => {
    expect(cases.map((entry) => entry.folder)).toHaveLength(8);
    for (const entry of cases) expect(entry.files.length, entry.folder).toBeGreaterThan(0);
  });

  describe.each(cases)("from $folder", ({ folder, files, codec, blockingBodies }) => {
    it.each(files)("equals the blocking reply's usage for %s", async (file) => {
      const lines = events(folder, file);
      const streamed = await decodeEventLines(codec(file), lines, { strict: false });
      const blocking = blockingBodies(lines).map((body) => codec(file).decodeResponse(body));
      expect(streamed.map((response) => response.info.usage)).toEqual(blocking.map((response) => response.info.usage));
    });
  });
});
