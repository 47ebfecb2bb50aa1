// A browser or worker app on the root export only: no Node types and no Node lib in its project
// (test/package/consumer-types.test.ts checks it with `types: []`), so the core's declarations must not need them.
import {
  aggregate,
  codecFor,
  decodeStream,
  message,
  parseHistory,
  PartwiseError,
  serialize,
  textOf,
  textPart,
  type AggregatedResponse,
  type EncodedRequest,
  type History,
  type Message,
  type ProviderCodec,
  type StreamChunk,
} from "partwise";

/** Sends a conversation with fetch and streams the reply back into a Message. */
export async function ask(history: History, apiKey: string): Promise<Message> {
  const codec: ProviderCodec = codecFor("anthropic");
  const encoded: EncodedRequest = codec.encodeRequest(history, { request: { model: "claude-sonnet-4-5", max_tokens: 1024, stream: true } });
  const response = await fetch(codec.endpoint.requestUrl(codec.endpoint.defaultBaseUrl, "claude-sonnet-4-5", true), {
    method: "POST",
    headers: { "content-type": "application/json", ...codec.endpoint.authHeaders(apiKey) },
    body: JSON.stringify(encoded.body),
  });
  if (!response.body) throw new Error(`no body (HTTP ${response.status})`);
  const body = response.body;
  const bytes = (async function* (): AsyncGenerator<Uint8Array> {
    const reader = body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  })();
  const [reply]: AggregatedResponse[] = await decodeStream(codec, bytes);
  if (!reply) throw new Error("the stream held no response");
  return reply.message;
}

/** Reads a stored history, appends a user turn and stores it again. */
export function continueHistory(stored: string, text: string): string {
  try {
    const history = parseHistory(JSON.parse(stored));
    return serialize({ ...history, messages: [...history.messages, message("user", [textPart(text)])] });
  } catch (error) {
    if (error instanceof PartwiseError) return JSON.stringify(error.toJSON());
    throw error;
  }
}

/** The text of a reply aggregated from chunks the app already holds. */
export async function replyText(chunks: readonly StreamChunk[]): Promise<string> {
  return textOf((await aggregate(chunks)).message);
}
