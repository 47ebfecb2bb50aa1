// Oracle for @ai-sdk/anthropic (3 with ai 6, 4 with ai 7): signed and redacted thinking, a web search
// (server_tool_use and its web_search_tool_result with encrypted content) and a tool loop go out as
// partwise's Anthropic encoder sends them; the recorded reply comes back with its signature.
import { readFileSync } from "node:fs";
import type { Message } from "../../../generated/types.js";
import { aiSdkLines, describeOracle } from "./oracle-harness.js";
import { serverSentEvents } from "../support/recording-fetch.js";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/anthropic/${name}`, import.meta.url), "utf8");

const history: Message[] = [
  { role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] },
  {
    role: "assistant",
    parts: [
      { type: "reasoning", text: "Need live data.", payload: { provider: "anthropic", kind: "signature", data: "EqQBCkgIARABGAIiQ+sig/1==" } },
      { type: "reasoning", text: null, payload: { provider: "anthropic", kind: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix+redacted" } },
      {
        type: "unknown",
        provider: "anthropic",
        kind: "server_tool_use",
        rawJson: JSON.stringify({ type: "server_tool_use", id: "srvtoolu_01", name: "web_search", input: { query: "Oslo weather" } }),
      },
      {
        type: "unknown",
        provider: "anthropic",
        kind: "web_search_tool_result",
        rawJson: JSON.stringify({
          type: "web_search_tool_result",
          tool_use_id: "srvtoolu_01",
          content: [{ type: "web_search_result", url: "https://yr.no/oslo", title: "Oslo", encrypted_content: "EqgfCioIARgBIiQ+enc==", page_age: "1 hour" }],
        }),
      },
      { type: "tool_call", toolCall: { id: "toolu_01", type: "function", name: "get_weather", arguments: "{\"city\":\"Oslo\"}" } },
    ],
  },
  { role: "tool", parts: [{ type: "tool_result", id: "toolu_01", name: "get_weather", content: [{ type: "text", text: "rain, 7 C" }], isError: false }] },
];

type Block = { type: string; signature?: string; data?: string; id?: string; name?: string; input?: unknown; tool_use_id?: string; content?: unknown };

/** Thinking, redacted thinking and tool use blocks of the request, in order, with their payloads and ids. */
function blocks(body: unknown): unknown[] {
  const messages = (body as { messages: { content: string | Block[] }[] }).messages;
  return messages.flatMap((message) => (typeof message.content === "string" ? [] : message.content))
    .filter((block) => ["thinking", "redacted_thinking", "tool_use", "server_tool_use", "web_search_tool_result"].includes(block.type))
    .map(({ type, signature, data, id, name, tool_use_id, content }) => ({ type, signature, data, id, name, tool_use_id, content }));
}

const model = (module: { createAnthropic: (options: { apiKey: string; fetch: typeof globalThis.fetch }) => (id: string) => unknown }) =>
  (fetch: typeof globalThis.fetch) => module.createAnthropic({ apiKey: "test-key", fetch })("claude-sonnet-4-5");

describeOracle({
  provider: "anthropic",
  history,
  reply: fixture("vercel-ai__anthropic-clear-thinking.1.json"),
  stream: { bytes: serverSentEvents(fixture("vercel-ai__anthropic-clear-thinking.1.chunks.txt")), contentType: "text/event-stream" },
  blocks,
  expectedBlocks: 5,
  lines: aiSdkLines({ v6: "@ai-sdk/anthropic 3", v7: "@ai-sdk/anthropic 4" }, { v6: () => import("@ai-sdk/anthropic"), v7: () => import("ai-sdk-anthropic-v4") }, model as never),
});
