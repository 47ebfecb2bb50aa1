// Hand-written wire requests for the simulator tests: a POST over fetch, the stream's frames read with
// partwise's framing decoders (not its provider codecs), and the weather tools the scripted model calls.
import { decodeNewlineDelimitedJson } from "../../src/providers/framing/newline-delimited-json.js";
import { type ServerSentEvent, decodeServerSentEvents } from "../../src/providers/framing/server-sent-events.js";

export const QUESTION = "Is it raining in Oslo?";
/** What the scripted model answers once both tools have run. */
export const FINAL_ANSWER = "In Oslo: light rain, 7 °C in Oslo; 14:05.";

/** The result of one of the scripted model's tools. */
export function runTool(name: string, input: unknown): string {
  return name === "get_weather" ? `light rain, 7 °C in ${(input as { city: string }).city}` : "14:05";
}

export interface WireResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly response: Response;
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<WireResponse> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { status: response.status, headers: response.headers, response };
}

/** The JSON body of a blocking answer. */
export async function json(answer: Promise<WireResponse> | WireResponse): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const { status, headers, response } = await answer;
  return { status, headers, body: (await response.json()) as Record<string, unknown> };
}

function bytesOf(response: Response): AsyncIterable<Uint8Array> {
  if (!response.body) throw new Error("the answer has no body");
  return response.body as unknown as AsyncIterable<Uint8Array>;
}

/** Every SSE event of a streamed answer. */
export async function serverSentEvents(answer: Promise<WireResponse> | WireResponse): Promise<ServerSentEvent[]> {
  const { response } = await answer;
  const events: ServerSentEvent[] = [];
  for await (const event of decodeServerSentEvents(bytesOf(response))) events.push(event);
  return events;
}

/** Every NDJSON line of a streamed answer. */
export async function jsonLines(answer: Promise<WireResponse> | WireResponse): Promise<unknown[]> {
  const { response } = await answer;
  const lines: unknown[] = [];
  for await (const line of decodeNewlineDelimitedJson(bytesOf(response))) lines.push(line.value);
  return lines;
}

/** The raw bytes of an answer. */
export async function bodyBytes(answer: Promise<WireResponse> | WireResponse): Promise<Uint8Array> {
  const { response } = await answer;
  return new Uint8Array(await response.arrayBuffer());
}
