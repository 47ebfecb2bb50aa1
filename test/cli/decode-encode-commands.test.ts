import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { temporaryDirectory } from "../support/temporary-directory.js";
import { readFixtureLines, serverSentEventBytes } from "../providers/support/provider-fixtures.js";

const directory = temporaryDirectory("cli-codec");
const fixture = (file: string) => fileURLToPath(new URL(`../fixtures/anthropic/${file}`, import.meta.url));

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { status, out: out.join("\n"), err: err.join("\n") };
}

describe("partwise decode", () => {
  it("prints the canonical message of a blocking response", async () => {
    const result = await run("decode", "--provider", "anthropic", fixture("vercel-ai__anthropic-clear-thinking.1.json"));
    expect(result.status).toBe(0);
    expect(JSON.parse(result.out).parts.map((part: { type: string }) => part.type)).toEqual(["reasoning", "text"]);
  });

  it("decodes the same message from raw SSE bytes and from one event per line", async () => {
    const lines = readFixtureLines("anthropic", "vercel-ai__anthropic-clear-thinking.1.chunks.txt");
    const raw = join(directory, "stream.sse");
    writeFileSync(raw, serverSentEventBytes(lines, (event) => (event as { type: string }).type));
    const fromRaw = await run("decode", "--provider", "anthropic", "--stream", raw);
    const fromLines = await run("decode", "--provider", "anthropic", "--stream", "--input", "jsonl", fixture("vercel-ai__anthropic-clear-thinking.1.chunks.txt"));
    expect(fromRaw.out).toBe(fromLines.out);
    expect(JSON.parse(fromRaw.out).parts[0].payload.kind).toBe("signature");
  });

  it("fails with stream/truncated for a cut stream, and prints the partial message with --lenient", async () => {
    const lines = readFixtureLines("anthropic", "vercel-ai__anthropic-text.chunks.txt").slice(0, 5);
    const path = join(directory, "cut.jsonl");
    writeFileSync(path, lines.map((line) => JSON.stringify(line)).join("\n"));
    const strict = await run("decode", "--provider", "anthropic", "--stream", "--input", "jsonl", path);
    expect([strict.status, strict.err]).toEqual([1, expect.stringContaining("the stream ended before response")]);
    const lenient = await run("decode", "--provider", "anthropic", "--stream", "--input", "jsonl", "--lenient", "--info", path);
    expect(lenient.status).toBe(1);
    expect(JSON.parse(lenient.out).complete).toBe(false);
  });

  it.each(["anthropic", "openai.responses", "openai.chat", "deepseek", "ollama", "mistral"])("exits 1 with stream/truncated, not an empty complete message, for an empty %s stream", async (provider) => {
    const empty = join(directory, "empty.bin");
    writeFileSync(empty, "");
    const strict = await run("decode", "--provider", provider, "--stream", empty);
    expect([strict.status, strict.err]).toEqual([1, expect.stringContaining("the message is not whole")]);
    const lenient = await run("decode", "--provider", provider, "--stream", "--lenient", "--info", empty);
    expect([lenient.status, JSON.parse(lenient.out).complete]).toEqual([1, false]);
  });

  it("exits 2 for an unknown provider or input form", async () => {
    expect((await run("decode", "--provider", "acme", fixture("vercel-ai__anthropic-text.json"))).status).toBe(2);
    expect((await run("decode", "--provider", "anthropic", "--stream", "--input", "xml")).status).toBe(2);
  });
});

describe("partwise decode --profile and --endpoint", () => {
  const fixtureOf = (provider: string, file: string) => fileURLToPath(new URL(`../fixtures/${provider}/${file}`, import.meta.url));
  const openRouter = fixtureOf("openai-chat", "openrouter-preserve-reasoning-block.2.json");

  it("tags OpenRouter's parts with its profile, so its signed reasoning_details go back to OpenRouter on replay", async () => {
    const decoded = await run("decode", "--provider", "openai.chat", "--profile", "openrouter", openRouter);
    expect(decoded.status).toBe(0);
    const message = JSON.parse(decoded.out);
    expect(message.parts[0]).toMatchObject({ type: "reasoning", attributes: { profile: "openrouter" }, payload: { kind: "reasoning_details" } });
    const history = join(directory, "openrouter-history.json");
    writeFileSync(history, JSON.stringify({ format: "partwise.history", version: 1, messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }, message] }));
    const encoded = await run("encode", "--provider", "openai.chat", "--variant", "openrouter", history);
    expect(encoded.err).toBe("");
    expect(JSON.parse(encoded.out).messages[1].reasoning_details).toEqual(JSON.parse(message.parts[0].payload.data));
  });

  it("labels OpenRouter's output openai without --profile, and its reasoning stays behind on replay to OpenRouter", async () => {
    const message = JSON.parse((await run("decode", "--provider", "openai.chat", openRouter)).out);
    expect(message.parts[0].attributes.profile).toBe("openai");
    const history = join(directory, "openrouter-unlabelled.json");
    writeFileSync(history, JSON.stringify({ format: "partwise.history", version: 1, messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }, message] }));
    expect((await run("encode", "--provider", "openai.chat", "--variant", "openrouter", history)).err).toContain("not sent to openai.chat");
  });

  it("decodes a Responses-compatible server's stream with its profile", async () => {
    const result = await run("decode", "--provider", "openai.responses", "--profile", "deepseek", "--stream", fixtureOf("openai-responses", "pydantic-ai__deepseek-responses-function-tool-stream.1.sse"));
    expect(result.status).toBe(0);
    expect(JSON.parse(result.out).parts[0]).toMatchObject({ type: "reasoning", attributes: { profile: "deepseek" } });
  });

  it("tags Gemini parts with the endpoint that answered", async () => {
    const result = await run("decode", "--provider", "google", "--endpoint", "vertex-ai", fixtureOf("google", "vercel-ai__google-text.json"));
    expect(result.status).toBe(0);
    expect(JSON.parse(result.out).parts[0].attributes).toMatchObject({ endpoint: "vertex-ai" });
  });

  it("exits 2 for a profile or endpoint the provider does not have", async () => {
    expect((await run("decode", "--provider", "anthropic", "--profile", "openrouter", openRouter)).status).toBe(2);
    expect((await run("decode", "--provider", "openai.chat", "--profile", "acme", openRouter)).err).toContain("known: openai, vllm");
    expect((await run("decode", "--provider", "google", "--endpoint", "aistudio", openRouter)).status).toBe(2);
    expect((await run("decode", "--provider", "openai.chat", "--endpoint", "vertex-ai", openRouter)).status).toBe(2);
  });
});

describe("partwise encode", () => {
  it("prints the request body and reports skipped parts on stderr", async () => {
    const history = join(directory, "history.json");
    writeFileSync(history, JSON.stringify({ format: "partwise.history", version: 1, messages: [
      { role: "user", parts: [{ type: "text", text: "hi" }] },
      { role: "assistant", parts: [{ type: "reasoning", text: "x", payload: { provider: "google", kind: "thought_signature", data: "AA==" } }, { type: "text", text: "hello" }] },
    ] }));
    const result = await run("encode", "--provider", "anthropic", "--request", '{"model":"claude-sonnet-4-5","max_tokens":64}', history);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.out)).toEqual({
      model: "claude-sonnet-4-5", max_tokens: 64,
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }, { role: "assistant", content: [{ type: "text", text: "hello" }] }],
    });
    expect(result.err).toContain("warning: /messages/1/parts/0: reasoning part (payload google/thought_signature) not sent to anthropic");
  });

  it("reads JSONL of messages and rejects a --request that is not an object", async () => {
    const path = join(directory, "messages.jsonl");
    writeFileSync(path, '{"role":"user","parts":[{"type":"text","text":"a"}]}\n{"role":"assistant","parts":[{"type":"text","text":"b"}]}\n');
    expect(JSON.parse((await run("encode", "--provider", "anthropic", path)).out).messages).toHaveLength(2);
    expect((await run("encode", "--provider", "anthropic", "--request", "[1]", path)).status).toBe(2);
  });
});
