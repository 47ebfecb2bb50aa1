// Oracle: the real ChatAnthropic of @langchain/anthropic (thinking enabled) builds its request from
// converted partwise histories against a loopback server replaying recorded Anthropic traffic; the request
// must carry the blocks partwise's own encoder sends, and the reply, read back, the payloads partwise decodes.
import { ChatAnthropic } from "@langchain/anthropic";
import type { AIMessageChunk } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { fromLangChainMessages, toLangChainMessages } from "../../../src/exports/langchain.js";
import { decodeStream } from "../../../src/providers/decode-stream.js";
import { codecFor } from "../../../src/providers/registry.js";
import { readCassette } from "../../support/cassettes.js";
import { json, loopbackServer, type Handler } from "../../support/loopback-server.js";
import { payloadsOf, sseHandler } from "./langchain-oracle-support.js";

const anthropic = codecFor("anthropic");
const cassette = (name: string) => readCassette(new URL(`../../fixtures/real/anthropic/pydantic-ai__test_anthropic__${name}.yaml`, import.meta.url).pathname);

interface AnthropicRequest {
  readonly messages: readonly { readonly role: string; readonly content: string | readonly Record<string, unknown>[] }[];
}

/** The blocks that must reach Anthropic unchanged and in order: thinking with its signature, redacted thinking, tool and server-tool blocks. */
function opaqueBlocks(request: AnthropicRequest): unknown[] {
  return request.messages.flatMap((message) => (typeof message.content === "string" ? [] : message.content))
    .filter((block) => block.type !== "text" && block.type !== "image" && block.type !== "document");
}

function model(url: string, streaming = false): ChatAnthropic {
  return new ChatAnthropic({
    model: "claude-sonnet-4-6",
    apiKey: "test-key-not-real",
    anthropicApiUrl: url,
    maxTokens: 4096,
    thinking: { type: "enabled", budget_tokens: 3000 },
    streaming,
    maxRetries: 0,
  });
}

/** A history that replays the assistant turn of the first recorded interaction, then asks again. */
function replayHistory(userText: string, assistant: Message, nextText: string): Message[] {
  return [
    { role: "user", parts: [{ type: "text", text: userText }] },
    assistant,
    { role: "user", parts: [{ type: "text", text: nextText }] },
  ];
}

async function oracle(interactions: ReturnType<typeof cassette>, userText: string, nextText: string, handler: Handler): Promise<void> {
  const first = interactions[0]!;
  if (first.body.kind !== "json") throw new Error("expected a recorded JSON reply");
  const history = replayHistory(userText, anthropic.decodeResponse(first.body.value).message, nextText);
  const server = await loopbackServer([handler]);
  const { messages, warnings } = toLangChainMessages(history);
  expect(warnings.filter((warning) => warning.code === "convert/part-lost")).toEqual([]);
  const reply = await model(server.url).invoke(messages);
  const sent = JSON.parse(server.requests[0]!.body) as AnthropicRequest;
  const expected = anthropic.encodeRequest(history).body as unknown as AnthropicRequest;
  expect(opaqueBlocks(sent)).toEqual(opaqueBlocks(expected));
  expect(opaqueBlocks(sent).length).toBeGreaterThan(0);
  expect(sent.messages).toEqual(expected.messages);
  const second = interactions[1]!;
  if (second.body.kind !== "json") throw new Error("expected a recorded JSON reply");
  const read = fromLangChainMessages([reply]).messages[0]!;
  expect(payloadsOf(read.parts)).toEqual(payloadsOf(anthropic.decodeResponse(second.body.value).message.parts));
}

describe("toLangChainMessages with ChatAnthropic", () => {
  it("sends the signed thinking and server-tool blocks partwise sends when the history replays a code-execution turn", async () => {
    const interactions = cassette("test_anthropic_code_execution_tool");
    const second = interactions[1]!;
    await oracle(interactions, "How much is 3 * 12390?", "How about 4 * 12390?", json(200, second.body.value));
  });

  it("sends the redacted thinking data partwise sends when the history replays a redacted turn", async () => {
    const interactions = cassette("test_anthropic_model_thinking_part_redacted");
    const first = interactions[0]!.requestBody as AnthropicRequest;
    const userText = (first.messages[0]!.content as readonly { text: string }[])[0]!.text;
    const nextText = ((interactions[1]!.requestBody as AnthropicRequest).messages[2]!.content as readonly { text: string }[])[0]!.text;
    await oracle(interactions, userText, nextText, json(200, interactions[1]!.body.value));
  });
});

describe("fromLangChainMessages with ChatAnthropic streaming", () => {
  for (const name of ["test_anthropic_model_web_search_tool_stream", "test_anthropic_model_thinking_part_redacted_stream", "test_anthropic_model_thinking_part_stream"]) {
    it(`reads the payloads partwise decodes when the concatenated chunks come from ${name}`, async () => {
      const recorded = cassette(name)[0]!;
      if (recorded.body.kind !== "text") throw new Error("expected a recorded event stream");
      const server = await loopbackServer([sseHandler(recorded.body.value)]);
      let whole: AIMessageChunk | undefined;
      for await (const chunk of await model(server.url, true).stream([["user", "Go"]])) whole = whole === undefined ? chunk : whole.concat(chunk);
      const read = fromLangChainMessages([whole!]).messages[0]!;
      const [decoded] = await decodeStream(anthropic, (async function* () { yield new TextEncoder().encode((recorded.body as { value: string }).value); })());
      expect(payloadsOf(read.parts)).toEqual(payloadsOf(decoded!.message.parts));
      expect(payloadsOf(read.parts).length).toBeGreaterThan(0);
    });
  }
});
