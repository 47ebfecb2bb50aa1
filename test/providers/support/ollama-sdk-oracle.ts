// The official Ollama client (npm `ollama`) as the independent oracle for Ollama: raw NDJSON bytes read by
// its own `chat({stream: true})` (its line splitter, its `{"error"}` handling, its end-of-stream check)
// through a client whose fetch returns them, and the streamed responses accumulated the way Ollama's docs
// say to (docs/capabilities/tool-calling.mdx, "Tool calling with streaming": concatenate thinking and
// content, collect tool_calls) into the blocking form.
import { type ChatRequest, type ChatResponse, Ollama, type ToolCall } from "ollama";

function clientServing(body: Uint8Array, sent?: (body: unknown) => void): Ollama {
  return new Ollama({
    fetch: async (_url, init) => {
      sent?.(JSON.parse(String(init?.body)));
      return new Response(new Uint8Array(body), { headers: { "content-type": "application/x-ndjson" } });
    },
  });
}

/** The responses of a raw NDJSON stream as the client yields them; rejects as the client does (error line, no `done`). */
export async function sdkStreamResponses(bytes: Uint8Array): Promise<ChatResponse[]> {
  const responses: ChatResponse[] = [];
  for await (const response of await clientServing(bytes).chat({ model: "oracle", messages: [], stream: true })) responses.push(response);
  return responses;
}

/** The body the client sends for a chat request. */
export async function sdkSentRequest(request: ChatRequest): Promise<unknown> {
  let body: unknown;
  const done = new TextEncoder().encode('{"model":"oracle","message":{"role":"assistant","content":""},"done":true}\n');
  await clientServing(done, (sent) => (body = sent)).chat({ ...request, stream: false });
  return body;
}

/** Streamed responses accumulated as the docs do, as the blocking response body: the final line's fields and the whole message. */
export function assembleChatResponse(responses: readonly ChatResponse[]): unknown {
  let thinking = "";
  let content = "";
  const toolCalls: ToolCall[] = [];
  for (const response of responses) {
    if (response.message?.thinking) thinking += response.message.thinking;
    if (response.message?.content) content += response.message.content;
    if (response.message?.tool_calls?.length) toolCalls.push(...response.message.tool_calls);
  }
  const final = responses.at(-1);
  const message = { role: "assistant", content, ...(thinking ? { thinking } : {}), ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
  return { ...final, message };
}
