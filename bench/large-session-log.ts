// Writes a large, realistic session log (JSONL of session events: many sessions, each a tool loop with
// signed reasoning, tool calls and results, media and unknown parts) for the validate benchmark.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { random } from "./bench-histories.js";

const WORDS = "rain oslo weather forecast temperature wind tool call result reasoning signature model answer check data ☔ 天气 météo".split(" ");

function sentence(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" ");
}

function base64(next: () => number, bytes: number): string {
  return Buffer.from(Array.from({ length: bytes }, () => Math.floor(next() * 256))).toString("base64");
}

/** The lines of one session: user, assistant (reasoning + text + tool calls), tool results, final answer. */
function* sessionLines(sessionId: string, next: () => number): Generator<string> {
  let seq = 0;
  const event = (message: unknown) =>
    JSON.stringify({ id: `${sessionId}-${++seq}`, sessionId, timestamp: "2026-11-30T10:00:00.000Z", type: "MESSAGE", seq, message });
  yield event({ role: "system", parts: [{ type: "text", text: "You are a weather assistant." }] });
  const rounds = 1 + Math.floor(next() * 4);
  for (let round = 0; round < rounds; round++) {
    yield event({ role: "user", parts: [{ type: "text", text: sentence(next, 12) }] });
    const calls = 1 + Math.floor(next() * 3);
    const ids = Array.from({ length: calls }, (_, index) => `toolu_${sessionId}_${round}_${index}`);
    yield event({
      role: "assistant",
      parts: [
        { type: "reasoning", text: sentence(next, 60), payload: { provider: "anthropic", kind: "signature", data: base64(next, 180) } },
        { type: "text", text: sentence(next, 10) },
        ...ids.map((id) => ({ type: "tool_call", toolCall: { id, type: "function", name: "get_weather", arguments: JSON.stringify({ city: sentence(next, 1) }) } })),
        ...(next() < 0.2 ? [{ type: "unknown", provider: "anthropic", kind: "server_tool_use", rawJson: JSON.stringify({ type: "server_tool_use", id: `srv_${round}`, name: "web_search", input: { query: sentence(next, 3) } }) }] : []),
      ],
    });
    yield event({
      role: "tool",
      parts: ids.map((id) => ({
        type: "tool_result", id, name: "get_weather", isError: false,
        content: [{ type: "text", text: JSON.stringify({ rain: next() < 0.5, tempC: Math.round(next() * 30) }) },
          ...(next() < 0.1 ? [{ type: "media", media: { mimeType: "image/png", data: base64(next, 300), dataKind: "bytes" } }] : [])],
      })),
    });
  }
  yield event({ role: "assistant", parts: [{ type: "text", text: sentence(next, 30) }] });
}

/** Writes at least `targetBytes` of session log to `path`; returns the bytes and lines written. */
export async function writeSessionLog(path: string, targetBytes: number): Promise<{ bytes: number; lines: number }> {
  const next = random(42);
  const output = createWriteStream(path);
  let bytes = 0;
  let lines = 0;
  for (let session = 0; bytes < targetBytes; session++) {
    let batch = "";
    for (const line of sessionLines(`s${session}`, next)) {
      batch += `${line}\n`;
      lines++;
    }
    bytes += Buffer.byteLength(batch);
    if (!output.write(batch)) await once(output, "drain");
  }
  output.end();
  await once(output, "finish");
  return { bytes, lines };
}
