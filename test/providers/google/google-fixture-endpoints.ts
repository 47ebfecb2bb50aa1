// Which endpoint each recorded Gemini stream came from: the Vertex AI recordings carry `createTime` and
// `trafficType`, and decode with the Vertex AI codec (signatures tagged `vertex-ai`).
export const VERTEX_STREAMS: ReadonlySet<string> = new Set([
  "js-genai__vertex-chat-call-arguments-in-one-chunk.chunks.txt",
  "js-genai__vertex-mcp-stream-function-call-arguments.chunks.txt",
  "js-genai__vertex-stream-function-call-arguments.chunks.txt",
  "vercel-ai__google-stream-no-args-tool-call.chunks.txt",
  "vercel-ai__google-stream-tool-call-arguments.chunks.txt",
  "vercel-ai__google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt",
  "vercel-ai__google-vertex-stream-tool-call-arguments-nested.1.chunks.txt",
]);
