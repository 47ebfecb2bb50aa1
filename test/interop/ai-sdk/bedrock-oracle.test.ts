// Oracle for @ai-sdk/amazon-bedrock (4 with ai 6, 5 with ai 7), signing with fake credentials (the fetch
// sees the SigV4-signed request): signed and redacted reasoning go out as partwise's Converse encoder sends
// them; the recorded reply (JSON, and AWS event-stream frames) comes back with its signature.
import { readFileSync } from "node:fs";
import type { Message } from "../../../generated/types.js";
import { eventStreamBytes } from "../../providers/support/bedrock-sdk-oracle.js";
import { aiSdkLines, describeOracle } from "./oracle-harness.js";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/bedrock/${name}`, import.meta.url), "utf8");
const streamEvents = fixture("vercel-ai__amazon-bedrock-reasoning.chunks.txt").split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as unknown);

const history: Message[] = [
  { role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] },
  {
    role: "assistant",
    parts: [
      { type: "reasoning", text: "Need live data.", payload: { provider: "bedrock", kind: "signature", data: "EvYBCkgICxABGAIqQA9E+sig==" } },
      { type: "reasoning", text: null, payload: { provider: "bedrock", kind: "redacted_content", data: "EmwKAhgBEgy3va3pzix+redacted" } },
      { type: "tool_call", toolCall: { id: "tooluse_01", type: "function", name: "get_weather", arguments: "{\"city\":\"Oslo\"}" } },
    ],
  },
  { role: "tool", parts: [{ type: "tool_result", id: "tooluse_01", name: "get_weather", content: [{ type: "text", text: "rain, 7 C" }], isError: false }] },
];

type Block = { reasoningContent?: unknown; toolUse?: { toolUseId: string } };

/** Reasoning blocks (text and signature, or redacted content) and tool uses of the request, in order. */
function blocks(body: unknown): unknown[] {
  return ((body as { messages: { content: Block[] }[] }).messages)
    .flatMap((message) => message.content)
    .filter((block) => block.reasoningContent !== undefined || block.toolUse !== undefined)
    .map((block) => (block.toolUse ? { toolUseId: block.toolUse.toolUseId } : { reasoningContent: block.reasoningContent }));
}

type Ai = { tool: (definition: Record<string, unknown>) => unknown; jsonSchema: (schema: Record<string, unknown>) => unknown };
// The Bedrock provider removes tool calls and results from a request that declares no tools.
const tools = (ai: Ai) => ({ get_weather: ai.tool({ description: "Weather of a city", inputSchema: ai.jsonSchema({ type: "object", properties: { city: { type: "string" } } }) }) });

type Bedrock = { createAmazonBedrock: (options: Record<string, unknown>) => (id: string) => unknown };
const model = (module: Bedrock) => (fetch: typeof globalThis.fetch) =>
  module.createAmazonBedrock({ region: "us-east-1", accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", fetch })("anthropic.claude-sonnet-4-5-v1:0");

describeOracle({
  provider: "bedrock",
  history,
  reply: fixture("vercel-ai__amazon-bedrock-reasoning.json"),
  stream: { bytes: eventStreamBytes(streamEvents), contentType: "application/vnd.amazon.eventstream" },
  blocks,
  expectedBlocks: 3,
  lines: aiSdkLines({ v6: "@ai-sdk/amazon-bedrock 4", v7: "@ai-sdk/amazon-bedrock 5" }, { v6: () => import("@ai-sdk/amazon-bedrock"), v7: () => import("ai-sdk-amazon-bedrock-v5") }, model as never, tools as never),
});
