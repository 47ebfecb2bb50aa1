// Oracle for @ai-sdk/openai Responses (3 with ai 6, 4 with ai 7) with `store: false` and encrypted reasoning:
// a reasoning item of two summary parts (which the AI SDK splits into two reasoning parts) goes out as one
// item with its id and encrypted content, as partwise's Responses encoder sends it; the reply comes back with them.
import { readFileSync } from "node:fs";
import type { Message } from "../../../generated/types.js";
import { aiSdkLines, describeOracle } from "./oracle-harness.js";
import { serverSentEvents } from "../support/recording-fetch.js";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/openai-responses/${name}`, import.meta.url), "utf8");

const history: Message[] = [
  { role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] },
  {
    role: "assistant",
    parts: [
      {
        type: "reasoning",
        summary: "Need live data.\n\nCall get_weather.",
        payload: { provider: "openai.responses", kind: "encrypted_content", data: "gAAAAABo+encrypted/1==" },
        attributes: { provider: "openai.responses", itemId: "rs_01", summaryPartLengths: "15,17" },
      },
      { type: "tool_call", toolCall: { id: "call_01", type: "function", name: "get_weather", arguments: "{\"city\":\"Oslo\"}" }, attributes: { itemId: "fc_01" } },
    ],
  },
  { role: "tool", parts: [{ type: "tool_result", id: "call_01", name: "get_weather", content: [{ type: "text", text: "rain, 7 C" }], isError: false }] },
];

type Item = { type?: string; id?: string; encrypted_content?: string; summary?: unknown; call_id?: string };

/** Reasoning items (id, encrypted content, summary parts) and function calls of the request input, in order. */
function blocks(body: unknown): unknown[] {
  return ((body as { input: Item[] }).input)
    .filter((item) => item.type === "reasoning" || item.type === "function_call")
    .map(({ type, id, encrypted_content, summary, call_id }) => (type === "reasoning" ? { type, id, encrypted_content, summary } : { type, call_id }));
}

const model = (module: { createOpenAI: (options: { apiKey: string; fetch: typeof globalThis.fetch }) => { responses: (id: string) => unknown } }) =>
  (fetch: typeof globalThis.fetch) => module.createOpenAI({ apiKey: "test-key", fetch }).responses("gpt-5");

describeOracle({
  provider: "openai.responses",
  history,
  reply: fixture("vercel-ai__openai-reasoning-encrypted-content.1.json"),
  stream: { bytes: serverSentEvents(fixture("vercel-ai__openai-reasoning-encrypted-content.1.chunks.txt")), contentType: "text/event-stream" },
  blocks,
  expectedBlocks: 2,
  // The recording sends three encrypted_content values for its one reasoning item (output_item.added,
  // output_item.done, response.completed): the AI SDK keeps the output_item.done one, partwise the final response's.
  streamDataMayDiffer: "OpenAI re-encrypts the reasoning between the item's done event and the completed response",
  providerOptions: { openai: { store: false, include: ["reasoning.encrypted_content"] } },
  lines: aiSdkLines({ v6: "@ai-sdk/openai 3", v7: "@ai-sdk/openai 4" }, { v6: () => import("@ai-sdk/openai"), v7: () => import("ai-sdk-openai-v4") }, model as never),
});
