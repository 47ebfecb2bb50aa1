// Oracle for @ai-sdk/google (3 with ai 6, 4 with ai 7): thought signatures on text, on a thought and on
// a function call go out where partwise's Gemini encoder puts them; the reply comes back with its signature.
import { readFileSync } from "node:fs";
import type { Message } from "../../../generated/types.js";
import { aiSdkLines, describeOracle } from "./oracle-harness.js";
import { serverSentEvents } from "../support/recording-fetch.js";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/google/${name}`, import.meta.url), "utf8");
const signature = (data: string) => ({ provider: "google", kind: "thought_signature", data });

const history: Message[] = [
  { role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] },
  {
    role: "assistant",
    parts: [
      { type: "reasoning", text: "Need live data.", payload: signature("CiQB0e2Kb7Yq+thought=="), attributes: { provider: "google" } },
      { type: "text", text: "Checking.", payload: signature("CiQB0e2Kb7Yq+text==") },
      { type: "tool_call", toolCall: { id: "call_01", type: "function", name: "get_weather", arguments: "{\"city\":\"Oslo\"}" }, payload: signature("CiQB0e2Kb7Yq+call==") },
    ],
  },
  { role: "tool", parts: [{ type: "tool_result", id: "call_01", name: "get_weather", content: [{ type: "text", text: "rain, 7 C" }], isError: false }] },
];

type GooglePart = { text?: string; thought?: boolean; functionCall?: { name: string }; thoughtSignature?: string };

/** The request's parts that carry a thought signature, in order, with what they are. */
function blocks(body: unknown): unknown[] {
  return ((body as { contents: { parts: GooglePart[] }[] }).contents)
    .flatMap((content) => content.parts)
    .filter((part) => part.thoughtSignature !== undefined)
    .map((part) => ({ kind: part.functionCall ? `call ${part.functionCall.name}` : part.thought ? "thought" : "text", thoughtSignature: part.thoughtSignature }));
}

const model = (module: { createGoogleGenerativeAI: (options: { apiKey: string; fetch: typeof globalThis.fetch }) => (id: string) => unknown }) =>
  (fetch: typeof globalThis.fetch) => module.createGoogleGenerativeAI({ apiKey: "test-key", fetch })("gemini-2.5-flash");

describeOracle({
  provider: "google",
  history,
  reply: fixture("vercel-ai__google-reasoning-gemini3.json"),
  stream: { bytes: serverSentEvents(fixture("vercel-ai__google-reasoning-gemini3.chunks.txt")), contentType: "text/event-stream" },
  blocks,
  expectedBlocks: 3,
  lines: aiSdkLines({ v6: "@ai-sdk/google 3", v7: "@ai-sdk/google 4" }, { v6: () => import("@ai-sdk/google"), v7: () => import("ai-sdk-google-v4") }, model as never),
});
